import Foundation
import ReelCore
import ReelLottie

// MARK: - Polystars and repeaters
extension LottieDecoder {
    /// `sr`: `sy` 1 is a star, 2 a polygon (which has no inner radius or roundness); `d: 3`
    /// reverses its direction.
    func decodePolystar(_ fields: [String: SceneNode], _ path: String) -> LottiePolystar {
        func scalar(_ key: String, _ fallback: Double) -> LottieAnimatable<Double> {
            animatable(fields[key], "\(path).\(key)", default: fallback, number)
        }
        let isPolygon = fields["sy"]?.number == 2
        let points = scalar("pt", 5)
        if points.keyframes.contains(where: { $0.value > 1000 }) {
            diagnostics.error("\(path).pt: a polystar has at most 1000 points", at: fields["pt"]!.location)
        }
        return LottiePolystar(
            name: fields["nm"]?.string, isPolygon: isPolygon,
            position: animatable(fields["p"], "\(path).p", default: .zero, point),
            points: points.map { min(max($0, 0), 1000) }, rotation: scalar("r", 0),
            outerRadius: scalar("or", 0), innerRadius: isPolygon ? LottieAnimatable(0) : scalar("ir", 0),
            outerRoundness: scalar("os", 0), innerRoundness: isPolygon ? LottieAnimatable(0) : scalar("is", 0),
            reversed: fields["d"]?.number == 3)
    }

    /// `rp`: its copies (`c`), and the transform (`tr`) each copy adds to the one before. The
    /// Core Animation mapping has one copy count, no offset (`o`) and no opacity ramp (`tr.so`,
    /// `tr.eo`): those are warnings.
    func decodeRepeater(_ fields: [String: SceneNode], _ node: SceneNode, _ path: String) -> LottieRepeater? {
        let copies = animatable(fields["c"], "\(path).c", default: 1, number)
        if copies.isAnimated {
            warn("\(path).c", "animated repeater copies are not supported; the first count is used", at: node)
        }
        guard copies.initial <= Double(Self.maxRepeaterCopies) else {
            diagnostics.error(
                "\(path).c is \(JSONValue.format(copies.initial)); a repeater makes at most \(Self.maxRepeaterCopies) copies",
                at: fields["c"]?.location ?? node.location)
            return nil
        }
        if let offset = fields["o"],
            animatable(offset, "\(path).o", default: 0, number).keyframes.contains(where: {
                $0.value != 0
            })
        {
            warn("\(path).o", "repeater offsets are not supported; the copies start at the first", at: offset)
        }
        var transform = LottieTransform()
        if let node = fields["tr"], let tr = object(node, "\(path).tr") {
            transform = decodeTransform(node, "\(path).tr") ?? transform
            for key in ["so", "eo"] {
                guard let opacity = tr[key] else { continue }
                let values = animatable(opacity, "\(path).tr.\(key)", default: 100, number)
                if values.keyframes.contains(where: { $0.value != 100 }) {
                    warn(
                        "\(path).tr.\(key)", "repeater opacities are not supported; the copies are drawn opaque",
                        at: opacity)
                }
            }
        }
        transform.opacity = LottieAnimatable(100)
        return LottieRepeater(
            name: fields["nm"]?.string, copies: max(0, Int(copies.initial.rounded(.down))), transform: transform)
    }

    /// Each copy repeats every layer of its shape layer.
    static let maxRepeaterCopies = 1000
}
