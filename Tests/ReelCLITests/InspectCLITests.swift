import Foundation
import Testing

@Suite("reel inspect / validate / usage")
struct InspectCLITests {
    static let scene = """
        reel: 1
        canvas: { size: [200, 100], fps: 10, duration: 6 }
        layers:
          - { name: box, position: [50, 50], bounds: [0, 0, 20, 20], backgroundColor: red }
        timeline:
          - at: 1
            add: { layer: box, key: move, animation: { keyPath: position, fromValue: [0, 0], toValue: [100, 40], duration: 4 } }
          - on: { layer: box, key: move, event: didStop }
            disableActions: true
            set: { box: { opacity: 0.5 } }
        """

    func inspect(_ args: [String]) throws -> (ReelProcess.Result, [String: Any]) {
        let folder = try TemporaryFolder()
        let path = try folder.write("s.yaml", Self.scene)
        let result = try ReelProcess.run(["inspect", path] + args)
        let json = (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))) as? [String: Any] ?? [:]
        return (result, json)
    }

    @Test func presentationAtTheMidpointOfALinearAnimation() throws {
        let (result, json) = try inspect(["--at", "3", "--layer", "box"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(json["position"] as? [Double] == [50, 20])
        #expect(json["animationKeys"] as? [String] == ["move"])
        #expect(json["backgroundColor"] as? [Double] == [1, 0, 0, 1])
        #expect(json["bounds"] as? [Double] == [0, 0, 20, 20])
        #expect((json["transform"] as? [Double])?.count == 16)
        #expect(json["class"] as? String == "CALayer")
    }

    /// frame is the transformed bounds' box (a 100 × 50 layer scaled 2× about its centre at
    /// (200, 300) spans (100, 250, 200, 100)); `set: frame` under that scale solves for the bounds.
    @Test func frameIsTheBoxOfTheTransformedBounds() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(
            "f.yaml",
            """
            reel: 1
            canvas: { size: [400, 400], duration: 2 }
            layers:
              - { name: card, position: [200, 300], bounds: [0, 0, 100, 50], transform: [{ scale: 2 }] }
            timeline:
              - at: 1
                disableActions: true
                set: { card: { frame: [0, 0, 100, 100] } }
            """)
        func json(at t: String) throws -> [String: Any] {
            let result = try ReelProcess.run(["inspect", path, "--at", t, "--layer", "card"])
            #expect(result.status == 0, "\(result.stderr)")
            return (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))) as? [String: Any] ?? [:]
        }
        #expect(try json(at: "0")["frame"] as? [Double] == [100, 250, 200, 100])
        let after = try json(at: "1.5")
        #expect(after["frame"] as? [Double] == [0, 0, 100, 100])
        #expect(after["bounds"] as? [Double] == [0, 0, 50, 50])
        #expect(after["position"] as? [Double] == [50, 50])
    }

    @Test func modelValueAfterANonFilledAnimationEnds() throws {
        let (result, json) = try inspect(["--at", "5.5", "--layer", "box"])
        #expect(result.status == 0)
        #expect(json["position"] as? [Double] == [50, 50])
        #expect(json["animationKeys"] as? [String] == [])
        #expect(json["opacity"] as? Double == 0.5, "set by the didStop handler at 5 s")
    }

    @Test func wholeTreeHasTheRootAndItsSublayers() throws {
        let (result, json) = try inspect(["--at", "0"])
        #expect(result.status == 0)
        #expect(json["name"] as? String == "root")
        #expect(json["bounds"] as? [Double] == [0, 0, 200, 100])
        let sublayers = try #require(json["sublayers"] as? [[String: Any]])
        #expect(sublayers.map { $0["name"] as? String } == ["box"])
    }

    @Test func eventsAreJSONLines() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("s.yaml", Self.scene)
        let result = try ReelProcess.run(["inspect", path, "--events"])
        #expect(result.status == 0)
        #expect(
            result.stdout == """
                {"time":1,"layer":"box","key":"move","event":"didStart","finished":null}
                {"time":5,"layer":"box","key":"move","event":"didStop","finished":true}

                """)
    }

    @Test func unknownLayerIsInvalidInput() throws {
        let (result, _) = try inspect(["--at", "1", "--layer", "bx"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("unknown layer 'bx' (did you mean 'box'?)"), "\(result.stderr)")
    }

    @Test func validateReportsEachFile() throws {
        let folder = try TemporaryFolder()
        let good = try folder.write("good.yaml", Self.scene)
        let bad = try folder.write(
            "bad.json", #"{"reel": 1, "canvas": {"size": [10, 10], "duration": -1}, "layers": []}"#)
        let result = try ReelProcess.run(["validate", good, bad])
        #expect(result.status == 2)
        #expect(result.stdout.contains("\(good): ok"))
        #expect(result.stderr.contains("\(bad):1:"), "\(result.stderr)")
        #expect(result.stderr.contains("canvas duration must be greater than 0"), "\(result.stderr)")
    }

    @Test func usageMistakesAreInvalidInputAndHelpSucceeds() throws {
        #expect(try ReelProcess.run(["render"]).status == 2)
        #expect(try ReelProcess.run(["still", "x.yaml"]).status == 2)
        #expect(try ReelProcess.run(["render", "--no-such-flag", "x.yaml"]).status == 2)
        let help = try ReelProcess.run(["render", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("--crf"))
        let missing = try ReelProcess.run(["render", "/nonexistent/scene.yaml"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("/nonexistent/scene.yaml:1:1: error: no such file"), "\(missing.stderr)")
    }
}
