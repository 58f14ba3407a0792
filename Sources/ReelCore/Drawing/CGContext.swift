import Foundation

/// A drawing context with Core Graphics' calls (`CGContext`), which records what is drawn as a
/// `DisplayList` instead of touching pixels: ReelCore is pure Swift, and the renderer replays
/// the recording at whatever resolution the frame needs.
///
/// A layer's context (`CALayer.draw(in:)`) is y-down with its origin at the top-left of the
/// layer's bounds — the layer's own coordinate space, as on iOS. Its base space is the backing
/// store's pixels: `ctm` starts as a scale by `contentsScale` (and a shift by `-bounds.origin`),
/// like Apple's, but without Apple's y-flip (Reel's device space is y-down too).
///
/// State works as in Core Graphics: `saveGState`/`restoreGState` keep the CTM, clip, colours,
/// line settings, alpha, blend mode and shadow; the current path is not part of it. Path points
/// are transformed by the CTM when they are added; painting or clipping consumes the path.
public final class CGContext {
    /// The graphics state that `saveGState` keeps.
    struct GState {
        var ctm: CGAffineTransform
        var fillColor = CGColor.black
        var strokeColor = CGColor.black
        var stroke = DrawingStroke()
        var style = DrawingStyle()
        /// Bounding box of the clip, in base space.
        var clipBox: CGRect
    }

    /// The base space's size (the backing store's, in pixels) and units per point.
    public let size: CGSize
    public let scale: CGFloat
    var state: GState
    private var saved: [GState] = []
    /// The current path, in base space.
    var pathElements: [CGPath.Element] = []
    var currentBase: CGPoint?
    var subpathStart: CGPoint?
    var commands: [DrawingCommand] = []

    /// A context of `size` points, `scale` base units (pixels) per point, origin top-left, y down.
    public convenience init(size: CGSize, scale: CGFloat = 1) {
        self.init(bounds: CGRect(origin: .zero, size: size), scale: scale)
    }

    /// A layer's context: user space is the layer's bounds space.
    init(bounds: CGRect, scale: CGFloat) {
        let s = scale > 0 && scale.isFinite ? scale : 1
        self.scale = s
        size = CGSize(width: bounds.width * s, height: bounds.height * s)
        state = GState(
            ctm: CGAffineTransform(translationX: -bounds.minX, y: -bounds.minY).concatenating(
                CGAffineTransform(scaleX: s, y: s)),
            clipBox: CGRect(origin: .zero, size: size))
    }

    /// What has been drawn so far.
    public var displayList: DisplayList { DisplayList(size: size, scale: scale, commands: commands) }

    /// The drawing so far as an image (Core Graphics' `makeImage()` of a bitmap context); nil when
    /// the context has no area.
    public func makeImage() -> CGImage? { CGImage(displayList: displayList) }

    // MARK: - Graphics state

    /// Pushes a copy of the graphics state.
    public func saveGState() {
        saved.append(state)
        commands.append(.saveGState)
    }

    /// Restores the state saved last; without one, does nothing (Core Graphics logs and ignores it).
    public func restoreGState() {
        guard let last = saved.popLast() else { return }
        state = last
        commands.append(.restoreGState)
    }

    // MARK: - Transforms

    /// The current transformation matrix: user space → base space.
    public var ctm: CGAffineTransform { state.ctm }

    /// Moves the origin of user space (applies before the current CTM, as Core Graphics does).
    public func translateBy(x: CGFloat, y: CGFloat) { state.ctm = state.ctm.translatedBy(x: x, y: y) }

    public func scaleBy(x: CGFloat, y: CGFloat) { state.ctm = state.ctm.scaledBy(x: x, y: y) }

    /// Rotates user space by `angle` radians (clockwise on screen: y points down).
    public func rotate(by angle: CGFloat) { state.ctm = state.ctm.rotated(by: angle) }

    /// Prepends `transform` to the CTM.
    public func concatenate(_ transform: CGAffineTransform) { state.ctm = transform.concatenating(state.ctm) }

    /// A user-space point in base space, and back.
    public func convertToDeviceSpace(_ point: CGPoint) -> CGPoint { point.applying(state.ctm) }
    public func convertToUserSpace(_ point: CGPoint) -> CGPoint { point.applying(state.ctm.inverted()) }

    // MARK: - Building the path

    /// Discards the current path.
    public func beginPath() {
        pathElements = []
        currentBase = nil
        subpathStart = nil
    }

    /// Starts a subpath at `point`.
    public func move(to point: CGPoint) {
        let p = point.applying(state.ctm)
        pathElements.append(.moveTo(p))
        currentBase = p
        subpathStart = p
    }

    /// A line to `point`; nothing without a current point (Core Graphics refuses it too).
    public func addLine(to point: CGPoint) {
        guard currentBase != nil else { return }
        let p = point.applying(state.ctm)
        pathElements.append(.lineTo(p))
        currentBase = p
    }

    /// Lines through `points`, starting a subpath at the first.
    public func addLines(between points: [CGPoint]) {
        guard let first = points.first else { return }
        move(to: first)
        for p in points.dropFirst() { addLine(to: p) }
    }

    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
        guard currentBase != nil else { return }
        let p = end.applying(state.ctm)
        pathElements.append(.curveTo(p, control1: control1.applying(state.ctm), control2: control2.applying(state.ctm)))
        currentBase = p
    }

    public func addQuadCurve(to end: CGPoint, control: CGPoint) {
        guard currentBase != nil else { return }
        let p = end.applying(state.ctm)
        pathElements.append(.quadCurveTo(p, control: control.applying(state.ctm)))
        currentBase = p
    }

    /// Closes the current subpath; the current point goes back to its start.
    public func closePath() {
        guard currentBase != nil else { return }
        pathElements.append(.closeSubpath)
        currentBase = subpathStart
    }

    /// A closed rectangle subpath (clockwise on screen from the top-left corner).
    public func addRect(_ rect: CGRect) { addUserPath(CGPath(rect: rect)) }

    public func addRects(_ rects: [CGRect]) { for r in rects { addRect(r) } }

    /// A closed ellipse subpath inscribed in `rect`.
    public func addEllipse(in rect: CGRect) { addUserPath(CGPath(ellipseIn: rect)) }

    /// A circular arc (radians; 0 points right, positive angles turn towards +y). With a current
    /// point, a line joins it to the arc's start. `clockwise` is Core Graphics' flag: in this
    /// y-down space, `clockwise: false` runs visually clockwise, as in UIKit code.
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        let fragment = CGMutablePath()
        if let current = currentPointIfAny { fragment.move(to: current) }
        fragment.addArc(
            center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
        appendFragment(fragment, hadCurrentPoint: currentBase != nil)
    }

    /// An arc of `radius` tangent to the line from the current point to `tangent1End` and to the
    /// line from there to `tangent2End`, joined to the current point by a line (`arcTo`).
    public func addArc(tangent1End p1: CGPoint, tangent2End p2: CGPoint, radius: CGFloat) {
        guard let p0 = currentPointIfAny else { return }
        let v1 = CGPoint(x: p0.x - p1.x, y: p0.y - p1.y), v2 = CGPoint(x: p2.x - p1.x, y: p2.y - p1.y)
        let l1 = (v1.x * v1.x + v1.y * v1.y).squareRoot(), l2 = (v2.x * v2.x + v2.y * v2.y).squareRoot()
        let cross = v1.x * v2.y - v1.y * v2.x
        guard radius > 0, l1 > 0, l2 > 0, abs(cross) > 1e-12 * l1 * l2 else { return addLine(to: p1) }
        let u1 = CGPoint(x: v1.x / l1, y: v1.y / l1), u2 = CGPoint(x: v2.x / l2, y: v2.y / l2)
        let angle = acos(min(max(u1.x * u2.x + u1.y * u2.y, -1), 1))  // between the two legs
        let d = radius / tan(angle / 2)
        let t1 = CGPoint(x: p1.x + u1.x * d, y: p1.y + u1.y * d), t2 = CGPoint(x: p1.x + u2.x * d, y: p1.y + u2.y * d)
        let bisector = CGPoint(x: u1.x + u2.x, y: u1.y + u2.y)
        let bl = (bisector.x * bisector.x + bisector.y * bisector.y).squareRoot()
        let h = radius / sin(angle / 2)
        let c = CGPoint(x: p1.x + bisector.x / bl * h, y: p1.y + bisector.y / bl * h)
        let a0 = atan2(t1.y - c.y, t1.x - c.x), a1 = atan2(t2.y - c.y, t2.x - c.x)
        // The legs turn one way (the sign of the cross product); the arc turns with them, the short way.
        let increasing = cross < 0
        addLine(to: t1)
        addArc(center: c, radius: radius, startAngle: a0, endAngle: a1, clockwise: !increasing)
    }

    /// Adds `path` (in user space) to the current path.
    public func addPath(_ path: CGPath) { addUserPath(path) }

    // MARK: - The path's state

    /// True when there is no current path.
    public var isPathEmpty: Bool { pathElements.isEmpty }

    /// The current point in user space (`.zero` when there is none, as Core Graphics returns).
    public var currentPointOfPath: CGPoint { currentPointIfAny ?? .zero }

    /// The bounding box of the current path (control points included), in user space; `.null`
    /// when the path is empty.
    public var boundingBoxOfPath: CGRect { path?.boundingBox ?? .null }

    /// A copy of the current path in user space; nil when it is empty.
    public var path: CGPath? {
        pathElements.isEmpty ? nil : Self.transformed(pathElements, by: state.ctm.inverted())
    }

    /// The bounding box of the clip, in user space.
    public var boundingBoxOfClipPath: CGRect { state.clipBox.applying(state.ctm.inverted()) }

    var currentPointIfAny: CGPoint? { currentBase.map { $0.applying(state.ctm.inverted()) } }

    /// The current path as a base-space CGPath, consumed (painting and clipping end the path).
    func takePath() -> CGPath {
        let path = CGPath(elements: pathElements)
        beginPath()
        return path
    }

    private func addUserPath(_ path: CGPath) {
        for element in Self.transformed(path.elements, by: state.ctm).elements {
            pathElements.append(element)
            switch element {
            case .moveTo(let p): currentBase = p; subpathStart = p
            case .lineTo(let p), .quadCurveTo(let p, _), .curveTo(let p, _, _): currentBase = p
            case .closeSubpath: currentBase = subpathStart
            }
        }
    }

    /// Appends an arc fragment built in user space; its leading move is dropped when it only
    /// restates the current point.
    private func appendFragment(_ fragment: CGPath, hadCurrentPoint: Bool) {
        let elements = hadCurrentPoint ? Array(fragment.elements.dropFirst()) : fragment.elements
        addUserPath(CGPath(elements: elements))
    }

    static func transformed(_ elements: [CGPath.Element], by t: CGAffineTransform) -> CGPath {
        guard !t.isIdentity else { return CGPath(elements: elements) }
        return CGPath(
            elements: elements.map { e in
                switch e {
                case .moveTo(let p): .moveTo(p.applying(t))
                case .lineTo(let p): .lineTo(p.applying(t))
                case .quadCurveTo(let p, let c): .quadCurveTo(p.applying(t), control: c.applying(t))
                case .curveTo(let p, let c1, let c2):
                    .curveTo(p.applying(t), control1: c1.applying(t), control2: c2.applying(t))
                case .closeSubpath: .closeSubpath
                }
            })
    }
}
