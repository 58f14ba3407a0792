import Foundation

/// How far anything moves within a shutter, in device pixels: what `MotionBlur.subframeCount`
/// turns into a number of sub-frames.
///
/// It compares the trees at the shutter's opening, middle and close: the corners of each layer's
/// bounds are mapped to the device, and a corner's travel is the length of the two legs
/// (open → middle → close). A shape's strokeStart/strokeEnd move the stroke's end along its path:
/// by at most the change times the path's length, stretched by the layer's transform. Changes of
/// colour or opacity move nothing (two sub-frames average them). Any other change, or trees that
/// differ in structure, have no known bound.
enum ShutterMotion {
    /// What the trees show: nothing changes, a change that moves nothing or so many pixels, or
    /// a change whose reach is not known.
    enum Extent: Equatable {
        case still
        case pixels(Double)
        case unbounded
    }

    /// The extent of `trees` (the shutter's open, middle and close trees), drawn at `scale`.
    static func of(_ trees: [PresentationLayer], scale: Double) -> Extent {
        var walk = Walk()
        let device = Homography(m: [[scale, 0, 0], [0, scale, 0], [0, 0, 1]])
        guard walk.visit(trees, parents: trees.map { _ in device }, parentSublayers: trees.map { _ in nil }) else {
            return .unbounded
        }
        return walk.changed ? .pixels(walk.largest) : .still
    }

    private struct Walk {
        var changed = false
        var largest = 0.0

        /// False when the travel is not known.
        mutating func visit(
            _ layers: [PresentationLayer], parents: [Homography], parentSublayers: [CATransform3D?]
        ) -> Bool {
            let first = layers[0]
            guard first.kind != .transformLayer, first.kind != .emitter, !first.hasTransition,
                first.delayedInstances.isEmpty, first.kind != .replicator || first.state.instanceCount <= 1,
                layers.dropFirst().allSatisfy({
                    $0.kind == first.kind && !$0.hasTransition && $0.sublayers.count == first.sublayers.count
                        && $0.hasMask == first.hasMask && $0.delayedInstances.isEmpty
                })
            else { return false }
            var maps: [Homography] = []
            for (layer, (parent, parentSublayer)) in zip(layers, zip(parents, parentSublayers)) {
                let local = Homography(layer.state.transformToSuperlayer(parentSublayer: parentSublayer))
                maps.append(local.then(parent))
            }
            guard measure(layers.map(\.state), maps) else { return false }
            let masks = first.hasMask ? layers.compactMap(\.mask) : []
            if !masks.isEmpty, !visit(masks, parents: maps, parentSublayers: masks.map { _ in nil }) { return false }
            let sublayerMaps = layers.map(\.state.sublayerTransformAboutCentre)
            for i in first.sublayers.indices
            where !visit(layers.map { $0.sublayers[i] }, parents: maps, parentSublayers: sublayerMaps) {
                return false
            }
            return true
        }

        /// Adds one layer's travel (its own drawing; sublayers are visited apart).
        private mutating func measure(_ states: [LayerState], _ maps: [Homography]) -> Bool {
            let first = states[0]
            if states.dropFirst().contains(where: { $0 != first }) {
                changed = true
                // What is left once motion and colour are taken out must not change; strokeStart
                // and strokeEnd are bounded through the path's length below.
                var neutral = states.map(Self.withoutMotion)
                for i in neutral.indices {
                    neutral[i].strokeStart = first.strokeStart
                    neutral[i].strokeEnd = first.strokeEnd
                }
                guard neutral.dropFirst().allSatisfy({ $0 == neutral[0] }) else { return false }
            }
            // A parent's motion moves its sublayers too: each layer's corners are measured.
            var travel = 0.0
            for corner in 0..<4 {
                var points: [CGPoint] = []
                for (state, map) in zip(states, maps) {
                    let b = state.bounds
                    let p = map.apply(Double(corner % 2 == 0 ? b.minX : b.maxX), Double(corner < 2 ? b.minY : b.maxY))
                    guard p.w > 0 else { return false }
                    points.append(CGPoint(x: p.x / p.w, y: p.y / p.w))
                }
                travel = max(travel, Self.legs(points.map { ($0.x, $0.y) }))
            }
            if states.contains(where: { $0.strokeStart != first.strokeStart || $0.strokeEnd != first.strokeEnd }) {
                guard let path = first.path, maps.allSatisfy(\.isAffine) else { return false }
                let stretch = maps.map(Self.stretch).max() ?? 0
                let along = max(
                    Self.legs(states.map { (Double($0.strokeStart), 0) }),
                    Self.legs(states.map { (Double($0.strokeEnd), 0) }))
                travel = max(travel, along * PathMeasure(path).length * stretch)
            }
            largest = max(largest, travel)
            return true
        }

        /// The largest singular value of an affine map's linear part: the most it stretches a length.
        private static func stretch(_ map: Homography) -> Double {
            let m = map.m
            let squares = m[0][0] * m[0][0] + m[0][1] * m[0][1] + m[1][0] * m[1][0] + m[1][1] * m[1][1]
            let determinant = m[0][0] * m[1][1] - m[0][1] * m[1][0]
            return ((squares + max(squares * squares - 4 * determinant * determinant, 0).squareRoot()) / 2).squareRoot()
        }

        /// The length of the polyline through `points`.
        private static func legs(_ points: [(Double, Double)]) -> Double {
            zip(points, points.dropFirst()).reduce(0) { $0 + hypot($1.1.0 - $1.0.0, $1.1.1 - $1.0.1) }
        }

        /// The state with what moves or only recolours taken out: what is left must be equal for
        /// the travel of corners to bound the change.
        private static func withoutMotion(_ state: LayerState) -> LayerState {
            var s = state
            s.bounds = .zero
            s.position = .zero
            s.zPosition = 0
            s.anchorPoint = .zero
            s.anchorPointZ = 0
            s.transform = .identity
            s.sublayerTransform = .identity
            s.isHidden = false
            s.opacity = 1
            s.backgroundColor = nil
            s.borderColor = nil
            s.shadowColor = nil
            s.shadowOpacity = 0
            s.fillColor = nil
            s.strokeColor = nil
            s.foregroundColor = nil
            s.colors = nil
            return s
        }
    }
}
