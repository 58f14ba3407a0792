import Foundation
import ReelTestSupport
import Testing

/// Options as SCENE-FORMAT.md §8 spells them, and clear refusals of what they cannot mean.
@Suite("reel options")
struct OptionsCLITests {
    static let scene = """
        reel: 1
        canvas: { size: [160, 90], fps: 30, duration: 1 }
        layers:
          - { name: box, frame: [10, 10, 40, 40], backgroundColor: red }
        """

    @Test(.enabled(if: MediaTools.available, "needs ffprobe"))
    func shortRIsFps() throws {
        let folder = try TemporaryFolder()
        let out = try ReelProcess.render(Self.scene, "r.mp4", ["-r", "24"], in: folder)
        let probe = try StreamProbe.read(out)
        #expect(probe.frameRate == "24/1" && probe.frames == 24)
        #expect(folder.contents == ["r.mp4", "scene.yaml"], "nothing else left behind")
    }

    @Test(arguments: [
        ["render", "--fps", "-5"], ["render", "--scale", "-1"], ["still", "--at", "-1"], ["render", "--threads", "-2"]
    ])
    func negativeNumbersGetTheRangeErrorNotMissingValue(arguments: [String]) throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("s.yaml", Self.scene)
        let result = try ReelProcess.run(
            [arguments[0], scene] + arguments.dropFirst() + ["-o", folder.url.appendingPathComponent("x.png").path])
        #expect(result.status == 2)
        #expect(result.stderr.contains(arguments[1]) && result.stderr.contains("must"), "\(result.stderr)")
        #expect(!result.stderr.contains("Missing value"), "\(result.stderr)")
        #expect(folder.contents == ["s.yaml"])
    }

    @Test(arguments: [
        ["still", "--at", "0.5", "-o", "frame.jpg"], ["still", "--frame", "3", "-o", "frame.mp4"],
        ["sheet", "-o", "sheet.gif"]
    ])
    func stillsAndSheetsRefuseANonPNGName(arguments: [String]) throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("s.yaml", Self.scene)
        let result = try ReelProcess.run([arguments[0], scene] + arguments.dropFirst(), in: folder.url)
        #expect(result.status == 2)
        #expect(result.stderr.contains("ending in .png"), "\(result.stderr)")
        #expect(folder.contents == ["s.yaml"], "nothing written: \(folder.contents)")
    }

    @Test(.enabled(if: MediaTools.available, "needs ffprobe"))
    func gifRatesWrittenRoundedMeanTheirHundredths() throws {
        let folder = try TemporaryFolder()
        let out = try ReelProcess.render(Self.scene, "g.gif", ["--fps", "33.33"], in: folder)
        #expect(try StreamProbe.read(out).frameRate == "100/3")
        #expect(folder.contents == ["g.gif", "scene.yaml"], "nothing else left behind")
    }

    @Test func summarySaysOneFrame() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("s.yaml", Self.scene)
        let result = try ReelProcess.run([
            "render", scene, "-o", folder.url.appendingPathComponent("one-%04d.png").path, "--frames", "5"
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout.contains(": 1 frame, ") || result.stderr.contains(": 1 frame, "),
            "\(result.stdout)\(result.stderr)")
    }
}
