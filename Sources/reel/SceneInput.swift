import ArgumentParser
import Foundation
import Reel

/// The scene argument every rendering subcommand takes.
struct SceneOptions: ParsableArguments {
    @Argument(help: ArgumentHelp("The scene file (.yaml, .yml or .json).", valueName: "scene"),
              completion: .file(extensions: ["yaml", "yml", "json"]))
    var scene: String

    /// Loads and compiles the scene with `options`, printing diagnostics; invalid input throws exit status 2.
    func load(_ options: RenderOptions, quiet: Bool = false) throws -> LoadedJob {
        try SceneInput.load(RenderJob(scene: scene, options: options), quiet: quiet)
    }
}

/// Options that raise the safety limits for scenes that really are that large. Each limit exists
/// so that a typo (`duration: 60000`) fails at once with a clear message instead of filling the
/// disk; the flag says "I meant it".
struct LimitOptions: ParsableArguments {
    @Option(name: .customLong("max-frames"), parsing: .unconditional, help: ArgumentHelp("Raise the limit on fps × duration (default 216000).", valueName: "n"))
    var maxFrames: Int?
    @Option(name: .customLong("max-pixels"), parsing: .unconditional, help: ArgumentHelp("Raise the limit on pixels per frame (default 40000000).", valueName: "n"))
    var maxPixels: Int?
    @Option(name: .customLong("max-depth"), parsing: .unconditional,
            help: ArgumentHelp("Raise the limit on layer nesting (default 64, at most \(SceneLimits.maxDepthCeiling)).", valueName: "n"))
    var maxDepth: Int?
    @Option(name: .customLong("max-file-size"), parsing: .unconditional, help: ArgumentHelp("Raise the limit on the scene file's size in bytes (default 16 MiB).", valueName: "bytes"))
    var maxFileSize: Int?
    @Option(name: .customLong("max-image-pixels"), parsing: .unconditional,
            help: ArgumentHelp("Raise the limit on pixels per contents image (default 40000000; all images together: 100000000 or this, if larger).", valueName: "n"))
    var maxImagePixels: Int?
    @Flag(name: .customLong("allow-images-outside"),
          help: "Let contents name image files outside the scene's folder (absolute paths, '..', links leading out).")
    var allowImagesOutside = false

    func validate() throws {
        for (flag, value) in [("--max-frames", maxFrames), ("--max-pixels", maxPixels), ("--max-file-size", maxFileSize), ("--max-image-pixels", maxImagePixels)] {
            if let value, value < 1 { throw ValidationError("\(flag) must be at least 1, got \(value).") }
        }
        if let maxDepth, !(1...SceneLimits.maxDepthCeiling).contains(maxDepth) {
            throw ValidationError("--max-depth must be 1…\(SceneLimits.maxDepthCeiling), got \(maxDepth).")
        }
    }

    var sceneLimits: SceneLimits {
        var l = SceneLimits()
        if let maxFrames { l.maxFrames = maxFrames }
        if let maxPixels {
            l.maxPixels = maxPixels
            l.maxSide = max(l.maxSide, Int(Double(maxPixels).squareRoot().rounded(.up)))
        }
        if let maxDepth { l.maxDepth = maxDepth }
        if let maxFileSize { l.maxFileBytes = maxFileSize }
        l.allowsImagesOutsideSceneFolder = allowImagesOutside
        if let maxImagePixels {
            l.maxImagePixels = maxImagePixels
            l.maxTotalImagePixels = max(l.maxTotalImagePixels, maxImagePixels)
        }
        return l
    }
}

enum SceneInput {
    /// Loads and compiles the job's scene. Diagnostics go to stderr in `FILE:LINE:COLUMN: error: …`
    /// form (warnings unless `quiet`); any error makes this throw exit status 2.
    static func load(_ job: RenderJob, quiet: Bool) throws -> LoadedJob {
        let (loaded, problems) = job.check()
        for problem in problems where !(quiet && problem.severity == .warning) { problem.print() }
        guard let loaded else { throw CommandFailure.invalid("") }
        return loaded
    }
}

extension SceneProblem {
    /// Prints the problem in the compiler-style form on stderr.
    func print() {
        if let location {
            Terminal.diagnostic(Diagnostic(file: file, location: location, severity: severity, message: message))
        } else {
            Terminal.error("\(file): \(message)")
        }
    }
}

extension CommandFailure {
    /// The CLI's form of a render job's error.
    init(_ error: RenderJobError) {
        switch error {
        case .invalid(let message): self = .invalid(message)
        case .failed(let message): self = .failed(message)
        case .interrupted: self = .failed("interrupted")
        }
    }
}
