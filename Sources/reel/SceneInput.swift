import ArgumentParser
import Foundation
import Reel

/// The scene argument every rendering subcommand takes.
struct SceneOptions: ParsableArguments {
    @Argument(
        help: ArgumentHelp("The scene file (.yaml, .yml or .json), or a Lottie (.json, .lottie).", valueName: "scene"),
        completion: .file(extensions: ["yaml", "yml", "json", "lottie"]))
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
    @Option(
        name: .customLong("max-frames"), parsing: .unconditional,
        help: ArgumentHelp("Raise the limit on fps × duration (default 216000).", valueName: "n"))
    var maxFrames: Int?
    @Option(
        name: .customLong("max-pixels"), parsing: .unconditional,
        help: ArgumentHelp("Raise the limit on pixels per frame (default 40000000).", valueName: "n"))
    var maxPixels: Int?
    @Option(
        name: .customLong("max-depth"), parsing: .unconditional,
        help: ArgumentHelp(
            "Raise the limit on layer nesting (default 64, at most \(SceneLimits.maxDepthCeiling)).", valueName: "n"))
    var maxDepth: Int?
    @Option(
        name: .customLong("max-file-size"), parsing: .unconditional,
        help: ArgumentHelp("Raise the limit on the scene file's size in bytes (default 16 MiB).", valueName: "bytes"))
    var maxFileSize: Int?
    @Option(
        name: .customLong("max-image-pixels"), parsing: .unconditional,
        help: ArgumentHelp(
            "Raise the limit on pixels per contents image (default 40000000; all images together: 100000000 or this, if larger).",
            valueName: "n"))
    var maxImagePixels: Int?
    @Option(
        name: .customLong("max-memory"),
        help: ArgumentHelp(
            "The memory a render may use, e.g. 4G or 800M (default: 3/4 of this machine's; for batch, per job: its memory divided by --jobs; for a submitted batch, per task: its node's); a bigger render is refused before it starts.",
            valueName: "size"))
    var maxMemory: String?
    @Option(
        name: .customLong("root"),
        help: ArgumentHelp(
            "The folder the scene's files (images, SVG, fonts, audio, Lottie) must be in or below (default: for batch, the folder or manifest's folder given, else the scene's folder; this wins over both).",
            valueName: "dir"),
        completion: .directory)
    var root: String?
    @Flag(
        name: .customLong("allow-files-outside"),
        help:
            "Let a scene name files outside the root (absolute paths, '..', links leading out): images, SVG, fonts, audio, Lottie."
    )
    var allowFilesOutside = false
    @Flag(
        name: .customLong("allow-images-outside"),
        help: ArgumentHelp("Deprecated: the former name of --allow-files-outside.", visibility: .hidden))
    var allowImagesOutside = false
    @Option(
        name: .customLong("animation"),
        help: ArgumentHelp(
            "Which animation of a dotLottie (.lottie) archive to use, by its id in the manifest (default: the manifest's active animation, else its first).",
            valueName: "id"))
    var animation: String?
    @Flag(
        name: .customLong("strict"),
        help:
            "Make Lottie compatibility warnings (what Reel cannot map yet) and iOS fonts drawn in stand-ins errors: exit 2, render nothing."
    )
    var strict = false

    func validate() throws {
        if allowImagesOutside {
            Terminal.warning("--allow-images-outside is deprecated: it is now --allow-files-outside")
        }
        if let root {
            guard case .folder = InputFile.kind(atPath: root) else {
                throw ValidationError("--root \(root): no such folder")
            }
        }
    }

    /// The options of a command that renders here with no other flags (`still`, `inspect` …).
    func renderOptions() throws -> RenderOptions { try RenderOptions(limits: self) }

    var sceneLimits: SceneLimits {
        var l = SceneLimits()
        if let maxFrames { l.maxFrames = maxFrames }
        if let maxPixels {
            l.maxPixels = maxPixels
            l.maxSide = max(l.maxSide, Int(Double(maxPixels).squareRoot().rounded(.up)))
        }
        if let maxDepth { l.maxDepth = maxDepth }
        if let maxFileSize { l.maxFileBytes = maxFileSize }
        l.fileRoot = root.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        l.allowsFilesOutsideRoot = allowFilesOutside || allowImagesOutside
        l.dotLottieAnimation = animation
        l.strict = strict
        if let maxImagePixels {
            l.maxImagePixels = maxImagePixels
            l.maxTotalImagePixels = max(l.maxTotalImagePixels, maxImagePixels)
        }
        return l
    }
}

/// Memory sizes on the command line, and the limit a process keeps to.
enum MemorySize {
    /// `4G`, `800M`, `512k` or a number of bytes; at least 64 MiB.
    static func parse(_ text: String) throws -> Int {
        let units: [Character: Int] = [
            "k": 1 << 10, "K": 1 << 10, "m": 1 << 20, "M": 1 << 20, "g": 1 << 30, "G": 1 << 30
        ]
        var digits = Substring(text)
        var unit = 1
        if let last = digits.last, let u = units[last] { unit = u; digits = digits.dropLast() }
        guard let value = Double(digits), value * Double(unit) >= Double(64 << 20), value * Double(unit) < 1e15 else {
            throw CommandFailure.invalid("--max-memory \(text): give a size of at least 64M, like 4G or 800M")
        }
        return Int(value * Double(unit))
    }

    static var physical: Int { Int(ProcessInfo.processInfo.physicalMemory) }

    /// The budget of a render on this machine when `--max-memory` is not given: 3/4 of its memory.
    static var machineBudget: Int { physical / 4 * 3 }

    /// Caps what this process may allocate (heap, thread stacks, encoder buffers: RLIMIT_DATA), so
    /// a render the estimate got wrong fails instead of taking the machine's memory. The cap is
    /// twice the budget (at least 1 GiB more): it counts reserved memory that is never touched.
    static func enforce(_ budget: Int) {
        let cap = rlim_t(max(2 * budget, budget + 1 << 30))
        var bound = rlimit(rlim_cur: cap, rlim_max: cap)
        setrlimit(Int32(RLIMIT_DATA.rawValue), &bound)
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
        case .located(let problem):
            // Printed in the compiler-style form, as the scene's own diagnostics are.
            problem.print()
            self = .invalid("")
        case .failed(let message): self = .failed(message)
        case .interrupted: self = .failed("interrupted")
        }
    }
}
