import Foundation

/// A problem in SVG path data, with the character offset where it was found.
public struct SVGPathError: Error, CustomStringConvertible, Equatable {
    public var message: String
    /// Offset in characters from the start of the path data.
    public var offset: Int
    public var description: String { "\(message) at character \(offset + 1) of the path data" }
}

extension CGPath {
    /// Parses SVG path data (`M L H V C S Q T A Z`, absolute and relative) into a path.
    /// Arcs become cubic curves. Parsing stops with an error past `maxElements` elements.
    public convenience init(svgPath data: String, maxElements: Int = SVGPathParser.maxElements) throws {
        var parser = SVGPathParser(Array(data.unicodeScalars), maxElements: maxElements)
        self.init(elements: try parser.parse())
    }
}

/// SVG path data → path elements.
public struct SVGPathParser {
    private let chars: [Unicode.Scalar]
    private var i = 0
    private var elements: [CGPath.Element] = []
    private var current = CGPoint.zero
    private var subpathStart = CGPoint.zero
    /// The last control point, for S/T reflection.
    private var lastCubicControl: CGPoint?
    private var lastQuadControl: CGPoint?
    /// Paths longer than this are refused: path data is written by people and scripts, and
    /// a runaway generator should get an error, not an enormous allocation.
    public static let maxElements = 1_000_000
    private let limit: Int

    init(_ chars: [Unicode.Scalar], maxElements: Int = SVGPathParser.maxElements) {
        self.chars = chars
        limit = maxElements
    }

    mutating func parse() throws -> [CGPath.Element] {
        var command: Unicode.Scalar?
        skipSeparators()
        while i < chars.count {
            let c = chars[i]
            if "MmLlHhVvCcSsQqTtAaZz".unicodeScalars.contains(c) {
                command = c
                i += 1
            } else if command == nil {
                throw SVGPathError(
                    message: "path data must start with a command such as M, found '\(Character(c))'", offset: i)
            } else if command == "Z" || command == "z" {
                throw SVGPathError(message: "unexpected '\(Character(c))' after Z", offset: i)
            }
            guard let cmd = command else { break }
            try apply(cmd)
            if elements.count > limit {
                throw SVGPathError(message: "the path has more than \(limit) elements", offset: i)
            }
            // After M, further coordinate pairs are implicit L (m → l).
            if cmd == "M" { command = "L" } else if cmd == "m" { command = "l" }
            skipSeparators()
        }
        return elements
    }

    private mutating func apply(_ cmd: Unicode.Scalar) throws {
        let relative = cmd.properties.isLowercase
        func point() throws -> CGPoint {
            let x = try number(), y = try number()
            return relative ? CGPoint(x: current.x + x, y: current.y + y) : CGPoint(x: x, y: y)
        }
        switch cmd {
        case "M", "m":
            let p = try point()
            elements.append(.moveTo(p))
            current = p; subpathStart = p
            clearControls()
        case "L", "l":
            let p = try point()
            elements.append(.lineTo(p)); current = p
            clearControls()
        case "H", "h":
            let x = try number()
            let p = CGPoint(x: relative ? current.x + x : x, y: current.y)
            elements.append(.lineTo(p)); current = p
            clearControls()
        case "V", "v":
            let y = try number()
            let p = CGPoint(x: current.x, y: relative ? current.y + y : y)
            elements.append(.lineTo(p)); current = p
            clearControls()
        case "C", "c":
            let c1 = try point(), c2 = try point(), p = try point()
            elements.append(.curveTo(p, control1: c1, control2: c2))
            current = p; lastCubicControl = c2; lastQuadControl = nil
        case "S", "s":
            let c1 = reflect(lastCubicControl)
            let c2 = try point(), p = try point()
            elements.append(.curveTo(p, control1: c1, control2: c2))
            current = p; lastCubicControl = c2; lastQuadControl = nil
        case "Q", "q":
            let c = try point(), p = try point()
            elements.append(.quadCurveTo(p, control: c))
            current = p; lastQuadControl = c; lastCubicControl = nil
        case "T", "t":
            let c = reflect(lastQuadControl)
            let p = try point()
            elements.append(.quadCurveTo(p, control: c))
            current = p; lastQuadControl = c; lastCubicControl = nil
        case "A", "a":
            let rx = abs(try number()), ry = abs(try number())
            let rotation = try number() * Double.pi / 180
            let large = try flag(), sweep = try flag()
            let p = try point()
            appendArc(to: p, rx: rx, ry: ry, rotation: rotation, largeArc: large, sweep: sweep)
            current = p
            clearControls()
        default:  // Z, z
            elements.append(.closeSubpath)
            current = subpathStart
            clearControls()
        }
    }

    private mutating func clearControls() { lastCubicControl = nil; lastQuadControl = nil }

    private func reflect(_ control: CGPoint?) -> CGPoint {
        guard let control else { return current }
        return CGPoint(x: 2 * current.x - control.x, y: 2 * current.y - control.y)
    }

    /// SVG's endpoint arc parameterisation (SVG 1.1 appendix F.6) converted to cubic curves.
    private mutating func appendArc(
        to end: CGPoint, rx rxIn: Double, ry ryIn: Double, rotation: Double, largeArc: Bool, sweep: Bool
    ) {
        let start = current
        guard start != end else { return }
        var rx = rxIn, ry = ryIn
        guard rx > 0, ry > 0 else {
            elements.append(.lineTo(end))
            return
        }
        let cosR = cos(rotation), sinR = sin(rotation)
        let dx = (start.x - end.x) / 2, dy = (start.y - end.y) / 2
        let x1 = cosR * dx + sinR * dy, y1 = -sinR * dx + cosR * dy
        let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
        if lambda > 1 {
            rx *= lambda.squareRoot(); ry *= lambda.squareRoot()
        }
        let num = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
        let den = rx * rx * y1 * y1 + ry * ry * x1 * x1
        var coef = den > 0 ? (max(num, 0) / den).squareRoot() : 0
        if largeArc == sweep { coef = -coef }
        let cx1 = coef * rx * y1 / ry, cy1 = -coef * ry * x1 / rx
        let center = CGPoint(
            x: cosR * cx1 - sinR * cy1 + (start.x + end.x) / 2,
            y: sinR * cx1 + cosR * cy1 + (start.y + end.y) / 2)
        func angle(_ ux: Double, _ uy: Double, _ vx: Double, _ vy: Double) -> Double {
            atan2(ux * vy - uy * vx, ux * vx + uy * vy)
        }
        let theta1 = angle(1, 0, (x1 - cx1) / rx, (y1 - cy1) / ry)
        var delta = angle((x1 - cx1) / rx, (y1 - cy1) / ry, (-x1 - cx1) / rx, (-y1 - cy1) / ry)
        if !sweep && delta > 0 { delta -= 2 * Double.pi }
        if sweep && delta < 0 { delta += 2 * Double.pi }
        var curves = PathGeometry.arcCurves(
            center: center, rx: rx, ry: ry, rotation: rotation, start: theta1, sweep: delta)
        // Land exactly on the end point despite rounding.
        if case .curveTo(_, let c1, let c2)? = curves.last {
            curves[curves.count - 1] = .curveTo(end, control1: c1, control2: c2)
        }
        elements += curves
    }

    // MARK: Lexing

    private mutating func skipSeparators() {
        while i < chars.count,
            chars[i] == " " || chars[i] == "," || chars[i] == "\n" || chars[i] == "\t" || chars[i] == "\r"
        {
            i += 1
        }
    }

    private mutating func number() throws -> Double {
        skipSeparators()
        let begin = i
        if i < chars.count, chars[i] == "+" || chars[i] == "-" { i += 1 }
        var digits = 0, dot = false
        while i < chars.count {
            let c = chars[i]
            if c.properties.numericType != nil, ("0"..."9").contains(c) {
                digits += 1; i += 1
            } else if c == ".", !dot {
                dot = true; i += 1
            } else {
                break
            }
        }
        if digits > 0, i < chars.count, chars[i] == "e" || chars[i] == "E" {
            var j = i + 1
            if j < chars.count, chars[j] == "+" || chars[j] == "-" { j += 1 }
            if j < chars.count, ("0"..."9").contains(chars[j]) {
                i = j
                while i < chars.count, ("0"..."9").contains(chars[i]) { i += 1 }
            }
        }
        guard digits > 0 else {
            let found = begin < chars.count ? "'\(Character(chars[begin]))'" : "the end of the data"
            throw SVGPathError(message: "expected a number, found \(found)", offset: begin)
        }
        let text = String(String.UnicodeScalarView(chars[begin..<i]))
        guard let v = Double(text), v.isFinite else {
            throw SVGPathError(message: "'\(text)' is not a usable number", offset: begin)
        }
        return v
    }

    /// An arc flag: a single 0 or 1 (may be written without separators, "a1 1 0 01 5 5").
    private mutating func flag() throws -> Bool {
        skipSeparators()
        guard i < chars.count, chars[i] == "0" || chars[i] == "1" else {
            throw SVGPathError(message: "expected an arc flag (0 or 1)", offset: i)
        }
        defer { i += 1 }
        return chars[i] == "1"
    }
}
