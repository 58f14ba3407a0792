import Foundation
import ReelCore
import ReelRender
import ReelScene
import Testing

/// Drawing of CALayer properties, checked at chosen pixels (what the rule means) and against
/// golden frames (everything else in the picture).
@Suite("Layer drawing")
struct LayerDrawingTests {
    func render(_ yaml: String, at t: Double = 0) throws -> PixelBuffer { try renderScene(yaml, at: t) }

    static let red = [255, 0, 0, 255], blue = [0, 0, 255, 255], white = [255, 255, 255, 255], black = [0, 0, 0, 255]

    @Test func anchorPointPlacesTheLayer() throws {
        // anchorPoint (0, 0) at position (10, 10): the layer covers 10…30.
        let b = try render("""
            reel: 1
            canvas: { size: [60, 40], duration: 1, background: black }
            layers:
              - { anchorPoint: [0, 0], position: [10, 10], bounds: [0, 0, 20, 20], backgroundColor: red }
            """)
        #expect(b.color(11, 11) == Self.red)
        #expect(b.color(29, 29) == Self.red)
        #expect(b.color(31, 15) == Self.black)
        #expect(b.color(9, 15) == Self.black)
    }

    @Test func rotationHappensAboutTheAnchorPoint() throws {
        // A 10×40 bar hanging from its top centre at (50, 10), turned 90° clockwise: it now
        // points left, covering x 10…50 around y 10.
        let b = try render("""
            reel: 1
            canvas: { size: [100, 60], duration: 1, background: black }
            layers:
              - { anchorPoint: [0.5, 0], position: [50, 10], bounds: [0, 0, 10, 40], backgroundColor: white,
                  transform: [{rotate: 90deg}] }
            """)
        #expect(b.color(15, 10) == Self.white)
        #expect(b.color(45, 12) == Self.white)
        #expect(b.color(55, 10) == Self.black)
        #expect(b.color(50, 40) == Self.black)
        try Golden.check(b, "anchor-rotation")
    }

    @Test func opacityAppliesToTheSubtreeAsAGroup() throws {
        // Two overlapping opaque children inside a 50 % parent: the overlap shows only the top
        // child at 50 %, not the two blended.
        let b = try render("""
            reel: 1
            canvas: { size: [100, 60], duration: 1, background: black }
            layers:
              - frame: [0, 0, 100, 60]
                opacity: 0.5
                sublayers:
                  - { frame: [10, 10, 50, 40], backgroundColor: red }
                  - { frame: [40, 10, 50, 40], backgroundColor: blue }
            """)
        #expect(near(b.color(20, 30), [128, 0, 0, 255]))
        #expect(near(b.color(50, 30), [0, 0, 128, 255]), "overlap: blue at 50 % over black, no red")
        #expect(near(b.color(80, 30), [0, 0, 128, 255]))
    }

    @Test func roundedCornersBordersAndClipping() throws {
        let b = try render("""
            reel: 1
            canvas: { size: [120, 80], duration: 1, background: black }
            layers:
              - frame: [10, 10, 100, 60]
                backgroundColor: red
                cornerRadius: 20
                borderWidth: 4
                borderColor: white
                masksToBounds: true
                sublayers:
                  - { frame: [-20, -20, 60, 60], backgroundColor: blue }
            """)
        #expect(b.color(11, 11) == Self.black, "outside the rounded corner")
        #expect(b.color(60, 11) == Self.white, "border along the top edge, inside the bounds")
        #expect(b.color(60, 9) == Self.black, "nothing outside the bounds")
        #expect(b.color(30, 30) == Self.blue, "the sublayer")
        #expect(b.color(20, 65) == Self.black || b.color(14, 66) == Self.black, "bottom-left corner cut")
        #expect(b.color(80, 40) == Self.red)
        // The sublayer is clipped by the rounded corner and lies under the border.
        #expect(b.color(12, 30) == Self.white)
        try Golden.check(b, "rounded-border-clip")
    }

    @Test func zPositionOrdersSiblingsAndTiesKeepOrder() throws {
        let b = try render("""
            reel: 1
            canvas: { size: [60, 40], duration: 1, background: black }
            layers:
              - { frame: [10, 10, 30, 20], backgroundColor: red, zPosition: 1 }
              - { frame: [20, 10, 30, 20], backgroundColor: blue }
              - { frame: [0, 0, 5, 5], backgroundColor: white }
              - { frame: [0, 0, 5, 5], backgroundColor: red }
            """)
        #expect(b.color(25, 20) == Self.red, "higher zPosition in front")
        #expect(b.color(2, 2) == Self.red, "equal zPosition: later in front")
    }

    @Test func hiddenAndTransparentLayersDrawNothing() throws {
        let b = try render("""
            reel: 1
            canvas: { size: [40, 40], duration: 1, background: black }
            layers:
              - { frame: [0, 0, 20, 20], backgroundColor: red, hidden: true, sublayers: [{ frame: [0, 0, 20, 20], backgroundColor: white }] }
              - { frame: [20, 20, 20, 20], backgroundColor: red, opacity: 0 }
              - { frame: [20, 0, 20, 20], backgroundColor: white, transform: [{scale: 0}] }
            """)
        #expect(b.color(10, 10) == Self.black)
        #expect(b.color(30, 30) == Self.black)
        #expect(b.color(30, 10) == Self.black)
    }

    @Test func scaleMultipliesPixels() throws {
        let b = try render("""
            reel: 1
            canvas: { size: [50, 30], scale: 2, duration: 1, background: black }
            layers:
              - { frame: [10, 10, 10, 10], backgroundColor: red }
            """)
        #expect(b.width == 100 && b.height == 60)
        #expect(b.color(21, 21) == Self.red && b.color(39, 39) == Self.red)
        #expect(b.color(41, 30) == Self.black)
    }

    @Test func transparentBackgroundKeepsAlpha() throws {
        let b = try render("""
            reel: 1
            canvas: { size: [20, 20], duration: 1, background: transparent }
            layers:
              - { frame: [0, 0, 10, 10], backgroundColor: "#FF000080" }
            """)
        #expect(b.color(15, 15) == [0, 0, 0, 0])
        #expect(near(b.color(5, 5), [255, 0, 0, 128]))
    }

    @Test func sublayerTransformActsAboutTheCentre() throws {
        // Rotating the sublayers 180° about the parent's centre moves a child from the top-left
        // corner to the bottom-right.
        let b = try render("""
            reel: 1
            canvas: { size: [60, 60], duration: 1, background: black }
            layers:
              - frame: [0, 0, 60, 60]
                sublayerTransform: [{rotate: 180deg}]
                sublayers: [{ frame: [0, 0, 10, 10], backgroundColor: red }]
            """)
        #expect(b.color(55, 55) == Self.red)
        #expect(b.color(5, 5) == Self.black)
    }
}

/// The example clip at three moments: the whole picture against goldens (looked at when recorded).
@Suite("Hello scene")
struct HelloSceneTests {
    static let scenePath = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("scenes/hello.yaml").path

    @Test(arguments: [0.25, 1.8, 3.6])
    func framesMatchGoldens(time: Double) throws {
        let scene = try SceneLoader.load(path: Self.scenePath).scene
        var timeline = try scene.compile()
        var canvas = timeline.canvas
        canvas.scale = 0.5
        timeline = timeline.with(canvas: canvas)
        let renderer = FrameRenderer(canvas: canvas)
        let buffer = renderer.makeBuffer()
        renderer.render(timeline, at: time, into: buffer)
        try Golden.check(buffer, "hello-\(time)")
    }

    @Test func renderingIsDeterministic() throws {
        let scene = try SceneLoader.load(path: Self.scenePath).scene
        let timeline = try scene.compile()
        let renderer = FrameRenderer(canvas: timeline.canvas)
        let a = renderer.makeBuffer(), b = renderer.makeBuffer()
        renderer.render(timeline, at: 2.345, into: a)
        renderer.render(timeline, at: 0.5, into: b)
        renderer.render(timeline, at: 2.345, into: b)
        #expect(a.straightRGBABytes() == b.straightRGBABytes())
    }
}
