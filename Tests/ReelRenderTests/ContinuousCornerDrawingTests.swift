import Foundation
import ReelCore
import ReelRender
import Testing

/// `cornerCurve: continuous` shapes the background, the border, the clip and the shadow. The
/// pixels come from the geometry, not from Reel: on an 800 × 800 canvas, a corner at (10, 10)
/// of radius 245. In the column x = 224.5 (0.8755 radii from the corner) a circular corner's
/// edge is 1.91 px below the top side (1 − √(1 − 0.1245²) radii) and the continuous one's
/// 4.99 px (PaintCode's first cubic, solved for x). The pixel (224, 13), centred 3.5 px down,
/// is then inside the circular shape and outside the continuous one, ≥ 1.4 px from both edges;
/// (224, 20) is inside both and (224, 10) outside both. By symmetry the same holds at every
/// corner and along both sides of it.
@Suite struct ContinuousCornerDrawingTests {
    /// (x, y) near the top-left corner of a shape spanning 10…790, mirrored to the other corners
    /// and both sides of each; `nearTopLeft` keeps those on the sides meeting the top-left corner
    /// and the top-right corner's top side and the bottom-left corner's left side.
    func mirrored(_ x: Int, _ y: Int, nearTopLeft: Bool) -> [(Int, Int)] {
        let far = { 799 - $0 }
        if nearTopLeft { return [(x, y), (y, x), (far(x), y), (y, far(x))] }
        return [(x, y), (y, x), (far(x), y), (far(y), x), (x, far(y)), (y, far(x)), (far(x), far(y)), (far(y), far(x))]
    }

    /// Renders `layer` (one layers entry) and returns the red channel (0…1) at each point.
    func red(_ layer: String, at points: [(Int, Int)]) throws -> [Double] {
        let buffer = try renderScene(
            """
            reel: 1
            canvas: { size: [800, 800], duration: 1, background: black }
            layers:
              - \(layer)
            """)
        return points.map { Double(buffer.rgba(x: $0.0, y: $0.1).r) / 255 }
    }

    /// Checks the gap pixels are lit for circular corners and dark for continuous ones, and that
    /// the pixels inside and outside both shapes agree.
    func expectCornerShape(
        nearTopLeft: Bool = false, _ layer: (String) -> String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let gap = mirrored(224, 13, nearTopLeft: nearTopLeft)
        let inside = mirrored(224, 20, nearTopLeft: nearTopLeft), outside = mirrored(224, 10, nearTopLeft: nearTopLeft)
        let n = gap.count
        for curve in ["circular", "continuous"] {
            let values = try red(layer(curve), at: gap + inside + outside)
            let lit = curve == "circular"
            #expect(
                values[..<n].allSatisfy { lit ? $0 > 0.9 : $0 < 0.1 }, "\(curve) gap: \(values[..<n])",
                sourceLocation: sourceLocation)
            #expect(
                values[n..<2 * n].allSatisfy { $0 > 0.9 }, "\(curve) inside: \(values[n..<2 * n])",
                sourceLocation: sourceLocation)
            #expect(
                values[(2 * n)...].allSatisfy { $0 < 0.1 }, "\(curve) outside: \(values[(2 * n)...])",
                sourceLocation: sourceLocation)
        }
    }

    @Test func theBackgroundFollowsTheCurve() throws {
        try expectCornerShape {
            "{ name: card, frame: [10, 10, 780, 780], backgroundColor: white, cornerRadius: 245, cornerCurve: \($0) }"
        }
    }

    @Test func theBorderFollowsTheCurve() throws {
        try expectCornerShape {
            "{ name: card, frame: [10, 10, 780, 780], borderColor: white, borderWidth: 20, cornerRadius: 245, cornerCurve: \($0) }"
        }
    }

    @Test func masksToBoundsClipsASublayerToTheCurve() throws {
        try expectCornerShape {
            """
            { name: card, frame: [10, 10, 780, 780], cornerRadius: 245, cornerCurve: \($0), masksToBounds: true,
                sublayers: [{ name: photo, frame: [-10, -10, 800, 800], backgroundColor: white }] }
            """
        }
    }

    @Test func theShadowIsCastFromTheCurve() throws {
        // The card sits 30 px lower right; its hard white shadow, moved back by 30, is the shape
        // where the card does not cover it.
        try expectCornerShape(nearTopLeft: true) {
            """
            { name: card, frame: [40, 40, 780, 780], backgroundColor: [0, 0, 1, 1], cornerRadius: 245,
                cornerCurve: \($0), shadowColor: white, shadowOpacity: 1, shadowRadius: 0, shadowOffset: [-30, -30] }
            """
        }
    }

    @Test func goldenCardsContinuousAboveCircular() throws {
        // Background, border, a clipped sublayer and a soft shadow; continuous on top, circular below.
        func row(_ curve: String, y: Int) -> String {
            let card = "cornerRadius: 26, cornerCurve: \(curve)"
            return """
                  - { frame: [10, \(y), 80, 80], backgroundColor: "#F2AA4C", \(card) }
                  - { frame: [110, \(y), 80, 80], borderColor: "#3A86FF", borderWidth: 6, \(card) }
                  - { frame: [210, \(y), 80, 80], masksToBounds: true, \(card),
                      sublayers: [{ frame: [0, 0, 80, 80], backgroundColor: "#2A9D8F" }] }
                  - { frame: [310, \(y), 80, 80], backgroundColor: white, shadowOpacity: 0.6, shadowRadius: 6,
                      shadowOffset: [0, 4], \(card) }
                """
        }
        let buffer = try renderScene(
            """
            reel: 1
            canvas: { size: [400, 210], duration: 1, background: "#D8D8D8" }
            layers:
            \(row("continuous", y: 10))
            \(row("circular", y: 115))
            """)
        try Golden.check(buffer, "corners-continuous-circular")
    }
}
