import Foundation
import Testing

@testable import ReelCore
@testable import ReelScene

/// A path from an SVG fills its shape layer's bounds as SVG draws a document into a viewport:
/// the viewBox scaled by preserveAspectRatio (SVG 2 §8.2, §8.6). Expected points by hand.
struct SVGPathFitTests {
    /// The points of the path (`id`, or the first `<path>`) in `svg` fitted into `fit`.
    func points(_ svg: String, id: String? = nil, fit: CGRect?) throws -> [CGPoint] {
        switch SVGPathSource.path(in: Array(svg.utf8), id: id, maxElements: 1000, fit: fit) {
        case .success(let path): return path.elements.flatMap(Self.endPoint)
        case .failure(let problem): throw problem
        }
    }

    static func endPoint(_ e: CGPath.Element) -> [CGPoint] {
        switch e {
        case .moveTo(let p), .lineTo(let p), .quadCurveTo(let p, _), .curveTo(let p, _, _): [p]
        case .closeSubpath: []
        }
    }

    func icon(_ root: String) -> String { "<svg \(root)><path d=\"M2 3 L22 21\"/></svg>" }

    @Test func aTwentyFourUnitIconOnAFortyEightPointLayerDoubles() throws {
        let p = try points(icon(#"viewBox="0 0 24 24""#), fit: CGRect(x: 0, y: 0, width: 48, height: 48))
        #expect(p == [CGPoint(x: 4, y: 6), CGPoint(x: 44, y: 42)])
        // Without a fit (fit: none, or a layer without bounds) the units stay the SVG's.
        #expect(try points(icon(#"viewBox="0 0 24 24""#), fit: nil) == [CGPoint(x: 2, y: 3), CGPoint(x: 22, y: 21)])
    }

    @Test func meetCentresInAWideLayer() throws {
        // 24 × 24 into 96 × 48: scale min(4, 2) = 2, the 48-wide icon centred: x + (96 − 48) / 2.
        let p = try points(icon(#"viewBox="0 0 24 24""#), fit: CGRect(x: 0, y: 0, width: 96, height: 48))
        #expect(p == [CGPoint(x: 28, y: 6), CGPoint(x: 68, y: 42)])
        // The bounds' origin moves the viewport: bounds [10, 20, 48, 48].
        let q = try points(icon(#"viewBox="0 0 24 24""#), fit: CGRect(x: 10, y: 20, width: 48, height: 48))
        #expect(q == [CGPoint(x: 14, y: 26), CGPoint(x: 54, y: 62)])
    }

    @Test func preserveAspectRatioNoneSliceAndMin() throws {
        let box = CGRect(x: 0, y: 0, width: 96, height: 48)
        // none: x × 4, y × 2.
        #expect(
            try points(icon(#"viewBox="0 0 24 24" preserveAspectRatio="none""#), fit: box)
                == [CGPoint(x: 8, y: 6), CGPoint(x: 88, y: 42)])
        // xMaxYMax slice: scale max(4, 2) = 4; the 96-high icon's bottom on the layer's: y − 48.
        #expect(
            try points(icon(#"viewBox="0 0 24 24" preserveAspectRatio="xMaxYMax slice""#), fit: box)
                == [CGPoint(x: 8, y: 12 - 48), CGPoint(x: 88, y: 84 - 48)])
        // xMinYMid meet: scale 2, left-aligned.
        #expect(
            try points(icon(#"viewBox="0 0 24 24" preserveAspectRatio="xMinYMid""#), fit: box)
                == [CGPoint(x: 4, y: 6), CGPoint(x: 44, y: 42)])
    }

    @Test func theViewBoxOriginAndTheSizeWithoutAViewBox() throws {
        let box = CGRect(x: 0, y: 0, width: 48, height: 48)
        // viewBox 2 3 …: its corner (2, 3) lands on the layer's (0, 0); 20 units → 48 pt.
        #expect(try points(icon(#"viewBox="2 3 20 20""#), fit: box).first == CGPoint(x: 0, y: 0))
        // No viewBox: width and height stand for one at the origin, as librsvg draws the file.
        #expect(try points(icon(#"width="24px" height="24""#), fit: box).first == CGPoint(x: 4, y: 6))
        // No size at all: nothing to fit, the user units stay.
        #expect(try points(icon(""), fit: box).first == CGPoint(x: 2, y: 3))
    }

    @Test func transformsApplyBeforeTheFit() throws {
        let svg =
            #"<svg viewBox="0 0 24 24"><g transform="translate(1 1)"><path d="M0 0" transform="scale(2)"/></g></svg>"#
        #expect(try points(svg, fit: CGRect(x: 0, y: 0, width: 48, height: 48)) == [CGPoint(x: 2, y: 2)])
    }

    @Test func aBadViewBoxIsAnError() throws {
        #expect(throws: SVGPathSource.Problem.self) {
            try points(icon(#"viewBox="0 0 0 24""#), fit: CGRect(x: 0, y: 0, width: 48, height: 48))
        }
    }

    // MARK: In a scene

    /// The first point of the shape layer `layer`'s path, decoded beside a 24-unit icon.
    func firstPoint(_ layer: String) throws -> CGPoint? {
        let folder = try LayerClassDecodingTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(icon(#"viewBox="0 0 24 24""#).utf8).write(to: folder.appendingPathComponent("icon.svg"))
        let (scene, _) = try load(
            "reel: 1\ncanvas: { size: [100, 100], duration: 1 }\nlayers:\n  - \(layer)\n", baseDirectory: folder)
        let shape = scene.rootLayer.sublayers?.first as? CAShapeLayer
        return shape?.path?.elements.first.flatMap { Self.endPoint($0).first }
    }

    @Test func aShapeLayerFitsItsBoundsWhateverTheKeyOrder() throws {
        #expect(
            try firstPoint("{ class: shape, path: { svg: icon.svg }, bounds: [0, 0, 48, 48] }") == CGPoint(x: 4, y: 6))
        #expect(
            try firstPoint("{ class: shape, frame: [0, 0, 96, 48], path: { svg: icon.svg } }") == CGPoint(x: 28, y: 6))
        #expect(
            try firstPoint("{ class: shape, frame: [0, 0, 48, 48], path: { svg: icon.svg, fit: none } }")
                == CGPoint(x: 2, y: 3))
        // A layer without bounds keeps the SVG's units.
        #expect(try firstPoint("{ class: shape, position: [50, 50], path: { svg: icon.svg } }") == CGPoint(x: 2, y: 3))
    }

    @Test func fitIsCheckedAndLocated() throws {
        #expect(
            problems(
                "reel: 1\ncanvas: { size: [10, 10], duration: 1 }\nlayers:\n  - { class: shape, path: { rect: [0, 0, 1, 1], fit: none } }\n"
            )
                == ["4:54: fit belongs to a path from an SVG file"])
    }
}
