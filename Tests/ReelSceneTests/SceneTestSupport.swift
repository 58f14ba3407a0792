import Foundation
import Testing

@testable import ReelCore
@testable import ReelScene

/// Decodes scene text, failing the test with the diagnostics if it does not decode. Every scene a
/// test decodes must also validate against the schema: the schema may never be stricter than the
/// decoder, and this checks it on every scene the tests write.
func load(
    _ text: String, images: SceneImageLoader? = nil, baseDirectory: URL? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) throws -> (Scene, Timeline) {
    let schemaProblems = (try? SceneSchema.validate(bytes: Array(text.utf8), file: "test.yaml")) ?? []
    #expect(
        schemaProblems.isEmpty, "the decoder accepts this scene but the schema does not:\n\(schemaProblems)",
        sourceLocation: sourceLocation)
    do {
        let scene = try SceneLoader.decode(text: text, file: "test.yaml", images: images, baseDirectory: baseDirectory)
            .scene
        return (scene, try scene.compile())
    } catch let error as SceneLoadError {
        Issue.record("scene did not decode:\n\(error)", sourceLocation: sourceLocation)
        throw error
    }
}

/// The error diagnostics of text that must not decode, as "LINE:COLUMN: message".
func problems(_ text: String) -> [String] {
    problems(bytes: Array(text.utf8))
}

func problems(bytes: [UInt8], limits: SceneLimits = SceneLimits()) -> [String] {
    do {
        _ = try SceneLoader.decode(bytes: bytes, file: "t.yaml", limits: limits)
        return []
    } catch let error as SceneLoadError {
        return error.diagnostics.filter { $0.severity == .error }.map {
            "\($0.location.line):\($0.location.column): \($0.message)"
        }
    } catch {
        return ["unexpected \(error)"]
    }
}

/// The schema's violations for text (empty when it validates).
func schemaProblems(_ text: String) -> [String] {
    schemaProblems(bytes: Array(text.utf8))
}

func schemaProblems(bytes: [UInt8]) -> [String] {
    do {
        return try SceneSchema.validate(bytes: bytes, file: "t.yaml").map {
            "\($0.location.line):\($0.location.column): \($0.message)"
        }
    } catch {
        return ["unexpected \(error)"]
    }
}

/// A scene with one layer "box" and the given extra text appended (layers entries or a timeline).
func sceneText(layer: String = "{ name: box, frame: [0, 0, 10, 10] }", timeline: String = "") -> String {
    """
    reel: 1
    canvas: { size: [100, 100], duration: 10 }
    layers:
      - \(layer)
    \(timeline.isEmpty ? "" : "timeline:\n" + timeline)
    """
}

extension Timeline {
    func state(_ name: String, at t: Double) -> LayerState {
        guard let layer = presentation(at: t, layerNamed: name) else {
            Issue.record("layer \(name) not in the tree at \(t)")
            return LayerState()
        }
        return layer.state
    }
}

func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }
