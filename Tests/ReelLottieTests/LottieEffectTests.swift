import Foundation
import ReelCore
import ReelScene
import Testing

/// Drop shadows (effect `ty: 25`, layer style `ty: 1`) as the layer's shadow. After Effects'
/// drop shadow direction is a compass bearing (0° casts the shadow straight up, 90° to the
/// right, 180° straight down); its opacity runs to 255; the style's opacity is a percentage.
@Suite struct LottieEffectTests {
    /// A drop shadow effect with the given values (JSON numbers or keyframed properties).
    func dropShadow(direction: String, distance: String, opacity: String = "255", softness: String = "0") -> String {
        """
        "ef": [{"ty": 25, "nm": "Drop Shadow", "en": 1, "ef": [
          {"ty": 2, "nm": "Shadow Color", "v": {"a": 0, "k": [0, 0, 1, 1]}},
          {"ty": 0, "nm": "Opacity", "v": {"a": 0, "k": \(opacity)}},
          {"ty": 0, "nm": "Direction", "v": {"a": 0, "k": \(direction)}},
          {"ty": 0, "nm": "Distance", "v": \(distance)},
          {"ty": 0, "nm": "Softness", "v": {"a": 0, "k": \(softness)}}]}]
        """
    }

    func shadowed(_ effect: String) throws -> Timeline {
        let layer = shapeLayer(
            "box", shapes: square(x: 50, y: 50, side: 40, rgb: [1, 0, 0]), extra: ", " + effect)
        return try loadLottie(lottie(layer)).scene.compile()
    }

    @Test(arguments: [(0.0, 0.0, -10.0), (90, 10, 0), (180, 0, 10), (135, 7.0710678, 7.0710678)])
    func theDirectionAndDistanceGiveTheOffset(direction: Double, dx: Double, dy: Double) throws {
        let timeline = try shadowed(dropShadow(direction: "\(direction)", distance: #"{"a": 0, "k": 10}"#))
        let state = try #require(timeline.presentation(at: 0, layerNamed: "box")).state
        #expect(
            abs(state.shadowOffset.width - dx) < 1e-6 && abs(state.shadowOffset.height - dy) < 1e-6,
            "\(state.shadowOffset)")
    }

    @Test func colourOpacityAndSoftnessMapToTheShadow() throws {
        let timeline = try shadowed(
            dropShadow(direction: "180", distance: #"{"a": 0, "k": 10}"#, opacity: "127.5", softness: "20"))
        let state = try #require(timeline.presentation(at: 0, layerNamed: "box")).state
        #expect(abs(state.shadowOpacity - 0.5) < 1e-6)
        // lottie-ios: softness / 5 as Core Animation's radius.
        #expect(state.shadowRadius == 4)
        #expect(state.shadowColor == CGColor(red: 0, green: 0, blue: 1))
    }

    @Test func anAnimatedDistanceMovesTheShadow() throws {
        // From 0 to 20 points over frames 0…20 (2 s at 10 fps), linearly, towards the right.
        let distance = #"{"a": 1, "k": [{"t": 0, "s": [0]}, {"t": 20, "s": [20]}]}"#
        let timeline = try shadowed(dropShadow(direction: "90", distance: distance))
        let offset = try #require(timeline.presentation(at: 1, layerNamed: "box")).state.shadowOffset
        #expect(abs(offset.width - 10) < 1e-6 && abs(offset.height) < 1e-6, "\(offset)")
    }

    @Test func theShadowIsDrawnAtItsOffset() throws {
        // The square covers 30…70; an opaque blue shadow 30 points down covers 70…100 below it.
        let layer = shapeLayer(
            "box", shapes: square(x: 50, y: 50, side: 40, rgb: [1, 0, 0]),
            extra: ", " + dropShadow(direction: "180", distance: #"{"a": 0, "k": 30}"#))
        let frame = try render(lottie(layer), at: 0)
        #expect(isColor(frame, 50, 50, [255, 0, 0]))
        #expect(isColor(frame, 50, 85, [0, 0, 255]))
        #expect(frame.rgba(x: 50, y: 105).a < 30)
    }

    @Test func aDropShadowStyleHasAPercentOpacity() throws {
        let style =
            #""sy": [{"ty": 1, "c": {"a": 0, "k": [0, 0, 0, 1]}, "o": {"a": 0, "k": 50}, "a": {"a": 0, "k": 90}, "s": {"a": 0, "k": 8}, "d": {"a": 0, "k": 6}}]"#
        let state = try #require(try shadowed(style).presentation(at: 0, layerNamed: "box")).state
        #expect(abs(state.shadowOpacity - 0.5) < 1e-6)
        // lottie-ios: half the style's size as the radius; its angle as the offset's.
        #expect(state.shadowRadius == 4)
        #expect(abs(state.shadowOffset.width) < 1e-6 && abs(state.shadowOffset.height - 6) < 1e-6)
    }
}
