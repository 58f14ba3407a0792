import Foundation
import ReelCore

/// A value given to the properties a keypath names, as lottie-ios's value providers give one
/// (`ColorValueProvider`, `FloatValueProvider`, `PointValueProvider`): it replaces the property's
/// keyframes for the whole animation.
public struct LottieOverride {
    /// The value, in Lottie's units: opacity in percent (0–100), scale in percent, rotation in
    /// degrees clockwise, positions and widths in points.
    public enum Value {
        case color(CGColor)
        case number(Double)
        case point(CGPoint)
        /// Text replacement (lottie-ios's text provider), for `LAYER.Text`.
        case text(String)
        /// Image replacement (lottie-ios's image provider), for `LAYER.Image`: an image layer
        /// draws this image in its asset's `w × h`; nil draws nothing, as a provider giving none.
        case image(CGImage?)
    }

    public var keypath: LottieKeypath
    public var value: Value

    public init(keypath: LottieKeypath, value: Value) {
        self.keypath = keypath
        self.value = value
    }

    /// Property names a keypath may end with (lottie-ios's `PropertyName`s), and the kind of
    /// value each takes.
    public static let properties: [String: String] = [
        "Color": "a color", "Opacity": "a number (percent)", "Stroke Width": "a number (points)",
        "Rotation": "a number (degrees)", "Position": "a point [x, y]", "Scale": "a point [x, y] (percent)",
        "Text": "a string", "Image": "an image file (PNG, JPEG or WebP) or null"
    ]
}

extension LottieDocument {
    /// The document with `overrides` substituted for the properties they name (later overrides
    /// win, as lottie-ios's most recently set value provider does), and for each override
    /// whether it named anything. Precompositions are copied for the precomp layers whose
    /// paths an override reaches, so that other uses of the same asset keep their values.
    public func applying(_ overrides: [LottieOverride]) -> (document: LottieDocument, matched: [Bool]) {
        var rewriter = LottieOverrideRewriter(overrides: overrides, precomps: precomps, images: images)
        var result = self
        result.layers = rewriter.rewrite(layers, path: [], depth: 0)
        result.precomps = rewriter.precomps
        result.images = rewriter.images
        return (result, rewriter.matched)
    }
}

/// Walks layers and shape items with the keypath of each property (the names from the top
/// composition down, then the property's name).
private struct LottieOverrideRewriter {
    let overrides: [LottieOverride]
    var precomps: [String: [LottieLayer]]
    var images: [String: LottieImageAsset]
    var matched: [Bool]
    private var copies = 0
    /// Properties replaced so far (to tell whether a precomp's layers changed).
    private var substitutions = 0

    init(overrides: [LottieOverride], precomps: [String: [LottieLayer]], images: [String: LottieImageAsset]) {
        self.overrides = overrides
        self.precomps = precomps
        self.images = images
        matched = Array(repeating: false, count: overrides.count)
    }

    /// The last override naming `path`, marked as used.
    private mutating func value(_ path: [String]) -> LottieOverride.Value? {
        var found: LottieOverride.Value?
        for (n, override) in overrides.enumerated() where override.keypath.matches(path) {
            matched[n] = true
            found = override.value
        }
        if found != nil { substitutions += 1 }
        return found
    }

    private mutating func color(_ property: inout LottieAnimatable<CGColor>, _ path: [String]) {
        if case .color(let c) = value(path + ["Color"]) { property = LottieAnimatable(c) }
    }

    private mutating func number(_ property: inout LottieAnimatable<Double>, _ path: [String], _ name: String) {
        if case .number(let n) = value(path + [name]) { property = LottieAnimatable(n) }
    }

    private mutating func transform(_ t: inout LottieTransform, _ path: [String]) {
        let path = path + ["Transform"]
        if case .point(let p) = value(path + ["Position"]) { t.position = .point(LottieAnimatable(p)) }
        if case .point(let s) = value(path + ["Scale"]) { t.scale = LottieAnimatable(s) }
        number(&t.rotation, path, "Rotation")
        number(&t.opacity, path, "Opacity")
    }

    mutating func rewrite(_ layers: [LottieLayer], path: [String], depth: Int) -> [LottieLayer] {
        layers.map { layer in
            var layer = layer
            let path = path + [layer.name ?? ""]
            transform(&layer.transform, path)
            switch layer.content {
            case .shapes(let items): layer.content = .shapes(rewrite(items, path: path))
            case .precomp(let id, let width, let height):
                guard depth < LottieSceneBuilder.maxPrecompDepth, let inner = precomps[id] else { break }
                let before = substitutions
                let rewritten = rewrite(inner, path: path, depth: depth + 1)
                // Only overrides that reach this use of the asset change it: a copy under a new id.
                if substitutions > before {
                    copies += 1
                    let copy = "\(id)#override\(copies)"
                    precomps[copy] = rewritten
                    layer.content = .precomp(id: copy, width: width, height: height)
                }
            case .text(var text):
                // A replacement the file's glyph outlines do not cover is set in the text's font.
                if case .text(let replacement) = value(path + ["Text"]) {
                    text.text = replacement
                    layer.content = .text(text)
                }
            case .image(let id):
                // The asset keeps its size (the layer's bounds); a copy under a new id holds the
                // image, so other layers showing the same asset keep theirs.
                if case .image(let image) = value(path + ["Image"]), let asset = images[id] {
                    copies += 1
                    let copy = "\(id)#override\(copies)"
                    images[copy] = LottieImageAsset(width: asset.width, height: asset.height, image: image)
                    layer.content = .image(id: copy)
                }
            case .solid, .none: break
            }
            return layer
        }
    }

    private mutating func rewrite(_ items: [LottieShapeItem], path: [String]) -> [LottieShapeItem] {
        items.map { item in
            switch item {
            case .group(let name, let items, var t):
                let path = path + [name ?? ""]
                transform(&t, path)
                return .group(name: name, items: rewrite(items, path: path), transform: t)
            case .fill(var fill):
                let path = path + [fill.name ?? ""]
                color(&fill.color, path)
                number(&fill.opacity, path, "Opacity")
                return .fill(fill)
            case .stroke(var stroke):
                let path = path + [stroke.name ?? ""]
                color(&stroke.color, path)
                number(&stroke.opacity, path, "Opacity")
                number(&stroke.width, path, "Stroke Width")
                return .stroke(stroke)
            case .gradientFill(var fill):
                number(&fill.opacity, path + [fill.name ?? ""], "Opacity")
                return .gradientFill(fill)
            case .gradientStroke(var stroke):
                let path = path + [stroke.stroke.name ?? ""]
                number(&stroke.gradient.opacity, path, "Opacity")
                number(&stroke.stroke.width, path, "Stroke Width")
                return .gradientStroke(stroke)
            case .path, .rectangle, .ellipse, .polystar, .roundedCorners, .trim, .repeater: return item
            }
        }
    }
}
