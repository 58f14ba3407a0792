import Foundation
import ReelCore
import ReelRender
import ReelScene
import Testing

/// Layers in perspective: projective warps, back faces, shared vanishing points, seams.
@Suite("3D layers")
struct ThreeDTests {
    func render(_ yaml: String, at t: Double = 0) throws -> PixelBuffer { try renderScene(yaml, at: t) }

    /// Where coverage crosses 50 % along a row, scanning from `from` towards `to` (sub-pixel).
    func edge(_ b: PixelBuffer, row y: Int, from: Int, to: Int) -> Double? {
        let step = from < to ? 1 : -1
        var previous = Double(b.premultipliedRGBA(x: from, y: y).a) / 255
        var x = from + step
        while x != to {
            let a = Double(b.premultipliedRGBA(x: x, y: y).a) / 255
            if (previous < 0.5) != (a < 0.5) {
                // Pixel centres at +0.5; interpolate the crossing.
                let t = (0.5 - previous) / (a - previous)
                return Double(x - step) + 0.5 + Double(step) * t
            }
            previous = a
            x += step
        }
        return nil
    }

    /// Where a straight edge crossing row `y` lies, to a small fraction of a pixel: the pixels
    /// from `outside` (uncovered) up to `inside` (covered) hold, summed, exactly the covered
    /// length — the edge's distance from `inside`'s far side (a 50 % crossing interpolated
    /// between pixel centres is off by up to a third of a pixel for a box-filtered edge).
    func coveredEdge(_ b: PixelBuffer, row y: Int, outside: Int, inside: Int) -> Double {
        let step = outside < inside ? 1 : -1
        var uncovered = 0.0
        for x in stride(from: outside, to: inside, by: step) {
            uncovered += 1 - Double(b.premultipliedRGBA(x: x, y: y).a) / 255
        }
        return step > 0 ? Double(outside) + uncovered : Double(outside + 1) - uncovered
    }

    /// Where coverage crosses 50 % down a column (sub-pixel).
    func verticalEdge(_ b: PixelBuffer, column x: Int, from: Int, to: Int) -> Double? {
        var previous = Double(b.premultipliedRGBA(x: x, y: from).a) / 255
        for y in (from + 1)..<to {
            let a = Double(b.premultipliedRGBA(x: x, y: y).a) / 255
            if (previous < 0.5) != (a < 0.5) { return Double(y - 1) + 0.5 + (0.5 - previous) / (a - previous) }
            previous = a
        }
        return nil
    }

    @Test func perspectiveCornersLandWhereTheProjectionPutsThem() throws {
        let b = try render(
            """
            reel: 1
            canvas: { size: [400, 300], duration: 1, background: transparent }
            layers:
              - { frame: [150, 100, 100, 100], backgroundColor: white, transform: [{perspective: 300}, {rotate: 40deg, axis: [0, 1, 0]}] }
            """)
        // The same maths, independently: points relative to the anchor, rotated, then divided by w.
        func project(_ x: Double, _ y: Double) -> (Double, Double) {
            let a = 40 * Double.pi / 180
            // Rotation about y (Core Animation's sense), then m34 = −1/300.
            let X = x * cos(a), Z = -x * sin(a)
            let w = 1 - Z / 300
            return (200 + X / w, 150 + y / w)
        }
        let left = project(-50, 0).0, right = project(50, 0).0
        let measuredLeft = try #require(edge(b, row: 150, from: 0, to: 200))
        let measuredRight = try #require(edge(b, row: 150, from: 399, to: 200))
        #expect(abs(measuredLeft - left) < 0.5, "left edge \(measuredLeft), expected \(left)")
        #expect(abs(measuredRight - right) < 0.5, "right edge \(measuredRight), expected \(right)")
        // The top edge is the straight line between the projected top corners (the far, right
        // side is shorter): check where it crosses a few columns.
        let a = project(-50, -50), c = project(50, -50)
        for column in [Int(left) + 3, 200, Int(right) - 3] {
            let x = Double(column) + 0.5
            let expectedTop = a.1 + (c.1 - a.1) * (x - a.0) / (c.0 - a.0)
            // Coverage crosses 50 % within half a pixel of the line.
            let measured = try #require(verticalEdge(b, column: column, from: 0, to: 150))
            #expect(abs(measured - expectedTop) < 0.5, "top at column \(column): \(measured), expected \(expectedTop)")
        }
        #expect(c.1 > a.1, "the far side is shorter")
        try Golden.check(b, "3d-perspective-square")
    }

    /// A card turned about y under m34 = −1/500: its left and right edges are vertical lines at
    /// the exact projection of x = ±50, and coverage must cross 50 % there — within 0.05 px, at
    /// several angles and positions (the card's outline used to be grown by half a pixel).
    @Test(arguments: [(20.0, 0.0), (40.0, 0.3), (60.0, 0.55), (-35.0, 0.8), (75.0, 0.25)])
    func projectedEdgesAreExact(_ degrees: Double, _ shift: Double) throws {
        let b = try render(
            """
            reel: 1
            canvas: { size: [400, 300], duration: 1, background: transparent }
            layers:
              - { position: [\(200 + shift), \(150 + shift)], bounds: [0, 0, 100, 100], backgroundColor: white,
                  transform: [{perspective: 500}, {rotate: \(degrees)deg, axis: [0, 1, 0]}] }
            """)
        func projectX(_ x: Double) -> Double {
            let a = degrees * Double.pi / 180
            let X = x * cos(a), Z = -x * sin(a)
            return 200 + shift + X / (1 - Z / 500)
        }
        let (left, right) = (projectX(-50), projectX(50))
        for row in [150, 130, 170] {
            let measuredLeft = coveredEdge(b, row: row, outside: 100, inside: 200)
            let measuredRight = coveredEdge(b, row: row, outside: 320, inside: 200)
            #expect(abs(measuredLeft - left) <= 0.05, "\(degrees)°: left edge \(measuredLeft), exact \(left)")
            #expect(abs(measuredRight - right) <= 0.05, "\(degrees)°: right edge \(measuredRight), exact \(right)")
        }
    }

    @Test(arguments: [(89.0, false, true), (91.0, false, false), (91.0, true, true), (180.0, false, false)])
    func singleSidedCardDisappearsPastNinetyDegrees(angle: Double, doubleSided: Bool, visible: Bool) throws {
        let b = try render(
            """
            reel: 1
            canvas: { size: [200, 200], duration: 1, background: black }
            layers:
              - { frame: [50, 50, 100, 100], backgroundColor: white, doubleSided: \(doubleSided),
                  transform: [{perspective: 500}, {rotate: \(angle)deg, axis: [0, 1, 0]}] }
            """)
        let ink = (0..<200).reduce(0) { n, x in n + (b.premultipliedRGBA(x: x, y: 100).r > 60 ? 1 : 0) }
        #expect((ink > 0) == visible, "\(angle)° doubleSided \(doubleSided): \(ink) lit pixels")
    }

    @Test func siblingsShareTheParentsVanishingPoint() throws {
        // Cover flow: two cards turned towards the middle under one sublayerTransform perspective.
        let b = try render(
            """
            reel: 1
            canvas: { size: [400, 200], duration: 1, background: black }
            layers:
              - frame: [0, 0, 400, 200]
                sublayerTransform: [{perspective: 400}]
                sublayers:
                  - { frame: [40, 50, 100, 100], backgroundColor: white, transform: [{rotate: 50deg, axis: [0, 1, 0]}] }
                  - { frame: [260, 50, 100, 100], backgroundColor: white, transform: [{rotate: -50deg, axis: [0, 1, 0]}] }
            """)
        func height(_ x: Int) -> Int { (0..<200).filter { b.premultipliedRGBA(x: x, y: $0).r > 128 }.count }
        // Mirror images of each other about the centre.
        for x in stride(from: 60, to: 140, by: 10) { #expect(abs(height(x) - height(399 - x)) <= 1, "column \(x)") }
        // Each card's outer edge is nearer (taller) than its inner edge: both lean inwards.
        #expect(height(66) > height(114) + 10)
        try Golden.check(b, "3d-coverflow")
    }

    @Test func cubeFacesMeetWithoutASeam() throws {
        // Four faces of a cube (white), turned 30°: the edge between the two visible faces must
        // not let the black background through.
        let b = try render(
            """
            reel: 1
            canvas: { size: [300, 300], duration: 1, background: black }
            layers:
              - name: cube
                frame: [100, 100, 100, 100]
                sublayerTransform: [{perspective: 500}, {rotate: 30deg, axis: [0, 1, 0]}]
                sublayers:
                  - { frame: [0, 0, 100, 100], backgroundColor: white, doubleSided: false, transform: [{translate: [0, 0, 50]}] }
                  - { frame: [0, 0, 100, 100], backgroundColor: white, doubleSided: false, transform: [{rotate: 90deg, axis: [0, 1, 0]}, {translate: [0, 0, 50]}] }
                  - { frame: [0, 0, 100, 100], backgroundColor: white, doubleSided: false, transform: [{rotate: 180deg, axis: [0, 1, 0]}, {translate: [0, 0, 50]}] }
                  - { frame: [0, 0, 100, 100], backgroundColor: white, doubleSided: false, transform: [{rotate: -90deg, axis: [0, 1, 0]}, {translate: [0, 0, 50]}] }
            """)
        // Find the seam column on the middle row: where the two faces meet, nothing darker.
        var darkest = 255
        var inside = false
        for x in 0..<300 {
            let v = Int(b.premultipliedRGBA(x: x, y: 150).r)
            if v > 200 { inside = true }
            if inside, x < 299, Int(b.premultipliedRGBA(x: x + 1, y: 150).r) > 200 { darkest = min(darkest, v) }
        }
        #expect(darkest > 235, "a seam: \(darkest)")
        try Golden.check(b, "3d-cube")
    }

    @Test(arguments: [("CATransformLayer", 45.0, "red"), ("CATransformLayer", 135.0, "blue"), ("CALayer", 135.0, "red")]
    )
    func transformLayersKeepTheirSublayersIn3D(container: String, angle: Double, shows: String) throws {
        // A card: red front and blue back (turned 180°), both single-sided, in a container
        // turned by `angle`. A transform layer lets each face hide its own back; a plain layer
        // flattens both into its plane first, so past 90° it shows the front, mirrored.
        let b = try render(
            """
            reel: 1
            canvas: { size: [200, 200], duration: 1, background: black }
            layers:
              - frame: [0, 0, 200, 200]
                sublayerTransform: [{perspective: 500}]
                sublayers:
                  - class: \(container)
                    frame: [50, 50, 100, 100]
                    transform: [{rotate: \(angle)deg, axis: [0, 1, 0]}]
                    sublayers:
                      - { frame: [0, 0, 100, 100], backgroundColor: red, doubleSided: false }
                      - { frame: [0, 0, 100, 100], backgroundColor: blue, doubleSided: false, transform: [{rotate: 180deg, axis: [0, 1, 0]}] }
            """)
        let c = b.color(100, 100)
        #expect(
            shows == "red" ? (c[0] > 200 && c[2] < 50) : (c[2] > 200 && c[0] < 50), "\(container) at \(angle)°: \(c)")
    }

    @Test func anchorPointZMovesThePivot() throws {
        // Turned 90° about y, a layer pivoting at anchorPointZ = −50 swings its plane 50 points to the side.
        let yaml = { (z: Int) in
            """
            reel: 1
            canvas: { size: [300, 200], duration: 1, background: black }
            layers:
              - { frame: [100, 50, 100, 100], backgroundColor: white, anchorPointZ: \(z), transform: [{rotate: 89deg, axis: [0, 1, 0]}] }
            """
        }
        func litColumns(_ b: PixelBuffer) -> [Int] { (0..<300).filter { b.premultipliedRGBA(x: $0, y: 100).r > 60 } }
        let center = try render(yaml(0)), shifted = try render(yaml(-50))
        let c = litColumns(center), s = litColumns(shifted)
        #expect(!c.isEmpty && !s.isEmpty)
        // Edge-on without perspective: a thin sliver at x = 150 (pivot at the layer's centre) or
        // at 150 + 50 (the plane was 50 behind the pivot, and turned to the right side).
        #expect(abs(Double(c.reduce(0, +)) / Double(c.count) - 150) < 3)
        #expect(abs(Double(s.reduce(0, +)) / Double(s.count) - 200) < 3)
    }
}
