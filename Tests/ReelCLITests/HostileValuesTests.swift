import Foundation
import ReelTestSupport
import Testing

/// Huge and non-finite numbers against every command: scenes whose values are at the decoder's
/// limits or overflow to infinity through layout, and command-line options of NaN, ±∞ and
/// ±1e308. Whatever a command makes of them, it ends with 0, 1 or 2 (never a trap: a Double
/// turned into an Int must saturate), says why when it refuses, and stays under 600 MB.
@Suite("Hostile values")
struct HostileValuesTests {
    static let header = "reel: 1\ncanvas: { size: [64, 48], fps: 10, duration: 0.3, background: black }\n"

    /// A chain of layers, each twice as wide as the last by a constraint at the decoder's limits
    /// (scale 1000000): the 60th is wider than any Double, so its bounds become infinite while
    /// every number in the file is valid.
    static var overflowingLayout: String {
        var layers = "  - name: l0\n    bounds: [0, 0, 1000000, 10]\n    backgroundColor: red\n"
        for i in 1..<60 {
            layers += """
                  - name: l\(i)
                    bounds: [0, 0, 10, 10]
                    backgroundColor: blue
                    constraints:
                      - { attribute: width, relativeTo: l\(i - 1), attribute2: width, scale: 1000000 }
                      - { attribute: minX, relativeTo: superlayer, attribute2: minX }

                """
        }
        return header + "layers:\n  - name: stack\n    frame: [0, 0, 64, 48]\n    layoutManager: constraints\n"
            + "    sublayers:\n" + layers.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n") + "\n"
    }

    /// Every value at the decoder's limits at once, animated.
    static let atTheLimits =
        header + """
            layers:
              - { name: big, class: shape, position: [1000000, -1000000], bounds: [0, 0, 1000000, 1000000],
                  path: "M-1000000 -1000000 L1000000 1000000", strokeColor: red, lineWidth: 1000,
                  transform: { scale: [1000000, 1000000] } }
            timeline:
              - at: 0
                add: { layer: big, animation: { keyPath: position.x, fromValue: -1000000, toValue: 1000000, duration: 0.3 } }

            """

    /// A run's verdict: ended by itself with 0, 1 or 2, with a message when it refused, under 600 MB.
    static func expectSane(
        _ run: HostileSceneTests.Measured, _ what: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(!run.hung, "\(what) hung", sourceLocation: sourceLocation)
        #expect(
            [0, 1, 2].contains(run.status), "\(what): status \(run.status), \(run.stderr)",
            sourceLocation: sourceLocation)
        if run.status != 0 {
            #expect(run.stderr.contains("rror"), "\(what) says why: \(run.stderr)", sourceLocation: sourceLocation)
        }
        #expect((run.peakKB ?? 0) < 600_000, "\(what) peaked at \(run.peakKB ?? 0) KB", sourceLocation: sourceLocation)
    }

    /// The commands that read a scene, with an output in `folder` where they write one, looking
    /// at `layer` where they can.
    static func commands(_ scene: String, layer: String, in folder: TemporaryFolder) -> [[String]] {
        let out = { (name: String) in folder.url.appendingPathComponent(name).path }
        return [
            ["validate", scene],
            ["render", scene, "-o", out("out.mp4"), "--quiet"],
            ["still", scene, "--at", "0.2", "-o", out("still.png")],
            ["sheet", scene, "-o", out("sheet.png")],
            ["inspect", scene, "--at", "0.2", "--layer", layer],
            ["plot", scene, "--layer", layer, "--key", "bounds", "--key", "position", "-o", out("plot.svg")],
            ["plot", scene, "--layer", layer, "--key", "bounds.size.width", "-o", out("plot.png")],
            ["timing", scene, "-o", out("timing.svg")],
            ["diff", scene, scene, "--quiet"]
        ]
    }

    @Test(arguments: ["overflowing-layout", "at-the-limits"])
    func everyCommandCopesWithTheScene(_ name: String) throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write(
            "\(name).yaml", name == "overflowing-layout" ? Self.overflowingLayout : Self.atTheLimits)
        let validated = try HostileSceneTests.measure(["validate", scene])
        try #require(validated.status == 0, "the scene is valid: \(validated.stderr)")
        // l59: the layer whose bounds overflowed.
        for arguments in Self.commands(scene, layer: name == "overflowing-layout" ? "l59" : "big", in: folder) {
            let run = try HostileSceneTests.measure(arguments)
            Self.expectSane(run, arguments.joined(separator: " "))
            // Valid scenes: every command does its work.
            #expect(run.status == 0, "\(arguments[0]): \(run.stderr)")
        }
    }

    static let hostileNumbers = ["nan", "inf", "-inf", "1e308", "-1e308", "-1", "0"]

    /// A command's number option: how a value is written (`block=VALUE` for diff's
    /// tolerance), the output it writes (nil: none) and the options it needs besides.
    struct NumberOption: Sendable, CustomStringConvertible {
        var command: String, option: String, prefix = "", output: String?, extra: [String] = []
        var description: String { "\(command) \(option) \(prefix)" }
    }

    static let numberOptions: [NumberOption] = [
        .init(command: "still", option: "--at", output: "png"),
        .init(command: "still", option: "--scale", output: "png"),
        .init(command: "sheet", option: "--scale", output: "png"),
        .init(command: "sheet", option: "--fps", output: "png"),
        .init(command: "inspect", option: "--at", output: nil),
        .init(command: "plot", option: "--scale", output: "png", extra: ["--layer", "big", "--key", "position"]),
        .init(command: "timing", option: "--scale", output: "png"),
        .init(command: "render", option: "--fps", output: "mp4", extra: ["--quiet"]),
        .init(command: "render", option: "--scale", output: "mp4", extra: ["--quiet"]),
        .init(command: "render", option: "--chunk-seconds", output: "mp4", extra: ["--quiet"]),
        .init(command: "batch", option: "--timeout", output: "", extra: ["--quiet"]),
        .init(command: "diff", option: "--tolerance", prefix: "psnr=", output: nil),
        .init(command: "diff", option: "--tolerance", prefix: "block=", output: nil)
    ]

    @Test(arguments: numberOptions)
    func numberOptionsRefuseOrCope(_ number: NumberOption) throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("scene.yaml", Self.atTheLimits)
        for value in Self.hostileNumbers {
            var arguments = [number.command, scene] + (number.command == "diff" ? [scene] : [])
            arguments += [number.option, number.prefix + value] + number.extra
            if let output = number.output {
                // batch: the output folder; the others: a file.
                arguments += ["-o", folder.url.appendingPathComponent(output.isEmpty ? "out" : "out.\(output)").path]
            }
            let run = try HostileSceneTests.measure(arguments)
            Self.expectSane(run, arguments.dropFirst(2).joined(separator: " ") + " (\(number.command))")
            if ["nan", "inf", "-inf"].contains(value) {
                #expect(run.status == 2, "\(number) \(value) is refused: \(run.stderr)")
            }
        }
    }
}
