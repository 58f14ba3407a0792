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
        let b = try render(
            """
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
        let b = try render(
            """
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
        let b = try render(
            """
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
        let b = try render(
            """
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
        let b = try render(
            """
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
        let b = try render(
            """
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
        let b = try render(
            """
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
        let b = try render(
            """
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
        let b = try render(
            """
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

/// Images drawn smaller than their pixels are filtered, not sampled: at any angle.
@Suite("Minified images")
struct MinifiedImageTests {
    @Test(arguments: [0.0, 30.0, 45.0])
    func aShrunkCheckerboardIsEvenGrey(degrees: Double) throws {
        let scene = Scene(canvas: Canvas(size: CGSize(width: 160, height: 160), duration: 1, background: .black))
        let layer = CALayer()
        layer.frame = CGRect(x: 30, y: 30, width: 100, height: 100)
        layer.contents = checkerboard(size: 400)  // shown at a quarter of its size
        layer.transform = CATransform3DMakeRotation(degrees * .pi / 180, 0, 0, 1)
        scene.rootLayer.addSublayer(layer)
        let frame = try renderScene(scene)
        // Well inside the image, every pixel averages black and white squares; sampling
        // instead of filtering gives moiré (values far from the middle).
        var worst = 0
        for y in 60..<100 {
            for x in 60..<100 {
                let p = frame.premultipliedRGBA(x: x, y: y)
                worst = max(worst, abs(Int(p.g) - 128))
            }
        }
        #expect(worst <= 12, "worst deviation from mid-grey: \(worst)")
    }
}

/// Groups (opacity over several paints) are drawn in a buffer only the size of what the layer
/// paints; nothing may be cut off: the frame must be exactly the subtree drawn opaque on its
/// own, faded and laid over the background.
@Suite("Group extents")
struct GroupExtentTests {
    static func scene(opacity: Double, background: String) -> String {
        """
        reel: 1
        canvas: { size: [240, 160], duration: 1, background: \(background) }
        layers:
          - { name: card, position: [80, 70], bounds: [0, 0, 100, 60], cornerRadius: 10, backgroundColor: "#E63946",
              borderWidth: 3, borderColor: white, opacity: \(opacity), transform: { rotate: 20deg },
              sublayers: [ { position: [100, 60], bounds: [0, 0, 40, 40], cornerRadius: 20, backgroundColor: "#2A9D8F",
                             shadowOpacity: 0.8, shadowRadius: 4, shadowOffset: [6, 6] } ] }
          - { name: star, class: shape, position: [180, 100], bounds: [0, 0, 60, 60], opacity: \(opacity), lineWidth: 6,
              miterLimit: 10, path: "M30 0 L38 22 L60 22 L42 36 L50 60 L30 46 L10 60 L18 36 L0 22 L22 22 Z",
              fillColor: "#F4A261", strokeColor: "#264653" }
        """
    }

    @Test(arguments: [false, true])
    func boundedGroupsCutNothingOff(caching: Bool) throws {
        func render(_ text: String) throws -> PixelBuffer { try renderScene(text, file: "g.yaml", caching: caching) }
        let alpha = 0.5
        let faded = try render(Self.scene(opacity: alpha, background: "\"#203040\""))
        let opaque = try render(Self.scene(opacity: 1, background: "null"))
        let bg = (r: 0x20, g: 0x30, b: 0x40)
        var worst = 0
        for y in 0..<faded.height {
            for x in 0..<faded.width {
                // Two layers that do not overlap: each is its own group over the background.
                let a = opaque.premultipliedRGBA(x: x, y: y), f = faded.premultipliedRGBA(x: x, y: y)
                let k = alpha * Double(a.a) / 255
                func over(_ src: UInt8, _ dst: Int) -> Int {
                    Int((alpha * Double(src) + (1 - k) * Double(dst)).rounded())
                }
                worst = max(
                    worst, abs(over(a.r, bg.r) - Int(f.r)), abs(over(a.g, bg.g) - Int(f.g)),
                    abs(over(a.b, bg.b) - Int(f.b)))
            }
        }
        #expect(worst <= 2, "worst channel difference: \(worst)")
    }
}
