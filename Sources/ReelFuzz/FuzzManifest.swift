// The manifest target (tools/fuzz --target manifest): each input is decoded as a batch manifest
// with the default limits. Beyond "no crash, no hang, no unbounded allocation", it checks what
// the decoder promises:
//   - every diagnostic has a real place (line and column ≥ 1) and a message;
//   - a manifest the decoder accepts validates against the published JSON Schema (the schema is
//     never stricter than the decoder);
//   - every output name it accepts passes `OutputRoot`'s check only when it lands inside the
//     output folder (a folder that does not exist, so nothing on disk is followed or touched).
import ReelCore
import ReelScene

private let root = OutputRoot("/nonexistent/reel-fuzz-out")

func fuzzManifestTarget(_ bytes: [UInt8]) {
    do {
        let manifest = try BatchManifest.decode(bytes: bytes, file: "fuzz.yaml")
        for name in manifest.jobs.flatMap(\.outputs) {
            guard case .success(let output) = root.check(name) else { continue }
            if !output.resolved.hasPrefix(root.path + "/") || output.resolved.contains("/../") {
                fatalError("the output '\(name)' is accepted but lands at \(output.resolved)")
            }
        }
        let problems =
            (try? SceneSchema.validate(bytes: bytes, file: "fuzz.yaml", schema: BatchManifestSchema.json)) ?? []
        if !problems.isEmpty {
            fatalError(
                "the decoder accepts this manifest but the schema rejects it:\n"
                    + problems.map(\.description).joined(separator: "\n"))
        }
    } catch let error as SceneLoadError {
        checkPlaces(error.diagnostics)
    } catch {
        fatalError("unexpected error \(error)")
    }
}

/// Every refusal says where and what: a diagnostic without a place or a message, or a refusal
/// without any, is a bug.
func checkPlaces(_ diagnostics: [Diagnostic]) {
    for d in diagnostics where d.location.line < 1 || d.location.column < 1 || d.message.isEmpty {
        fatalError("a diagnostic without a place or message: \(d)")
    }
    if diagnostics.isEmpty { fatalError("rejected without a diagnostic") }
}
