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
              .mov             ProRes 4444 with alpha (or --codec h264 / hevc)
              .webm            VP9, with alpha when the background is transparent
              .gif             GIF, one palette for the clip, ordered dithering, 1-bit alpha
              NAME-%04d.png    one PNG per frame, numbered by scene frame
              .bgra            raw premultiplied BGRA frames (no header), for other tools

            Frames are drawn on --threads threads and encoded in order; the file does not depend \
            on --threads. The output appears only when complete: it is written to a temporary \
            file beside it, renamed at the end and removed on error or interrupt (Ctrl-C).
            """)

    @OptionGroup var input: SceneOptions

    @Option(name: [.short, .long], help: ArgumentHelp("Output file (default: the scene's name with .mp4, in the current folder).", valueName: "file"))
    var output: String?

    @Option(name: [.customLong("fps"), .customShort("r")], parsing: .unconditional,
            help: ArgumentHelp("Frames per second (default: the scene's canvas.fps; for GIF the nearest 100/n below it).", valueName: "n"))
    var fps: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp("Pixels per point (default: the scene's canvas.scale).", valueName: "s"))
    var scale: Double?

    @Option(help: ArgumentHelp("Render only frames A…B (0-based, inclusive; 'A-' to the end), keeping their timestamps.", valueName: "A-B"))
    var frames: FrameSelection?

    @Option(parsing: .unconditional, help: ArgumentHelp("Quality: H.264/HEVC 0…51 (default 18/22), VP9 0…63 (default 28); lower is better and larger.", valueName: "q"))
    var crf: Int?

    @Option(help: ArgumentHelp("Encoder speed: ultrafast … veryslow (slower makes smaller files; default \(VideoCodec.h264.defaultPreset ?? "")).", valueName: "p"))
    var preset: String?

    @Option(help: ArgumentHelp("Codec within the format: h264 or hevc (.mp4, .mov), prores (.mov), vp9 (.webm).", valueName: "c"))
    var codec: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Threads that draw frames (default: one per core). The encoder sizes its own threads.", valueName: "n"))
    var threads: Int?

    @Flag(name: [.short, .long], help: "Print nothing but errors.")
    var quiet = false

    @Flag(help: "Print progress as key=value blocks on stdout instead of a bar: frame, total_frames, percent, fps, elapsed, eta; each block ends with progress=continue (the last with progress=end), as ffmpeg's -progress does.")
    var progress = false

    /// Declared last so `--help` lists the everyday options first.
    @OptionGroup var limits: LimitOptions

    func validate() throws {
        if let threads, !(1...256).contains(threads) { throw ValidationError("--threads must be 1…256, got \(threads).") }
    }

    func run() throws {
        let (_, timeline) = try input.load(limits: limits, quiet: quiet)
        var canvas = timeline.canvas
        if let fps {
            guard fps > 0, fps <= 1000 else { throw CommandFailure.invalid("--fps must be between 1 and 1000, got \(fps)") }
            canvas.fps = fps
        }
        if let scale {
            guard scale > 0, scale <= 16 else { throw CommandFailure.invalid("--scale must be greater than 0 and at most 16, got \(scale)") }
            canvas.scale = scale
        }
        let outputPath = output ?? OutputNaming.defaultOutput(for: input.scene, extension: "mp4")
        let format: OutputFormat
        do { format = try OutputFormat(path: outputPath, codec: codec) } catch { throw CommandFailure.invalid("\(error)") }
        if case .video(_, .gif) = format {
            if let fps {
                // "--fps 33.33" means 100/3: GIF rates are 100/n, which people write rounded.
                let n = (100 / fps).rounded()
                if n >= 1, abs(100 / n - fps) < 0.01 { canvas.fps = 100 / n }
            } else {
                let gifFPS = VideoSettings.gifFPS(notAbove: canvas.fps)
                if gifFPS != canvas.fps, !quiet {
                    Terminal.write("\(Terminal.paint("note:", "1;36")) GIF frame delays are whole hundredths of a second: "
                        + "rendering at \(JSONValue.format(gifFPS)) fps (the scene has \(JSONValue.format(canvas.fps)); --fps picks another 100/n)\n")
                }
                canvas.fps = gifFPS
            }
        }
        var session = RenderSession(timeline: timeline.with(canvas: canvas))
        session.threads = threads
        guard !session.frames.isEmpty else {
            throw CommandFailure.invalid("\(input.scene): \(JSONValue.format(canvas.duration)) s at \(JSONValue.format(canvas.fps)) fps is not a single frame")
        }
        if let frames {
            session.frames = try frames.range(frameCount: session.frames.count, fps: canvas.fps)
        }
        let plan: RenderOutput
        do {
            plan = try RenderOutput(path: outputPath, format: format, canvas: canvas, crf: crf, preset: preset,
                                    startFrame: session.frames.lowerBound)
        } catch {
            throw CommandFailure.invalid("\(error)")
        }

        reel_install_interrupt_handlers()
        let reporter = ProgressReporter(keyValue: progress, quiet: quiet)
        let destination: any AtomicDestination, sink: any FrameSink
        do { (destination, sink) = try plan.open() } catch { throw CommandFailure.failed("\(error)") }
        // A second Ctrl-C kills at once; it still takes a single temporary file with it. (A PNG
        // sequence's temporary folder needs an orderly stop: the first interrupt's.)
        if let file = destination as? AtomicOutput { reel_remove_on_forced_exit(file.temporaryPath) }
        defer { reel_remove_on_forced_exit(nil) }
        do {
            try session.run(into: sink, progress: reporter.update, shouldStop: { reel_interrupt_signal() != 0 })
            try sink.finish()
            // Finishing can take a moment (the encoder's delayed frames, moving the index to the
            // front): an interrupt that arrived meanwhile still means "do not leave a file".
            if reel_interrupt_signal() != 0 { throw RenderSession.Interrupted() }
            try destination.commit()
        } catch is RenderSession.Interrupted {
            sink.abort()
            destination.discard()
            reporter.finishLine()
            let signal = reel_interrupt_signal()
            Terminal.error("interrupted; \(outputPath) was not written")
            throw ExitCode(128 + signal)
        } catch {
            sink.abort()
            destination.discard()
            reporter.finishLine()
            throw CommandFailure.failed("\(error)")
        }
        reporter.finishLine()
        if !quiet {
            Terminal.write(reporter.summary(
                output: outputPath, format: format.displayName, frames: session.frames.count,
                bytes: plan.writtenBytes(by: sink), width: canvas.pixelWidth, height: canvas.pixelHeight, fps: canvas.fps) + "\n")
        }
    }
}

/// `--frames A-B`: a 0-based inclusive range of frame numbers; `A-` runs to the end, `N` is one frame.
struct FrameSelection: ExpressibleByArgument {
    var first: Int
    var last: Int?

    init?(argument: String) {
        let parts = argument.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        guard let first = Int(parts[0]), first >= 0 else { return nil }
        self.first = first
        if parts.count == 1 {
            last = first
        } else if parts[1].isEmpty {
            last = nil
        } else {
            guard let last = Int(parts[1]), last >= first else { return nil }
            self.last = last
        }
    }

    static var defaultCompletionKind: CompletionKind { .default }

    /// The frames as a range, checked against the scene's frame count.
    func range(frameCount: Int, fps: Double) throws -> Range<Int> {
        let last = self.last ?? frameCount - 1
        guard first < frameCount, last < frameCount else {
            let shown = self.last.map { "\(first)-\($0)" } ?? "\(first)-"
            throw CommandFailure.invalid(
                "--frames \(shown) is outside the scene: it has \(frameCount) frames (0-\(frameCount - 1)) at \(JSONValue.format(fps)) fps")
        }
        return first..<(last + 1)
    }
}

enum OutputNaming {
    /// `SCENE-BASENAME.EXT` in the current folder.
    static func defaultOutput(for scenePath: String, extension ext: String) -> String {
        let base = ((scenePath as NSString).lastPathComponent as NSString).deletingPathExtension
        return "\(base.isEmpty ? "scene" : base).\(ext)"
    }

    /// Writes `buffer` as a PNG at `path`, whole or not at all (a temporary file renamed).
    static func writePNG(_ buffer: PixelBuffer, to path: String) throws {
        let target: AtomicOutput
        do { target = try AtomicOutput(finalPath: path) } catch { throw CommandFailure.failed("\(error)") }
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
