import Foundation
import ReelCore

/// One item of a shape layer's `shapes` (or a group's `it`). Within a list the first item is
/// drawn on top; fills and strokes paint the paths listed before them, trims shorten the
/// strokes of their list.
public indirect enum LottieShapeItem {
    /// `gr`: items, top-most first, under the group's transform (`tr`).
    case group(name: String?, items: [LottieShapeItem], transform: LottieTransform)
    /// `sh`: a Bézier path.
    case path(name: String?, LottieAnimatable<LottieBezier>)
    /// `rc`: a rectangle centred on `position`, corners rounded by `roundness` points.
    case rectangle(
        name: String?, position: LottieAnimatable<CGPoint>, size: LottieAnimatable<CGPoint>,
        roundness: LottieAnimatable<Double>)
    /// `el`: an ellipse centred on `position`.
    case ellipse(name: String?, position: LottieAnimatable<CGPoint>, size: LottieAnimatable<CGPoint>)
    /// `sr`: a star or a regular polygon.
    case polystar(LottiePolystar)
    /// `rd`: rounds the sharp corners of the paths and rectangles of its list by `radius` points.
    case roundedCorners(name: String?, radius: LottieAnimatable<Double>)
    case fill(LottieFill)
    case gradientFill(LottieGradientFill)
    case stroke(LottieStroke)
    case gradientStroke(LottieGradientStroke)
    /// `tm`: strokes drawn over part of their length.
    case trim(LottieTrim)
    /// `rp`: copies of the other items of a shape layer, each further transformed.
    case repeater(LottieRepeater)
}

/// `fl`: paints the paths before it in its list.
public struct LottieFill {
    public var name: String?
    /// Opaque colours; `opacity` (percent) says how much they cover.
    public var color: LottieAnimatable<CGColor>
    public var opacity: LottieAnimatable<Double>
    /// `r: 2`; otherwise non-zero winding.
    public var evenOdd: Bool

    public init(
        name: String? = nil, color: LottieAnimatable<CGColor>,
        opacity: LottieAnimatable<Double> = LottieAnimatable(100),
        evenOdd: Bool = false
    ) {
        self.name = name
        self.color = color
        self.opacity = opacity
        self.evenOdd = evenOdd
    }
}

/// `gf`: paints the paths before it in its list with a linear or radial gradient.
public struct LottieGradientFill {
    public var name: String?
    /// `t: 2`; otherwise linear.
    public var radial: Bool
    /// Where the gradient starts and ends (for a radial one: its centre, and a point on its edge).
    public var start: LottieAnimatable<CGPoint>
    public var end: LottieAnimatable<CGPoint>
    /// The stops: opaque colours at locations 0…1, with alpha from the opacity stops.
    public var stops: LottieAnimatable<[LottieGradientStop]>
    public var opacity: LottieAnimatable<Double>
    public var evenOdd: Bool

    public init(
        name: String? = nil, radial: Bool, start: LottieAnimatable<CGPoint>, end: LottieAnimatable<CGPoint>,
        stops: LottieAnimatable<[LottieGradientStop]>, opacity: LottieAnimatable<Double> = LottieAnimatable(100),
        evenOdd: Bool = false
    ) {
        self.name = name
        self.radial = radial
        self.start = start
        self.end = end
        self.stops = stops
        self.opacity = opacity
        self.evenOdd = evenOdd
    }
}

/// One colour stop of a gradient.
public struct LottieGradientStop: Hashable {
    public var location: Double
    public var color: CGColor

    public init(location: Double, color: CGColor) {
        self.location = location
        self.color = color
    }
}

/// `st`: strokes the paths before it in its list.
public struct LottieStroke {
    public var name: String?
    public var color: LottieAnimatable<CGColor>
    public var opacity: LottieAnimatable<Double>
    public var width: LottieAnimatable<Double>
    public var lineCap: CAShapeLayerLineCap
    public var lineJoin: CAShapeLayerLineJoin
    public var miterLimit: Double
    /// Dash and gap lengths (`d` entries `d`/`g`), and where the pattern starts (`o`), or nil.
    public var dashes: [Double]?
    public var dashPhase: Double

    public init(
        name: String? = nil, color: LottieAnimatable<CGColor>,
        opacity: LottieAnimatable<Double> = LottieAnimatable(100),
        width: LottieAnimatable<Double>, lineCap: CAShapeLayerLineCap = .round,
        lineJoin: CAShapeLayerLineJoin = .round, miterLimit: Double = 4, dashes: [Double]? = nil, dashPhase: Double = 0
    ) {
        self.name = name
        self.color = color
        self.opacity = opacity
        self.width = width
        self.lineCap = lineCap
        self.lineJoin = lineJoin
        self.miterLimit = miterLimit
        self.dashes = dashes
        self.dashPhase = dashPhase
    }
}

/// A Lottie Bézier path: vertices with in and out tangents relative to them.
public struct LottieBezier: Hashable {
    public var vertices: [CGPoint]
    /// The incoming control point of each vertex, relative to it (`i`).
    public var inTangents: [CGPoint]
    /// The outgoing control point of each vertex, relative to it (`o`).
    public var outTangents: [CGPoint]
    public var closed: Bool

    /// Tangents are padded with zeros (straight lines) to the number of vertices.
    public init(vertices: [CGPoint], inTangents: [CGPoint] = [], outTangents: [CGPoint] = [], closed: Bool) {
        self.vertices = vertices
        self.inTangents = Self.padded(inTangents, to: vertices.count)
        self.outTangents = Self.padded(outTangents, to: vertices.count)
        self.closed = closed
    }

    private static func padded(_ points: [CGPoint], to count: Int) -> [CGPoint] {
        Array(points.prefix(count)) + Array(repeating: .zero, count: max(0, count - points.count))
    }

    /// The path: curves from each vertex's out tangent to the next vertex's in tangent, and back
    /// to the first vertex when closed.
    public var cgPath: CGPath {
        let path = CGMutablePath()
        guard let first = vertices.first else { return path }
        path.move(to: first)
        let count = vertices.count
        for k in 0..<(closed ? count : count - 1) {
            let next = (k + 1) % count
            path.addCurve(
                to: vertices[next], control1: Self.offset(vertices[k], outTangents[k]),
                control2: Self.offset(vertices[next], inTangents[next]))
        }
        if closed { path.closeSubpath() }
        return path
    }

    private static func offset(_ p: CGPoint, _ d: CGPoint) -> CGPoint { CGPoint(x: p.x + d.x, y: p.y + d.y) }
}
