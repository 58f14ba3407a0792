import Foundation
import ReelCore
import ReelLottie

// MARK: - Masks
extension LottieDecoder {
    /// Lottie's mask modes (`mode`) as lottie-ios's Core Animation engine draws them; `n` (none)
    /// is left out.
    static let maskModes: [String: LottieMask.Mode] = [
        "a": .add, "l": .add, "s": .subtract, "i": .intersect, "f": .intersect, "d": .intersect
    ]

    /// A layer's masks, in order. What the Core Animation engine does not draw either (opacity,
    /// expansion) is warned about and the mask drawn without it.
    func decodeMasks(_ node: SceneNode, _ path: String) -> [LottieMask] {
        guard case .sequence(let items, _) = node else { return [] }
        var masks: [LottieMask] = []
        for (n, item) in items.enumerated() {
            let itemPath = "\(path)[\(n)]"
            guard let fields = object(item, itemPath) else { continue }
            let code = fields["mode"]?.string ?? "a"
            if code == "n" { continue }
            guard let mode = Self.maskModes[code] else {
                let name = SceneNode.abbreviated(code)
                warn(itemPath, "mask mode '\(name)' is not a Lottie mask mode; not drawn", at: item)
                continue
            }
            let expansion = animatable(fields["x"], "\(itemPath).x", default: 0, number)
            if expansion.keyframes.contains(where: { $0.value != 0 }) {
                warn(itemPath, "mask expansion is not supported; drawn without it", at: fields["x"] ?? item)
            }
            let opacity = animatable(fields["o"], "\(itemPath).o", default: 100, number)
            if opacity.keyframes.contains(where: { $0.value != 100 }) {
                warn(itemPath, "mask opacity is not supported; the mask is drawn opaque", at: fields["o"] ?? item)
            }
            let empty = LottieBezier(vertices: [], closed: true)
            masks.append(
                LottieMask(
                    mode: mode, inverted: fields["inv"]?.bool ?? false,
                    path: animatable(fields["pt"], "\(itemPath).pt", default: empty, bezier)))
        }
        return masks
    }
}
