import ArgumentParser
import CReelSupport
import Foundation
import Reel

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a scene to a video file (the default subcommand).",
        discussion: """
            The output appears only when complete: frames are written to a temporary file beside \
            it, which is renamed at the end and removed on error or interrupt (Ctrl-C).

            Output formats (by extension): .mp4 — H.264, yuv420p, BT.709.
            """)

    @OptionGroup var input: SceneOptions

    @Option(name: [.short, .long], help: ArgumentHelp("Output file (default: the scene's name with .mp4, in the current folder).", valueName: "file"))
    var output: String?

    @Option(name: [.customLong("fps"), .customLong("r", withSingleDash: true)],
            help: ArgumentHelp("Frames per second (default: the scene's canvas.fps).", valueName: "n"))
    var fps: Double?

    @Option(help: ArgumentHelp("Pixels per point (default: the scene's canvas.scale).", valueName: "s"))
    var scale: Double?

    @Option(help: ArgumentHelp("Constant rate factor: 0 (lossless) … 51 (worst); lower is better and larger.", valueName: "q"))
    var crf: Int = 18

    @Option(help: ArgumentHelp("x264 preset: ultrafast … veryslow (slower presets make smaller files).", valueName: "p"))
    var preset: String = "medium"

    @Flag(name: [.short, .long], help: "Print nothing but errors.")
    var quiet = false

    func run() throws {
        let (_, timeline) = try input.load(quiet: quiet)
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
        let ext = (outputPath as NSString).pathExtension.lowercased()
        guard ext == "mp4" else {
            throw CommandFailure.invalid("cannot write '.\(ext)' files yet; use an .mp4 output (other formats are planned)")
        }
        let settings = VideoSettings(width: canvas.pixelWidth, height: canvas.pixelHeight, fps: canvas.fps, crf: crf, preset: preset)
        do { try settings.validate() } catch { throw CommandFailure.invalid("\(error)") }

        let session = RenderSession(timeline: timeline.with(canvas: canvas))
        let target: AtomicOutput
        do { target = try AtomicOutput(finalPath: outputPath) } catch { throw CommandFailure.failed("\(error)") }

        reel_install_interrupt_handlers()
        let progress = ProgressReporter(enabled: !quiet, total: session.frames.count)
        let encoder: VideoEncoder
        do {
            encoder = try VideoEncoder(path: target.temporaryPath, settings: settings)
        } catch {
            target.discard()
            throw CommandFailure.failed("\(error)")
        }
        do {
            try session.run(into: encoder, progress: progress.update, shouldStop: { reel_interrupt_signal() != 0 })
            try encoder.finish()
            try target.commit()
        } catch is RenderSession.Interrupted {
            encoder.abort()
            target.discard()
            progress.finishLine()
            let signal = reel_interrupt_signal()
            Terminal.error("interrupted; \(outputPath) was not written")
            throw ExitCode(128 + signal)
        } catch {
            encoder.abort()
            target.discard()
            progress.finishLine()
            throw CommandFailure.failed("\(error)")
        }
        progress.finishLine()
        if !quiet {
            let bytes = (try? FileManager.default.attributesOfItem(atPath: outputPath)[.size] as? Int) ?? 0
            Terminal.write(progress.summary(output: outputPath, bytes: bytes, canvas: canvas) + "\n")
        }
    }
}

enum OutputNaming {
    /// `SCENE-BASENAME.EXT` in the current folder.
    static func defaultOutput(for scenePath: String, extension ext: String) -> String {
        let base = ((scenePath as NSString).lastPathComponent as NSString).deletingPathExtension
        return "\(base.isEmpty ? "scene" : base).\(ext)"
    }
}
