import Foundation
import ReelCore
import Testing

@testable import ReelScene

/// Paths taken from SVG files: the element found, and its transforms as SVG 1.1 §7.6 composes
/// them (points worked out by hand).
struct SVGPathSourceTests {
    func point(_ transform: String, _ p: CGPoint) throws -> CGPoint {
        guard case .success(let t) = SVGTransformList.parse(transform) else { throw SVGPathSource.Problem(transform) }
        return p.applying(t)
    }

    func close(_ a: CGPoint, _ b: CGPoint) -> Bool { abs(a.x - b.x) < 1e-9 && abs(a.y - b.y) < 1e-9 }

    @Test func transformFunctions() throws {
        // rotate(90 10 0): (20, 0) is 10 right of the centre, turned clockwise on screen to 10 below.
        #expect(close(try point("rotate(90 10 0)", CGPoint(x: 20, y: 0)), CGPoint(x: 10, y: 10)))
        // The list's last item applies first: scale, then translate.
        #expect(close(try point("translate(5,1) scale(2)", CGPoint(x: 1, y: 1)), CGPoint(x: 7, y: 3)))
        #expect(close(try point("matrix(1 2 3 4 5 6)", CGPoint(x: 1, y: 1)), CGPoint(x: 9, y: 12)))
        #expect(close(try point("skewX(45)", CGPoint(x: 0, y: 2)), CGPoint(x: 2, y: 2)))
        guard case .failure = SVGTransformList.parse("perspective(3)") else {
            Issue.record("an unknown function is an error")
            return
        }
    }

    @Test func elementAndAncestorTransforms() throws {
        let svg = """
            <svg><g transform="translate(100 0)"><g transform="scale(2)">
            <path d="M1 1"/></g><path id="b" d="M0 0 L1 0" transform="rotate(90)"/></g></svg>
            """
        guard case .success(let first) = SVGPathSource.path(in: Array(svg.utf8), id: nil, maxElements: 100),
            case .success(let b) = SVGPathSource.path(in: Array(svg.utf8), id: "b", maxElements: 100)
        else {
            Issue.record("both paths are found")
            return
        }
        // The first path: scale(2) then translate(100 0); the closing </g> pops the scale for b.
        #expect(first.elements == [.moveTo(CGPoint(x: 102, y: 2))])
        #expect(b.elements.count == 2)
        if case .lineTo(let p) = b.elements.last { #expect(close(p, CGPoint(x: 100, y: 1))) }
    }
}
