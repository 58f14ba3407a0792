import Foundation
import ReelCore
import ReelScene
import Testing

/// 3D layers (`ddd: 1`) as lottie-ios's Core Animation engine draws them: flat, turned by their
/// z rotation; only rotations off the screen's plane, which it does not support, are warned about.
@Suite struct LottieThreeDTests {
    func layer(rx: String = "0", orientation: String = "[0, 0, 0]") -> String {
        let ks = """
            {"rx": {"a": 0, "k": \(rx)}, "ry": {"a": 0, "k": 0}, "rz": {"a": 0, "k": 90},
             "or": {"a": 0, "k": \(orientation)}, "p": {"a": 0, "k": [100, 100, 0]}, "a": {"a": 0, "k": [0, 0, 0]}}
            """
        // A bar 80 wide and 20 high to the right of the position, before the rotation.
        let bar = """
            {"ty": "rc", "p": {"a": 0, "k": [40, 0]}, "s": {"a": 0, "k": [80, 20]}, "r": {"a": 0, "k": 0}},
            {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}}
            """
        return shapeLayer("bar", shapes: bar, ks: ks, extra: #", "ddd": 1"#)
    }

    @Test func aFlat3DLayerIsNoWarningAndTurnsByItsZRotation() throws {
        let text = lottie(layer())
        #expect(try loadLottie(text).warnings.isEmpty)
        // rz 90 (clockwise on screen) turns the bar to point down from (100, 100).
        let frame = try render(text, at: 0)
        #expect(isColor(frame, 100, 160, [255, 0, 0]))
        #expect(frame.rgba(x: 160, y: 100).a == 0)
    }

    @Test func aRotationOffThePlaneIsALocatedWarning() throws {
        let warnings = try loadLottie(lottie(layer(rx: "30", orientation: "[0, 45, 0]"))).warnings.map(\.message)
        #expect(
            warnings == [
                "layers[0].ks: 3D rotation ('rx') is not supported; drawn without it",
                "layers[0].ks: 3D rotation ('or') is not supported; drawn without it"
            ], "\(warnings)")
    }

    @Test func aCameraIsANullLayerThatLendsItsTransform() throws {
        // lottie-ios reads a camera (ty 13) as a null layer: its children move with it, nothing
        // of it is drawn, and there is no perspective.
        let camera = #"{"ty": 13, "nm": "Camera", "ind": 1, "ip": 0, "op": 30, "ks": {"p": {"a": 0, "k": [50, 0, 0]}}}"#
        let child = shapeLayer(
            "child", shapes: square(x: 50, y: 100, side: 20, rgb: [1, 0, 0]), extra: #", "parent": 1"#)
        let text = lottie(camera + "," + child)
        let warnings = try loadLottie(text).warnings.map(\.message)
        #expect(
            warnings == ["layers[0]: cameras are drawn as null layers, as lottie-ios draws them: without perspective"])
        let frame = try render(text, at: 0)
        #expect(isColor(frame, 100, 100, [255, 0, 0]))
        #expect(frame.rgba(x: 50, y: 100).a == 0)
    }
}
