import Foundation
import ReelCore
import Testing

@testable import ReelRender

/// A miter reaches 1 / sin(φ / 2) half-widths from a join of angle φ, and only where the path
/// has a corner Cairo mitres (SVG 2 / Core Graphics miter limit rule): a smooth arc's stroke stays
/// within half its width, so a shadowed card holding a donut chart casts its own shape's shadow.
@Suite("Miter reach of stroked paths")
struct MiterReachTests {
    @Test func smoothCurvesAndArcsHaveNoMiter() throws {
        // The dashboard's donut arc: four quarter-turn cubics meeting tangentially.
        #expect(try CGPath(svgPath: "M170 30 A140 140 0 1 1 169.99 30").miterReach(limit: 10) == 1)
        #expect(try CGPath(svgPath: "M0 0 C10 0 20 10 20 20 S30 40 40 40").miterReach(limit: 10) == 1)
        // A closed circle: the closing join (a zero-length close) is smooth too.
        let circle = try CGPath(svgPath: "M0 50 A50 50 0 0 1 100 50 A50 50 0 0 1 0 50 Z")
        #expect(abs(circle.miterReach(limit: 10) - 1) < 1e-6)
    }

    @Test func cornersReachTheirMiterUnlessBevelled() throws {
        // A square's 90° corners, the closing one included: √2.
        let square = try CGPath(svgPath: "M0 0 H100 V100 H0 Z")
        #expect(abs(square.miterReach(limit: 10) - 2.0.squareRoot()) < 1e-9)
        // Open, its only corner is the right angle at (100, 0).
        #expect(abs(try CGPath(svgPath: "M0 0 H100 V100").miterReach(limit: 10) - 2.0.squareRoot()) < 1e-9)
        // A 60° corner: 1 / sin 30° = 2, drawn under limit 2 and bevelled under 1.9.
        let sixty = try CGPath(svgPath: "M0 0 L100 0 L\(100 - 50) \(50 * 3.0.squareRoot())")
        #expect(abs(sixty.miterReach(limit: 2) - 2) < 1e-9)
        #expect(sixty.miterReach(limit: 1.9) == 1)
    }

    /// The dashboard's donut card: a 46-wide miter-joined arc stroke measured as the circle
    /// (30…310) grown by 23, inside the 880 × 440 card, which therefore casts its rounded
    /// rectangle's shadow instead of an offscreen pass of its alpha.
    @Test func aDonutCardCastsItsRoundedRectanglesShadow() throws {
        let timeline = try LayerExtentTests.timeline(
            """
            reel: 1
            canvas: { size: [1000, 600], duration: 1, background: "#000000" }
            layers:
              - name: card
                frame: [60, 60, 880, 440]
                cornerRadius: 20
                backgroundColor: "#000000"
                shadowOpacity: 0.12
                shadowRadius: 18
                sublayers:
                  - { class: shape, frame: [60, 70, 340, 340], path: "M170 30 A140 140 0 1 1 169.99 30",
                      fillColor: null, lineWidth: 46, strokeColor: white, strokeStart: 0, strokeEnd: 0.45 }
            """)
        let card = try LayerExtentTests.firstLayer(timeline)
        let arc = try #require(card.sublayers.first)
        let extent = try #require(LayerExtent.of(arc, shadow: false, RenderContext()))
        let expected = CGRect(x: 30 - 23, y: 30 - 23, width: 280 + 46, height: 280 + 46)
        #expect(abs(extent.minX - expected.minX) < 0.01 && abs(extent.maxX - expected.maxX) < 0.01, "\(extent)")
        #expect(abs(extent.minY - expected.minY) < 0.01 && abs(extent.maxY - expected.maxY) < 0.01, "\(extent)")
        // The drawn stroke (white on black, shadow too faint to count) stays inside.
        let ink = LayerExtentTests.ink(timeline)
        #expect(
            LayerExtentTests.holds(extent.offsetBy(dx: 120, dy: 130).insetBy(dx: -1, dy: -1), ink),
            "ink \(ink), \(extent)")
        #expect(ShadowShape.of(card, RenderContext()) != nil)
    }
}
