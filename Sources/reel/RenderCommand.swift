import ArgumentParser
import CReelSupport
import Foundation
import Reel

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a scene to a video file (the default subcommand).",
        discussion: """
            The extension picks the format:
              .mp4             H.264 (or --codec hevc), yuv420p, BT.709, +faststart
              .mov             ProRes 4444 with alpha (or --pix-fmt yuv422p10le: 422 HQ;
                               or --codec h264 / hevc)
              .webm            VP9, with alpha when the background is transparent
              .gif             GIF, one palette for the clip, --dither bayer (default),
                               floyd-steinberg or none, 1-bit alpha
              NAME-%04d.png    one PNG per frame, numbered by scene frame
              .bgra            raw premultiplied BGRA frames (no header), for other tools
            10-bit: --pix-fmt yuv420p10le with --codec hevc (Main 10) or .webm (VP9 profile 2).

            Frames are drawn on --threads threads and encoded in order; the file does not depend \
            on --threads or on the machine's cores. The output appears only when complete: it is \
            written to a temporary file beside it, renamed at the end and removed on error or \
            interrupt (Ctrl-C).

            Sound: canvas.audio in the scene, or --audio FILE, adds a soundtrack cut or padded \
            with silence to the video's length (AAC in .mp4/.mov, Opus in .webm); a file that \
            already fits is copied without re-encoding. GIF and PNG have no sound: --audio with \
            them is an error, and canvas.audio is left out with a note.
              reel render promo.yaml -o promo.mp4 --audio music.m4a

            Render farms: videos are encoded in independent chunks of --chunk-seconds (each starts \
            with a keyframe), and --segment I/N renders segment I (0-based) of N, a run of whole \
            chunks; 'reel concat' joins all N into the file the whole render writes, byte for byte. \
            PNG sequences split the same way; a GIF cannot be split (one palette for the clip).
            """)

    @OptionGroup var input: SceneOptions

    @Option(
        name: [.short, .long],
        help: ArgumentHelp(
            "Output file (default: the scene's name with .mp4, in the current folder).", valueName: "file"))
    var output: String?

    @OptionGroup var encoding: EncodingOptions

    @Option(
        help: ArgumentHelp(
            "Render only frames A…B (0-based, inclusive; 'A-' to the end), keeping their timestamps.", valueName: "A-B")
    )
    var frames: FrameSpan?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Threads that draw frames (default: one per core). The encoder's threads are fixed, so the file never depends on this.",
            valueName: "n"))
    var threads: Int?

    @Option(
        help: ArgumentHelp(
            "Render segment I (0-based) of N for a render farm; join them with 'reel concat'.", valueName: "I/N"))
    var segment: Segment?

    @Option(
        name: .customLong("chunk-seconds"), parsing: .unconditional,
        help: ArgumentHelp(
            "Seconds per independently encoded chunk, the unit segments are made of (default \(JSONValue.format(ChunkGrid.defaultSeconds))); part of the options, so all segments need the same.",
            valueName: "s"))
    var chunkSeconds: Double?

    @Option(
        name: .customLong("parallel-segments"), parsing: .unconditional,
        help: ArgumentHelp(
            "Render n (1…64) segments of a video at once and join them, for machines with more cores than one render keeps busy (default: one per 6 cores, \(ParallelSegments.automatic) on this machine; more is slower on few cores). Same bytes whatever n is; GIFs, PNG sequences and --segment render as one.",
            valueName: "n"))
    var parallelSegments: Int?

    @Flag(name: [.customShort("y"), .long], help: "Replace the output even when it is read-only (ffmpeg's -y).")
    var force = false

    @Flag(name: [.short, .long], help: "Print nothing but errors.")
    var quiet = false

    @Flag(
        help:
            "Print progress as key=value blocks on stdout instead of a bar: frame, total_frames, percent, fps, elapsed, eta; each block ends with progress=continue (the last with progress=end), as ffmpeg's -progress does."
    )
    var progress = false

    /// Declared last so `--help` lists the everyday options first.
    @OptionGroup var limits: LimitOptions

    func run() throws {
        let options = try RenderOptions(
            limits: limits, encoding: encoding, threads: threads, frames: frames, segment: segment,
            chunkSeconds: chunkSeconds, parallelSegments: parallelSegments, force: force)
        let loaded = try input.load(options, quiet: quiet)
        try Self.render(
            loaded, to: output ?? OutputNaming.defaultOutput(for: input.scene, extension: "mp4"), progress: progress,
            quiet: quiet)
    }

    /// Renders `loaded` to `outputPath` (`reel render`, and a farm node's `reel _job`): notes,
    /// progress, the summary line; interrupted or failed, nothing is left behind.
    static func render(_ loaded: LoadedJob, to outputPath: String, progress: Bool, quiet: Bool) throws {
        let plan: PlannedRender
        do { plan = try loaded.plan(output: outputPath) } catch let error as RenderJobError {
            throw CommandFailure(error)
        }
        if !quiet {
            for note in plan.notes { Terminal.write("\(Terminal.paint("note:", "1;36")) \(note)\n") }
        }

        reel_install_interrupt_handlers()
        let reporter = ProgressReporter(keyValue: progress, quiet: quiet)
        let result: PlannedRender.Result
        do {
            result = try plan.run(
                progress: reporter.update, shouldStop: { reel_interrupt_signal() != 0 })
        } catch RenderJobError.interrupted {
            reporter.finishLine()
            Terminal.error("interrupted; \(outputPath) was not written")
            throw ExitCode(128 + reel_interrupt_signal())
        } catch let error as RenderJobError {
            reporter.finishLine()
            throw CommandFailure(error)
        }
        reporter.finishLine()
        if !quiet {
            let canvas = plan.canvas
            Terminal.write(
                reporter.summary(
                    output: outputPath, format: plan.output.displayName, frames: result.frames,
                    bytes: result.bytes, width: canvas.pixelWidth, height: canvas.pixelHeight, fps: canvas.fps)
                    + (result.audio.map { ", \($0.summary)" } ?? "") + "\n")
        }
    }
}

extension SegmentConcat.AudioResult {
    /// "AAC stereo sound (copied)", for the summary line.
    var summary: String {
        "\(codec.displayName) \(channels == 1 ? "mono" : "stereo") sound" + (copied ? " (copied)" : "")
    }
}

/// `--segment I/N`: 0 ≤ I < N.
extension Segment: ExpressibleByArgument {
    public init?(argument: String) { self.init(argument) }
}

/// `--frames A-B`: a 0-based inclusive range of frame numbers; `A-` runs to the end, `N` is one frame.
extension FrameSpan: ExpressibleByArgument {
    public init?(argument: String) { self.init(argument) }
    public static var defaultCompletionKind: CompletionKind { .default }
}

enum OutputNaming {
    /// `SCENE-BASENAME` + `suffix` + `.EXT` in the current folder.
    static func defaultOutput(for scenePath: String, suffix: String = "", extension ext: String) -> String {
        let base = ((scenePath as NSString).lastPathComponent as NSString).deletingPathExtension
        return "\(base.isEmpty ? "scene" : base)\(suffix).\(ext)"
    }

    /// Writes `buffer` as a PNG at `path`, whole or not at all (a temporary file renamed).
    static func writePNG(_ buffer: PixelBuffer, to path: String, force: Bool) throws {
        let target: AtomicOutput
        do { target = try AtomicOutput(finalPath: path, replaceReadOnly: force) } catch {
            throw CommandFailure.failed("\(error)")
        }
        do {
            try PNGFile.write(buffer, to: target.temporaryPath)
            try target.commit()
        } catch {
            target.discard()
            throw CommandFailure.failed("\(error)")
        }
    }

    /// `still` and `sheet` write PNG only: any other extension would be a PNG under a false name.
    static func requirePNG(_ path: String, option: String = "-o") throws {
        guard (path as NSString).pathExtension.lowercased() == "png" else {
            throw CommandFailure.invalid("\(option) \(path): this writes a PNG image; give a file name ending in .png")
        }
    }
}
