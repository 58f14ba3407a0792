import Foundation
import ReelCore

/// The root `<svg>`'s mapping of its user units onto a rect, as SVG draws a document into a
/// viewport: the `viewBox` fitted by `preserveAspectRatio` (default `xMidYMid meet`), per
/// SVG 2 §8.2 "Equivalent transform of an SVG viewport" and §8.6 "The preserveAspectRatio
/// attribute" (https://www.w3.org/TR/SVG2/coords.html). Without a viewBox, `width` and
/// `height` in user units stand for one at the origin — librsvg does the same when it draws
/// the file as `contents`, so a path and the drawn icon line up.
struct SVGViewport {
    var viewBox: CGRect
    var align: (x: Double, y: Double)?  // 0, 0.5 or 1 per axis; nil for `none`
    var slice = false

    /// The root's viewport, nil when it gives no size (the path then stays in user units).
    init?(root attributes: [String: String]) throws {
        if let text = attributes["viewBox"] {
            let n = text.split(whereSeparator: { $0.isWhitespace || $0 == "," }).map { Double($0) }
            guard n.count == 4, let x = n[0], let y = n[1], let w = n[2], let h = n[3],
                [x, y, w, h].allSatisfy(\.isFinite)
            else { throw SVGPathSource.Problem("the viewBox '\(text.prefix(60))' is not four numbers") }
            guard w > 0, h > 0 else { throw SVGPathSource.Problem("the viewBox '\(text)' has no area") }
            viewBox = CGRect(x: x, y: y, width: w, height: h)
        } else {
            guard let w = try? SVGShapes.length(attributes, "width", "svg"),
                let h = try? SVGShapes.length(attributes, "height", "svg"), w > 0, h > 0
            else { return nil }
            viewBox = CGRect(x: 0, y: 0, width: w, height: h)
        }
        align = (0.5, 0.5)
        // An unreadable value is as if absent (the default), as SVG treats invalid attributes.
        let words = (attributes["preserveAspectRatio"] ?? "").split(separator: " ").filter { $0 != "defer" }
        if let first = words.first {
            if first == "none" {
                align = nil
            } else if let a = Self.alignment(String(first)) {
                align = a
            }
            slice = words.dropFirst().first == "slice"
        }
    }

    /// `xMinYMid` → (0, 0.5).
    private static func alignment(_ s: String) -> (x: Double, y: Double)? {
        let parts = ["Min": 0.0, "Mid": 0.5, "Max": 1.0]
        guard s.count == 8, s.hasPrefix("x"), s.dropFirst(4).hasPrefix("Y"),
            let x = parts[String(s.dropFirst(1).prefix(3))], let y = parts[String(s.dropFirst(5))]
        else { return nil }
        return (x, y)
    }

    /// The transform from user units to `rect` (§8.2's algorithm).
    func transform(into rect: CGRect) -> CGAffineTransform {
        var sx = rect.width / viewBox.width, sy = rect.height / viewBox.height
        var tx = rect.minX, ty = rect.minY
        if let align {
            sx = slice ? max(sx, sy) : min(sx, sy)
            sy = sx
            tx += (rect.width - viewBox.width * sx) * align.x
            ty += (rect.height - viewBox.height * sy) * align.y
        }
        return CGAffineTransform(translationX: -viewBox.minX, y: -viewBox.minY)
            .concatenating(CGAffineTransform(scaleX: sx, y: sy))
            .concatenating(CGAffineTransform(translationX: tx, y: ty))
    }
}
