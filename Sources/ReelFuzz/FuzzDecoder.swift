// The decoder target (tools/fuzz --target decoder): each input is decoded as a scene file with
// the default limits. Beyond "no crash, no hang, no unbounded allocation" (which libFuzzer's
// -timeout and -rss_limit_mb watch), it checks what the decoder promises:
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

func fuzzDecoderTarget(_ bytes: [UInt8]) {
    if let loaded = fuzzDecode(bytes), compile { _ = try? loaded.scene.compile() }
}

/// Decodes `bytes` and checks the decoder's promises; returns the scene when it was accepted.
func fuzzDecode(_ bytes: [UInt8], checkSchema: Bool = true) -> LoadedScene? {
    do {
        let loaded = try SceneLoader.decode(bytes: bytes, file: "fuzz.yaml", baseDirectory: nowhere)
        // The scene schema describes scene files; a Lottie file has its own format.
        if checkSchema, !loaded.isLottie {
            let schemaProblems = (try? SceneSchema.validate(bytes: bytes, file: "fuzz.yaml")) ?? []
            if !schemaProblems.isEmpty {
                fatalError(
                    "the decoder accepts this file but the schema rejects it:\n\(schemaProblems.map(\.description).joined(separator: "\n"))"
                )
            }
        }
        return loaded
    } catch let error as SceneLoadError {
        checkPlaces(error.diagnostics)
    } catch {
        fatalError("unexpected error \(error)")
    }
    return nil
}
