import Foundation
import ReelCore

/// Builds the layers of a shape layer's items: a layer per group (with the group's transform),
/// a `CAShapeLayer` per fill and per stroke holding the paths listed before it, trims as the
/// strokes' `strokeStart`/`strokeEnd`. The first item of a list is drawn on top.
struct LottieShapeBuilder {
    let animator: LottieAnimator
    /// The size of the shape layer (its composition's), which groups and shape layers share.
    let size: CGSize
    /// Frames the layer's keyframes are shifted by (see `LottieAnimator`).
    let offset: Double

    /// Adds the layers of `items` to `container`; `trims` are those of the enclosing lists, and
    /// `inherited` the fills and strokes the enclosing list lends, painting after `items`, and
    /// `corners` the radius of their rounded corners.
    func add(
        _ items: [LottieShapeItem], to container: CALayer, trims: [LottieTrim] = [], inherited: [LottieShapeItem] = [],
        corners: LottieAnimatable<Double>? = nil
    ) {
        var trims = trims
        for case .trim(let trim) in items { trims.append(trim) }
        // A list that draws no path of its own lends its fills and strokes to its groups (one
        // level down, as lottie-ios's inherited items).
        let lent = items.contains(where: \.drawsPath) ? [] : items.filter(\.paints)
        // A list's own rounded corners come before its parents' (lottie-ios takes the first).
        var corners = corners
        for case .roundedCorners(_, let radius) in items.reversed() { corners = radius }
        var paths: [LottieShapePath.Drawn] = []
        var made: [CALayer] = []
        for item in items + inherited {
            switch item {
            case .group(let name, let items, let transform):
                let group = CALayer()
                group.name = name
                animator.apply(transform, to: group, size: size, offset: offset, opacity: true)
                addRepeating(items, to: group, inGroup: true, trims: trims, inherited: lent, corners: corners)
                made.append(group)
            case .path(_, let bezier):
                paths.append(.init(path: LottieShapePath.path(bezier, roundedBy: corners), isBezier: true))
            case .rectangle(_, let position, let rectSize, let roundness):
                // Rounded corners replace the rectangle's own roundness.
                let rectangle = LottieShapePath.rectangle(
                    position: position, size: rectSize, roundness: corners ?? roundness)
                paths.append(.init(path: rectangle))
            case .ellipse(_, let position, let ellipseSize):
                paths.append(.init(path: LottieShapePath.ellipse(position: position, size: ellipseSize)))
            case .polystar(let star): paths.append(.init(path: LottieShapePath.polystar(star)))
            case .fill(let fill):
                made += shapeLayers(for: paths, name: fill.name) { layer in
                    layer.fillRule = fill.evenOdd ? .evenOdd : .nonZero
                    layer.strokeColor = nil
                    animator.apply(fill.color, to: layer, keyPath: "fillColor", offset: offset) { $0 }
                    animator.apply(fill.opacity, to: layer, keyPath: "opacity", offset: offset) { $0 / 100 }
                }
            case .gradientFill(let fill):
                made += gradientLayers(fill, paths: paths, trim: nil) { mask in
                    mask.fillRule = fill.evenOdd ? .evenOdd : .nonZero
                    mask.fillColor = .black
                    mask.strokeColor = nil
                }
            case .stroke(let stroke):
                made += shapeLayers(for: paths, name: stroke.name, trim: trims.first) { layer in
                    apply(stroke, to: layer)
                    animator.apply(stroke.color, to: layer, keyPath: "strokeColor", offset: offset) { $0 }
                    animator.apply(stroke.opacity, to: layer, keyPath: "opacity", offset: offset) { $0 / 100 }
                }
            case .gradientStroke(let stroke):
                // The gradient shows through the stroked outline (as lottie-ios masks it).
                made += gradientLayers(stroke.gradient, paths: paths, trim: trims.first) { mask in
                    apply(stroke.stroke, to: mask)
                    mask.strokeColor = .black
                }
            case .trim, .roundedCorners, .repeater: break
            }
        }
        // Core Animation draws later sublayers on top; Lottie draws earlier items on top.
        for layer in made.reversed() { container.addSublayer(layer) }
    }

    /// A stroke's pen, on a layer that draws no fill.
    private func apply(_ stroke: LottieStroke, to layer: CAShapeLayer) {
        layer.fillColor = nil
        layer.lineCap = stroke.lineCap
        layer.lineJoin = stroke.lineJoin
        layer.miterLimit = stroke.miterLimit
        layer.lineDashPattern = stroke.dashes
        layer.lineDashPhase = stroke.dashPhase
        animator.apply(stroke.width, to: layer, keyPath: "lineWidth", offset: offset) { $0 }
    }

    /// The layers that draw `paths`. A trim shortens each path on its own, so it makes a layer
    /// per path (as lottie-ios does), each repeating its path as often as the trim's offset
    /// needs. Otherwise one layer holds every path (so even-odd fills and holes see them all):
    /// lottie-ios combines animated paths too when all are Bézier paths (`sh`); animated
    /// rectangles, ellipses and stars get a layer each.
    private func shapeLayers(
        for paths: [LottieShapePath.Drawn], name: String?, trim: LottieTrim? = nil,
        style: (CAShapeLayer) -> Void
    ) -> [CAShapeLayer] {
        guard !paths.isEmpty else { return [] }
        let groups: [LottieAnimatable<CGPath>]
        if trim != nil || paths.count == 1
            || (paths.contains(where: \.path.isAnimated) && !paths.allSatisfy(\.isBezier))
        {
            groups = paths.map(\.path)
        } else {
            groups = [LottieShapePath.combining(paths.map(\.path))]
        }
        let range = trim?.strokeRange
        return groups.map { path in
            let layer = CAShapeLayer()
            layer.name = name
            layer.frame = CGRect(origin: .zero, size: size)
            let repeats = range?.repeats ?? 1
            animator.apply(path, to: layer, keyPath: "path", offset: offset) { path in
                guard repeats > 1 else { return path }
                let repeated = CGMutablePath()
                for _ in 0..<repeats { repeated.addPath(path) }
                return repeated
            }
            if let range {
                animator.apply(range.start, to: layer, keyPath: "strokeStart", offset: offset) { $0 }
                animator.apply(range.end, to: layer, keyPath: "strokeEnd", offset: offset) { $0 }
            }
            style(layer)
            return layer
        }
    }

    /// A gradient layer masked by the paths drawn in `style` (as lottie-ios does). Paths may
    /// reach beyond the shape layer's bounds, so the gradient goes on `gradientPadding` points
    /// past them on every side, as lottie-ios's gradient layer does.
    private func gradientLayers(
        _ fill: LottieGradientFill, paths: [LottieShapePath.Drawn], trim: LottieTrim?,
        mask style: (CAShapeLayer) -> Void
    ) -> [CALayer] {
        shapeLayers(for: paths, name: nil, trim: trim, style: style).map { mask in
            let gradient = CAGradientLayer()
            gradient.name = fill.name
            let pad = Self.gradientPadding
            let padded = CGSize(width: size.width + 2 * pad, height: size.height + 2 * pad)
            gradient.frame = CGRect(origin: CGPoint(x: -pad, y: -pad), size: padded)
            gradient.type = fill.radial ? .radial : .axial
            // The stops as Apple's Core Animation interpolates them (see LottieGradientColorSpace).
            let stops = fill.stops.map(LottieGradientColorSpace.stops)
            animator.apply(stops, to: gradient, keyPath: "colors", offset: offset) { $0.map(\.color) }
            // Stops move as well as change colour, as lottie-ios animates `locations` too.
            animator.apply(stops, to: gradient, keyPath: "locations", offset: offset) { $0.map(\.location) }
            func unit(_ p: CGPoint) -> CGPoint {
                CGPoint(x: (p.x + pad) / padded.width, y: (p.y + pad) / padded.height)
            }
            animator.apply(fill.start, to: gradient, keyPath: "startPoint", offset: offset) { unit($0) }
            if fill.radial {
                // Core Animation's radial gradient reaches endPoint's x and y distances from the
                // centre; Lottie's is a circle through the end point.
                let start = fill.start.initial
                animator.apply(fill.end, to: gradient, keyPath: "endPoint", offset: offset) {
                    let r = ((($0.x - start.x) * ($0.x - start.x)) + (($0.y - start.y) * ($0.y - start.y))).squareRoot()
                    return unit(CGPoint(x: start.x + r, y: start.y + r))
                }
            } else {
                animator.apply(fill.end, to: gradient, keyPath: "endPoint", offset: offset) { unit($0) }
            }
            animator.apply(fill.opacity, to: gradient, keyPath: "opacity", offset: offset) { $0 / 100 }
            // The mask draws in the shape layer's coordinates.
            mask.frame = CGRect(origin: CGPoint(x: pad, y: pad), size: size)
            gradient.mask = mask
            return gradient
        }
    }

    /// lottie-ios's `CALayer.veryLargeLayerPadding`, which its gradient layers are padded by
    /// since 2,000 points cut off a long gradient stroke (its issue 1717).
    static let gradientPadding = 10000.0
}
