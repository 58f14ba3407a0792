import Foundation
import ReelCore
import ReelLottie

// MARK: - Shape items
extension LottieDecoder {
    /// A shape layer's `shapes` or a group's `it`, hidden items (`hd`) left out.
    func decodeShapes(_ node: SceneNode, _ path: String) -> [LottieShapeItem] {
        guard case .sequence(let items, _) = node else {
            diagnostics.error("\(path) must be a list of shapes, found \(node.kindDescription)", at: node.location)
            return []
        }
        return items.enumerated().compactMap { decodeShape($1, "\(path)[\($0)]") }
    }

    private func decodeShape(_ node: SceneNode, _ path: String) -> LottieShapeItem? {
        guard let fields = object(node, path), fields["hd"]?.bool != true else { return nil }
        let name = fields["nm"]?.string
        let type = fields["ty"]?.string ?? ""
        switch type {
        case "gr":
            var items: [LottieShapeItem] = []
            var transform = LottieTransform()
            if let list = fields["it"], case .sequence(let children, _) = list {
                for (n, child) in children.enumerated() {
                    // The group's transform is the `tr` item among its items (the last, by convention).
                    if case .mapping(let pairs, _) = child,
                        pairs.contains(where: { $0.key == "ty" && $0.value.string == "tr" })
                    {
                        transform = decodeTransform(child, "\(path).it[\(n)]") ?? transform
                    } else if let item = decodeShape(child, "\(path).it[\(n)]") {
                        items.append(item)
                    }
                }
            }
            return .group(name: name, items: items, transform: transform)
        case "sh":
            let empty = LottieBezier(vertices: [], closed: false)
            return .path(name: name, animatable(fields["ks"], "\(path).ks", default: empty, bezier))
        case "rc":
            return .rectangle(
                name: name, position: animatable(fields["p"], "\(path).p", default: .zero, point),
                size: animatable(fields["s"], "\(path).s", default: .zero, point),
                roundness: animatable(fields["r"], "\(path).r", default: 0, number))
        case "el":
            return .ellipse(
                name: name, position: animatable(fields["p"], "\(path).p", default: .zero, point),
                size: animatable(fields["s"], "\(path).s", default: .zero, point))
        case "fl":
            return .fill(
                LottieFill(
                    name: name, color: animatable(fields["c"], "\(path).c", default: .black, color),
                    opacity: animatable(fields["o"], "\(path).o", default: 100, number),
                    evenOdd: fields["r"]?.number == 2))
        case "gf": return .gradientFill(decodeGradient(fields, path))
        case "st": return .stroke(decodeStroke(fields, node, path))
        case "gs":
            return .gradientStroke(
                LottieGradientStroke(gradient: decodeGradient(fields, path), stroke: decodeStroke(fields, node, path)))
        case "sr": return .polystar(decodePolystar(fields, path))
        case "rd":
            return .roundedCorners(name: name, radius: animatable(fields["r"], "\(path).r", default: 0, number))
        case "tm":
            return .trim(
                LottieTrim(
                    name: name, start: animatable(fields["s"], "\(path).s", default: 0, number),
                    end: animatable(fields["e"], "\(path).e", default: 100, number),
                    offset: animatable(fields["o"], "\(path).o", default: 0, number)))
        case "rp": return decodeRepeater(fields, node, path).map { .repeater($0) }
        default:
            let what = Self.unsupportedShapes[type] ?? "shape items of type '\(SceneNode.abbreviated(type))'"
            warn(path, "\(what) are not supported yet; drawn without them", at: node)
            return nil
        }
    }

    /// Lottie's shape items Reel does not map yet, by `ty`.
    static let unsupportedShapes: [String: String] = [
        "mm": "merge paths", "tw": "twists", "op": "offset paths", "pb": "pucker/bloat", "zz": "zig-zags"
    ]

    func decodeStroke(_ fields: [String: SceneNode], _ node: SceneNode, _ path: String) -> LottieStroke {
        var stroke = LottieStroke(
            name: fields["nm"]?.string, color: animatable(fields["c"], "\(path).c", default: .black, color),
            opacity: animatable(fields["o"], "\(path).o", default: 100, number),
            width: animatable(fields["w"], "\(path).w", default: 1, number))
        let caps: [Double: CAShapeLayerLineCap] = [1: .butt, 2: .round, 3: .square]
        let joins: [Double: CAShapeLayerLineJoin] = [1: .miter, 2: .round, 3: .bevel]
        stroke.lineCap = fields["lc"]?.number.flatMap { caps[$0] } ?? .round
        stroke.lineJoin = fields["lj"]?.number.flatMap { joins[$0] } ?? .round
        stroke.miterLimit = number(fields["ml"], "\(path).ml", default: 4)
        if let dashes = fields["d"], case .sequence(let items, _) = dashes, !items.isEmpty {
            var pattern: [Double] = []
            for (n, item) in items.enumerated() {
                guard let entry = object(item, "\(path).d[\(n)]") else { continue }
                let value = animatable(entry["v"], "\(path).d[\(n)].v", default: 0, number)
                if value.isAnimated {
                    warn("\(path).d[\(n)]", "animated dashes are not supported yet; the first value is used", at: item)
                }
                if entry["n"]?.string == "o" {
                    stroke.dashPhase = value.initial
                } else {
                    pattern.append(max(value.initial, 0))
                }
            }
            stroke.dashes = pattern.contains { $0 > 0 } ? pattern : nil
        }
        return stroke
    }

    /// `gf` or the gradient of a `gs`.
    private func decodeGradient(_ fields: [String: SceneNode], _ path: String) -> LottieGradientFill {
        LottieGradientFill(
            name: fields["nm"]?.string, radial: fields["t"]?.number == 2,
            start: animatable(fields["s"], "\(path).s", default: .zero, point),
            end: animatable(fields["e"], "\(path).e", default: .zero, point),
            stops: gradientStops(fields["g"], "\(path).g"),
            opacity: animatable(fields["o"], "\(path).o", default: 100, number),
            evenOdd: fields["r"]?.number == 2)
    }

    /// `g`: `{"p": colour count, "k": property of [location, r, g, b, …, location, alpha, …]}`.
    private func gradientStops(_ node: SceneNode?, _ path: String) -> LottieAnimatable<[LottieGradientStop]> {
        let black = [LottieGradientStop(location: 0, color: .black)]
        guard let node, let fields = object(node, path) else { return LottieAnimatable(black) }
        let count = Int(number(fields["p"], "\(path).p", default: 0))
        guard count >= 1, count <= 1000 else {
            diagnostics.error("\(path).p must be the number of colour stops, 1 to 1000", at: node.location)
            return LottieAnimatable(black)
        }
        return animatable(fields["k"], "\(path).k", default: black) { value, where_ in
            guard let raw = numbers(value, where_, count: count * 4) else { return nil }
            // Opacity stops after the colour stops: alpha at each colour stop's location, linearly between.
            let alphas = stride(from: count * 4, to: raw.count - 1, by: 2).map { (raw[$0], raw[$0 + 1]) }
            func alpha(at t: Double) -> Double {
                guard let after = alphas.firstIndex(where: { $0.0 >= t }) else { return alphas.last?.1 ?? 1 }
                guard after > 0 else { return alphas[0].1 }
                let (a, b) = (alphas[after - 1], alphas[after])
                return b.0 > a.0 ? a.1 + (b.1 - a.1) * (t - a.0) / (b.0 - a.0) : b.1
            }
            return (0..<count).map { i in
                let c = raw[(i * 4)..<(i * 4 + 4)].map { min(max($0, 0), 1) }
                return LottieGradientStop(
                    location: c[0],
                    color: CGColor(red: c[1], green: c[2], blue: c[3], alpha: min(max(alpha(at: c[0]), 0), 1)))
            }
        }
    }
}
