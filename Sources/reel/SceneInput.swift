import ArgumentParser
import Foundation
import Reel

/// The scene argument and the limits every subcommand shares.
struct SceneOptions: ParsableArguments {
    @Argument(help: ArgumentHelp("The scene file (.yaml, .yml or .json).", valueName: "scene"),
              completion: .file(extensions: ["yaml", "yml", "json"]))
    var scene: String

    @OptionGroup var limits: LimitOptions

    /// Loads and compiles the scene, printing diagnostics; invalid input throws exit status 2.
    func load(quiet: Bool = false) throws -> (Scene, Timeline) {
        try SceneInput.load(scene, limits: limits.sceneLimits, quiet: quiet)
    }
}

/// Options that raise the safety limits for scenes that really are that large.
struct LimitOptions: ParsableArguments {
    @Option(name: .customLong("max-frames"), help: ArgumentHelp("Raise the limit on fps × duration.", valueName: "n"))
    var maxFrames: Int?
    @Option(name: .customLong("max-pixels"), help: ArgumentHelp("Raise the limit on pixels per frame.", valueName: "n"))
    var maxPixels: Int?
    @Option(name: .customLong("max-file-size"), help: ArgumentHelp("Raise the limit on the scene file's size in bytes.", valueName: "bytes"))
    var maxFileSize: Int?

    var sceneLimits: SceneLimits {
        var l = SceneLimits()
        if let maxFrames { l.maxFrames = maxFrames }
        if let maxPixels {
            l.maxPixels = maxPixels
            l.maxSide = max(l.maxSide, Int(Double(maxPixels).squareRoot().rounded(.up)))
        }
        if let maxFileSize { l.maxFileBytes = maxFileSize }
        return l
    }
}

enum SceneInput {
    /// Loads a scene file and compiles its timeline. Diagnostics go to stderr in
    /// `FILE:LINE:COLUMN: error: …` form; any error makes this throw exit status 2.
    static func load(_ path: String, limits: SceneLimits, quiet: Bool) throws -> (Scene, Timeline) {
        let loaded: LoadedScene
        do {
            loaded = try SceneLoader.load(path: path, limits: limits, images: FFmpegImageLoader())
        } catch let error as SceneLoadError {
            for d in error.diagnostics { Terminal.diagnostic(d) }
            throw CommandFailure.invalid("")
        }
        if !quiet {
            for w in loaded.warnings { Terminal.diagnostic(w) }
        }
        do {
            return (loaded.scene, try loaded.scene.compile())
        } catch let error as TimelineError {
            for m in error.messages { Terminal.error("\(path): \(m)") }
            throw CommandFailure.invalid("")
        }
    }
}
