import Foundation
import ReelCore

extension Diagram {
    /// The drawing as a standalone SVG document (sizes in points, 1 user unit = 1 point).
    public func svg() -> String {
        let extra = rootAttributes.map { " \($0.name)=\"\(Self.escaped($0.value))\"" }.joined()
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(n(width))" height="\(n(height))" viewBox="0 0 \(n(width)) \(n(height))"\(extra)>

            """
        out += "<rect x=\"0\" y=\"0\" width=\"\(n(width))\" height=\"\(n(height))\"\(paint("fill", background))/>\n"
        var clips = 0
        for element in elements { write(element, into: &out, clips: &clips) }
        out += "</svg>\n"
        return out
    }

    private func write(_ element: DiagramElement, into out: inout String, clips: inout Int) {
        switch element {
        case let .rect(x, y, w, h, r, fill, stroke):
            let radius = r > 0 ? " rx=\"\(n(r))\"" : ""
            out +=
                "<rect x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(w))\" height=\"\(n(h))\"\(radius)\(fillAttributes(fill))\(strokeAttributes(stroke))/>\n"
        case let .polyline(points, stroke, fill, closed):
            let list = points.map { "\(n($0.x)),\(n($0.y))" }.joined(separator: " ")
            out +=
                "<\(closed ? "polygon" : "polyline") points=\"\(list)\"\(fillAttributes(fill))\(strokeAttributes(stroke))"
                + " stroke-linejoin=\"round\" stroke-linecap=\"round\"/>\n"
        case let .circle(x, y, r, fill, stroke):
            out +=
                "<circle cx=\"\(n(x))\" cy=\"\(n(y))\" r=\"\(n(r))\"\(fillAttributes(fill))\(strokeAttributes(stroke))/>\n"
        case let .text(string, x, y, font, color, anchor):
            let family = font.monospaced ? "'DejaVu Sans Mono', Menlo, monospace" : "'DejaVu Sans', Verdana, sans-serif"
            out +=
                "<text x=\"\(n(x))\" y=\"\(n(y))\" font-family=\"\(family)\" font-size=\"\(n(font.size))\""
                + (font.bold ? " font-weight=\"bold\"" : "")
                + (anchor == .start ? "" : " text-anchor=\"\(anchor.rawValue)\"")
                + "\(paint("fill", color))>\(Self.escaped(string))</text>\n"
        case let .clipped(x, y, w, h, children):
            clips += 1
            let id = "clip\(clips)"
            out +=
                "<clipPath id=\"\(id)\"><rect x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(w))\" height=\"\(n(h))\"/></clipPath>\n"
            out += "<g clip-path=\"url(#\(id))\">\n"
            for child in children { write(child, into: &out, clips: &clips) }
            out += "</g>\n"
        case let .titled(title, children):
            out += "<g><title>\(Self.escaped(title))</title>\n"
            for child in children { write(child, into: &out, clips: &clips) }
            out += "</g>\n"
        }
    }

    private func fillAttributes(_ fill: DiagramColor?) -> String { fill.map { paint("fill", $0) } ?? " fill=\"none\"" }

    private func strokeAttributes(_ stroke: DiagramStroke?) -> String {
        guard let stroke else { return "" }
        var s = paint("stroke", stroke.color) + " stroke-width=\"\(n(stroke.width))\""
        if !stroke.dash.isEmpty { s += " stroke-dasharray=\"\(stroke.dash.map(n).joined(separator: " "))\"" }
        return s
    }

    /// `fill="#rrggbb"` plus an opacity attribute when it is not opaque.
    private func paint(_ attribute: String, _ c: DiagramColor) -> String {
        func byte(_ v: Double) -> Int { Int(saturating: (min(max(v, 0), 1) * 255).rounded()) }
        var s = " \(attribute)=\"#" + String(format: "%02x%02x%02x", byte(c.red), byte(c.green), byte(c.blue)) + "\""
        if c.alpha < 1 { s += " \(attribute)-opacity=\"\(n(c.alpha))\"" }
        return s
    }

    /// Numbers with at most 2 decimals, no trailing zeros: small files that diff well.
    private func n(_ v: Double) -> String {
        let r = (v * 100).rounded() / 100
        guard r.isFinite else { return "0" }
        if r == r.rounded(), abs(r) < 1e15 { return String(Int(r)) }
        return String(format: "%.2f", r).replacingOccurrences(of: #"0+$"#, with: "", options: .regularExpression)
    }

    /// Text escaped for XML character data.
    static func escaped(_ s: String) -> String {
        var out = ""
        for ch in s.unicodeScalars {
            switch ch {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            // Characters XML 1.0 does not allow at all are dropped.
            case _ where ch.value < 0x20 && ch != "\t" && ch != "\n": continue
            default: out.unicodeScalars.append(ch)
            }
        }
        return out
    }
}
