import Foundation
import ReelCore

/// A scene file turned into a `Scene`, with any warnings.
public struct LoadedScene {
    public let scene: Scene
    /// Non-fatal diagnostics (an entry after the end of the scene, …).
    public let warnings: [Diagnostic]
}

/// Reads scene files (YAML or JSON, SCENE-FORMAT.md) into `Scene`s.
public enum SceneLoader {
    /// Loads and decodes the file at `path`. Diagnostics name the file as `displayPath`
    /// (default: `path` as given, which is what the user typed).
    public static func load(path: String, displayPath: String? = nil, limits: SceneLimits = SceneLimits(),
                            images: SceneImageLoader? = nil) throws -> LoadedScene {
        let name = displayPath ?? path
        let start = SourcePosition(line: 1, column: 1)
        func fail(_ message: String) -> SceneLoadError {
            SceneLoadError(diagnostics: [Diagnostic(file: name, location: start, message: message)])
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw fail("no such file")
        }
        guard !isDirectory.boolValue else { throw fail("this is a folder, not a scene file") }
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        if let size = attributes?[.size] as? Int, size > limits.maxFileBytes {
            throw fail("the file is \(size) bytes; scene files are limited to \(limits.maxFileBytes) bytes (raise it with --max-file-size)")
        }
        guard let data = FileManager.default.contents(atPath: path) else { throw fail("cannot read the file (permissions?)") }
        guard data.count <= limits.maxFileBytes else {
            throw fail("the file is \(data.count) bytes; scene files are limited to \(limits.maxFileBytes) bytes (raise it with --max-file-size)")
        }
        guard let text = String(data: data, encoding: .utf8) else { throw fail("the file is not UTF-8 text") }
        let base = URL(fileURLWithPath: path).deletingLastPathComponent()
        return try decode(text: text, file: name, limits: limits, images: images, baseDirectory: base)
    }

    /// Decodes scene text. `file` names it in diagnostics; image paths are relative to
    /// `baseDirectory` (default: the current folder).
    public static func decode(text: String, file: String, limits: SceneLimits = SceneLimits(), images: SceneImageLoader? = nil,
                              baseDirectory: URL? = nil) throws -> LoadedScene {
        let base = baseDirectory ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let decoder = SceneDecoder(file: file, limits: limits, images: images, baseDirectory: base)
        var scene: Scene?
        if text.contains("\u{0}") {
            decoder.diagnostics.error("the file contains a NUL byte; scene files are text", at: SourcePosition(line: 1, column: 1))
        } else if let root = SceneParser.parse(text, diagnostics: decoder.diagnostics) {
            scene = decoder.decode(root)
        }
        let diagnostics = decoder.diagnostics.sorted
        guard let scene, !decoder.diagnostics.hasErrors else {
            throw SceneLoadError(diagnostics: diagnostics)
        }
        return LoadedScene(scene: scene, warnings: diagnostics.filter { $0.severity == .warning })
    }
}
