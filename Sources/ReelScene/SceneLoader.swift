import Foundation
import ReelCore
import ReelLottie

/// A scene file turned into a `Scene`, with any warnings.
public struct LoadedScene {
    public let scene: Scene
    /// Non-fatal diagnostics (an entry after the end of the scene, …).
    public let warnings: [Diagnostic]
    /// Where `canvas.size` is written, for checks of the frame size.
    public let canvasSizeLocation: SourcePosition?
    /// Where `canvas.audio`'s file is named, for problems found when it is decoded.
    public var audioFileLocation: SourcePosition?
    /// Whether the file was a Lottie animation (read by its own decoder, not the scene format's).
    public internal(set) var isLottie = false
    /// The Lottie files the scene's layers play (absolute paths): inputs, as its images are.
    public internal(set) var lottieFiles: [String] = []
    let file: String
    let events: EventDispatcher

    /// After the scene has been compiled: a warning for each `on:` entry whose event never
    /// happened before the end of the scene (its animation stops later, or is never added).
    public func handlersThatNeverRan() -> [Diagnostic] {
        let end = JSONValue.format(scene.canvas.duration)
        return events.idleHandlers().map { handler in
            let which = "layer '\(handler.layer)'" + (handler.key.map { " under key '\($0)'" } ?? "")
            let verb = handler.event == .didStart ? "starts" : "stops"
            return Diagnostic(
                file: file, location: handler.location, severity: .warning,
                message:
                    "this \(handler.event.rawValue) entry never runs: no animation of \(which) \(verb) before the end of the scene (\(end) s)"
            )
        }
    }
}

/// Reads scene files (YAML or JSON, docs/scene-format.md) into `Scene`s.
public enum SceneLoader {
    /// Loads and decodes the file at `path`. Diagnostics name the file as `displayPath`
    /// (default: `path` as given, which is what the user typed).
    public static func load(
        path: String, displayPath: String? = nil, limits: SceneLimits = SceneLimits(),
        images: SceneImageLoader? = nil, fonts: SceneFontCatalog? = nil
    ) throws -> LoadedScene {
        let name = displayPath ?? path
        func fail(_ message: String) -> SceneLoadError {
            SceneLoadError(diagnostics: [
                Diagnostic(file: name, location: SourcePosition(line: 1, column: 1), message: message)
            ])
        }
        // Regular files only, opened without blocking: a FIFO or device named like a scene (in a
        // folder, a manifest, or replacing a previewed file) would otherwise hang the read.
        let data: Data
        switch InputFile.read(path, limit: limits.maxFileBytes) {
        case .success(let read): data = read
        case .failure(let error) where error.tooLarge:
            guard case .regular(let bytes) = InputFile.kind(atPath: path) else { throw fail(tooLarge(nil, limits)) }
            throw fail(tooLarge(bytes, limits))
        case .failure(let error): throw fail(error.reason)
        }
        let base = URL(fileURLWithPath: path).deletingLastPathComponent()
        return try decode(
            bytes: [UInt8](data), file: name, limits: limits, images: images, fonts: fonts, baseDirectory: base)
    }

    /// Decodes scene text. `file` names it in diagnostics; image paths are relative to
    /// `baseDirectory` (default: the current folder).
    public static func decode(
        text: String, file: String, limits: SceneLimits = SceneLimits(), images: SceneImageLoader? = nil,
        fonts: SceneFontCatalog? = nil, baseDirectory: URL? = nil
    ) throws -> LoadedScene {
        try decode(
            bytes: Array(text.utf8), file: file, limits: limits, images: images, fonts: fonts,
            baseDirectory: baseDirectory)
    }

    /// Decodes the bytes of a scene file (UTF-8, or UTF-16 with a byte-order mark). Every problem
    /// is reported with its location; nothing here crashes, hangs or allocates without bound on
    /// any input, however malformed.
    public static func decode(
        bytes: [UInt8], file: String, limits: SceneLimits = SceneLimits(), images: SceneImageLoader? = nil,
        fonts: SceneFontCatalog? = nil, baseDirectory: URL? = nil
    ) throws -> LoadedScene {
        try decode(
            bytes: bytes, file: file, limits: limits, images: images, fonts: fonts, baseDirectory: baseDirectory,
            archive: nil)
    }

    /// Decodes a scene file's bytes, or the animation `archive` (a dotLottie) holds.
    private static func decode(
        bytes: [UInt8], file: String, limits: SceneLimits, images: SceneImageLoader?, fonts: SceneFontCatalog?,
        baseDirectory: URL?, archive: DotLottie?
    ) throws -> LoadedScene {
        guard bytes.count <= limits.maxFileBytes else {
            throw SceneLoadError(diagnostics: [
                Diagnostic(
                    file: file, location: SourcePosition(line: 1, column: 1),
                    message: tooLarge(nil, limits))
            ])
        }
        if archive == nil, ZipArchive.isZip(bytes) {
            // A dotLottie: its animation is read as a Lottie file named `FILE(animations/ID.json)`.
            let (opened, json): (DotLottie, [UInt8])
            switch openDotLottie(bytes, limits: limits, animation: limits.dotLottieAnimation) {
            case .success(let read): (opened, json) = read
            case .failure(let problem):
                throw SceneLoadError(diagnostics: [
                    Diagnostic(file: file, location: SourcePosition(line: 1, column: 1), message: problem.message)
                ])
            }
            return try decode(
                bytes: json, file: "\(file)(\(opened.entryName))", limits: limits, images: images, fonts: fonts,
                baseDirectory: baseDirectory, archive: opened)
        }
        let base = baseDirectory ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let decoder = SceneDecoder(file: file, limits: limits, images: images, fonts: fonts, baseDirectory: base)
        let parser = SceneParser(
            maxNesting: limits.maxNesting, maxNodes: limits.maxNodes, diagnostics: decoder.diagnostics)
        var scene: Scene?
        let root = parser.parse(utf8(bytes))
        if let root, LottieDecoder.isLottie(root) {
            let source = LottieImageSource(cache: decoder.images, archive: archive)
            return try decodeLottie(
                root, file: file, limits: limits, images: source, fonts: fonts, diagnostics: decoder.diagnostics)
        }
        if archive != nil, !decoder.diagnostics.hasErrors {
            decoder.diagnostics.error(
                "the dotLottie's animation is not a Lottie animation (it lacks one of 'v', 'fr', 'ip', 'op', 'w', 'h', 'layers')",
                at: root?.location ?? SourcePosition(line: 1, column: 1))
            throw SceneLoadError(diagnostics: decoder.diagnostics.sorted)
        }
        if let root {
            scene = decoder.decode(root)
        }
        let diagnostics = decoder.diagnostics.sorted
        guard let scene, !decoder.diagnostics.hasErrors else {
            throw SceneLoadError(diagnostics: diagnostics)
        }
        var loaded = LoadedScene(
            scene: scene, warnings: diagnostics.filter { $0.severity == .warning },
            canvasSizeLocation: decoder.canvasSizeLocation,
            file: file, events: decoder.events)
        loaded.audioFileLocation = decoder.audioFileLocation
        loaded.lottieFiles = decoder.lottieFiles
        return loaded
    }

    /// A Lottie document (recognised by its top-level keys) as the scene lottie-ios's Core
    /// Animation engine makes of it.
    private static func decodeLottie(
        _ root: SceneNode, file: String, limits: SceneLimits, images: LottieImageSource, fonts: SceneFontCatalog?,
        diagnostics: DiagnosticSink
    ) throws -> LoadedScene {
        let document = lottieDocument(root, limits: limits, images: images, fonts: fonts, diagnostics: diagnostics)
        guard let document, !diagnostics.hasErrors else { throw SceneLoadError(diagnostics: diagnostics.sorted) }
        var sizeLocation: SourcePosition?
        if case .mapping(let pairs, _) = root { sizeLocation = pairs.first { $0.key == "w" }?.value.location }
        var loaded = LoadedScene(
            scene: LottieSceneBuilder.makeScene(document, fonts: fonts), warnings: diagnostics.sorted,
            canvasSizeLocation: sizeLocation,
            file: file, events: EventDispatcher())
        loaded.isLottie = true
        return loaded
    }

    /// The Lottie document in a file's bytes (a Lottie JSON or a dotLottie archive), every
    /// problem in `diagnostics` (which names the file); nil when it is not one or has errors. A
    /// layer's `lottie:` file is read here; its images come through `images`, beside the scene.
    static func lottieDocument(
        bytes: [UInt8], limits: SceneLimits, images: ImageCache, fonts: SceneFontCatalog?, diagnostics: DiagnosticSink
    ) -> LottieDocument? {
        var json = bytes
        var archive: DotLottie?
        if ZipArchive.isZip(bytes) {
            switch openDotLottie(bytes, limits: limits, animation: nil) {
            case .success(let read): (archive, json) = read
            case .failure(let problem):
                diagnostics.error(problem.message, at: SourcePosition(line: 1, column: 1))
                return nil
            }
        }
        let parser = SceneParser(maxNesting: limits.maxNesting, maxNodes: limits.maxNodes, diagnostics: diagnostics)
        guard let root = parser.parse(utf8(json)) else { return nil }
        guard LottieDecoder.isLottie(root) else {
            var keys: [String] = []
            if case .mapping(let pairs, _) = root { keys = pairs.map(\.key) }
            let missing = LottieDecoder.requiredKeys.subtracting(keys).sorted()
            diagnostics.error(
                "this is not a Lottie file: its top level has no \(missing.map { "'\($0)'" }.joined(separator: ", "))",
                at: root.location)
            return nil
        }
        let source = LottieImageSource(cache: images, archive: archive)
        let document = lottieDocument(root, limits: limits, images: source, fonts: fonts, diagnostics: diagnostics)
        return diagnostics.hasErrors ? nil : document
    }

    /// A dotLottie archive and the bytes of its animation `animation` (nil: the one its
    /// manifest makes active, else the first).
    private static func openDotLottie(_ bytes: [UInt8], limits: SceneLimits, animation: String?)
        -> Result<(DotLottie, [UInt8]), ZipArchive.Problem>
    {
        Result { () throws(ZipArchive.Problem) in
            let archive = try DotLottie(bytes: bytes, maxBytes: limits.maxFileBytes, animation: animation)
            return (archive, try archive.animationBytes())
        }
    }

    /// The document of a parsed Lottie file, its images read through `images`.
    private static func lottieDocument(
        _ root: SceneNode, limits: SceneLimits, images: LottieImageSource, fonts: SceneFontCatalog?,
        diagnostics: DiagnosticSink
    ) -> LottieDocument? {
        let decoder = LottieDecoder(diagnostics: diagnostics, limits: limits, fonts: fonts)
        decoder.images = images
        return decoder.decode(root)
    }

    /// UTF-16 files (with a byte-order mark, as some Windows editors save) as UTF-8, so that
    /// every location is computed one way.
    private static func utf8(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.count >= 2, bytes[0] == 0xFF && bytes[1] == 0xFE || bytes[0] == 0xFE && bytes[1] == 0xFF else {
            return bytes
        }
        let little = bytes[0] == 0xFF
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var i = 2
        while i + 1 < bytes.count {
            units.append(
                little ? UInt16(bytes[i]) | UInt16(bytes[i + 1]) << 8 : UInt16(bytes[i]) << 8 | UInt16(bytes[i + 1]))
            i += 2
        }
        return Array(String(decoding: units, as: UTF16.self).utf8)
    }

    /// The message for a file over the size limit (`size` when known exactly).
    private static func tooLarge(_ size: Int?, _ limits: SceneLimits) -> String {
        let shown = size.map(String.init) ?? "more than \(limits.maxFileBytes)"
        return
            "the file is \(shown) bytes; scene files are limited to \(limits.maxFileBytes) bytes (raise it with --max-file-size)"
    }
}
