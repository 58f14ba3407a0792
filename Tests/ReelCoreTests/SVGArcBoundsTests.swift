import Foundation
import Testing

@testable import ReelCore

/// Bounding boxes of SVG arcs. Each expected box is worked out by hand from the endpoint-to-centre
/// conversion of SVG 1.1 appendix F.6.5 (SVG 2 "Elliptical arc implementation notes", B.2.4):
/// centre and angle range first, then the ellipse's extreme points that fall inside the range.
@Suite("SVG arc bounding boxes")
struct SVGArcBoundsTests {
    /// Both boxes of `data`: the tight box must be `expected`; the control-point box contains it
    /// and, for arcs of at most a quarter turn per curve, stays within `controlSlack` of it.
    private func check(
        _ data: String, _ expected: CGRect, controlSlack: Double = 0.01,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let path = try CGPath(svgPath: data)
        let tight = path.boundingBoxOfPath
        #expect(
            near(tight, expected, 0.01), "\(data): tight box \(tight), want \(expected)", sourceLocation: sourceLocation
        )
        let loose = path.boundingBox
        #expect(
            near(loose, expected, controlSlack), "\(data): control box \(loose), want \(expected)",
            sourceLocation: sourceLocation)
    }

    private func near(_ a: CGRect, _ b: CGRect, _ tolerance: Double) -> Bool {
        abs(a.minX - b.minX) <= tolerance && abs(a.minY - b.minY) <= tolerance
            && abs(a.maxX - b.maxX) <= tolerance && abs(a.maxY - b.maxY) <= tolerance
    }

    /// The dashboard's donut: start (170, 30), end 0.01 to its left, large arc, sweep 1.
    /// x1' = 0.005, y1' = 0, so the root is ≈ 140 / 0.005 with sign − (fA = fS): centre
    /// (169.995, 170), radius 140, and the arc runs almost all the way round.
    @Test func nearFullCircleIsTheCircle() throws {
        try check("M170 30 A140 140 0 1 1 169.99 30", CGRect(x: 29.995, y: 30, width: 280, height: 280))
    }

    /// Quarter circle (0,0) → (100,100), r 100: x1' = y1' = −50, root 1. fA ≠ fS gives centre
    /// (0, 100) (angles −90° → 0°); fA = fS gives centre (100, 0) (angles 180° → 90°).
    @Test func quarterArcs() throws {
        let box = CGRect(x: 0, y: 0, width: 100, height: 100)
        try check("M0 0 A100 100 0 0 1 100 100", box)
        try check("M0 0 A100 100 0 0 0 100 100", box)
    }

    /// The large-arc variants of the quarter: three quarters of the circle about the other centre.
    /// fA = 1, fS = 1: centre (100, 0), 180° → 450°, passing (100, −100) and (200, 0).
    /// fA = 1, fS = 0: centre (0, 100), −90° → −360°, passing (−100, 100) and (0, 200).
    @Test func largeArcFlags() throws {
        try check("M0 0 A100 100 0 1 1 100 100", CGRect(x: 0, y: -100, width: 200, height: 200))
        try check("M0 0 A100 100 0 1 0 100 100", CGRect(x: -100, y: 0, width: 200, height: 200))
    }

    /// Half circles (0,0) → (100,0), r 50: root 0, centre (50, 0). Sweep 1 runs 180° → 360°
    /// through (50, −50); sweep 0 runs 180° → 0° through (50, 50). A radius too small to reach
    /// (r 10) is scaled up by √Λ to the same half circle (F.6.6).
    @Test func halfCircles() throws {
        try check("M0 0 A50 50 0 0 1 100 0", CGRect(x: 0, y: -50, width: 100, height: 50))
        try check("M0 0 A50 50 0 0 0 100 0", CGRect(x: 0, y: 0, width: 100, height: 50))
        try check("M0 0 A10 10 0 0 1 100 0", CGRect(x: 0, y: -50, width: 100, height: 50))
        try check("m0 0 a50 50 0 1 0 100 0", CGRect(x: 0, y: 0, width: 100, height: 50))
    }

    /// Half of an ellipse rx 100, ry 50 turned 45°, centre 0: from θ = 0, (50√2, 50√2), to
    /// θ = 180°, its opposite. x = (100 cos θ − 50 sin θ)·√½ is least at tan θ = −½
    /// (θ ≈ 153.4°): −√6250 ≈ −79.057; y = (100 cos θ + 50 sin θ)·√½ is greatest at tan θ = ½
    /// (θ ≈ 26.6°): +79.057. The other extremes lie outside the range, so the end points bound it.
    /// The control-point box of a tilted ellipse bulges past the curve, so it is only checked
    /// to contain the tight box.
    /// Tolerance 0.03: a quarter-turn cubic strays up to 2.7e-4 of the radius from the ellipse.
    @Test func rotatedEllipse() throws {
        let h = 50 * 2.0.squareRoot(), e = 6250.0.squareRoot()
        let path = try CGPath(svgPath: "M\(h) \(h) A100 50 45 0 1 \(-h) \(-h)")
        let expected = CGRect(x: -e, y: -h, width: e + h, height: e + h)
        #expect(near(path.boundingBoxOfPath, expected, 0.03), "\(path.boundingBoxOfPath)")
        #expect(path.boundingBox.insetBy(dx: -1e-9, dy: -1e-9).contains(path.boundingBoxOfPath))
    }
}
