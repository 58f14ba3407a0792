import ArgumentParser
import Foundation
import Reel

/// The scene argument every rendering subcommand takes.
struct SceneOptions: ParsableArguments {
    @Argument(help: ArgumentHelp("The scene file (.yaml, .yml or .json).", valueName: "scene"),
              completion: .file(extensions: ["yaml", "yml", "json"]))
    var scene: String

    /// Loads and compiles the scene, printing diagnostics; invalid input throws exit status 2.
    func load(limits: LimitOptions, quiet: Bool = false) throws -> (Scene, Timeline) {
        try SceneInput.load(scene, limits: limits.sceneLimits, quiet: quiet)
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
    /// A problem with a scene: a diagnostic at a place in the file, or a message from running its
    /// timeline (which has no place).
    struct Problem {
        var file: String
        var location: SourcePosition?
        var severity: Diagnostic.Severity
        var message: String

        init(_ d: Diagnostic) {
            file = d.file
            location = d.location
            severity = d.severity
            message = d.message
        }

        init(file: String, message: String) {
            self.file = file
            severity = .error
            self.message = message
        }

        /// `reel validate --json`'s object for the problem (line and column null when unplaced).
        var json: JSONValue {
            .object([
                ("file", .string(file)),
                ("line", location.map { .number(Double($0.line)) } ?? .null),
                ("column", location.map { .number(Double($0.column)) } ?? .null),
                ("severity", .string(severity.rawValue)),
                ("message", .string(message)),
            ])
        }

        /// Prints the problem in the compiler-style form on stderr.
        func print() {
            if let location {
                Terminal.diagnostic(Diagnostic(file: file, location: location, severity: severity, message: message))
            } else {
                Terminal.error("\(file): \(message)")
            }
        }
    }

    /// Loads and compiles a scene, collecting every problem instead of printing it: the scene and
    /// its timeline when there is no error.
    static func check(_ path: String, limits: SceneLimits) -> (scene: (Scene, Timeline)?, problems: [Problem]) {
        let loaded: LoadedScene
        do {
            loaded = try SceneLoader.load(path: path, limits: limits, images: FFmpegImageLoader())
        } catch let error as SceneLoadError {
            return (nil, error.diagnostics.map(Problem.init))
        } catch {
            return (nil, [Problem(file: path, message: "\(error)")])
        }
        let warnings = loaded.warnings.map(Problem.init)
        do {
            return ((loaded.scene, try loaded.scene.compile()), warnings)
        } catch let error as TimelineError {
            if let line = error.line, let column = error.column, let message = error.messages.first {
                let located = Diagnostic(file: path, location: SourcePosition(line: line, column: column), message: message)
                return (nil, warnings + [Problem(located)])
            }
            return (nil, warnings + error.messages.map { Problem(file: path, message: $0) })
        } catch {
            return (nil, warnings + [Problem(file: path, message: "\(error)")])
        }
    }

    /// Loads a scene file and compiles its timeline. Diagnostics go to stderr in
    /// `FILE:LINE:COLUMN: error: …` form; any error makes this throw exit status 2.
    static func load(_ path: String, limits: SceneLimits, quiet: Bool) throws -> (Scene, Timeline) {
        let (result, problems) = check(path, limits: limits)
        for problem in problems where !(quiet && problem.severity == .warning) { problem.print() }
        guard let result else { throw CommandFailure.invalid("") }
        return result
    }
}
