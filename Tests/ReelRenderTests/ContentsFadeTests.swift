import Foundation
import Testing

@testable import ReelCore
@testable import ReelRender

/// Animations of `contents` cross-dissolve the old image into the new one, as Core Animation's do.
@Suite("Contents cross-dissolve")
struct ContentsFadeTests {
    static let red = solid(255, 0, 0), blue = solid(0, 0, 255), green = solid(0, 255, 0)

    static func solid(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> CGImage {
        let p = PixelBuffer(width: 8, height: 8)
        for y in 0..<8 {
            let row = (p.baseAddress + y * p.stride).assumingMemoryBound(to: UInt8.self)
            for x in 0..<8 { (row[4 * x], row[4 * x + 1], row[4 * x + 2], row[4 * x + 3]) = (b, g, r, 255) }
        }
        return CGImage(pixels: p)
    }

    /// A black 40×40 canvas with one layer filled by `image`.
    static func scene(_ image: CGImage?) -> (Scene, CALayer) {
        let scene = Scene(canvas: Canvas(size: CGSize(width: 40, height: 40), fps: 10, duration: 3, background: .black))
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        layer.name = "image"
        layer.contents = image
        scene.rootLayer.addSublayer(layer)
        return (scene, layer)
    }

    /// Whether the pixel at the centre of `scene` at `t` is within 2 of `expected` (RGBA).
    func centre(
        _ scene: Scene, at t: Double, is expected: [Int], _ comment: String = "",
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let c = try renderScene(scene, at: t).color(20, 20)
        #expect(near(c, expected), "\(c) at \(t) s \(comment)", sourceLocation: sourceLocation)
    }

    @Test func settingContentsDissolvesOverTheTransaction() throws {
        let (scene, layer) = Self.scene(Self.red)
        scene.at(1) {
            CATransaction.setAnimationDuration(1)
            CATransaction.setAnimationTimingFunction(.linear)
            layer.contents = Self.blue
        }
        try centre(scene, at: 0.9, is: [255, 0, 0, 255])
        try centre(scene, at: 1.25, is: [191, 0, 64, 255], "a quarter of the way")
        try centre(scene, at: 1.5, is: [128, 0, 128, 255], "half-way, and opaque throughout")
        try centre(scene, at: 2, is: [0, 0, 255, 255])
        let timeline = try scene.compile()
        let state = try #require(timeline.presentation(at: 1.5, layerNamed: "image")?.state)
        #expect(
            state.contents === Self.blue && state.contentsFade?.from === Self.red && state.contentsFade?.progress == 0.5
        )
    }

    @Test func anExplicitAnimationDissolvesFromValueToToValue() throws {
        let (scene, layer) = Self.scene(Self.red)
        let fade = CABasicAnimation(keyPath: "contents")
        fade.fromValue = Self.green
        fade.toValue = Self.blue
        fade.duration = 2
        fade.timingFunction = CAMediaTimingFunction(name: .linear)
        scene.at(0) { layer.add(fade, forKey: "fade") }
        try centre(scene, at: 0.5, is: [0, 191, 64, 255])
        try centre(scene, at: 2.5, is: [255, 0, 0, 255], "removed on completion: the model image")
    }

    @Test func edgesOffThePixelGridKeepTheirCoverage() throws {
        // Two different images of one colour: half-way through the dissolve the frame must be
        // what either image alone draws, antialiased edges included.
        let scene = Scene(canvas: Canvas(size: CGSize(width: 40, height: 40), fps: 10, duration: 3, background: .black))
        let layer = CALayer()
        layer.frame = CGRect(x: 10.5, y: 10.25, width: 19.5, height: 20.5)
        layer.contents = Self.solid(255, 0, 0)
        scene.rootLayer.addSublayer(layer)
        scene.at(1) {
            CATransaction.setAnimationTimingFunction(.linear)
            layer.contents = Self.solid(255, 0, 0)
        }
        let still = try renderScene(scene, at: 0.5), fading = try renderScene(scene, at: 1.125)
        var worst = 0
        for y in 0..<40 {
            for x in 0..<40 {
                worst = max(worst, zip(still.color(x, y), fading.color(x, y)).map { abs($0 - $1) }.max()!)
            }
        }
        #expect(still.color(10, 20)[0] > 60 && still.color(10, 20)[0] < 200, "the left edge is a half-covered pixel")
        #expect(worst <= 1, "largest difference \(worst)")
    }

    @Test func toNothingFadesOut() throws {
        let (scene, layer) = Self.scene(Self.red)
        scene.at(1) {
            CATransaction.setAnimationTimingFunction(.linear)
            layer.contents = nil
        }
        try centre(scene, at: 1.125, is: [128, 0, 0, 255], "red at half strength over black")
        try centre(scene, at: 1.5, is: [0, 0, 0, 255])
    }

    @Test func aNullActionSwitchesAtOnce() throws {
        let (scene, layer) = Self.scene(Self.red)
        layer.actions = ["contents": NSNull()]
        scene.at(1) { layer.contents = Self.blue }
        try centre(scene, at: 1.1, is: [0, 0, 255, 255])
    }

    /// A CATransition in `actions` for `contents` (the classic way to change an image with a
    /// push): half-way through a push from the right, the old image fills the left half of the
    /// layer and the new one the right half.
    @Test func aTransitionActionPushesTheNewImageIn() throws {
        let (scene, layer) = Self.scene(Self.red)
        let push = CATransition()
        push.type = .push
        push.subtype = .fromRight
        push.duration = 2
        push.timingFunction = CAMediaTimingFunction(name: .linear)
        layer.actions = ["contents": push]
        scene.at(1) { layer.contents = Self.blue }
        let b = try renderScene(scene, at: 2)
        #expect(near(b.color(10, 20), [255, 0, 0, 255]), "old on the left: \(b.color(10, 20))")
        #expect(near(b.color(30, 20), [0, 0, 255, 255]), "new on the right: \(b.color(30, 20))")
        try centre(scene, at: 3, is: [0, 0, 255, 255])
    }
}
