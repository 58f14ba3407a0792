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
            // Opacity stops follow the colour stops. lottie-ios draws them as a gradient of their
            // own masking the colours, so every colour and every opacity location is a stop here,
            // with the colour and the opacity each interpolated at the other's locations.
            let colors: [(Double, [Double])] = (0..<count).map { i in
                let start = i * 4
                return (raw[start], Array(raw[(start + 1)..<(start + 4)]))
            }
            let alphas: [(Double, [Double])] = stride(from: count * 4, to: raw.count - 1, by: 2).map { i in
                (raw[i], [raw[i + 1]])
            }
            func at(_ stops: [(Double, [Double])], _ t: Double) -> [Double] {
                guard let after = stops.firstIndex(where: { $0.0 >= t }) else { return stops.last?.1 ?? [1] }
                guard after > 0 else { return stops[0].1 }
                let (a, b) = (stops[after - 1], stops[after])
                guard b.0 > a.0 else { return b.1 }
                return zip(a.1, b.1).map { $0 + ($1 - $0) * (t - a.0) / (b.0 - a.0) }
            }
            // Colour stops keep their own colours (two at one location are a hard edge).
            let colorLocations = Set(colors.map(\.0))
            let own: [(Double, [Double]?)] = colors.map { ($0.0, $0.1) }
            let between: [(Double, [Double]?)] = alphas.filter { !colorLocations.contains($0.0) }.map { ($0.0, nil) }
            let stops = (own + between).enumerated().sorted { a, b in
                a.element.0 != b.element.0 ? a.element.0 < b.element.0 : a.offset < b.offset
            }.map(\.element)
            func unit(_ v: Double) -> Double { min(max(v, 0), 1) }
            return stops.map { location, rgb in
                let c = (rgb ?? at(colors, location)).map(unit)
                let alpha = alphas.isEmpty ? 1 : unit(at(alphas, location)[0])
                return LottieGradientStop(
                    location: unit(location), color: CGColor(red: c[0], green: c[1], blue: c[2], alpha: alpha))
            }
        }
    }
}
