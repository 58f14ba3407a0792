import Foundation
import Testing

@testable import ReelCore
@testable import ReelScene

/// Basic shapes and `<use>` as paths: each shape's start point and direction follow the
/// "equivalent path" of SVG 2 §10 (https://www.w3.org/TR/SVG2/shapes.html); points by hand.
struct SVGShapesTests {
    func path(_ body: String, id: String = "s") throws -> CGPath {
        switch SVGPathSource.path(in: Array("<svg>\(body)</svg>".utf8), id: id, maxElements: 1000) {
        case .success(let path): return path
        case .failure(let problem): throw problem
        }
    }

    func ends(_ body: String, id: String = "s") throws -> [CGPoint] {
        try path(body, id: id).elements.flatMap(SVGPathFitTests.endPoint)
    }

    func problem(_ body: String, id: String = "s") -> String? {
        if case .failure(let p) = SVGPathSource.path(in: Array("<svg>\(body)</svg>".utf8), id: id, maxElements: 1000) {
            return p.message
        }
        return nil
    }

    func pts(_ list: [(Double, Double)]) -> [CGPoint] { list.map { CGPoint(x: $0.0, y: $0.1) } }

    @Test func roundedRectFollowsTheEquivalentPath() throws {
        // x 1, y 2, 10 × 6, rx 2 (ry auto = rx): from (x + rx, y) clockwise, four arcs.
        let p = try path(##"<rect id="s" x="1" y="2" width="10" height="6" rx="2"/>"##)
        #expect(
            p.elements.flatMap(SVGPathFitTests.endPoint)
                == pts([(3, 2), (9, 2), (11, 4), (11, 6), (9, 8), (3, 8), (1, 6), (1, 4), (3, 2)]))
        #expect(p.elements.last == .closeSubpath)
        // The top-right arc is a quarter ellipse: one cubic whose controls sit on the tangents.
        if case .curveTo(_, let c1, let c2) = p.elements[2] {
            #expect(abs(c1.y - 2) < 1e-9 && c1.x > 9 && abs(c2.x - 11) < 1e-9 && c2.y < 4)
        } else {
            Issue.record("the corner is a curve: \(p.elements)")
        }
    }

    @Test func rectRadiiResolveAndClamp() throws {
        // rx 10 on a 10 × 6 rect: rx = 5 (half the width), ry = rx's 10 clamped to 3.
        #expect(
            try ends(##"<rect id="s" width="10" height="6" rx="10"/>"##).removingRepeats()
                == pts([(5, 0), (10, 3), (5, 6), (0, 3), (5, 0)]))
        // No radii: a plain rect from its origin, clockwise.
        #expect(
            try ends(##"<rect id="s" x="1" y="1" width="2" height="3"/>"##)
                == pts([(1, 1), (3, 1), (3, 4), (1, 4), (1, 1)]))
        // No area: nothing drawn.
        #expect(problem(##"<rect id="s" width="0" height="3"/>"##)?.contains("draws no path") == true)
    }

    @Test func circleAndEllipseStartAtThreeOClockAndTurnClockwise() throws {
        #expect(try ends(##"<circle id="s" cx="5" cy="5" r="2"/>"##) == pts([(7, 5), (5, 7), (3, 5), (5, 3), (7, 5)]))
        // ry auto takes rx.
        #expect(
            try ends(##"<ellipse id="s" cx="0" cy="0" rx="4" ry="1"/>"##)
                == pts([(4, 0), (0, 1), (-4, 0), (0, -1), (4, 0)]))
        #expect(try ends(##"<ellipse id="s" rx="3"/>"##) == pts([(3, 0), (0, 3), (-3, 0), (0, -3), (3, 0)]))
    }

    @Test func linesAndPolys() throws {
        #expect(try ends(##"<line id="s" x1="1" y1="2" x2="3" y2="4"/>"##) == pts([(1, 2), (3, 4)]))
        // An odd last coordinate is dropped.
        #expect(try ends(##"<polyline id="s" points="0,0 10,0 10,10 5"/>"##) == pts([(0, 0), (10, 0), (10, 10)]))
        let polygon = try path(##"<polygon id="s" points="0 0, 10 0, 10 10"/>"##)
        #expect(polygon.elements.last == .closeSubpath)
        #expect(problem(##"<polyline id="s" points="0 0 1 x"/>"##)?.contains("must be numbers") == true)
    }

    @Test func useMovesItsReferenceByXYAfterItsTransform() throws {
        // SVG 2 §5.6: transform="scale(2)" then translate(5, 7): (1, 1) → (6, 8) → (12, 16).
        let body = ##"<defs><path id="p" d="M1 1"/></defs><use id="s" href="#p" x="5" y="7" transform="scale(2)"/>"##
        #expect(try ends(body) == pts([(12, 16)]))
        // SVG 1.1's xlink:href, and a use of a circle.
        let old = ##"<circle id="c" r="1"/><use id="s" xlink:href="#c" x="10"/>"##
        #expect(try ends(old).first == CGPoint(x: 11, y: 0))
    }

    @Test func aGroupGivesAllItsShapes() throws {
        let body = ##"<g id="s" transform="translate(0 1)"><title>x</title><line x2="1"/><path d="M5 5"/></g>"##
        #expect(try ends(body) == pts([(0, 1), (1, 1), (5, 6)]))
    }

    @Test func hostileUsesAreBounded() throws {
        #expect(problem(##"<g id="s"><use href="#s"/></g>"##)?.contains("refers to itself") == true)
        #expect(problem(##"<use id="s" href="#nope"/>"##)?.contains("names no element") == true)
        // Ten uses of ten uses of … (the billion laughs of <use>) ends at the visit budget.
        var body = ##"<path id="l0" d="M0 0"/>"##
        for level in 1...9 {
            body += "<g id=\"l\(level)\">" + String(repeating: "<use href=\"#l\(level - 1)\"/>", count: 10) + "</g>"
        }
        let message = problem(body + ##"<use id="s" href="#l9"/>"##)
        #expect(message?.contains("expand to more than") == true || message?.contains("path elements") == true)
    }

    @Test func anElementThatIsNoShapeIsNamed() throws {
        #expect(problem(##"<text id="s">hi</text>"##)?.contains("is a <text>") == true)
    }
}

extension Array where Element == CGPoint {
    /// Without consecutive equal points (arcs between equal points draw nothing).
    func removingRepeats() -> [CGPoint] {
        var out: [CGPoint] = []
        for p in self where out.last != p { out.append(p) }
        return out
    }
}
