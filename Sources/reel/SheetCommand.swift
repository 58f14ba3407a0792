import ArgumentParser
import Foundation
import Reel

struct SheetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sheet",
        abstract: "Render a contact sheet: frames in a grid with their timecodes, for design review.",
        discussion: """
            The frames are spread evenly over the scene, first and last included. Each is labelled \
            MM:SS.hh (scene time) and its frame number, as `reel still --frame N` renders it.
            """)

    @OptionGroup var input: SceneOptions

    @Option(name: [.short, .long], help: ArgumentHelp("Output PNG file (default: SCENE-sheet.png).", valueName: "file"))
    var output: String?

    @Option(help: ArgumentHelp("How many frames to show.", valueName: "n"))
    var count = 12

    @Option(help: ArgumentHelp("Frames per row.", valueName: "c"))
    var columns = 4

    @Option(parsing: .unconditional, help: ArgumentHelp("Pixels per point of each frame (default: frames at most 480 pixels wide).", valueName: "s"))
    var scale: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp("Frames per second for numbering frames (default: the scene's canvas.fps).", valueName: "n"))
    var fps: Double?

    @Flag(name: [.customShort("y"), .long], help: "Replace the output even when it is read-only (ffmpeg's -y).")
    var force = false

    /// Declared last so `--help` lists the everyday options first.
    @OptionGroup var limits: LimitOptions

    func validate() throws {
        if !(1...1000).contains(count) { throw ValidationError("--count must be 1…1000, got \(count).") }
        if !(1...100).contains(columns) { throw ValidationError("--columns must be 1…100, got \(columns).") }
        if let scale, !(scale > 0 && scale <= 16) { throw ValidationError("--scale must be greater than 0 and at most 16.") }
        if let fps, !(fps > 0 && fps <= 1000) { throw ValidationError("--fps must be between 1 and 1000.") }
    }

    func run() throws {
        if let output { try OutputNaming.requirePNG(output) }
        var options = try limits.renderOptions()
        (options.fps, options.scale) = (fps, scale)
        let loaded = try input.load(options)
        let canvas = loaded.sheetCanvas
        guard canvas.pixelWidth > 0, canvas.pixelHeight > 0 else {
            throw CommandFailure.invalid("--scale \(JSONValue.format(canvas.scale)) makes the frames smaller than a pixel")
        }
        let sheet = loaded.sheet(count: count, columns: columns, title: (input.scene as NSString).lastPathComponent)

        let outputPath = output ?? OutputNaming.defaultOutput(for: input.scene, extension: "png")
            .replacingOccurrences(of: ".png", with: "-sheet.png")
        try OutputNaming.writePNG(sheet, to: outputPath, force: force)
    }
}
