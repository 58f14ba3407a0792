import Foundation

/// A path of lines and Bézier curves, as Core Graphics' `CGPath`: what shape layers draw,
/// keyframe animations follow, and shadows take their outline from.
///
/// A `CGPath` is immutable once made (the layer properties that take one store their own copy);
/// build paths with `CGMutablePath`, from SVG path data (`CGPath(svgPath:)`), or with the
/// rect/ellipse/rounded-rect initialisers.
public class CGPath: Hashable, CustomStringConvertible, @unchecked Sendable {
    // @unchecked: the elements of a plain CGPath never change after init; only CGMutablePath
    // mutates, and layers store `copy()`s, which are plain CGPaths.

    /// One drawing command. Quadratic curves are kept as such (SVG `Q`), cubic as `curveTo`.
    public enum Element: Hashable, Sendable {
        case moveTo(CGPoint)
        case lineTo(CGPoint)
        case quadCurveTo(CGPoint, control: CGPoint)
        case curveTo(CGPoint, control1: CGPoint, control2: CGPoint)
        case closeSubpath
    }

    /// The commands, in order.
    public internal(set) var elements: [Element]

    /// An empty path.
    public init() { elements = [] }

    /// A path with these elements.
    public init(elements: [Element]) { self.elements = elements }

    /// A rectangle, clockwise on screen from its top-left corner (Core Graphics' order).
    public convenience init(rect: CGRect, transform: CATransform3D? = nil) {
        let m = CGMutablePath()
        m.addRect(rect)
        self.init(elements: m.applying(transform).elements)
    }

    /// An ellipse inscribed in `rect`, starting at its rightmost point and running clockwise on
    /// screen (seed 000: a path animation around an ellipse starts at 0° and goes clockwise).
    public convenience init(ellipseIn rect: CGRect, transform: CATransform3D? = nil) {
        let m = CGMutablePath()
        m.addEllipse(in: rect)
        self.init(elements: m.applying(transform).elements)
    }

    /// A rectangle with circular corners of the given radii.
    public convenience init(
        roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat, transform: CATransform3D? = nil
    ) {
        let m = CGMutablePath()
        m.addRoundedRect(in: rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight)
        self.init(elements: m.applying(transform).elements)
    }

    /// An immutable copy.
    public func copy() -> CGPath { CGPath(elements: elements) }

    /// A mutable copy.
    public func mutableCopy() -> CGMutablePath { CGMutablePath(elements: elements) }

    public static func == (a: CGPath, b: CGPath) -> Bool { a.elements == b.elements }
    public func hash(into hasher: inout Hasher) { hasher.combine(elements) }

    /// True when the path has no elements.
    public var isEmpty: Bool { elements.isEmpty }

    /// The end point of the last element (the start of the subpath after a close).
    public var currentPoint: CGPoint {
        var start = CGPoint.zero, current = CGPoint.zero
        for e in elements {
            switch e {
            case .moveTo(let p): start = p; current = p
            case .lineTo(let p), .quadCurveTo(let p, _), .curveTo(let p, _, _): current = p
            case .closeSubpath: current = start
            }
        }
        return current
    }

    /// The smallest rectangle containing every point and control point.
    public var boundingBox: CGRect {
        var points: [CGPoint] = []
        for e in elements {
            switch e {
            case .moveTo(let p), .lineTo(let p): points.append(p)
            case .quadCurveTo(let p, let c): points += [p, c]
            case .curveTo(let p, let c1, let c2): points += [p, c1, c2]
            case .closeSubpath: break
            }
        }
        return Self.bounds(of: points)
    }

    /// The smallest rectangle containing the path itself (curves measured, not their control points).
    public var boundingBoxOfPath: CGRect {
        var points: [CGPoint] = []
        for segment in PathGeometry.segments(of: self) {
            points.append(segment.start)
            points.append(segment.end)
            for t in segment.extremaParameters() { points.append(segment.point(at: t)) }
        }
        return Self.bounds(of: points)
    }

    static func bounds(of points: [CGPoint]) -> CGRect {
        guard let first = points.first else { return .null }
        var minX = first.x, minY = first.y, maxX = first.x, maxY = first.y
        for p in points {
            minX = min(minX, p.x); minY = min(minY, p.y); maxX = max(maxX, p.x); maxY = max(maxY, p.y)
        }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The path with every point mapped by `transform` (nil: unchanged). Curves stay curves,
    /// which is exact for affine transforms.
    public func applying(_ transform: CATransform3D?) -> CGPath {
        guard let transform, !transform.isIdentity else { return CGPath(elements: elements) }
        let map = transform.apply(to:)
        return CGPath(
            elements: elements.map { e in
                switch e {
                case .moveTo(let p): .moveTo(map(p))
                case .lineTo(let p): .lineTo(map(p))
                case .quadCurveTo(let p, let c): .quadCurveTo(map(p), control: map(c))
                case .curveTo(let p, let c1, let c2): .curveTo(map(p), control1: map(c1), control2: map(c2))
                case .closeSubpath: .closeSubpath
                }
            })
    }

    /// SVG path data for the path (`M x y L … C … Z`).
    public var svgPathData: String {
        func f(_ v: CGFloat) -> String {
            let d = Double(v)
            return d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(d)
        }
        func p(_ pt: CGPoint) -> String { "\(f(pt.x)) \(f(pt.y))" }
        return elements.map { e in
            switch e {
            case .moveTo(let a): "M\(p(a))"
            case .lineTo(let a): "L\(p(a))"
            case .quadCurveTo(let a, let c): "Q\(p(c)) \(p(a))"
            case .curveTo(let a, let c1, let c2): "C\(p(c1)) \(p(c2)) \(p(a))"
            case .closeSubpath: "Z"
            }
        }.joined(separator: " ")
    }

    public var description: String { "CGPath(\"\(svgPathData)\")" }
}

/// A path under construction, with Core Graphics' building calls.
public final class CGMutablePath: CGPath, @unchecked Sendable {
    public override init() { super.init() }
    public override init(elements: [Element]) { super.init(elements: elements) }

    /// Starts a new subpath at `point`.
    public func move(to point: CGPoint) { elements.append(.moveTo(point)) }

    /// A straight line to `point` (starting a subpath at the origin when there is none).
    public func addLine(to point: CGPoint) {
        ensureSubpath()
        elements.append(.lineTo(point))
    }

    /// A quadratic Bézier curve to `end`.
    public func addQuadCurve(to end: CGPoint, control: CGPoint) {
        ensureSubpath()
        elements.append(.quadCurveTo(end, control: control))
    }

    /// A cubic Bézier curve to `end`.
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
        ensureSubpath()
        elements.append(.curveTo(end, control1: control1, control2: control2))
    }

    /// Closes the current subpath with a straight line to its start.
    public func closeSubpath() {
        guard !elements.isEmpty else { return }
        elements.append(.closeSubpath)
    }

    /// Straight lines through `points`, starting a subpath at the first.
    public func addLines(between points: [CGPoint]) {
        guard let first = points.first else { return }
        move(to: first)
        for p in points.dropFirst() { elements.append(.lineTo(p)) }
    }

    /// A closed rectangle, clockwise on screen from the top-left corner.
    public func addRect(_ rect: CGRect) {
        let r = rect.standardized
        move(to: CGPoint(x: r.minX, y: r.minY))
        elements.append(.lineTo(CGPoint(x: r.maxX, y: r.minY)))
        elements.append(.lineTo(CGPoint(x: r.maxX, y: r.maxY)))
        elements.append(.lineTo(CGPoint(x: r.minX, y: r.maxY)))
        elements.append(.closeSubpath)
    }

    /// A closed ellipse inscribed in `rect`: four cubic quarter-arcs from the rightmost point,
    /// clockwise on screen (y down), as Core Graphics makes it.
    public func addEllipse(in rect: CGRect) {
        let r = rect.standardized
        let cx = r.midX, cy = r.midY, rx = r.width / 2, ry = r.height / 2
        // Control-point distance for a quarter circle: 4/3 × tan(π/8).
        let k = 0.5522847498307936
        move(to: CGPoint(x: cx + rx, y: cy))
        elements.append(
            .curveTo(
                CGPoint(x: cx, y: cy + ry), control1: CGPoint(x: cx + rx, y: cy + k * ry),
                control2: CGPoint(x: cx + k * rx, y: cy + ry)))
        elements.append(
            .curveTo(
                CGPoint(x: cx - rx, y: cy), control1: CGPoint(x: cx - k * rx, y: cy + ry),
                control2: CGPoint(x: cx - rx, y: cy + k * ry)))
        elements.append(
            .curveTo(
                CGPoint(x: cx, y: cy - ry), control1: CGPoint(x: cx - rx, y: cy - k * ry),
                control2: CGPoint(x: cx - k * rx, y: cy - ry)))
        elements.append(
            .curveTo(
                CGPoint(x: cx + rx, y: cy), control1: CGPoint(x: cx + k * rx, y: cy - ry),
                control2: CGPoint(x: cx + rx, y: cy - k * ry)))
        elements.append(.closeSubpath)
    }

    /// A closed rounded rectangle (corner radii clamped to half the sides), clockwise from the
    /// top edge.
    public func addRoundedRect(in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat) {
        let r = rect.standardized
        let rx = min(max(cornerWidth, 0), r.width / 2), ry = min(max(cornerHeight, 0), r.height / 2)
        guard rx > 0, ry > 0 else { return addRect(r) }
        let k = 0.5522847498307936
        let (x0, y0, x1, y1) = (r.minX, r.minY, r.maxX, r.maxY)
        move(to: CGPoint(x: x0 + rx, y: y0))
        elements.append(.lineTo(CGPoint(x: x1 - rx, y: y0)))
        elements.append(
            .curveTo(
                CGPoint(x: x1, y: y0 + ry), control1: CGPoint(x: x1 - rx + k * rx, y: y0),
                control2: CGPoint(x: x1, y: y0 + ry - k * ry)))
        elements.append(.lineTo(CGPoint(x: x1, y: y1 - ry)))
        elements.append(
            .curveTo(
                CGPoint(x: x1 - rx, y: y1), control1: CGPoint(x: x1, y: y1 - ry + k * ry),
                control2: CGPoint(x: x1 - rx + k * rx, y: y1)))
        elements.append(.lineTo(CGPoint(x: x0 + rx, y: y1)))
        elements.append(
            .curveTo(
                CGPoint(x: x0, y: y1 - ry), control1: CGPoint(x: x0 + rx - k * rx, y: y1),
                control2: CGPoint(x: x0, y: y1 - ry + k * ry)))
        elements.append(.lineTo(CGPoint(x: x0, y: y0 + ry)))
        elements.append(
            .curveTo(
                CGPoint(x: x0 + rx, y: y0), control1: CGPoint(x: x0, y: y0 + ry - k * ry),
                control2: CGPoint(x: x0 + rx - k * rx, y: y0)))
        elements.append(.closeSubpath)
    }

    /// A circular arc about `center` from `startAngle` to `endAngle` (radians; 0 points right,
    /// positive angles turn towards +y). `clockwise` is in Core Graphics' flipped sense: on a
    /// y-down screen, `clockwise: false` draws visually clockwise, as UIKit code expects.
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        var sweep = endAngle - startAngle
        let full = 2 * Double.pi
        if clockwise {
            // Decreasing angles.
            if sweep > 0 {
                sweep =
                    sweep.truncatingRemainder(dividingBy: full)
                    - (sweep.truncatingRemainder(dividingBy: full) == 0 ? 0 : full)
            }
        } else if sweep < 0 {
            sweep =
                sweep.truncatingRemainder(dividingBy: full)
                + (sweep.truncatingRemainder(dividingBy: full) == 0 ? 0 : full)
        }
        let start = CGPoint(x: center.x + radius * cos(startAngle), y: center.y + radius * sin(startAngle))
        if elements.isEmpty || elements.last == .closeSubpath {
            move(to: start)
        } else {
            elements.append(.lineTo(start))
        }
        for curve in PathGeometry.arcCurves(
            center: center, rx: radius, ry: radius, rotation: 0, start: startAngle, sweep: sweep)
        {
            elements.append(curve)
        }
    }

    /// Appends the elements of `path`, transformed.
    public func addPath(_ path: CGPath, transform: CATransform3D? = nil) {
        elements += path.applying(transform).elements
    }

    private func ensureSubpath() {
        if elements.isEmpty { elements.append(.moveTo(.zero)) }
        if elements.last == .closeSubpath { elements.append(.moveTo(currentPoint)) }
    }
}
