import Foundation
import ReelCore

/// SVG's basic shapes as paths, each written as the path data its spec gives as the shape's
/// "equivalent path" (SVG 2, §10 "Basic Shapes", https://www.w3.org/TR/SVG2/shapes.html), so
/// the start point and direction — what strokeEnd draws along — are the spec's. Lengths are
/// user units (a number, or with `px`); a shape with no area per the spec draws nothing (nil).
enum SVGShapes {
    typealias Problem = SVGPathSource.Problem

    /// The path of a `rect`, `circle`, `ellipse`, `line`, `polyline` or `polygon` element; nil
    /// when the element is not one of them or draws nothing.
    static func path(_ name: String, _ a: [String: String], maxElements: Int) throws -> CGPath? {
        let d: String?
        switch name {
        case "rect": d = try rect(a, name)
        case "circle":
            let r = try length(a, "r", name) ?? 0
            d = try ellipse(cx: length(a, "cx", name) ?? 0, cy: length(a, "cy", name) ?? 0, rx: r, ry: r)
        case "ellipse":
            // SVG 2: rx or ry "auto" (or absent) takes the other's value.
            let rx = try length(a, "rx", name), ry = try length(a, "ry", name)
            d = try ellipse(
                cx: length(a, "cx", name) ?? 0, cy: length(a, "cy", name) ?? 0, rx: rx ?? ry ?? 0, ry: ry ?? rx ?? 0)
        case "line":
            let n = try ["x1", "y1", "x2", "y2"].map { try length(a, $0, name) ?? 0 }
            d = "M\(n[0]) \(n[1]) L\(n[2]) \(n[3])"
        case "polyline", "polygon": d = try poly(a["points"] ?? "", close: name == "polygon", name)
        default: return nil
        }
        guard let d else { return nil }
        do {
            return try CGPath(svgPath: d, maxElements: maxElements)
        } catch {
            throw Problem("<\(name)>: \(error)")
        }
    }

    /// §10.2: M x+rx,y H x+w−rx A rx ry 0 0 1 x+w,y+ry V y+h−ry A … x+w−rx,y+h H x+rx A … x,y+h−ry
    /// V y+ry A … x+rx,y Z, with rx/ry resolved (one absent takes the other; each at most half
    /// the side). An arc with one zero radius is a line (SVG's arc rules); with both zero
    /// the arcs join equal points and are left out.
    private static func rect(_ a: [String: String], _ name: String) throws -> String? {
        let x = try length(a, "x", name) ?? 0, y = try length(a, "y", name) ?? 0
        let w = try length(a, "width", name) ?? 0, h = try length(a, "height", name) ?? 0
        guard w > 0, h > 0 else { return nil }
        let rxIn = try length(a, "rx", name), ryIn = try length(a, "ry", name)
        guard (rxIn ?? 0) >= 0, (ryIn ?? 0) >= 0 else { throw Problem("<rect>'s rx and ry must not be negative") }
        let rx = min(rxIn ?? ryIn ?? 0, w / 2), ry = min(ryIn ?? rxIn ?? 0, h / 2)
        guard rx > 0 || ry > 0 else { return "M\(x) \(y) H\(x + w) V\(y + h) H\(x) V\(y) Z" }
        let arc = "A\(rx) \(ry) 0 0 1"
        return "M\(x + rx) \(y) H\(x + w - rx) \(arc) \(x + w) \(y + ry) V\(y + h - ry) \(arc) \(x + w - rx) \(y + h) "
            + "H\(x + rx) \(arc) \(x) \(y + h - ry) V\(y + ry) \(arc) \(x + rx) \(y) Z"
    }

    /// §10.3 / §10.4: from the 3 o'clock point, four quarter arcs clockwise on screen (y down).
    private static func ellipse(cx: Double, cy: Double, rx: Double, ry: Double) throws -> String? {
        guard rx > 0, ry > 0 else { return nil }
        let arc = "A\(rx) \(ry) 0 0 1"
        return "M\(cx + rx) \(cy) \(arc) \(cx) \(cy + ry) \(arc) \(cx - rx) \(cy) \(arc) \(cx) \(cy - ry) "
            + "\(arc) \(cx + rx) \(cy) Z"
    }

    /// §10.6 / §10.7: M to the first point, L to each next; a polygon closes. An odd last
    /// coordinate is dropped (the spec draws up to the error).
    private static func poly(_ points: String, close: Bool, _ name: String) throws -> String? {
        var numbers: [Double] = []
        for field in points.split(whereSeparator: { $0.isWhitespace || $0 == "," }) {
            guard let v = Double(field), v.isFinite else {
                throw Problem("<\(name)>'s points must be numbers, found '\(field.prefix(40))'")
            }
            numbers.append(v)
        }
        guard numbers.count >= 4 else { return nil }
        var d = "M\(numbers[0]) \(numbers[1])"
        for k in stride(from: 2, to: numbers.count - 1, by: 2) { d += " L\(numbers[k]) \(numbers[k + 1])" }
        return close ? d + " Z" : d
    }

    /// A length attribute in user units: a number, optionally with `px`. nil when absent.
    static func length(_ a: [String: String], _ key: String, _ name: String) throws -> Double? {
        guard var text = a[key]?.trimmingCharacters(in: .whitespaces), text != "auto" else { return nil }
        if text.hasSuffix("px") { text.removeLast(2) }
        guard let v = Double(text), v.isFinite else {
            throw Problem("<\(name)>'s \(key) '\(a[key]!.prefix(40))' is not a length in user units (a number or px)")
        }
        return v
    }
}

extension SVGShapes {
    /// Whether `name` is one of the basic shapes.
    static func isShape(_ name: String) -> Bool {
        ["rect", "circle", "ellipse", "line", "polyline", "polygon"].contains(name)
    }
}
