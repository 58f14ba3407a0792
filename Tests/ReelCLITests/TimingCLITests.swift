import Foundation
import Testing

/// `reel inspect` is a window onto the same evaluator the unit tests check: the numbers here
/// are the ones KeyframeTests and LayerTimingTests assert.
@Suite("reel inspect: timing")
struct TimingCLITests {
    static let scene = """
        reel: 1
        canvas: { size: [200, 100], fps: 10, duration: 8 }
        layers:
          - { name: box, position: [50, 50], bounds: [0, 0, 20, 20] }
          - { name: pacer, position: [50, 50], bounds: [0, 0, 20, 20] }
        timeline:
          - at: 0
            add:
              - { layer: box, key: x, animation: { keyPath: position.x, fromValue: 0, toValue: 100, duration: 4 } }
              - { layer: pacer, key: p, animation: { class: keyframe, keyPath: position, values: [[0, 0], [100, 0], [100, 300]],
                  calculationMode: paced, duration: 4 } }
          - at: 1
            pause: [box]
          - at: 3
            resume: [box]
        """

    func position(_ layer: String, at t: String) throws -> [Double] {
        let folder = try TemporaryFolder()
        let path = try folder.write("t.yaml", Self.scene)
        let result = try ReelProcess.run(["inspect", path, "--at", t, "--layer", layer])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        return try #require(json["position"] as? [Double])
    }

    @Test func pausedLayerAndPacedKeyframes() throws {
        #expect(try position("box", at: "2") == [25, 50], "paused at 1 s: a quarter of the way")
        #expect(try position("box", at: "4") == [50, 50], "resumed at 3 s: half-way at 4 s")
        #expect(try position("pacer", at: "1") == [100, 0], "constant speed: the short segment takes a quarter")
        #expect(try position("pacer", at: "2.5") == [100, 150])
    }

    @Test func eventsMoveWithThePause() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("t.yaml", Self.scene)
        let result = try ReelProcess.run(["inspect", path, "--events"])
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains(#"{"time":6,"layer":"box","key":"x","event":"didStop","finished":true}"#), "\(lines)")
        #expect(lines.contains(#"{"time":4,"layer":"pacer","key":"p","event":"didStop","finished":true}"#))
    }
}
