import Foundation
import ReelCore

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

    init(file: String, limits: SceneLimits, images: SceneImageLoader?, baseDirectory: URL) {
        diagnostics = DiagnosticSink(file: file)
        values = ValueDecoder(diagnostics: diagnostics)
        self.limits = limits
        self.images = ImageCache(loader: images, baseDirectory: baseDirectory)
    }

    static let rootKeys = ["reel", "canvas", "animations", "layers", "timeline", "$schema"]
    static let canvasKeys = ["size", "scale", "fps", "duration", "background"]

    /// Decodes the whole document; nil when the canvas is unusable (other errors are in `diagnostics`).
    func decode(_ root: SceneNode) -> Scene? {
        guard var map = MapReader(root, diagnostics, what: "a scene file") else { return nil }
        defer { map.reportUnknown(in: "the scene", known: Self.rootKeys) }
        _ = map.take("$schema")

        if let version = map.take("reel") {
            if let v = version.number, v == 1 {
                // The one version this reel reads.
            } else {
                diagnostics.error("unsupported format version \(version.kindDescription); this reel reads 'reel: 1'", at: version.location)
            }
        } else {
            diagnostics.error("a scene file starts with 'reel: 1' (the format version)", at: root.location)
        }

        guard let canvasNode = map.take("canvas") else {
            diagnostics.error("the scene needs a 'canvas' with at least size and duration", at: root.location)
            _ = map.take("animations"); _ = map.take("layers"); _ = map.take("timeline")
            return nil
        }
        let canvas = decodeCanvas(canvasNode)
        let scene = Scene(canvas: canvas ?? Canvas(size: CGSize(width: 1, height: 1), duration: 1))
        registry.add(scene.rootLayer, named: Scene.rootLayerName)

        if let node = map.take("animations") { decodeTemplates(node) }
        if let node = map.take("layers") {
            guard case .sequence(let items, _) = node else {
                diagnostics.error("'layers' must be a list of layers, back to front; found \(node.kindDescription)", at: node.location)
                return nil
            }
            for item in items {
                if let layer = decodeLayer(item, depth: 1) { scene.rootLayer.addSublayer(layer) }
            }
        }
        if let node = map.take("timeline") { decodeTimeline(node, into: scene) }
        for check in deferred { check() }
        deferred = []  // the closures capture the decoder
        checkReferences()
        return canvas == nil ? nil : scene
    }

    // MARK: - Canvas

    private func decodeCanvas(_ node: SceneNode) -> Canvas? {
        guard var map = MapReader(node, diagnostics, what: "'canvas'") else { return nil }
        defer { map.reportUnknown(in: "'canvas'", known: Self.canvasKeys) }
        var ok = true
        var size = CGSize(width: 1, height: 1)
        if let n = map.take("size") {
            if let s = values.size(n, what: "canvas size") {
                if s.width > 0 && s.height > 0 { size = s } else {
                    diagnostics.error("canvas size must be positive, found [\(format(s.width)), \(format(s.height))]", at: n.location)
                    ok = false
                }
            } else { ok = false }
        } else {
            diagnostics.error("'canvas' needs 'size: [width, height]' in points", at: node.location)
            ok = false
        }
        var scale = 1.0
        if let n = map.take("scale") {
            if let v = values.number(n, what: "canvas scale") , v > 0, v <= 16 { scale = v } else {
                if n.number != nil { diagnostics.error("canvas scale must be greater than 0 and at most 16", at: n.location) }
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
                if v > 0 { duration = v } else {
                    diagnostics.error("canvas duration must be greater than 0 seconds, found \(format(v))", at: n.location)
                    ok = false
                }
            } else { ok = false }
        } else {
            diagnostics.error("'canvas' needs 'duration' in seconds", at: node.location)
            ok = false
        }
        var background: CGColor? = .black
        if let n = map.take("background") {
            if let c = values.color(n, what: "background") { background = c } else { ok = false }
        }
        guard ok else { return nil }
        let canvas = Canvas(size: size, scale: scale, fps: fps, duration: duration, background: background)
        checkLimits(canvas, at: node, map: map)
        return canvas
    }

    private func checkLimits(_ canvas: Canvas, at node: SceneNode, map: MapReader) {
        let w = canvas.pixelWidth, h = canvas.pixelHeight
        let sizeLocation = map.keyLocation("size") ?? node.location
        if w > limits.maxSide || h > limits.maxSide || w * h > limits.maxPixels {
            diagnostics.error("the frame would be \(w)×\(h) pixels (size × scale); the limit is \(limits.maxSide) per side and \(limits.maxPixels) pixels (raise it with --max-pixels)", at: sizeLocation)
        } else if w < 1 || h < 1 {
            diagnostics.error("the frame would be \(w)×\(h) pixels (size × scale); it needs at least 1×1", at: sizeLocation)
        }
        if canvas.frameCount > limits.maxFrames {
            diagnostics.error("the scene would have \(canvas.frameCount) frames (fps × duration); the limit is \(limits.maxFrames) (raise it with --max-frames)", at: map.keyLocation("duration") ?? node.location)
        } else if canvas.frameCount < 1 {
            diagnostics.error("the scene would have no frames: fps × duration rounds to 0", at: map.keyLocation("duration") ?? node.location)
        }
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
            diagnostics.error("unknown layer '\(name)'\(suggestion(for: name, among: known))", at: location)
        }
    }
}

/// Layers by name: how timeline closures find the layers they act on.
final class LayerRegistry {
    private var byName: [String: CALayer] = [:]
    private(set) var names: [String] = []

    func add(_ layer: CALayer, named name: String) {
        byName[name] = layer
        names.append(name)
    }

    func layer(named name: String) -> CALayer? { byName[name] }
}
