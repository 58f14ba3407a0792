import Foundation
import ReelCore
import ReelLottie

// MARK: - Effects and layer styles
extension LottieDecoder {
    /// The layer's drop shadow, from its effects (`ef`) or layer styles (`sy`), as lottie-ios's
    /// Core Animation engine maps them; other effects and styles are warned about.
    func decodeDropShadow(_ fields: [String: SceneNode], _ path: String) -> LottieDropShadow? {
        var shadows: [(LottieDropShadow, SceneNode)] = []
        if case .sequence(let effects, _)? = fields["ef"] {
            for (n, node) in effects.enumerated() {
                guard let effect = object(node, "\(path).ef[\(n)]"), effect["en"]?.number != 0 else { continue }
                let type = effect["ty"]?.number
                guard type == 25 else {
                    warn(
                        "\(path).ef[\(n)]",
                        "\(Self.effectName(effect, type)) effects are not supported; drawn without them", at: node)
                    continue
                }
                if let shadow = dropShadowEffect(effect, "\(path).ef[\(n)]", at: node) {
                    shadows.append((shadow, node))
                }
            }
        }
        if case .sequence(let styles, _)? = fields["sy"] {
            for (n, node) in styles.enumerated() {
                guard let style = object(node, "\(path).sy[\(n)]") else { continue }
                guard style["ty"]?.number == 1 else {
                    warn(
                        "\(path).sy[\(n)]",
                        "layer styles other than drop shadows are not supported; drawn without them",
                        at: node)
                    continue
                }
                shadows.append((dropShadowStyle(style, "\(path).sy[\(n)]"), node))
            }
        }
        for (_, node) in shadows.dropFirst() {
            warn(path, "a layer has one shadow in Core Animation; only the first drop shadow is drawn", at: node)
        }
        return shadows.first?.0
    }

    /// Effect `ty: 25`: its values, in order, are colour, opacity (0…255), direction (degrees
    /// clockwise from straight up), distance and softness.
    private func dropShadowEffect(_ effect: [String: SceneNode], _ path: String, at node: SceneNode)
        -> LottieDropShadow?
    {
        guard case .sequence(let values, _)? = effect["ef"], values.count >= 5 else {
            warn(path, "the drop shadow has fewer than 5 values; drawn without it", at: node)
            return nil
        }
        func value<V>(_ n: Int, _ fallback: V, _ decode: (SceneNode, String) -> V?) -> LottieAnimatable<V> {
            animatable(object(values[n], "\(path).ef[\(n)]")?["v"], "\(path).ef[\(n)].v", default: fallback, decode)
        }
        // lottie-ios: the direction is 90° round from the angle of the offset; softness / 5 looks
        // like After Effects' blur as a shadow radius.
        let direction = value(2, 0.0, number)
        return LottieDropShadow(
            color: value(0, .black, color), opacity: value(1, 0, number).map { $0 / 255 },
            radius: value(4, 0, number).map { $0 / 5 },
            offset: LottieDropShadow.offset(angle: direction.map { $0 - 90 }, distance: value(3, 0, number)))
    }

    /// Layer style `ty: 1`: colour `c`, opacity `o` (percent), angle `a`, size `s`, distance `d`.
    private func dropShadowStyle(_ style: [String: SceneNode], _ path: String) -> LottieDropShadow {
        func value(_ key: String) -> LottieAnimatable<Double> {
            animatable(style[key], "\(path).\(key)", default: 0, number)
        }
        // lottie-ios: half the style's size looks like After Effects' as a shadow radius.
        return LottieDropShadow(
            color: animatable(style["c"], "\(path).c", default: .black, color),
            opacity: value("o").map { $0 / 100 }, radius: value("s").map { $0 / 2 },
            offset: LottieDropShadow.offset(angle: value("a"), distance: value("d")))
    }

    /// `Gaussian Blur (ty 29)`: the effect's name as the file gives it, with its type.
    private static func effectName(_ effect: [String: SceneNode], _ type: Double?) -> String {
        let kind = type.map { "ty \(JSONValue.format($0))" } ?? "untyped"
        return effect["nm"]?.string.map { "'\(SceneNode.abbreviated($0))' (\(kind))" } ?? "\(kind)"
    }
}
