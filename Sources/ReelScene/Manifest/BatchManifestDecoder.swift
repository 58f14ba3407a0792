import ReelCore

/// Decodes a manifest's nodes, reporting every problem at its place (see `BatchManifest`).
struct BatchManifestDecoder {
    let file: String
    let diagnostics: DiagnosticSink
    var values: ValueDecoder { ValueDecoder(diagnostics: diagnostics) }

    static let rootKeys = ["$schema", BatchManifest.marker, "defaults", "jobs"]
    static let optionKeys = ["fps", "scale", "frames", "crf", "preset", "codec", "timeout", "retries", "audio"]
    static let jobKeys = ["scene", "output", "outputs"] + optionKeys

    func decode(_ root: SceneNode) -> BatchManifest? {
        guard var map = MapReader(root, diagnostics, what: "a batch manifest") else { return nil }
        if let version = map.take(BatchManifest.marker) {
            if version.number != 1 {
                diagnostics.error("\(BatchManifest.marker) must be 1 (the manifest format version), found \(version.kindDescription)", at: version.location)
            }
        } else {
            diagnostics.error("a batch manifest needs '\(BatchManifest.marker): 1'", at: map.location)
        }
        map.markUsed("$schema")
        let defaults = map.take("defaults").flatMap { node -> [BatchManifest.Setting]? in
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
                diagnostics.error("jobs must be a list of jobs ({scene, output or outputs, options}), found \(node.kindDescription)", at: node.location)
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
        if scene == nil, !map.has("scene") { diagnostics.error("a job needs 'scene': the scene file to render", at: map.location) }
        var outputs: [String] = []
        let single = map.take("output"), several = map.take("outputs")
        if let single, let several {
            diagnostics.error("give either 'output' or 'outputs', not both", at: max(single.location, several.location))
        } else if let single {
            outputs = values.string(single, what: "output").map { [$0] } ?? []
        } else if let several {
            if case .sequence(let items, _) = several, !items.isEmpty {
                outputs = items.compactMap { values.string($0, what: "each of outputs") }
                var seen: Set<String> = []
                for (item, name) in zip(items, outputs) where !seen.insert(name).inserted {
                    diagnostics.error("output '\(name)' is listed twice", at: item.location)
                }
            } else {
                diagnostics.error("outputs must be a list of file names, found \(several.kindDescription)", at: several.location)
            }
        }
        let settings = self.settings(&map)
        map.reportUnknown(in: "a job", known: Self.jobKeys)
        guard let scene else { return nil }
        return BatchManifest.Job(scene: scene, outputs: outputs, settings: settings, location: map.location)
    }

    /// The option keys in `map`, checked, in `optionKeys` order.
    private func settings(_ map: inout MapReader) -> [BatchManifest.Setting] {
        var o: [BatchManifest.Setting] = []
        if let v = map.take("fps").flatMap({ values.number($0, what: "fps", in: 1...1000) }) { o.append(.fps(v)) }
        if let node = map.take("scale"), let v = values.number(node, what: "scale") {
            if v > 0, v <= 16 { o.append(.scale(v)) } else { diagnostics.error("scale must be greater than 0 and at most 16, found \(format(v))", at: node.location) }
        }
        if let node = map.take("frames") {
            let text = node.number.map { _ in node.string ?? "" } ?? values.string(node, what: "frames")
            if let text {
                if let span = FrameSpan(text) { o.append(.frames(span)) } else {
                    diagnostics.error("frames must be 'A-B' (0-based, inclusive), 'A-' or 'N', found \(node.kindDescription)", at: node.location)
                }
            }
        }
        if let v = map.take("crf").flatMap({ integer($0, what: "crf", in: 0...63) }) { o.append(.crf(v)) }
        if let v = map.take("preset").flatMap({ values.string($0, what: "preset") }) { o.append(.preset(v)) }
        if let v = map.take("codec").flatMap({ values.string($0, what: "codec") }) { o.append(.codec(v)) }
        if let node = map.take("timeout"), let v = values.number(node, what: "timeout") {
            if v > 0, v <= 604_800 { o.append(.timeout(v)) } else {
                diagnostics.error("timeout must be more than 0 seconds and at most a week (604800), found \(format(v))", at: node.location)
            }
        }
        if let v = map.take("retries").flatMap({ integer($0, what: "retries", in: 0...10) }) { o.append(.retries(v)) }
        if let node = map.take("audio"), let file = values.string(node, what: "audio") {
            if file.isEmpty { diagnostics.error("audio must name a sound file, relative to the manifest", at: node.location) } else { o.append(.audio(file)) }
        }
        return o
    }

    private func integer(_ node: SceneNode, what: String, in range: ClosedRange<Int>) -> Int? {
        guard let v = values.number(node, what: what, in: Double(range.lowerBound)...Double(range.upperBound)) else { return nil }
        guard let i = Int(exactly: v) else {
            diagnostics.error("\(what) must be a whole number, found \(format(v))", at: node.location)
            return nil
        }
        return i
    }
}
