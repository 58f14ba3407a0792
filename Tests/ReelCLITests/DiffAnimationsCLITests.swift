import Foundation
import ReelTestSupport
import Testing

/// `reel diff A.yaml B.yaml`: what changed in the animations, beside the pixel verdict.
@Suite("reel diff: animation changes")
struct DiffAnimationsCLITests {
    @Test func aChangedDurationAndTimingFunctionAreListedInTextAndJSON() throws {
        let folder = try TemporaryFolder()
        let a = try folder.write("a.yaml", DiffCLITests.scene)
        let b = try folder.write(
            "b.yaml",
            DiffCLITests.scene.replacingOccurrences(
                of: "duration: 1.5 } }", with: "duration: 1, timingFunction: easeOut } }"))
        let text = try ReelProcess.run(["diff", a, b, "--quiet"])
        #expect(text.status == 1, "\(text.stderr)")
        #expect(
            text.stdout.contains(
                "animations: 1 changed\n  box position.x “move”:\n    duration: 1.5 s → 1 s\n    timingFunction: linear → easeOut\n"
            ),
            "\(text.stdout)")
        let json = try DiffCLITests.json(try ReelProcess.run(["diff", a, b, "--quiet", "--json"]).stdout)
        let changes = try #require(json["animations"] as? [[String: Any]])
        #expect(
            changes.count == 1 && changes[0]["layer"] as? String == "box"
                && changes[0]["change"] as? String == "changed")
        let fields = try #require(changes[0]["fields"] as? [[String: String]])
        #expect(
            fields == [
                ["name": "duration", "a": "1.5 s", "b": "1 s"],
                ["name": "timingFunction", "a": "linear", "b": "easeOut"]
            ])
    }
}
