import Foundation
import ReelCore
import ReelLottie

/// Turns a parsed scene file into a `Scene`: layers become `CALayer`s, timeline entries become
/// `scene.at(t) { … }` closures making exactly the API calls a Swift author would write.
/// Every problem is reported with its location; decoding continues past errors so a file's
/// problems all surface in one run.
final class SceneDecoder {
    let diagnostics: DiagnosticSink
    let values: ValueDecoder
    let limits: SceneLimits
    /// Layers by name, shared with the timeline closures.
    let registry = LayerRegistry()
    /// Layer names referenced by the timeline, checked once every layer is known.
    var references: [(name: String, location: SourcePosition)] = []
    /// Raw animation templates by name (expanded where used, so overrides keep their locations).
    var templates: [String: (node: SceneNode, location: SourcePosition)] = [:]
    /// Handlers of `on:` entries, called by the delegates of animations added from the file.
    let events = EventDispatcher()
    /// Image files for `contents`, loaded once each.
    let images: ImageCache
    /// Checks that need every layer to be known (a `set` on a layer inserted later in the file).
    var deferred: [() -> Void] = []
    /// Animations built so far (each template use counts): bounded by `limits.maxAnimations`.
    var animationCount = 0
    /// Animations being decoded, outermost first, by the template each names ("" for none): a
    /// template reached again through a group's children is a cycle, not an infinite recursion.
    var activeTemplates: [String] = []
    var activeSet: Set<String> = []
    /// The keyPath an action's animation takes when it names none: the action's key (read
    /// once, by the animation being decoded, not by animations inside it).
    var missingKeyPath: String?
    /// True while templates are checked on their own (see `decodeTemplates`).
    var checkingTemplates = false
    /// Where the canvas size is written (for checks made once options such as a scale apply).
    var canvasSizeLocation: SourcePosition?
    /// Where `canvas.audio`'s file is named (for problems found when the file is decoded).
    var audioFileLocation: SourcePosition?
    /// Each decoded constraint's layer, source name and where the name is written.
    var constraintSources: [(layer: CALayer, source: String, location: SourcePosition)] = []
    /// Templates with their `use:` chains resolved, once each (`.some(nil)`: failed, reported).
    var expansions: [String: SceneNode?] = [:]
    /// Settling durations of springs without a duration, by their parameters (each is a long
    /// numerical search in ReelCore; a file may repeat the same spring many times).
    var settlingDurations: [[Double]: Double] = [:]
    /// The largest instanceCount each replicator is given (in its entry or by `set`), and where.
    var instanceCounts: [ObjectIdentifier: (count: Int, location: SourcePosition)] = [:]
    /// Layers the timeline inserts, by parent name (for the drawn-layer budget).
    var insertions: [(parent: String, layer: CALayer)] = []
    /// The animations of the Lottie files layers play, added when the scene starts.
    var lottieAnimations: [(layer: CALayer, animation: CAAnimation, key: String)] = []
    /// The Lottie files read (absolute paths, each once), and their documents (nil: unusable).
    var lottieFiles: [String] = []
    var lottieDocuments: [String: LottieDocument?] = [:]
    /// Frames of the scene (nil until the canvas is decoded, or when it is unusable).
    var frameCount: Int?

    /// Checks font files and names; nil checks nothing.
    let fonts: SceneFontCatalog?
    /// The families of the scene's own font files (`canvas.fonts`).
    var sceneFontFamilies: [String] = []
    /// The iOS families whose stand-in has been warned about (`checkFontName`).
    var warnedStandIns: Set<String> = []

    init(
        file: String, limits: SceneLimits, images: SceneImageLoader?, fonts: SceneFontCatalog? = nil, baseDirectory: URL
    ) {
        self.fonts = fonts
        diagnostics = DiagnosticSink(file: file)
        self.limits = limits
        self.images = ImageCache(loader: images, baseDirectory: baseDirectory, limits: limits)
        var values = ValueDecoder(diagnostics: diagnostics)
        values.svgFiles = self.images
        self.values = values
    }

    static let rootKeys = ["reel", "canvas", "animations", "layers", "timeline", "$schema"]
    static let canvasKeys = [
        "size", "scale", "fps", "duration", "appearance", "background", "fonts", "audio", "motionBlur"
    ]

    /// Decodes the whole document; nil when the canvas is unusable (other errors are in `diagnostics`).
    func decode(_ root: SceneNode) -> Scene? {
        guard var map = MapReader(root, diagnostics, what: "a scene file") else { return nil }
        defer { map.reportUnknown(in: "the scene", known: Self.rootKeys) }
        if let n = map.take("$schema") { _ = values.string(n, what: "$schema") }

        if let version = map.take("reel") {
            if let v = version.number, v == 1 {
                // The one version this reel reads.
            } else {
                let shown = version.number.map(format) ?? version.kindDescription
                diagnostics.error(
                    "unsupported format version \(shown); this reel reads 'reel: 1'", at: version.location)
            }
        } else {
            diagnostics.error("a scene file starts with 'reel: 1' (the format version)", at: root.location)
        }

        // Without a usable canvas the rest is still decoded (with a stand-in canvas), so that its
        // problems are reported in the same run.
        var canvas: Canvas?
        if let canvasNode = map.take("canvas") {
            canvas = decodeCanvas(canvasNode)
        } else {
            diagnostics.error("the scene needs a 'canvas' with at least size and duration", at: root.location)
        }
        let scene = Scene(
            canvas: canvas ?? Canvas(size: CGSize(width: 1, height: 1), duration: .greatestFiniteMagnitude))
        frameCount = canvas?.frameCount
        registry.add(scene.rootLayer, named: Scene.rootLayerName)

        if let node = map.take("animations") { decodeTemplates(node) }
        if let node = map.take("layers") {
            if case .sequence(let items, _) = node {
                for item in items {
                    if let layer = decodeLayer(item, depth: 1) { scene.rootLayer.addSublayer(layer) }
                }
            } else {
                diagnostics.error(
                    "'layers' must be a list of layers, back to front; found \(node.kindDescription)", at: node.location
                )
            }
        }
        // The fonts the played Lottie files bring are the scene's too.
        for file in lottieFiles.flatMap({ lottieDocuments[$0]??.fontFiles ?? [] })
        where !scene.canvas.fonts.contains(file) {
            scene.canvas.fonts.append(file)
        }
        if !lottieAnimations.isEmpty {
            let pending = lottieAnimations
            lottieAnimations = []
            scene.at(0) {
                for (layer, animation, key) in pending { layer.add(animation, forKey: key) }
            }
        }
        if let node = map.take("timeline") { decodeTimeline(node, into: scene) }
        for check in deferred { check() }
        deferred = []  // the closures capture the decoder
        checkReferences()
        if !diagnostics.hasErrors { checkDrawnLayers(scene.rootLayer) }
        return canvas == nil ? nil : scene
    }

    // MARK: - Canvas

    private func decodeCanvas(_ node: SceneNode) -> Canvas? {
        guard var map = MapReader(node, diagnostics, what: "'canvas'") else { return nil }
        defer { map.reportUnknown(in: "'canvas'", known: Self.canvasKeys) }
        var ok = true
        var size = CGSize(width: 1, height: 1)
        if let n = map.take("size") {
            if let s = values.size(n, what: "canvas size", bounded: false) {
                if s.width > 0 && s.height > 0 {
                    size = s
                } else {
                    diagnostics.error(
                        "canvas size must be positive, found [\(format(s.width)), \(format(s.height))]", at: n.location)
                    ok = false
                }
            } else {
                ok = false
            }
        } else {
            diagnostics.error("'canvas' needs 'size: [width, height]' in points", at: node.location)
            ok = false
        }
        var scale = 1.0
        if let n = map.take("scale") {
            if let v = values.number(n, what: "canvas scale"), v > 0, v <= 16 {
                scale = v
            } else {
                if n.number != nil {
                    diagnostics.error("canvas scale must be greater than 0 and at most 16", at: n.location)
                }
                ok = false
            }
        }
        var fps = 60.0
        if let n = map.take("fps") {
            if let v = values.number(n, what: "fps", in: 1...1000) { fps = v } else { ok = false }
        }
        var duration = 1.0
        if let n = map.take("duration") {
            if let v = values.number(n, what: "canvas duration") {
                if v > 0 {
                    duration = v
                } else {
                    diagnostics.error(
                        "canvas duration must be greater than 0 seconds, found \(format(v))", at: n.location)
                    ok = false
                }
            } else {
                ok = false
            }
        } else {
            diagnostics.error("'canvas' needs 'duration' in seconds", at: node.location)
            ok = false
        }
        // Before any colour: it chooses the variant of the system colours (background included).
        if let n = map.take("appearance") { decodeAppearance(n) }
        var background: CGColor? = .black
        if let n = map.take("background") {
            if let c = values.color(n, what: "background") { background = c } else { ok = false }
        }
        let fontFiles = map.take("fonts").map(decodeFonts) ?? []
        let audio = map.take("audio").flatMap(decodeAudio)
        var motionBlur: MotionBlur?
        if let n = map.take("motionBlur") {
            motionBlur = decodeMotionBlur(n)
            if motionBlur == nil { ok = false }
        }
        guard ok, withinLimits(size: size, scale: scale, fps: fps, duration: duration, at: node, map: map) else {
            return nil
        }
        var canvas = Canvas(size: size, scale: scale, fps: fps, duration: duration, background: background)
        canvas.fonts = fontFiles
        canvas.audio = audio
        canvas.motionBlur = motionBlur
        return canvas
    }

    /// The size and frame-count limits, checked in floating point before any conversion to Int
    /// (`duration: 1e300` must be an error, not an overflow).
    private func withinLimits(
        size: CGSize, scale: Double, fps: Double, duration: Double, at node: SceneNode, map: MapReader
    ) -> Bool {
        var ok = true
        let w = (size.width * scale).rounded(), h = (size.height * scale).rounded()
        let sizeLocation = map.keyLocation("size") ?? node.location
        let side = Double(limits.maxSide), pixels = Double(limits.maxPixels)
        if w > side || h > side || w * h > pixels {
            diagnostics.error(
                "the frame would be \(format(w))×\(format(h)) pixels (size × scale); the limit is \(limits.maxSide) per side and \(limits.maxPixels) pixels (raise it with --max-pixels)",
                at: sizeLocation)
            ok = false
        } else if w < 1 || h < 1 {
            diagnostics.error(
                "the frame would be \(format(w))×\(format(h)) pixels (size × scale); it needs at least 1×1",
                at: sizeLocation)
            ok = false
        }
        canvasSizeLocation = sizeLocation
        let frames = (fps * duration).rounded()
        let durationLocation = map.keyLocation("duration") ?? node.location
        if frames > Double(limits.maxFrames) {
            diagnostics.error(
                "the scene would have \(format(frames)) frames (fps × duration); the limit is \(limits.maxFrames) (raise it with --max-frames)",
                at: durationLocation)
            ok = false
        } else if frames < 1 {
            diagnostics.error("the scene would have no frames: fps × duration rounds to 0", at: durationLocation)
            ok = false
        }
        return ok
    }

    // MARK: - Names

    /// Records a reference to a layer by name, checked when all layers are known.
    func reference(_ node: SceneNode, what: String) -> String? {
        guard let name = values.string(node, what: what) else { return nil }
        references.append((name, node.location))
        return name
    }

    private func checkReferences() {
        let known = registry.names
        for (name, location) in references where registry.layer(named: name) == nil {
            diagnostics.error("unknown layer '\(name)'\(diagnostics.didYouMean(name, among: known))", at: location)
        }
    }
}

/// Layers by name: how timeline closures find the layers they act on.
final class LayerRegistry {
    private var byName: [String: CALayer] = [:]
    private(set) var names: [String] = []
    /// Where each name was given (for "first named at" in duplicate errors).
    private(set) var locations: [String: SourcePosition] = [:]

    func add(_ layer: CALayer, named name: String, at location: SourcePosition? = nil) {
        byName[name] = layer
        names.append(name)
        if let location { locations[name] = location }
    }

    func layer(named name: String) -> CALayer? { byName[name] }
}
