import ReelCore

/// Decodes a manifest's nodes, reporting every problem at its place (see `BatchManifest`).
struct BatchManifestDecoder {
    let file: String
    let diagnostics: DiagnosticSink
    var values: ValueDecoder { ValueDecoder(diagnostics: diagnostics) }

    static let rootKeys = ["$schema", BatchManifest.marker, "defaults", "jobs"]
    static let optionKeys = [
        "fps", "scale", "frames", "crf", "preset", "codec", "pixFmt", "dither", "motionBlur", "timeout", "retries",
        "audio"
    ]
    static let jobKeys = ["scene", "output", "outputs"] + optionKeys

    func decode(_ root: SceneNode) -> BatchManifest? {
        guard var map = MapReader(root, diagnostics, what: "a batch manifest") else { return nil }
        if let version = map.take(BatchManifest.marker) {
            if version.number != 1 {
                diagnostics.error(
                    "\(BatchManifest.marker) must be 1 (the manifest format version), found \(version.kindDescription)",
                    at: version.location)
            }
        } else {
            diagnostics.error("a batch manifest needs '\(BatchManifest.marker): 1'", at: map.location)
        }
        map.markUsed("$schema")
        let defaults =
            map.take("defaults").flatMap { node -> [BatchManifest.Setting]? in
                guard var reader = MapReader(node, diagnostics, what: "defaults") else { return nil }
                let settings = self.settings(&reader)
                reader.reportUnknown(in: "defaults", known: Self.optionKeys)
                return settings
            } ?? []
        var jobs: [BatchManifest.Job] = []
        if let node = map.take("jobs") {
            if case .sequence(let items, _) = node {
                if items.isEmpty { diagnostics.error("jobs is empty: list the scenes to render", at: node.location) }
                jobs = items.compactMap(job)
            } else {
                diagnostics.error(
                    "jobs must be a list of jobs ({scene, output or outputs, options}), found \(node.kindDescription)",
                    at: node.location)
            }
        } else if !diagnostics.hasErrors {
            diagnostics.error("a batch manifest needs 'jobs': a list of {scene: FILE, …}", at: map.location)
        }
        map.reportUnknown(in: "a batch manifest", known: Self.rootKeys)
        return BatchManifest(file: file, defaults: defaults, jobs: jobs)
    }

    private func job(_ node: SceneNode) -> BatchManifest.Job? {
        // A bare string is a scene with the default output.
        if case .scalar = node, let scene = node.string {
            return BatchManifest.Job(scene: scene, outputs: [], settings: [], location: node.location)
        }
        guard var map = MapReader(node, diagnostics, what: "a job") else { return nil }
        let scene = map.take("scene").flatMap { values.string($0, what: "scene") }
        if scene == nil, !map.has("scene") {
            diagnostics.error("a job needs 'scene': the scene file to render", at: map.location)
        }
        var outputs: [(name: String, location: SourcePosition)] = []
        let single = map.take("output"), several = map.take("outputs")
        if let single, let several {
            diagnostics.error("give either 'output' or 'outputs', not both", at: max(single.location, several.location))
        } else if let single {
            outputs = values.string(single, what: "output").map { [($0, single.location)] } ?? []
        } else if let several {
            if case .sequence(let items, _) = several, !items.isEmpty {
                outputs = items.compactMap { item in
                    values.string(item, what: "each of outputs").map { ($0, item.location) }
                }
                var seen: Set<String> = []
                for output in outputs where !seen.insert(output.name).inserted {
                    diagnostics.error("output '\(output.name)' is listed twice", at: output.location)
                }
            } else {
                diagnostics.error(
                    "outputs must be a list of file names, found \(several.kindDescription)", at: several.location)
            }
        }
        let settings = self.settings(&map)
        map.reportUnknown(in: "a job", known: Self.jobKeys)
        guard let scene else { return nil }
        return BatchManifest.Job(
            scene: scene, outputs: outputs.map(\.name), outputLocations: outputs.map(\.location), settings: settings,
            location: map.location)
    }

    /// The option keys in `map`, checked, in `optionKeys` order.
    private func settings(_ map: inout MapReader) -> [BatchManifest.Setting] {
        var o: [BatchManifest.Setting] = []
        if let v = map.take("fps").flatMap({ number($0, in: .fps) }) { o.append(.fps(v)) }
        if let v = map.take("scale").flatMap({ number($0, in: .scale) }) { o.append(.scale(v)) }
        if let node = map.take("frames") {
            let text = node.number.map { _ in node.string ?? "" } ?? values.string(node, what: "frames")
            if let text {
                if let span = FrameSpan(text) {
                    o.append(.frames(span))
                } else {
                    diagnostics.error(
                        "frames must be 'A-B' (0-based, inclusive), 'A-' or 'N', found \(node.kindDescription)",
                        at: node.location)
                }
            }
        }
        if let v = map.take("crf").flatMap({ number($0, in: .crf) }) { o.append(.crf(Int(v))) }
        if let v = map.take("preset").flatMap({ values.string($0, what: "preset") }) { o.append(.preset(v)) }
        if let v = map.take("codec").flatMap({ values.string($0, what: "codec") }) { o.append(.codec(v)) }
        if let v = map.take("pixFmt").flatMap({ values.string($0, what: "pixFmt") }) { o.append(.pixelFormat(v)) }
        if let v = map.take("dither").flatMap({ values.string($0, what: "dither") }) { o.append(.dither(v)) }
        if let v = map.take("motionBlur").flatMap(motionBlur) { o.append(.motionBlur(v)) }
        if let v = map.take("timeout").flatMap({ number($0, in: .timeout) }) { o.append(.timeout(v)) }
        if let v = map.take("retries").flatMap({ number($0, in: .retries) }) { o.append(.retries(Int(v))) }
        if let node = map.take("audio"), let file = values.string(node, what: "audio") {
            if file.isEmpty {
                diagnostics.error("audio must name a sound file, relative to the manifest", at: node.location)
            } else {
                o.append(.audio(file))
            }
        }
        return o
    }

    /// `motionBlur: 180` or `"180:16"`, as `--motion-blur ANGLE[:SAMPLES]`; nil (with an error) otherwise.
    private func motionBlur(_ node: SceneNode) -> MotionBlur? {
        guard case .scalar = node, let text = node.string, let blur = MotionBlur(text: text) else {
            diagnostics.error(
                "motionBlur must be ANGLE or 'ANGLE:SAMPLES' (as --motion-blur), like 180 or '180:16', "
                    + "found \(node.kindDescription)", at: node.location)
            return nil
        }
        if let message = blur.refusal("motionBlur") {
            diagnostics.error(message, at: node.location)
            return nil
        }
        return blur
    }

    /// The number at `node` if `range` holds it; otherwise an error there, in the command line's words.
    private func number(_ node: SceneNode, in range: OptionRange) -> Double? {
        guard let v = values.number(node, what: range.key) else { return nil }
        if range.isWhole, v.isFinite, v.rounded() != v {
            diagnostics.error("\(range.key) must be a whole number, found \(format(v))", at: node.location)
            return nil
        }
        guard range.contains(v) else {
            diagnostics.error("\(range.key) must be \(range.requirement), found \(format(v))", at: node.location)
            return nil
        }
        return v
    }
}
