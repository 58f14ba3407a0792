import Foundation
import ReelCore
import ReelLottie

// MARK: - Layers and transforms
extension LottieDecoder {
    /// One layer, or nil for a hidden one (`hd`) and one that cannot be decoded (reported), with
    /// whether it is the track matte of the next one (`td`) and the kind of matte it uses (`tt`).
    func decodeLayer(_ node: SceneNode, _ path: String) -> (layer: LottieLayer, isMatte: Bool, matteMode: Double?)? {
        guard let fields = object(node, path) else { return nil }
        if fields["hd"]?.bool == true { return nil }
        let type = fields["ty"].flatMap { number($0, "\(path).ty") }
        var content = LottieLayer.Content.none
        switch type {
        case 0?:
            let id = fields["refId"]?.string ?? ""
            content = .precomp(
                id: id, width: number(fields["w"], "\(path).w", default: 0),
                height: number(fields["h"], "\(path).h", default: 0))
        case 1?:
            let color = fields["sc"]?.string.flatMap(Self.hexColor)
            if color == nil { warn(path, "the solid's colour ('sc') is not a #RRGGBB colour; not drawn", at: node) }
            content =
                color.map {
                    .solid(
                        $0, width: number(fields["sw"], "\(path).sw", default: 0),
                        height: number(fields["sh"], "\(path).sh", default: 0))
                } ?? .none
        case 2?: content = .image(id: fields["refId"]?.string ?? "")
        case 3?: break
        case 13?:
            // lottie-ios's model knows no cameras: it reads one as a null layer.
            warn(path, "cameras are drawn as null layers, as lottie-ios draws them: without perspective", at: node)
        case 5?: content = decodeText(fields, path, at: node)
        case 4?:
            if let shapes = fields["shapes"] { content = .shapes(decodeShapes(shapes, "\(path).shapes")) }
        default:
            let kind =
                type.flatMap { Self.unsupportedLayerTypes[Int($0)] }
                ?? "layers of type \(fields["ty"].map(\.kindDescription) ?? "(none)")"
            warn(path, "\(kind) are not supported yet; not drawn", at: node)
        }
        for (key, what) in Self.unsupportedLayerFeatures where isPresent(fields[key]) {
            warn(path, "\(what) are not supported yet; drawn without them", at: fields[key]!)
        }
        let transform = fields["ks"].flatMap { decodeTransform($0, "\(path).ks") } ?? LottieTransform()
        var layer = LottieLayer(
            name: fields["nm"]?.string, index: fields["ind"]?.number.map { Int($0) },
            parent: fields["parent"]?.number.map { Int($0) },
            content: content, inPoint: number(fields["ip"], "\(path).ip", default: -SceneLimits.maxCoordinate),
            outPoint: number(fields["op"], "\(path).op", default: SceneLimits.maxCoordinate),
            startTime: number(fields["st"], "\(path).st", default: 0), transform: transform)
        layer.dropShadow = decodeDropShadow(fields, path)
        if let masks = fields["masksProperties"] { layer.masks = decodeMasks(masks, "\(path).masksProperties") }
        if type == 0 { decodeTiming(fields, path, into: &layer) }
        if let mode = fields["bm"] { layer.compositingFilter = decodeBlendMode(mode, path) }
        let mode = fields["tt"]?.number.flatMap { $0 == 0 ? nil : $0 }
        return (layer, fields["td"]?.number.map { $0 != 0 } ?? false, mode)
    }

    /// Lottie's layer types Reel does not draw yet, by `ty`.
    static let unsupportedLayerTypes: [Int: String] = [
        5: "text layers", 6: "audio layers"
    ]

    /// Layer keys Reel does not map yet, and what they are.
    static let unsupportedLayerFeatures: [(String, String)] = []

    /// Whether a key holds something (not absent, 0, false or an empty list).
    private func isPresent(_ node: SceneNode?) -> Bool {
        switch node {
        case nil: false
        case .sequence(let items, _)?: !items.isEmpty
        case let n?: !(n.number == 0 || n.bool == false || n.isNull)
        }
    }

    /// `ks` of a layer or `tr` of a group.
    func decodeTransform(_ node: SceneNode, _ path: String) -> LottieTransform? {
        guard let fields = object(node, path) else { return nil }
        var transform = LottieTransform()
        transform.anchor = animatable(fields["a"], "\(path).a", default: .zero, point)
        if let p = fields["p"], case .mapping(let pairs, _) = p,
            pairs.contains(where: { $0.key == "s" && $0.value.bool == true })
        {
            let split = object(p, "\(path).p") ?? [:]
            transform.position = .split(
                x: animatable(split["x"], "\(path).p.x", default: 0, number),
                y: animatable(split["y"], "\(path).p.y", default: 0, number))
        } else {
            transform.position = .point(animatable(fields["p"], "\(path).p", default: .zero, point))
        }
        transform.scale = animatable(fields["s"], "\(path).s", default: CGPoint(x: 100, y: 100), point)
        transform.rotation = animatable(fields["r"] ?? fields["rz"], "\(path).r", default: 0, number)
        transform.opacity = animatable(fields["o"], "\(path).o", default: 100, number)
        warnOfRotationsOffThePlane(fields, path)
        transform.skew = animatable(fields["sk"], "\(path).sk", default: 0, number)
        transform.skewAxis = animatable(fields["sa"], "\(path).sa", default: 0, number)
        return transform
    }

    /// `#RRGGBB` (a solid's colour).
    static func hexColor(_ text: String) -> CGColor? {
        let digits = text.hasPrefix("#") ? text.dropFirst() : Substring(text)
        guard digits.count == 6, let value = UInt32(digits, radix: 16) else { return nil }
        return CGColor(
            red: Double(value >> 16 & 0xFF) / 255, green: Double(value >> 8 & 0xFF) / 255,
            blue: Double(value & 0xFF) / 255)
    }

    /// Every precomp reference names an asset, no precomp contains itself (a cycle would nest
    /// layers without end), and the layers made, each use of a precomp counted, stay within
    /// `SceneLimits.maxDrawnLayers` (precomps used many times inside others multiply).
    func checkPrecomps(_ layers: SceneNode?, _ precomps: [String: SceneNode]) {
        // Layers one use of each precomp makes; nil while it is being visited.
        var made: [String: Double?] = [:]
        func count(_ node: SceneNode?, depth: Int) -> Double {
            guard case .sequence(let items, _)? = node else { return 0 }
            var total = Self.madeLayers(items)
            for item in items {
                guard case .mapping(let pairs, _) = item,
                    pairs.contains(where: { $0.key == "ty" && $0.value.number == 0 }),
                    let ref = pairs.first(where: { $0.key == "refId" })
                else { continue }
                guard let id = ref.value.string, let target = precomps[id] else {
                    // lottie-ios draws nothing for it, and neither does Reel.
                    compatibility(
                        "refId \(ref.value.kindDescription) names no precomp in 'assets'; the layer is not drawn",
                        at: ref.value.location)
                    continue
                }
                switch made[id] {
                case .some(.some(let n)): total += n
                case .some(.none):
                    diagnostics.error(
                        "precomp '\(SceneNode.abbreviated(id))' contains itself; precomps must not form a cycle",
                        at: ref.value.location)
                case .none:
                    guard depth < LottieSceneBuilder.maxPrecompDepth else {
                        diagnostics.error(
                            "precomps nest more than \(LottieSceneBuilder.maxPrecompDepth) deep here",
                            at: ref.value.location)
                        continue
                    }
                    made[id] = .some(nil)
                    let n = count(target, depth: depth + 1)
                    made[id] = n
                    total += n
                }
            }
            return total
        }
        let total = count(layers, depth: 0)
        if total > Double(SceneLimits.maxDrawnLayers), let layers {
            diagnostics.error(
                "the animation makes \(JSONValue.format(total)) layers, each use of a precomp counted; the limit is \(SceneLimits.maxDrawnLayers)",
                at: layers.location)
        }
    }
}
