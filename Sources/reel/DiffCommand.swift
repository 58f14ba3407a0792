import ArgumentParser
import CReelSupport
import Foundation
import Reel

struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare two scenes or videos frame by frame (PSNR, SSIM); exit 0 when equal, 1 when different.",
        discussion: """
            A and B are scenes (.yaml, .yml, .json: rendered frame by frame as `reel render` \
            renders them) or videos and images (.mp4, .mov, .m4v, .webm, .mkv, .gif, .png, .apng, \
            .jpg, .jpeg, .webp: the extension picks the reader; at most 40 million pixels and \
            16384 a side), one of each if you like; \
            they must have the same frame size, frame rate and frame count. A scene compared with \
            a video is first put through the video's YUV format and back, as a lossless encoder \
            would: chroma subsampling and limited range are the format, not a difference. Each frame pair is \
            measured by PSNR, SSIM (luma, 11×11 Gaussian window), the largest 8×8-block \
            difference and the largest shift of a channel's mean, and judged by --tolerance.

            Prints the frames compared, the first differing frame, the worst frame (lowest SSIM) \
            and min/mean PSNR and SSIM; --json prints them and every frame's figures as JSON. \
            When A and B are both scenes it also lists what changed in their animations, per \
            layer and key path: when added, beginTime, duration, repeats, speed, fill, timing \
            function or spring, and values (--json: under "animations").

            --tolerance takes comma-separated limits, each frame must keep all of them: \
            psnr=DB (at least), ssim=S (at least), block=LEVELS and shift=LEVELS (at most); \
            unnamed limits keep their defaults (psnr=40,block=24,shift=1, as `reel batch \
            --baseline`: re-encoding noise is equal), `none` drops one, `exact` alone counts any \
            pixel that differs.

            Exit status: 0 equal within the tolerance, 1 different, 2 bad input (unreadable \
            file, or frame sizes, rates or counts that differ — the message says which).

            Examples:
              reel diff before.yaml after.yaml       # two versions of a scene
              reel diff scene.yaml scene.mp4         # a scene against its render
              reel diff a.mp4 b.mp4 -o diff.mp4      # A | B | difference, each frame
              reel diff a.mp4 b.mp4 -o diff.png      # first, worst, a few more
              reel diff a.mp4 b.mp4 --tolerance ssim=0.99,psnr=none --json
            """)

    @Argument(help: ArgumentHelp("The first scene or video.", valueName: "A"))
    var a: String

    @Argument(help: ArgumentHelp("The second scene or video.", valueName: "B"))
    var b: String

    @Option(
        name: [.short, .long],
        help: ArgumentHelp(
            "Show the difference: a video (.mp4, .mov, .webm) of A | B | difference heatmap, or a .png sheet of the first differing, the worst and a few evenly spaced frames.",
            valueName: "file"))
    var output: String?

    @Flag(help: "Print the comparison as JSON on stdout (summary and every frame's PSNR, SSIM, block and shift).")
    var json = false

    @Option(
        help: ArgumentHelp(
            "When frames count as equal: psnr=DB,ssim=S,block=LEVELS,shift=LEVELS, or exact (default psnr=40,block=24,shift=1).",
            valueName: "limits"))
    var tolerance: String?

    @Flag(help: "No progress bar.")
    var quiet = false

    @Flag(name: [.customShort("y"), .long], help: "Replace the output even when it is read-only (ffmpeg's -y).")
    var force = false

    /// Declared last so `--help` lists the everyday options first.
    @OptionGroup var limits: LimitOptions

    func run() throws {
        let limit: FrameTolerance
        do { limit = try tolerance.map(FrameTolerance.init(parsing:)) ?? .standard } catch {
            throw CommandFailure.invalid("--tolerance \(tolerance ?? ""): \(error)")
        }
        let options = try limits.renderOptions()
        let first = try Self.open(a, label: "A", options: options),
            second = try Self.open(b, label: "B", options: options)
        // A scene against a video: the scene's frames in the video's colours (see ColorRoundTrip).
        if let scene = first as? SceneFrames, let video = second as? VideoFrames { scene.matchColors(of: video) }
        if let scene = second as? SceneFrames, let video = first as? VideoFrames { scene.matchColors(of: video) }
        let names = ((a as NSString).lastPathComponent, (b as NSString).lastPathComponent)
        var pictures: DifferenceOutput?
        if let output {
            do {
                pictures = try DifferenceOutput(
                    path: output, names: names, fps: first.fps ?? second.fps,
                    frameCount: first.frameCount ?? second.frameCount, replaceReadOnly: force)
            } catch let error as RenderJobError { throw CommandFailure(error) }
        }

        reel_install_interrupt_handlers()
        let reporter = ProgressReporter(keyValue: false, quiet: quiet)
        let comparison: FrameComparison
        do {
            comparison = try FrameComparison.run(
                first, second, tolerance: limit,
                progress: { done, total in
                    let elapsed = reporter.elapsed
                    reporter.update(
                        PipelineProgress(
                            stage: .encoding, framesDone: done, frameCount: max(total ?? done, done), elapsed: elapsed))
                },
                visit: { frame, x, y in try pictures?.add(frame, x, y) },
                shouldStop: { reel_interrupt_signal() != 0 })
        } catch is RenderSession.Interrupted {
            reporter.finishLine()
            pictures?.discard()
            Terminal.error("interrupted")
            throw ExitCode(128 + reel_interrupt_signal())
        } catch let error as RenderJobError {
            reporter.finishLine()
            throw CommandFailure(error)
        } catch {
            reporter.finishLine()
            pictures?.discard()
            throw CommandFailure.invalid("cannot decode: \(error)")
        }
        reporter.finishLine()

        // Two scenes: what changed in their animations, beside the pixels.
        let animations = (first as? SceneFrames).flatMap { x in
            (second as? SceneFrames).map { AnimationChanges(x.timeline, $0.timeline) }
        }
        if json {
            Terminal.print(comparison.json(a: a, b: b, animations: animations).pretty)
        } else {
            Terminal.print(comparison.summary(a: a, b: b, animations: animations), terminator: "")
        }
        if let mismatch = comparison.mismatch {
            pictures?.discard()
            throw CommandFailure.invalid("\(mismatch.describe(a: "A (\(a))", b: "B (\(b))"))")
        }
        do { try pictures?.finish(comparison) } catch let error as RenderJobError { throw CommandFailure(error) }
        if !comparison.isEqual { throw ExitCode(ExitStatus.failure) }
    }

    /// A scene (by its extension) loaded as `reel render` loads it, or a video or image file.
    static func open(_ path: String, label: String, options: RenderOptions) throws -> any FrameSource {
        if ["yaml", "yml", "json", "lottie"].contains((path as NSString).pathExtension.lowercased()) {
            return SceneFrames(try SceneInput.load(RenderJob(scene: path, options: options), quiet: true))
        }
        // The error names the file and says why (MediaInput's rules: a regular file, a known
        // extension, within the pixel limit, readable as what its extension says).
        do { return try VideoFrames(path: path) } catch { throw CommandFailure.invalid("\(label): \(error)") }
    }
}
