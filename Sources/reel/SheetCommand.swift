import ArgumentParser
import Foundation
import Reel

struct SheetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sheet",
        abstract: "Render a contact sheet: frames in a grid with their timecodes, for design review.",
        discussion: """
            By default 12 frames are spread evenly over the scene, first and last included \
            (--count N for another number); --frames and --at pick them instead (one of the three). \
            Each tile is labelled MM:SS.hh (scene time) and its frame number, and is the picture \
            `reel still --frame N` (or `--at SECONDS`) renders. --outline draws each layer's \
            bounds, anchor point and name over every tile.

            Examples:
              reel sheet scene.yaml                          # 12 frames → scene-sheet.png
              reel sheet scene.yaml --count 24 --columns 6
              reel sheet scene.yaml --at 0.5,1,2.2 -o keys.png
              reel sheet scene.yaml --frames 0,30,60 --outline
            """)

    @OptionGroup var input: SceneOptions

    @Option(name: [.short, .long], help: ArgumentHelp("Output PNG file (default: SCENE-sheet.png).", valueName: "file"))
    var output: String?

    @Option(help: ArgumentHelp("How many frames to show, spread evenly (default 12).", valueName: "n"))
    var count: Int?

    @Option(
        help: ArgumentHelp("Show these frames: comma-separated 0-based frame numbers, e.g. 0,30,60.", valueName: "list")
    )
    var frames: String?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Show these moments: comma-separated scene times in seconds, e.g. 0.5,1,2.2.", valueName: "list"))
    var at: String?

    @Flag(
        help:
            "Draw each layer's bounds (as transformed, 3D included), anchor point and name over the frames; a colour per depth, dashed when its opacity is 0."
    )
    var outline = false

    @Option(help: ArgumentHelp("Frames per row.", valueName: "c"))
    var columns = 4

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Pixels per point of each frame (default: frames at most 480 pixels wide).", valueName: "s"))
    var scale: Double?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Frames per second for numbering frames (default: the scene's canvas.fps).", valueName: "n"))
    var fps: Double?

    @Flag(name: [.customShort("y"), .long], help: "Replace the output even when it is read-only (ffmpeg's -y).")
    var force = false

    /// Declared last so `--help` lists the everyday options first.
    @OptionGroup var limits: LimitOptions

    func validate() throws {
        if [count != nil, frames != nil, at != nil].filter({ $0 }).count > 1 {
            throw ValidationError("Give one of --count, --frames and --at: they all choose the frames.")
        }
        if let count, !(1...1000).contains(count) { throw ValidationError("--count must be 1…1000, got \(count).") }
        _ = try picking()
        if !(1...100).contains(columns) { throw ValidationError("--columns must be 1…100, got \(columns).") }
        if let message = scale.flatMap(OptionRange.scale.refusal) ?? fps.flatMap(OptionRange.fps.refusal) {
            throw ValidationError(message)
        }
    }

    /// The frames the options choose (ranges are checked against the scene when it is loaded).
    func picking() throws -> SheetFrames {
        if let frames {
            return .frames(try Self.list(frames, option: "--frames") { Int($0).flatMap { $0 >= 0 ? $0 : nil } })
        }
        if let at {
            return .times(
                try Self.list(at, option: "--at") { Double($0).flatMap { $0.isFinite && $0 >= 0 ? $0 : nil } })
        }
        return .count(count ?? 12)
    }

    /// `0,30,60` read with `parse`, which returns nil for a value it does not take.
    static func list<T>(_ text: String, option: String, _ parse: (String) -> T?) throws -> [T] {
        let items = text.split(separator: ",", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        guard items.count <= SheetFrames.maximumTiles else {
            throw ValidationError("\(option): at most \(SheetFrames.maximumTiles) values.")
        }
        return try items.map { item in
            guard let value = parse(item) else {
                throw ValidationError(
                    "\(option) \(text): '\(item)' is not \(option == "--at" ? "a time ≥ 0 in seconds" : "a frame number ≥ 0")."
                )
            }
            return value
        }
    }

    func run() throws {
        let start = DispatchTime.now().uptimeNanoseconds
        if let output { try OutputNaming.requirePNG(output) }
        var options = try limits.renderOptions()
        (options.fps, options.scale) = (fps, scale)
        let loaded = try input.load(options)
        let canvas = loaded.sheetCanvas
        guard canvas.pixelWidth > 0, canvas.pixelHeight > 0 else {
            throw CommandFailure.invalid(
                "--scale \(JSONValue.format(canvas.scale)) makes the frames smaller than a pixel")
        }
        let sheet: PixelBuffer
        do {
            sheet = try loaded.sheet(
                try picking(), columns: columns, title: (input.scene as NSString).lastPathComponent, outline: outline)
        } catch let error as RenderJobError { throw CommandFailure(error) }

        let outputPath =
            output
            ?? OutputNaming.defaultOutput(for: input.scene, extension: "png")
            .replacingOccurrences(of: ".png", with: "-sheet.png")
        try OutputNaming.writePNG(sheet, to: outputPath, force: force)
        ProgressReporter.printWritten(
            outputPath, details: "\(sheet.width)×\(sheet.height) PNG contact sheet", since: start)
    }
}
