import Foundation
import ReelCore
import ReelRender
import ReelScene
import Testing

/// `--outline`: layer quads where the renderer put the layers, anchors, names; dashed for
/// opacity 0 and back faces, nothing for hidden layers.
@Suite("Layer outlines")
struct LayerOutlineTests {
    static let scene = """
        reel: 1
        canvas: { size: [240, 160], duration: 1, background: "#202020" }
        layers:
          - { name: tilted, frame: [30, 40, 60, 40], backgroundColor: "#3355aa", transform.rotation.z: 30deg,
              sublayers: [{ name: dot, frame: [10, 10, 16, 16], backgroundColor: white }] }
          - { name: turned, frame: [140, 40, 60, 80], backgroundColor: "#3355aa", transform: [{perspective: 300}, {rotate: 40deg, axis: [0, 1, 0]}] }
          - { name: ghost, frame: [20, 110, 80, 30], backgroundColor: green, opacity: 0 }
          - { name: secret, frame: [120, 130, 100, 20], backgroundColor: white, hidden: true }
          - { name: away, frame: [110, 135, 40, 20], backgroundColor: white, doubleSided: false, transform: [{rotate: 180deg, axis: [0, 1, 0]}] }
        """

    /// The frame without and with outlines.
    static func frames() throws -> (plain: PixelBuffer, outlined: PixelBuffer) {
        let timeline = try SceneLoader.decode(text: scene, file: "outline.yaml").scene.compile()
        let renderer = FrameRenderer(canvas: timeline.canvas)
        let tree = timeline.presentation(at: 0)
        let plain = renderer.makeBuffer(), outlined = renderer.makeBuffer()
        renderer.render(tree, into: plain)
        renderer.render(tree, into: outlined)
        LayerOutline.draw(tree, over: outlined, scale: timeline.canvas.scale)
        return (plain, outlined)
    }

    /// The depth-1 colour (red) drawn at the pixel holding (x, y): the layers below are blue or grey.
    static func isOutline(_ b: PixelBuffer, _ x: Double, _ y: Double) -> Bool {
        let p = b.rgba(x: Int(x), y: Int(y))
        return p.r > 170 && p.b < 150
    }

    /// The outline runs through the 3×3 pixels around (x, y) (a 1.5-pixel line between pixel centres).
    static func nearOutline(_ b: PixelBuffer, _ x: Double, _ y: Double) -> Bool {
        (-1...1).contains { dx in (-1...1).contains { dy in isOutline(b, x + Double(dx), y + Double(dy)) } }
    }

    @Test func quadsFollowRotationAndPerspective() throws {
        let (plain, outlined) = try Self.frames()
        // tilted: 60×40 about its centre (60, 60), turned 30° (clockwise, y down): the middle of
        // its right edge (30, 0) lands at (60 + 30 cos 30°, 60 + 30 sin 30°).
        let a = 30 * Double.pi / 180
        let right = (60 + 30 * cos(a), 60 + 30 * sin(a)), bottom = (60 - 20 * sin(a), 60 + 20 * cos(a))
        for (x, y) in [right, bottom] {
            #expect(Self.nearOutline(outlined, x, y), "no outline at (\(x), \(y))")
            #expect(!Self.nearOutline(plain, x, y))
        }
        // The unrotated frame's right edge (x = 90) is not outlined at mid-height.
        #expect(!Self.nearOutline(outlined, 90, 60))

        // turned: about y by 40° under m34 = −1/300, centre (170, 80): its left and right edges
        // are at the projections of x = ±30, the near (left) side taller.
        func project(_ x: Double, _ y: Double) -> (Double, Double) {
            let b = 40 * Double.pi / 180
            let X = x * cos(b), Z = -x * sin(b), w = 1 - Z / 300
            return (170 + X / w, 80 + y / w)
        }
        for (x, y) in [project(-30, 0), project(30, 0), project(-30, 30), project(30, -30)] {
            #expect(Self.nearOutline(outlined, x, y), "no outline at (\(x), \(y))")
        }
        // The unprojected edges (x = 140 and 200) are not outlined.
        #expect(!Self.nearOutline(outlined, 140, 80) && !Self.nearOutline(outlined, 200, 80))
        // Anchor dots at the centres, in the layer's depth colour.
        #expect(Self.isOutline(outlined, 60, 60) && Self.isOutline(outlined, 170, 80))
    }

    @Test func transparentLayersAreDashedAndHiddenOnesLeftOut() throws {
        let (plain, outlined) = try Self.frames()
        // ghost (opacity 0): its bottom edge (y = 140) is dashes and gaps.
        let row = (24...96).map { Self.isOutline(outlined, Double($0), 140) }
        let dashes = zip(row, row.dropFirst()).filter { !$0 && $1 }.count + (row.first == true ? 1 : 0)
        #expect(dashes >= 6, "\(dashes) dashes")
        #expect(row.filter { !$0 }.count >= 20, "gaps between the dashes")
        // away (single-sided, turned to show its back): not drawn, outlined dashed along y = 155.
        #expect(plain.rgba(x: 130, y: 145).r < 60, "the back face is not drawn")
        let back = (112...148).map { Self.isOutline(outlined, Double($0), 155) }
        #expect(
            zip(back, back.dropFirst()).filter { !$0 && $1 }.count >= 3 && back.filter { !$0 }.count >= 8, "\(back)")
        // secret (hidden): nothing drawn along its top edge.
        for x in 125...215 {
            let (a, b) = (plain.rgba(x: x, y: 130), outlined.rgba(x: x, y: 130))
            #expect(a.r == b.r && a.g == b.g && a.b == b.b, "outline drawn at (\(x), 130) for a hidden layer")
        }
    }

    @Test func golden() throws {
        try Golden.check(try Self.frames().outlined, "outline-rotated-3d")
    }

    @Test func placementsAreTheGeometryAPIs() throws {
        // The quads come from the same plane maps as hit testing: a point inside the turned
        // layer's projected quad hits it.
        let timeline = try SceneLoader.decode(text: Self.scene, file: "outline.yaml").scene.compile()
        let tree = timeline.presentation(at: 0)
        let placements = tree.placements()
        #expect(
            placements.map { $0.layer.name }
                == [nil, "tilted", "dot", "turned", "ghost", "away"].map { $0 ?? tree.name })
        #expect(placements.map(\.depth) == [0, 1, 2, 1, 1, 1])
        #expect(placements.map(\.isTransparent) == [false, false, false, false, true, false])
        #expect(placements.map(\.facesAway) == [false, false, false, false, false, true])
        let turned = try #require(placements.first { $0.layer.name == "turned" })
        let centre = turned.toCanvas.apply(30, 40)
        #expect(abs(centre.x - 170) < 1e-9 && abs(centre.y - 80) < 1e-9)
        #expect(tree.hitTest(CGPoint(x: centre.x, y: centre.y))?.name == "turned")
    }
}
