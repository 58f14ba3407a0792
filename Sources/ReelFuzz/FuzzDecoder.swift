// libFuzzer's entry point for the scene decoder (tools/fuzz builds it with -sanitize=fuzzer).
//
// Each input is decoded as a scene file with the default limits. Beyond "no crash, no hang, no
// unbounded allocation" (which libFuzzer's -timeout and -rss_limit_mb watch), it checks what the
// decoder promises:
//   - every diagnostic has a real place (line and column ≥ 1) and a message;
//   - a file the decoder accepts validates against the generated JSON Schema (the schema is never
//     stricter than the decoder);
//   - with REEL_FUZZ_COMPILE=1, an accepted scene also compiles (runs its timeline) without
//     crashing, as `reel validate` does.
import Foundation
import ReelCore
import ReelScene

private let compile = ProcessInfo.processInfo.environment["REEL_FUZZ_COMPILE"] != nil
// Image paths resolve under a folder that does not exist: the fuzzer must not read real files.
private let nowhere = URL(fileURLWithPath: "/nonexistent/reel-fuzz")

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSceneDecoder(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    do {
        let loaded = try SceneLoader.decode(bytes: bytes, file: "fuzz.yaml", baseDirectory: nowhere)
        let schemaProblems = (try? SceneSchema.validate(bytes: bytes, file: "fuzz.yaml")) ?? []
        if !schemaProblems.isEmpty {
            fatalError("the decoder accepts this file but the schema rejects it:\n\(schemaProblems.map(\.description).joined(separator: "\n"))")
        }
        if compile { _ = try? loaded.scene.compile() }
    } catch let error as SceneLoadError {
        for d in error.diagnostics where d.location.line < 1 || d.location.column < 1 || d.message.isEmpty {
            fatalError("a diagnostic without a place or message: \(d)")
        }
        if error.diagnostics.isEmpty { fatalError("rejected without a diagnostic") }
    } catch {
        fatalError("unexpected error \(error)")
    }
    return 0
}

// SwiftPM links an executable target's entry point as `<Target>_main` (and defines `main` as it),
// so libFuzzer's own `main` is never pulled in; this starts libFuzzer's driver instead.
@_silgen_name("LLVMFuzzerRunDriver")
private func runDriver(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                       _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt

@_cdecl("ReelFuzz_main")
public func reelFuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return runDriver(&count, &arguments, fuzzSceneDecoder)
}
