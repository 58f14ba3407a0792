import Foundation
import ReelCore
import ReelLottie

extension SceneDecoder {
    /// Keys of a layer that plays a Lottie (`lottie: FILE` and how it plays).
    static let lottieKeys = ["lottie", "fromProgress", "toProgress", "loopMode", "values"]
    /// `loopMode` names (lottie-ios's `LottieLoopMode`); `{repeat: N}` is the other form.
    static let loopModes = ["playOnce", "loop", "autoReverse"]

    /// A layer's `lottie: FILE`: the animation, fitted into the layer's bounds by its
    /// `contentsGravity`, plays as a sublayer tree from the layer's local time 0. Called once the
    /// layer's own properties are set (its bounds and gravity place the animation).
    func decodeLottie(_ map: inout MapReader, into layer: CALayer) {
        guard let fileNode = map.take("lottie") else {
            for key in Self.lottieKeys.dropFirst() where map.has(key) {
                diagnostics.error(
                    "'\(key)' says how a Lottie plays; this layer plays none (add 'lottie: FILE')",
                    at: map.keyLocation(key) ?? map.location)
                _ = map.take(key)
            }
            return
        }
        let playback = decodePlayback(&map)
        let overrides = map.take("values").map(decodeOverrides) ?? []
        guard let written = values.string(fileNode, what: "lottie"), let document = lottieDocument(written, fileNode)
        else { return }
        let (overridden, matched) = document.applying(overrides.map(\.override))
        for (entry, used) in zip(overrides, matched) where !used {
            diagnostics.warning(
                "keypath '\(entry.override.keypath)' matches no property of '\(written)'; it changes nothing",
                at: entry.location)
        }
        guard let playback else { return }
        let animations = LottieSceneBuilder.embed(overridden, playing: playback, in: layer, fonts: fonts)
        // Counted with the scene's own: a file played by many layers multiplies its animations.
        let before = animationCount
        animationCount += animations.count
        guard animationCount <= limits.maxAnimations else {
            if before <= limits.maxAnimations {
                diagnostics.error(
                    "with this Lottie the scene builds more than \(limits.maxAnimations) animations",
                    at: fileNode.location)
            }
            return
        }
        lottieAnimations += animations
    }

    /// The Lottie file named `written` (relative to the scene file, inside the files' root),
    /// its problems reported at their place in it.
    private func lottieDocument(_ written: String, _ node: SceneNode) -> LottieDocument? {
        let what = "Lottie file"
        let path: String
        switch SceneFile.resolve(
            written, what: what, plural: "Lottie files", base: images.baseDirectory, limits: limits)
        {
        case .success(let p): path = p
        case .failure(let problem):
            diagnostics.error(problem.message, at: node.location)
            return nil
        }
        // Each file is decoded once, however many layers play it.
        if let known = lottieDocuments[path] { return known }
        lottieFiles.append(path)
        let data: Data
        switch SceneFile.contents(of: path, written: written, what: what, limits: limits) {
        case .success(let read): data = read
        case .failure(let problem):
            diagnostics.error(problem.message, at: node.location)
            return nil
        }
        // Its diagnostics name it as the scene's are named: beside the scene file.
        let shown =
            written.hasPrefix("/")
            ? written : URL(fileURLWithPath: diagnostics.file).deletingLastPathComponent().relativePath + "/" + written
        let sink = DiagnosticSink(file: shown.hasPrefix("./") ? String(shown.dropFirst(2)) : shown)
        let document = SceneLoader.lottieDocument(
            bytes: [UInt8](data), limits: limits, images: images, fonts: fonts, diagnostics: sink)
        for d in sink.sorted { diagnostics.record(d) }
        if document == nil, !sink.hasErrors {
            diagnostics.error("Lottie file '\(written)' could not be read", at: node.location)
        }
        lottieDocuments[path] = .some(document)
        return document
    }

    /// `fromProgress`, `toProgress` and `loopMode`; nil after an error.
    private func decodePlayback(_ map: inout MapReader) -> LottiePlayback? {
        var ok = true
        func progress(_ key: String, _ fallback: Double) -> Double {
            guard let node = map.take(key) else { return fallback }
            guard let v = values.number(node, what: key, in: 0...1) else {
                ok = false
                return fallback
            }
            return v
        }
        let from = progress("fromProgress", 0)
        let to = progress("toProgress", 1)
        var loop = LottiePlayback.LoopMode.playOnce
        if let node = map.take("loopMode") {
            if let mode = decodeLoopMode(node) { loop = mode } else { ok = false }
        }
        guard ok else { return nil }
        guard from != to else {
            diagnostics.error(
                "fromProgress and toProgress are both \(format(from)); a Lottie plays from one to the other (to show one frame, pause the layer: speed: 0, timeOffset)",
                at: map.keyLocation("toProgress") ?? map.location)
            return nil
        }
        return LottiePlayback(fromProgress: from, toProgress: to, loopMode: loop)
    }

    private func decodeLoopMode(_ node: SceneNode) -> LottiePlayback.LoopMode? {
        if case .mapping = node {
            guard var map = MapReader(node, diagnostics, what: "loopMode") else { return nil }
            defer { map.reportUnknown(in: "loopMode", known: ["repeat"]) }
            guard map.requireKey("repeat", in: "loopMode"), let n = map.take("repeat"),
                let count = values.number(n, what: "repeat", in: 0...1_000_000)
            else { return nil }
            guard count > 0 else {
                diagnostics.error("repeat must be more than 0, found \(format(count))", at: n.location)
                return nil
            }
            return .repeat(count)
        }
        guard let name = values.choice(node, what: "loopMode", among: Self.loopModes) else { return nil }
        switch name {
        case "loop": return .loop
        case "autoReverse": return .autoReverse
        default: return .playOnce
        }
    }

    /// `values: {"KEYPATH": value}`: each value of the kind its property takes.
    private func decodeOverrides(_ node: SceneNode) -> [(override: LottieOverride, location: SourcePosition)] {
        guard let map = MapReader(node, diagnostics, what: "values") else { return [] }
        return map.pairs.compactMap { pair in
            guard let keypath = LottieKeypath(pair.key) else {
                diagnostics.error(
                    "'\(pair.key)' is not a keypath: names joined by dots, like \"**.Fill 1.Color\"",
                    at: pair.keyLocation)
                return nil
            }
            let property = keypath.property
            let what = "the value of '\(pair.key)'"
            let node = pair.value
            let value: LottieOverride.Value?
            switch property {
            case "Color":
                switch values.color(node, what: what) {
                case .some(.some(let c)): value = .color(c)
                case .some(.none):
                    diagnostics.error("\(what) must be a color, found null", at: node.location)
                    value = nil
                case .none: value = nil
                }
            case "Opacity": value = values.number(node, what: what, in: 0...100).map { .number($0) }
            case "Stroke Width":
                value = values.number(node, what: what, in: 0...SceneLimits.maxCoordinate).map { .number($0) }
            case "Rotation":
                let limit = SceneLimits.maxCoordinate
                value = values.number(node, what: what, in: -limit...limit).map { .number($0) }
            case "Position", "Scale": value = values.point(node, what: what).map { .point($0) }
            case "Text":
                value = values.string(node, what: what).flatMap { text in
                    guard text.unicodeScalars.count <= SceneLimits.maxTextCharacters else {
                        diagnostics.error(
                            "\(what) has more than \(SceneLimits.maxTextCharacters) characters, Reel's limit",
                            at: node.location)
                        return nil
                    }
                    return .text(text)
                }
            case "Image":
                // Through the scene's own image loading: its root, formats and pixel budgets.
                if case .image(let image) = self.image(node, what: what) { value = .image(image) } else { value = nil }
            default:
                let known = LottieOverride.properties.keys.sorted()
                diagnostics.error(
                    "'\(property)' is not a property Reel overrides (\(known.joined(separator: ", ")))\(diagnostics.didYouMean(property, among: known))",
                    at: pair.keyLocation)
                value = nil
            }
            return value.map { (LottieOverride(keypath: keypath, value: $0), pair.keyLocation) }
        }
    }
}
