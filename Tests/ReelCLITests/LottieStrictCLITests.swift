import Foundation
import ReelTestSupport
import Testing

/// `--strict`: what Reel cannot map of a Lottie is an error (exit 2) on every command that takes
/// a scene, where it is otherwise a warning and the animation is drawn without it.
@Suite("reel --strict and Lottie files")
struct LottieStrictCLITests {
    /// A Lottie whose one shape layer has merge paths, which Reel does not map yet.
    static let merged = """
        {"v": "5.7.4", "fr": 10, "ip": 0, "op": 10, "w": 40, "h": 40, "layers": [
         {"ty": 4, "nm": "a", "ip": 0, "op": 10, "ks": {}, "shapes": [{"ty": "mm", "mm": 1}]}]}
        """

    @Test func withoutStrictTheWarningIsPrintedAndTheFileIsValid() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("merged.json", Self.merged)
        let result = try ReelProcess.run(["validate", path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stderr.contains("merged.json:2:63: warning: layers[0].shapes[0]: merge paths"), "\(result.stderr)")
    }

    @Test(arguments: [["validate"], ["still", "--at", "0"], ["render"], ["timing"], ["inspect", "--at", "0"]])
    func strictMakesItAnErrorWithExitStatus2(command: [String]) throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("merged.json", Self.merged)
        let output =
            ["still", "render"].contains(command[0])
            ? ["-o", folder.url.appendingPathComponent("out").path + (command[0] == "still" ? ".png" : ".mp4")] : []
        let result = try ReelProcess.run(command + [path, "--strict"] + output)
        #expect(result.status == 2, "\(command): \(result.stderr)")
        #expect(
            result.stderr.contains("merged.json:2:63: error: layers[0].shapes[0]: merge paths")
                && result.stderr.contains("(--strict)"), "\(command): \(result.stderr)")
    }
}
