import Foundation
import ReelCore

extension SceneDecoder {
    /// The keys of `canvas.audio` as a map.
    static let audioKeys = ["file", "start", "volume", "fadeIn", "fadeOut"]

    /// `canvas.audio`: a file name, or `{file, start, volume, fadeIn, fadeOut}`. The file must
    /// exist next to the scene (like images and fonts); whether it decodes as audio is checked
    /// when the scene is loaded for rendering (the decoder knows no codecs).
    func decodeAudio(_ node: SceneNode) -> CanvasAudio? {
        let fileNode: SceneNode?
        var audio = CanvasAudio(file: "")
        if case .scalar = node {
            fileNode = node
        } else {
            guard
                var map = MapReader(
                    node, diagnostics, what: "'audio' (a file name, or {file, start, volume, fadeIn, fadeOut})")
            else { return nil }
            defer { map.reportUnknown(in: "'audio'", known: Self.audioKeys) }
            fileNode = map.take("file")
            if fileNode == nil {
                diagnostics.error("'audio' needs 'file': the audio file, relative to the scene", at: node.location)
            }
            var ok = true
            func seconds(_ key: String, _ what: String) -> Double {
                guard let n = map.take(key) else { return 0 }
                guard let v = values.number(n, what: what) else { ok = false; return 0 }
                guard v.isFinite, v >= 0, v <= 1e7 else {
                    diagnostics.error("\(what) must be 0 to 10000000 seconds, found \(format(v))", at: n.location)
                    ok = false
                    return 0
                }
                return v
            }
            audio.start = seconds("start", "audio start")
            audio.fadeIn = seconds("fadeIn", "audio fadeIn")
            audio.fadeOut = seconds("fadeOut", "audio fadeOut")
            if let n = map.take("volume") {
                if let v = values.number(n, what: "audio volume", in: 0...4) { audio.volume = v } else { ok = false }
            }
            if !ok { return nil }
        }
        guard let fileNode, let written = values.string(fileNode, what: "the audio file") else { return nil }
        guard !written.isEmpty else {
            diagnostics.error("the audio file name is empty", at: fileNode.location)
            return nil
        }
        audioFileLocation = fileNode.location
        switch SceneFile.resolve(
            written, what: "audio file", plural: "audio files", base: images.baseDirectory,
            limits: limits)
        {
        case .failure(let problem):
            diagnostics.error(problem.message, at: fileNode.location)
            return nil
        case .success(let path):
            audio.file = path
            return audio
        }
    }
}
