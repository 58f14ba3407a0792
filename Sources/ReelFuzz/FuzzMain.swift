// libFuzzer's entry points (tools/fuzz builds this target with -sanitize=fuzzer,address).
//
// One binary, several targets, chosen by REEL_FUZZ_TARGET (tools/fuzz --target): `render`
// (default) decodes, compiles and draws; `decoder` decodes and checks the decoder's promises;
// `manifest` does the same for batch manifests; `record` reads segment and output records;
// `lottie` is the render target seeded with Lottie files.
import Foundation

private enum Target: String { case render, decoder, manifest, record, lottie }

private let target: Target = {
    let name = ProcessInfo.processInfo.environment["REEL_FUZZ_TARGET"] ?? "render"
    guard let target = Target(rawValue: name) else {
        fatalError("REEL_FUZZ_TARGET must be render, decoder, manifest, record or lottie, not \(name)")
    }
    return target
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    switch target {
    case .render, .lottie: fuzzRenderTarget(bytes)
    case .decoder: fuzzDecoderTarget(bytes)
    case .manifest: fuzzManifestTarget(bytes)
    case .record: fuzzRecordTarget(bytes)
    }
    return 0
}

// SwiftPM links an executable target's entry point as `<Target>_main` (and defines `main` as it),
// so libFuzzer's own `main` is never pulled in; this starts libFuzzer's driver instead.
@_silgen_name("LLVMFuzzerRunDriver")
private func runDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

@_cdecl("ReelFuzz_main")
public func reelFuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return runDriver(&count, &arguments, fuzzOneInput)
}
