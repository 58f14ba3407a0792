import Foundation
import Testing

/// iOS 17 springs through the command line: a bad bounce is a located error (exit 2), and
/// `inspect --events` says when a spring settles.
@Suite("reel and perceptual springs")
struct PerceptualSpringCLITests {
    static func scene(bounce: String) -> String {
        """
        reel: 1
        canvas: { size: [100, 100], fps: 10, duration: 3 }
        layers:
          - { name: box, frame: [0, 0, 10, 10] }
        timeline:
          - at: 1
            add: { layer: box, key: s, animation: { class: spring, keyPath: position.x, toValue: 90, perceptualDuration: 0.5, bounce: \(bounce) } }
        """
    }

    @Test func aBadBounceIsALocatedErrorAndExits2() throws {
        let folder = try TemporaryFolder()
        let bad = try folder.write("bad.yaml", Self.scene(bounce: "2"))
        let result = try ReelProcess.run(["validate", bad])
        #expect(result.status == 2)
        #expect(result.stderr == "\(bad):7:127: error: bounce must be greater than -1 and at most 1, found 2\n")
    }

    @Test func inspectEventsGiveTheSettlingDuration() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("s.yaml", Self.scene(bounce: "0.3"))
        let result = try ReelProcess.run(["inspect", path, "--events"])
        #expect(result.status == 0)
        let first = try #require(result.stdout.split(separator: "\n").first)
        // The spring of (0.5, 0.3) is within 0.05 % of its target from 0.868 s on (the criterion
        // of CASpringAnimation.settlingDuration, on its 1 ms grid).
        #expect(
            first == #"{"time":1,"layer":"box","key":"s","event":"didStart","finished":null,"settlingDuration":0.868}"#)
    }
}
