import Foundation
import ReelCore

/// The limits on values that reach the drawing (SceneLimits): lengths and coordinates, text, and
/// path data. Each reports at the value and says the limit.
extension ValueDecoder {
    /// A length, coordinate or other number a scene draws with, at most
    /// `SceneLimits.maxCoordinate` in magnitude (see there why).
    func coordinate(_ node: SceneNode, what: String, angle: Bool = false) -> Double? {
        guard let v = number(node, what: what, angle: angle) else { return nil }
        return withinCoordinateLimit(v, what: what, at: node.location) ? v : nil
    }

    /// Reports a number beyond `SceneLimits.maxCoordinate` at `location`.
    func withinCoordinateLimit(_ v: Double, what: String, at location: SourcePosition) -> Bool {
        guard abs(v) > SceneLimits.maxCoordinate else { return true }
        let limit = format(SceneLimits.maxCoordinate)
        diagnostics.error(
            "\(what) must be between -\(limit) and \(limit) (the limit for coordinates, sizes and lengths), found \(format(v))",
            at: location)
        return false
    }

    /// Text within `SceneLimits.maxTextCharacters` and `maxScalarsPerCharacter`.
    func withinTextLimits(_ s: String, what: String, at location: SourcePosition) -> Bool {
        let count = s.unicodeScalars.count
        guard count <= SceneLimits.maxTextCharacters else {
            diagnostics.error(
                "\(what) has \(count) characters; a text may have at most \(SceneLimits.maxTextCharacters) (Unicode scalars)",
                at: location)
            return false
        }
        for (i, character) in s.enumerated() where character.unicodeScalars.count > SceneLimits.maxScalarsPerCharacter {
            let marks = character.unicodeScalars.count - 1
            diagnostics.error(
                "\(what): character \(i + 1) carries \(marks) combining marks or joined parts; one character may have at most \(SceneLimits.maxScalarsPerCharacter) Unicode scalars",
                at: location)
            return false
        }
        return true
    }

    /// Path data within the limits: every coordinate within `SceneLimits.maxCoordinate`, and at
    /// most `SceneLimits.maxPathPoints` points (stroking a self-intersecting path costs more than
    /// linear time in its points).
    func checkPath(_ path: CGPath, what: String, at location: SourcePosition) -> Bool {
        var count = 0
        for element in path.elements {
            let points: [CGPoint]
            switch element {
            case .moveTo(let p), .lineTo(let p): points = [p]
            case .quadCurveTo(let p, let c): points = [p, c]
            case .curveTo(let p, let c1, let c2): points = [p, c1, c2]
            case .closeSubpath: points = []
            }
            count += points.count
            for p in points {
                guard withinCoordinateLimit(p.x, what: "each coordinate of \(what)", at: location),
                    withinCoordinateLimit(p.y, what: "each coordinate of \(what)", at: location)
                else { return false }
            }
        }
        guard count <= SceneLimits.maxPathPoints else {
            diagnostics.error(
                "\(what) has \(count) points; a path may have at most \(SceneLimits.maxPathPoints)", at: location)
            return false
        }
        pathPoints.value += count
        guard pathPoints.value <= SceneLimits.maxTotalPathPoints else {
            diagnostics.error(
                "\(what) brings the scene's paths to \(pathPoints.value) points; at most \(SceneLimits.maxTotalPathPoints) in all",
                at: location)
            return false
        }
        return true
    }
}
