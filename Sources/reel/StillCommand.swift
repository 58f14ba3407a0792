import ArgumentParser
import Foundation
import Reel

struct StillCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "still",
        abstract: "Render one frame of a scene to a PNG file.",
        discussion: """
            Pick the moment with --at SECONDS or --frame N (frame N is at N / fps seconds). \
            --outline draws each layer's bounds where it is drawn (rotations and 3D included), its \
            anchor point as a crosshair and its name, a colour per nesting depth, like Xcode's view \
            debugger; layers of opacity 0 are outlined dashed, hidden ones not at all.

            Examples:
              reel still scene.yaml --at 1.5 -o frame.png
              reel still scene.yaml --frame 90 --outline -o layers.png
            """)

    @OptionGroup var input: SceneOptions

    @Option(parsing: .unconditional, help: ArgumentHelp("Scene time in seconds.", valueName: "seconds"))
    var at: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp("Frame number (0-based).", valueName: "n"))
    var frame: Int?

    @Option(name: [.short, .long], help: ArgumentHelp("Output PNG file (default: SCENE-TIME.png).", valueName: "file"))
    var output: String?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Pixels per point (default: the scene's canvas.scale).", valueName: "s"))
    var scale: Double?

    @Option(
        help: ArgumentHelp(
            "Motion blur: the average of up to SAMPLES sub-frames (default 16; one per pixel of motion) over a shutter of ANGLE degrees centred on the moment; replaces the scene's canvas.motionBlur.",
            valueName: "angle[:samples]"))
    var motionBlur: String?

    @Flag(
        help:
            "Draw each layer's bounds (as transformed, 3D included), anchor point and name over the frame; a colour per depth, dashed when its opacity is 0."
    )
    var outline = false

    @Flag(name: [.customShort("y"), .long], help: "Replace the output even when it is read-only (ffmpeg's -y).")
    var force = false

    /// Declared last so `--help` lists the everyday options first.
    @OptionGroup var limits: LimitOptions

    func validate() throws {
        if at != nil && frame != nil { throw ValidationError("Give either --at or --frame, not both.") }
        if at == nil && frame == nil {
            throw ValidationError("Missing --at SECONDS (or --frame N): which moment to render.")
        }
        if let at, !(at.isFinite && at >= 0) { throw ValidationError("--at must be a time ≥ 0 in seconds.") }
        if let frame, frame < 0 { throw ValidationError("--frame must be ≥ 0.") }
    }

    func run() throws {
        let start = DispatchTime.now().uptimeNanoseconds
        if let output { try OutputNaming.requirePNG(output) }
        var options = try limits.renderOptions()
        options.scale = scale
        do {
            options.motionBlur = try motionBlur.map(MotionBlur.init(flag:))
            try options.validate()
        } catch let error as RenderJobError { throw CommandFailure(error) }
        let loaded = try input.load(options)
        let canvas = loaded.canvas
        let time = at.map(canvas.snappedToFrame) ?? canvas.time(ofFrame: frame ?? 0)
        if time > canvas.duration {
            Terminal.write(
                "\(Terminal.paint("warning:", "1;35")) \(JSONValue.format(time)) s is after the end of the scene (\(JSONValue.format(canvas.duration)) s)\n"
            )
        }
        let outputPath =
            output
            ?? OutputNaming.defaultOutput(for: input.scene, extension: "png")
            .replacingOccurrences(of: ".png", with: "-\(JSONValue.format(time)).png")
        let image = loaded.still(at: time, outline: outline)
        try OutputNaming.writePNG(image, to: outputPath, force: force)
        ProgressReporter.printWritten(
            outputPath, details: "\(image.width)×\(image.height) PNG at \(JSONValue.format(time)) s", since: start)
    }
}
