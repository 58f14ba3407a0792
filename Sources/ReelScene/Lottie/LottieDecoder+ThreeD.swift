import Foundation
import ReelCore
import ReelLottie

// MARK: - 3D layers
extension LottieDecoder {
    /// A 3D layer (`ddd: 1`) is drawn as lottie-ios's Core Animation engine draws it: its
    /// rotation about z (`rz`) as the rotation, its depth left out. Rotations off the screen's
    /// plane (`rx`, `ry`, orientation `or`), which that engine does not support either, are
    /// warnings when they turn anything: zero ones, which every 3D layer carries, change nothing.
    func warnOfRotationsOffThePlane(_ fields: [String: SceneNode], _ path: String) {
        for key in ["rx", "ry", "or"] {
            guard let node = fields[key], Self.turns(node) else { continue }
            warn(path, "3D rotation ('\(key)') is not supported; drawn without it", at: node)
        }
    }

    /// Whether a rotation property holds an angle other than 0 in its values (`k`, and a
    /// keyframe's `s` and `e`), easing and frame numbers aside.
    private static func turns(_ node: SceneNode) -> Bool {
        switch node {
        case .scalar: return (node.number ?? 0) != 0
        case .sequence(let items, _): return items.contains(where: turns)
        case .mapping(let pairs, _):
            return pairs.contains { ["k", "s", "e"].contains($0.key) && turns($0.value) }
        }
    }
}
