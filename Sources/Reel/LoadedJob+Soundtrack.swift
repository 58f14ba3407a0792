import Foundation
import ReelCore
import ReelEncode
import ReelScene

extension LoadedJob {
    /// The soundtrack the job's videos carry: `--audio` (from its start, volume 1, no fades) when
    /// given, else the scene's `canvas.audio`; nil for silence.
    public var soundtrack: CanvasAudio? {
        if let file = job.options.audio { return CanvasAudio(file: file) }
        return timeline.canvas.audio
    }

    /// Why the soundtrack cannot be used (missing, not audio FFmpeg can decode), placed where the
    /// scene names it (`audioLocation`) or on `--audio`, or a warning when it would be silent
    /// (`start` past the file's end); nil when all is well.
    func soundtrackProblem(audioLocation: SourcePosition?) -> SceneProblem? {
        guard let soundtrack else { return nil }
        if let option = job.options.audio {
            // A FIFO, a missing file or an unknown extension is refused by the opener (`MediaInput`).
            do { _ = try soundtrack.probe() } catch {
                return SceneProblem(file: option, message: "--audio: not usable as a soundtrack: \(error)")
            }
            return nil
        }
        let written = (soundtrack.file as NSString).lastPathComponent
        let info: AudioFileInfo
        do { info = try soundtrack.probe() } catch {
            return SceneProblem(
                file: job.scene, location: audioLocation,
                message: "audio file '\(written)' cannot be used as a soundtrack: \(error)")
        }
        if let duration = info.duration, soundtrack.start >= duration {
            return SceneProblem(
                file: job.scene, location: audioLocation, severity: .warning,
                message: "audio start \(JSONValue.format(soundtrack.start)) s is past the end of '\(written)' "
                    + "(\(JSONValue.format((duration * 1000).rounded() / 1000)) s): the video is silent")
        }
        return nil
    }

    /// What a video's `SegmentRecord` says about its soundtrack, so `reel concat` can add it.
    /// - Throws: `RenderJobError.invalid` when the file cannot be read.
    func soundtrackRecord() throws -> SoundtrackRecord? {
        guard let soundtrack else { return nil }
        guard let digest = SHA256.hex(ofFileAt: soundtrack.file) else {
            throw RenderJobError.invalid("\(soundtrack.file): the soundtrack cannot be read")
        }
        return SoundtrackRecord(
            file: soundtrack.file, sha256: digest, start: soundtrack.start, volume: soundtrack.volume,
            fadeIn: soundtrack.fadeIn, fadeOut: soundtrack.fadeOut)
    }
}
