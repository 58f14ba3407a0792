import Foundation

/// How a layer's coordinate space (its bounds space) sits in its superlayer's: the one
/// definition the renderer, the geometry API and hit testing share.
extension LayerState {
    /// Layer bounds space → superlayer bounds space: about the anchor point (x, y and
    /// anchorPointZ), through `transform`, to `position` (x, y and zPosition), then through the
    /// superlayer's sublayerTransform (`parentSublayer`, see `sublayerTransformAboutCentre`).
    public func transformToSuperlayer(parentSublayer: CATransform3D?) -> CATransform3D {
        let ax = bounds.origin.x + anchorPoint.x * bounds.width, ay = bounds.origin.y + anchorPoint.y * bounds.height
        let full = CATransform3DMakeTranslation(-ax, -ay, -anchorPointZ)
            .concatenating(transform)
            .concatenating(CATransform3DMakeTranslation(position.x, position.y, zPosition))
        return parentSublayer.map { full.concatenating($0) } ?? full
    }

    /// The sublayerTransform about the centre of the bounds (perspective included, so siblings
    /// share one vanishing point); nil when it is the identity.
    public var sublayerTransformAboutCentre: CATransform3D? {
        guard !sublayerTransform.isIdentity else { return nil }
        let c = CGPoint(x: bounds.midX, y: bounds.midY)
        return CATransform3DMakeTranslation(-c.x, -c.y, 0).concatenating(sublayerTransform).concatenating(
            CATransform3DMakeTranslation(c.x, c.y, 0))
    }
}

extension LayerGeometry {
    /// The deepest visible layer at `p` (in the superlayer's space, under `parentSublayer`), front
    /// to back as drawn: `hitTest(_:)`, for model and presentation trees alike. A layer that
    /// clips hides its sublayers outside its bounds.
    static func hit<Node>(
        _ node: Node, at p: CGPoint, parentSublayer: CATransform3D?,
        state: (Node) -> LayerState, sublayers: (Node) -> [Node]
    ) -> Node? {
        let s = state(node)
        guard !s.isHidden, s.opacity > 0,
            let inverse = Homography(s.transformToSuperlayer(parentSublayer: parentSublayer)).inverse
        else { return nil }
        let q = inverse.apply(Double(p.x), Double(p.y))
        guard q.w > 0 else { return nil }
        let local = CGPoint(x: q.x, y: q.y)
        let inside = s.bounds.standardized.contains(local)
        if s.masksToBounds && !inside { return nil }
        let sublayer = s.sublayerTransformAboutCentre
        // Front first: the last sublayer (of the highest zPosition) is drawn on top.
        let front = sublayers(node).enumerated().sorted { a, b in
            let (za, zb) = (state(a.element).zPosition, state(b.element).zPosition)
            return za != zb ? za > zb : a.offset > b.offset
        }
        for (_, child) in front {
            if let found = hit(child, at: local, parentSublayer: sublayer, state: state, sublayers: sublayers) {
                return found
            }
        }
        return inside ? node : nil
    }
}

extension LayerGeometry {
    /// The map from the plane of `path[0]` to the plane of its last element (its root), each
    /// layer flattened into its superlayer's plane as it is drawn — except in a CATransformLayer,
    /// whose sublayers keep their 3D until it is flattened.
    static func toRoot(_ path: [(state: LayerState, kind: LayerKind)]) -> Homography {
        var plane = Homography.identity
        var pending = CATransform3D.identity
        for i in 0..<max(path.count - 1, 0) {
            let parent = path[i + 1]
            pending = pending.concatenating(
                path[i].state.transformToSuperlayer(parentSublayer: parent.state.sublayerTransformAboutCentre))
            if parent.kind != .transformLayer {
                plane = plane.then(Homography(pending))
                pending = .identity
            }
        }
        return plane.then(Homography(pending))
    }
}

/// The geometry API's shared maths.
enum LayerGeometry {
    /// `p` mapped by `h` (a point behind the eye stays where it is).
    static func map(_ p: CGPoint, _ h: Homography?) -> CGPoint {
        guard let h else { return p }
        let q = h.apply(Double(p.x), Double(p.y))
        return q.w > 0 ? CGPoint(x: q.x, y: q.y) : p
    }

    /// The bounding box of `r`'s corners mapped by `h`.
    static func map(_ r: CGRect, _ h: Homography?) -> CGRect {
        guard !r.isNull else { return r }
        let s = r.standardized
        let corners = [
            CGPoint(x: s.minX, y: s.minY), CGPoint(x: s.maxX, y: s.minY), CGPoint(x: s.minX, y: s.maxY),
            CGPoint(x: s.maxX, y: s.maxY)
        ]
        .map { map($0, h) }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        return CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }
}

extension CALayer {
    /// This layer and its ancestors up to the root, as the geometry maths takes them.
    private var planePath: [(state: LayerState, kind: LayerKind)] {
        var path: [(state: LayerState, kind: LayerKind)] = []
        var layer: CALayer? = self
        while let l = layer {
            path.append((l.modelState, type(of: l).kind))
            layer = l.superlayer
        }
        return path
    }

    /// `layer`'s space (nil: the root's) → this layer's, for the model values.
    private func map(from layer: CALayer?) -> Homography? {
        let source = layer.map { LayerGeometry.toRoot($0.planePath) } ?? .identity
        return LayerGeometry.toRoot(planePath).inverse.map { source.then($0) }
    }

    /// `p`, given in `layer`'s coordinate space (nil: the root layer's), in this layer's: 3D
    /// transforms included (each layer flattened into its superlayer's plane, as drawn).
    public func convert(_ p: CGPoint, from layer: CALayer?) -> CGPoint { LayerGeometry.map(p, map(from: layer)) }

    /// `p`, given in this layer's coordinate space, in `layer`'s (nil: the root layer's).
    public func convert(_ p: CGPoint, to layer: CALayer?) -> CGPoint {
        (layer ?? root).convert(p, from: self)
    }

    /// The bounding box of `r` (in `layer`'s space; nil: the root's) in this layer's space.
    public func convert(_ r: CGRect, from layer: CALayer?) -> CGRect { LayerGeometry.map(r, map(from: layer)) }

    /// The bounding box of `r` (in this layer's space) in `layer`'s space (nil: the root's).
    public func convert(_ r: CGRect, to layer: CALayer?) -> CGRect { (layer ?? root).convert(r, from: self) }

    /// Whether `p`, in this layer's coordinate space, is inside its bounds.
    public func contains(_ p: CGPoint) -> Bool { modelState.bounds.standardized.contains(p) }

    /// The deepest visible layer of this subtree at `p`, given in the superlayer's coordinate
    /// space (as Core Animation takes it), or nil.
    public func hitTest(_ p: CGPoint) -> CALayer? {
        LayerGeometry.hit(
            self, at: p, parentSublayer: superlayer?.modelState.sublayerTransformAboutCentre,
            state: \.modelState, sublayers: \.children)
    }

    private var root: CALayer {
        var layer = self
        while let parent = layer.superlayer { layer = parent }
        return layer
    }
}

extension PresentationLayer {
    /// Whether `p`, in this layer's coordinate space, is inside its bounds.
    public func contains(_ p: CGPoint) -> Bool { state.bounds.standardized.contains(p) }

    /// The deepest visible layer of this subtree at `p`, given in its superlayer's space (for
    /// the root of `Timeline.presentation(at:)`, the canvas's points), or nil.
    public func hitTest(_ p: CGPoint) -> PresentationLayer? {
        LayerGeometry.hit(self, at: p, parentSublayer: nil, state: \.state, sublayers: \.sublayers)
    }
}
