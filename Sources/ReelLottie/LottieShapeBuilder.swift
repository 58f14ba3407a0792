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
    /// `inherited` the fills and strokes the enclosing list lends, painting after `items`.
    func add(
        _ items: [LottieShapeItem], to container: CALayer, trims: [LottieTrim] = [], inherited: [LottieShapeItem] = []
    ) {
        var trims = trims
        for case .trim(_, let start, let end) in items { trims.append(LottieTrim(start: start, end: end)) }
        // A list that draws no path of its own lends its fills and strokes to its groups (one
        // level down, as lottie-ios's inherited items).
        let lent = items.contains(where: \.drawsPath) ? [] : items.filter(\.paints)
        var paths: [LottieAnimatable<CGPath>] = []
        var made: [CALayer] = []
        for item in items + inherited {
            switch item {
            case .group(let name, let items, let transform):
                let group = CALayer()
                group.name = name
                animator.apply(transform, to: group, size: size, offset: offset, opacity: true)
                add(items, to: group, trims: trims, inherited: lent)
                made.append(group)
            case .path(_, let bezier): paths.append(bezier.map(\.cgPath))
            case .rectangle(_, let position, let rectSize, let roundness):
                paths.append(LottieShapePath.rectangle(position: position, size: rectSize, roundness: roundness))
            case .ellipse(_, let position, let ellipseSize):
                paths.append(LottieShapePath.ellipse(position: position, size: ellipseSize))
            case .fill(let fill):
                made += shapeLayers(for: paths, name: fill.name) { layer in
                    layer.fillRule = fill.evenOdd ? .evenOdd : .nonZero
                    layer.strokeColor = nil
                    animator.apply(fill.color, to: layer, keyPath: "fillColor", offset: offset) { $0 }
                    animator.apply(fill.opacity, to: layer, keyPath: "opacity", offset: offset) { $0 / 100 }
                }
            case .gradientFill(let fill): made += gradientLayers(fill, paths: paths)
            case .stroke(let stroke):
                made += shapeLayers(for: paths, name: stroke.name) { layer in
                    layer.fillColor = nil
                    layer.lineCap = stroke.lineCap
                    layer.lineJoin = stroke.lineJoin
                    layer.miterLimit = stroke.miterLimit
                    layer.lineDashPattern = stroke.dashes
                    layer.lineDashPhase = stroke.dashPhase
                    animator.apply(stroke.color, to: layer, keyPath: "strokeColor", offset: offset) { $0 }
                    animator.apply(stroke.opacity, to: layer, keyPath: "opacity", offset: offset) { $0 / 100 }
                    animator.apply(stroke.width, to: layer, keyPath: "lineWidth", offset: offset) { $0 }
                    if let trim = trims.first { apply(trim, to: layer) }
                }
            case .trim: break
            }
        }
        // Core Animation draws later sublayers on top; Lottie draws earlier items on top.
        for layer in made.reversed() { container.addSublayer(layer) }
    }

    /// One shape layer holding every path when none is animated (so even-odd fills see them all),
    /// otherwise one per path, each animating its own.
    private func shapeLayers(
        for paths: [LottieAnimatable<CGPath>], name: String?, style: (CAShapeLayer) -> Void
    ) -> [CALayer] {
        guard !paths.isEmpty else { return [] }
        let groups: [LottieAnimatable<CGPath>]
        if paths.contains(where: \.isAnimated) {
            groups = paths
        } else {
            let combined = CGMutablePath()
            for path in paths { combined.addPath(path.initial) }
            groups = [LottieAnimatable(combined)]
        }
        return groups.map { path in
            let layer = CAShapeLayer()
            layer.name = name
            layer.frame = CGRect(origin: .zero, size: size)
            animator.apply(path, to: layer, keyPath: "path", offset: offset) { $0 }
            style(layer)
            return layer
        }
    }

    /// A gradient layer masked by the paths (as lottie-ios does), whose start and end points are in
    /// the shape layer's coordinates. It covers the shape layer and every keyframe of the paths:
    /// paths reach outside the layer's bounds (a group centred on its origin has negative
    /// coordinates), and the gradient goes on beyond them as lottie-ios's padded one does.
    private func gradientLayers(_ fill: LottieGradientFill, paths: [LottieAnimatable<CGPath>]) -> [CALayer] {
        let area = paths.flatMap(\.keyframes).reduce(CGRect(origin: .zero, size: size)) {
            $1.value.isEmpty ? $0 : $0.union($1.value.boundingBoxOfPath)
        }
        return shapeLayers(for: paths, name: nil) { mask in
            mask.fillRule = fill.evenOdd ? .evenOdd : .nonZero
            mask.fillColor = .black
            mask.strokeColor = nil
        }.map { mask in
            let gradient = CAGradientLayer()
            gradient.name = fill.name
            gradient.frame = area
            gradient.type = fill.radial ? .radial : .axial
            animator.apply(fill.stops, to: gradient, keyPath: "colors", offset: offset) { $0.map(\.color) }
            gradient.locations = fill.stops.initial.map(\.location)
            func unit(_ p: CGPoint) -> CGPoint {
                CGPoint(x: (p.x - area.minX) / max(area.width, 1), y: (p.y - area.minY) / max(area.height, 1))
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
            mask.frame = CGRect(origin: CGPoint(x: -area.minX, y: -area.minY), size: size)
            gradient.mask = mask
            return gradient
        }
    }

    private func apply(_ trim: LottieTrim, to layer: CAShapeLayer) {
        if trim.start.isAnimated || trim.end.isAnimated {
            animator.apply(trim.start, to: layer, keyPath: "strokeStart", offset: offset) { $0 / 100 }
            animator.apply(trim.end, to: layer, keyPath: "strokeEnd", offset: offset) { $0 / 100 }
        } else {
            // A start after the end trims the same stretch the other way round.
            let (s, e) = (trim.start.initial / 100, trim.end.initial / 100)
            layer.strokeStart = min(s, e)
            layer.strokeEnd = max(s, e)
        }
    }
}

/// A trim paths item (`tm`), in percent of the path's length.
struct LottieTrim {
    var start: LottieAnimatable<Double>
    var end: LottieAnimatable<Double>
}
