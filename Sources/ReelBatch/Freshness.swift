import Foundation
import Reel

/// Decides whether an output must be rendered, from its `OutputRecord` alone: no scene is
/// decoded, so checking a whole batch that is up to date costs a few file digests.
///
/// The same scene bytes name the same files, so when the scene is unchanged the files it read
/// last time are the files it reads now; their digests are compared one by one to say which changed.
public enum Freshness {
    /// Why `output` of a job with these options must be rendered, or nil when it is up to date.
    /// Checked in the order a user would want to hear it: a missing output first, then what
    /// changed upstream (reel, options, the scene, its files), then a damaged output.
    public static func staleReason(output: String, job: RenderJob, version: String) -> String? {
        let scene = job.scene
        guard let record = OutputRecord.read(for: output) else {
            return FileManager.default.fileExists(atPath: output) ? "no record of how it was made" : "new"
        }
        let files =
            isSequence(output)
            ? record.outputFiles.map { BatchPlan.join((output as NSString).deletingLastPathComponent, $0) } : [output]
        if !files.allSatisfy({ FileManager.default.fileExists(atPath: $0) }) { return "output missing" }
        if record.reel != version { return "reel changed" }
        guard (try? job.fingerprint(output: output)) == record.options else { return "options changed" }
        guard OutputRecord.fileDigest(scene)?.digest == record.scene.sha256 else { return "scene changed" }
        let folder = (scene as NSString).deletingLastPathComponent
        for file in record.files {
            let path = file.path.hasPrefix("/") ? file.path : BatchPlan.join(folder, file.path)
            if OutputRecord.fileDigest(path)?.digest != file.sha256 { return "\(file.path) changed" }
        }
        guard let (digest, bytes) = OutputRecord.digest(of: files), bytes == record.outputBytes,
            digest == record.outputDigest
        else {
            return "output changed"
        }
        return nil
    }

    static func isSequence(_ output: String) -> Bool { (output as NSString).pathExtension.lowercased() == "png" }
}
