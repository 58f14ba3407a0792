import Foundation
import ReelCore
import ReelLottie

/// Decodes a Lottie (Bodymovin JSON) document from parsed nodes into `LottieDocument`, every
/// problem located: malformed values and unsafe sizes are errors; constructs Reel does not map
/// yet are warnings naming them (`layers[3].shapes[1]: merge paths are not supported yet; …`),
/// and the animation is drawn without them.
final class LottieDecoder {
    let diagnostics: DiagnosticSink
    let limits: SceneLimits
    /// Where image assets are read from; nil: images are not loaded (a warning says so).
    var images: LottieImageSource?
    /// Says which fonts are available, for the text layers' warnings (nil: not checked).
    let fonts: SceneFontCatalog?
    /// The iOS families whose stand-in has been warned about.
    var warnedStandIns: Set<String> = []
    /// Points of all paths decoded so far, against `SceneLimits.maxTotalPathPoints`.
    var pathPoints = 0
    /// The text layers decoded, checked against the fonts and glyphs once those are read.
    var texts: [(path: String, node: SceneNode, text: LottieText)] = []

    init(diagnostics: DiagnosticSink, limits: SceneLimits, fonts: SceneFontCatalog? = nil) {
        self.diagnostics = diagnostics
        self.limits = limits
        self.fonts = fonts
    }

    /// The keys every Lottie file has at its top level, and no scene file does.
    static let requiredKeys: Set<String> = ["v", "fr", "ip", "op", "w", "h", "layers"]

    /// Whether `root` is a Lottie document (recognised by content, whatever the file's name).
    static func isLottie(_ root: SceneNode) -> Bool {
        guard case .mapping(let pairs, _) = root else { return false }
        return requiredKeys.isSubset(of: pairs.map(\.key))
    }

    /// Largest frame rate accepted: a typo (`fr: 30000`) would otherwise ask for millions of frames.
    static let maxFrameRate = 1000.0

    func decode(_ root: SceneNode) -> LottieDocument? {
        guard let top = object(root, "the Lottie file") else { return nil }
        func required(_ key: String, _ check: (Double) -> String?) -> Double? {
            guard let node = top[key], let value = number(node, key) else { return nil }
            if let problem = check(value) {
                diagnostics.error("\(key) is \(JSONValue.format(value)); \(problem)", at: node.location)
                return nil
            }
            return value
        }
        let side = Double(limits.maxSide)
        let fr = required("fr") {
            $0 > 0 && $0 <= Self.maxFrameRate
                ? nil : "the frame rate must be above 0 and at most \(JSONValue.format(Self.maxFrameRate))"
        }
        let w = required("w") { $0 >= 1 && $0 <= side ? nil : "the width must be 1 to \(limits.maxSide) points" }
        let h = required("h") { $0 >= 1 && $0 <= side ? nil : "the height must be 1 to \(limits.maxSide) points" }
        let ip = required("ip") { _ in nil }
        let op = required("op") { value in
            guard let ip else { return nil }
            if value <= ip { return "the end frame must come after the first frame (ip \(JSONValue.format(ip)))" }
            if value - ip > Double(limits.maxFrames) {
                return
                    "the animation has \(JSONValue.format(value - ip)) frames; the limit is \(limits.maxFrames) (raise it with --max-frames)"
            }
            return nil
        }
        if let w, let h, w * h > Double(limits.maxPixels), let node = top["w"] {
            diagnostics.error(
                "the animation is \(JSONValue.format(w)) × \(JSONValue.format(h)) points, more than \(limits.maxPixels) pixels (raise it with --max-pixels)",
                at: node.location)
        }
        var precomps: [String: [LottieLayer]] = [:]
        var precompNodes: [String: SceneNode] = [:]
        var images: [String: LottieImageAsset] = [:]
        if let assets = top["assets"], case .sequence(let items, _) = assets {
            for (n, item) in items.enumerated() {
                guard let asset = object(item, "assets[\(n)]") else { continue }
                if asset["layers"] == nil, let (id, image) = decodeImageAsset(asset, item, "assets[\(n)]") {
                    images[id] = image
                }
                guard let layers = asset["layers"] else { continue }
                guard let id = asset["id"]?.string else {
                    diagnostics.error("assets[\(n)] has layers but no 'id'", at: item.location)
                    continue
                }
                precompNodes[id] = layers
                precomps[id] = decodeLayers(layers, "assets[\(n)].layers")
            }
        }
        let layers = top["layers"].map { decodeLayers($0, "layers") } ?? []
        checkPrecomps(top["layers"], precompNodes)
        let fonts = decodeFonts(top["fonts"])
        let glyphs = decodeGlyphs(top["chars"])
        guard let fr, let w, let h, let ip, let op, !diagnostics.hasErrors else { return nil }
        var document = LottieDocument(
            width: w, height: h, frameRate: fr, inPoint: ip, outPoint: op, layers: layers, precomps: precomps)
        document.images = images
        document.fonts = fonts
        document.glyphs = glyphs
        locateFonts(in: &document, top["fonts"])
        checkTexts(in: document)
        return document
    }

    private func decodeLayers(_ node: SceneNode, _ path: String) -> [LottieLayer] {
        guard case .sequence(let items, _) = node else {
            diagnostics.error("\(path) must be a list of layers, found \(node.kindDescription)", at: node.location)
            return []
        }
        var layers: [LottieLayer] = []
        // A track matte (`td`) is drawn only as the alpha of the layer after it.
        var matte: LottieLayer?
        for (n, item) in items.enumerated() {
            guard let decoded = decodeLayer(item, "\(path)[\(n)]") else { continue }
            var layer = decoded.layer
            if let mode = decoded.matteMode {
                if mode == 1 || mode == 2, let matte {
                    layer.matte = matte
                    layer.invertsMatte = mode == 2
                } else {
                    warn(
                        "\(path)[\(n)]",
                        matte == nil
                            ? "the track matte this layer names is not the layer before it; drawn without it"
                            : "luma track mattes are not supported (nor by lottie-ios's Core Animation engine); drawn without the matte",
                        at: item)
                }
            }
            layer.isTrackMatte = decoded.isMatte
            matte = decoded.isMatte ? layer : nil
            layers.append(layer)
        }
        return layers
    }
}
