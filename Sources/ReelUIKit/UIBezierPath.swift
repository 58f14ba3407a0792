import Foundation
import Reel

/// A path with UIKit's API over Reel's `CGPath`: build it with UIKit's calls, then give its
/// `cgPath` to a `CAShapeLayer` (`shape.path = path.cgPath`) or a keyframe animation.
///
/// Angles follow UIKit, whose y axis points down: 0 is 3 o'clock, π/2 is 6 o'clock, and
/// `clockwise: true` turns clockwise on screen, so an arc from −π/2 to 0 clockwise is the quarter
/// from 12 to 3 o'clock. (Core Graphics' `addArc(… clockwise:)` means the opposite in y-down
/// space; the bridge flips the flag.) The stroke attributes (`lineWidth`, `lineCapStyle`, …) are
/// kept for code that reads them back; Reel draws paths only through layers, so copy them to the
/// shape layer (`applyStrokeStyle(to:)`).
public final class UIBezierPath: CustomStringConvertible {
    /// The path being built (the elements shared by every call).
    private var path: CGMutablePath

    /// The stroke width used by `applyStrokeStyle(to:)`; 1 by default, as in UIKit.
    public var lineWidth: CGFloat = 1
    /// The cap used by `applyStrokeStyle(to:)`; butt by default.
    public var lineCapStyle: CGLineCap = .butt
    /// The join used by `applyStrokeStyle(to:)`; miter by default.
    public var lineJoinStyle: CGLineJoin = .miter
    /// The miter limit used by `applyStrokeStyle(to:)`; 10 by default.
    public var miterLimit: CGFloat = 10
    /// Whether `applyStrokeStyle(to:)` sets the even-odd fill rule.
    public var usesEvenOddFillRule = false

    /// An empty path.
    public init() { path = CGMutablePath() }

    /// A copy of `cgPath`'s elements.
    public init(cgPath: CGPath) { path = cgPath.mutableCopy() }

    /// A closed rectangle from its top-left corner, clockwise on screen.
    public convenience init(rect: CGRect) {
        self.init()
        path.addRect(rect)
    }

    /// A closed ellipse inscribed in `rect`, starting at 3 o'clock and running clockwise on screen
    /// (the start a stroke animation shows on iOS).
    public convenience init(ovalIn rect: CGRect) {
        self.init()
        path.addEllipse(in: rect)
    }

    /// A closed rectangle with continuous corners of `cornerRadius`, as UIKit has drawn them
    /// since iOS 7 (the curve `cornerCurve = .continuous` draws; see `ContinuousCorner`),
    /// starting on the top edge after the top-left corner, clockwise on screen.
    public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        self.init(
            roundedRect: rect, byRoundingCorners: .allCorners,
            cornerRadii: CGSize(width: cornerRadius, height: cornerRadius))
    }

    /// A closed rectangle with the chosen corners rounded continuously, as UIKit draws them
    /// since iOS 7; as UIKit does in practice, only `cornerRadii.width` is used. When a corner
    /// (1.528 × the radius along each side) does not fit in half the shorter side, UIKit rounds
    /// by half the side instead, a capsule: PaintCode's "Code for iOS 7 rounded rectangles" found
    /// the shape switch, and Stack Overflow question 75592757 shows a 208 × 50 rectangle with
    /// radius 20 drawn with round ends.
    public convenience init(roundedRect rect: CGRect, byRoundingCorners corners: UIRectCorner, cornerRadii: CGSize) {
        self.init()
        let half = min(abs(rect.width), abs(rect.height)) / 2
        let asked = max(cornerRadii.width, 0)
        let radius = asked * ContinuousCorner.expansion > half ? half : asked
        // UIRectCorner's bits are CACornerMask's: top left, top right, bottom left, bottom right.
        let mask = CACornerMask(rawValue: Int(corners.rawValue & 15))
        path.addPath(CGPath(elements: ContinuousCorner.roundedRect(rect, radius: Double(radius), corners: mask)))
    }

    /// An open circular arc (see the type's note on angles and `clockwise`).
    public convenience init(
        arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool
    ) {
        self.init()
        addArc(withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }

    // MARK: - Building

    /// Starts a new subpath at `point`.
    public func move(to point: CGPoint) { path.move(to: point) }

    /// A straight line from the current point.
    public func addLine(to point: CGPoint) { path.addLine(to: point) }

    /// A cubic Bézier curve from the current point.
    public func addCurve(to endPoint: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        path.addCurve(to: endPoint, control1: controlPoint1, control2: controlPoint2)
    }

    /// A quadratic Bézier curve from the current point.
    public func addQuadCurve(to endPoint: CGPoint, controlPoint: CGPoint) {
        path.addQuadCurve(to: endPoint, control: controlPoint)
    }

    /// A circular arc; after existing elements, a line joins the current point to the arc's
    /// start, as in UIKit. `clockwise: true` is clockwise on screen (y down).
    public func addArc(
        withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool
    ) {
        // CGMutablePath's flag is Core Graphics' (clockwise in y-up space), the opposite on screen.
        path.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: !clockwise)
    }

    /// Closes the current subpath with a line back to its start.
    public func close() { path.closeSubpath() }

    /// Appends the elements of `other`.
    public func append(_ other: UIBezierPath) { path.addPath(other.path) }

    /// Removes every element.
    public func removeAllPoints() { path = CGMutablePath() }

    /// Maps every point (control points too) through `transform`.
    public func apply(_ transform: CGAffineTransform) {
        path = path.applying(CATransform3DMakeAffineTransform(transform)).mutableCopy()
    }

    /// The same shape drawn in the opposite direction: each subpath starts where it ended and
    /// the subpaths come in reverse order; closed subpaths stay closed.
    public func reversing() -> UIBezierPath {
        let reversed = UIBezierPath(cgPath: CGPath(elements: PathReversal.reversed(path.elements)))
        reversed.copyStyle(from: self)
        return reversed
    }

    // MARK: - Reading

    /// An immutable copy of the path, for `CAShapeLayer.path`, `shadowPath` or a keyframe
    /// animation's `path`. Setting it replaces the elements.
    public var cgPath: CGPath {
        get { path.copy() }
        set { path = newValue.mutableCopy() }
    }

    /// The box of every point and control point (`CGPath.boundingBox`, as UIKit's `bounds`);
    /// `CGRect.null` for an empty path.
    public var bounds: CGRect { path.boundingBox }

    /// Where the next element starts.
    public var currentPoint: CGPoint { path.currentPoint }

    /// True when the path has no elements.
    public var isEmpty: Bool { path.isEmpty }

    /// Copies the stroke attributes to a shape layer (`lineWidth`, `lineCap`, `lineJoin`,
    /// `miterLimit`, `fillRule`) — what UIKit's `stroke()` would use.
    public func applyStrokeStyle(to layer: CAShapeLayer) {
        layer.lineWidth = lineWidth
        layer.lineCap = lineCapStyle.shapeLayerLineCap
        layer.lineJoin = lineJoinStyle.shapeLayerLineJoin
        layer.miterLimit = miterLimit
        layer.fillRule = usesEvenOddFillRule ? .evenOdd : .nonZero
    }

    private func copyStyle(from other: UIBezierPath) {
        lineWidth = other.lineWidth; lineCapStyle = other.lineCapStyle; lineJoinStyle = other.lineJoinStyle
        miterLimit = other.miterLimit; usesEvenOddFillRule = other.usesEvenOddFillRule
    }

    public var description: String { "UIBezierPath(\"\(path.svgPathData)\")" }
}
