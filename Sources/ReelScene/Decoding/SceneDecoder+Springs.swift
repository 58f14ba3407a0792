import Foundation
import ReelCore

/// A spring's own fields: Core Animation's mass, stiffness and damping, or iOS 17's
/// `perceptualDuration` and `bounce` (`CASpringAnimation(perceptualDuration:bounce:)`).
extension SceneDecoder {
    static let physicalSpringKeys = ["mass", "stiffness", "damping"]

    func decodeSpring(_ map: inout MapReader, into a: CASpringAnimation) {
        if map.has("perceptualDuration") || map.has("bounce") {
            decodePerceptualSpring(&map, into: a)
        }
        if let n = map.take("mass"), let v = values.coordinate(n, what: "mass") {
            if v > 0 {
                a.mass = v
            } else {
                diagnostics.error("mass must be greater than 0, found \(format(v))", at: n.location)
            }
        }
        if let n = map.take("stiffness"), let v = values.coordinate(n, what: "stiffness") {
            if v > 0 {
                a.stiffness = v
            } else {
                diagnostics.error("stiffness must be greater than 0, found \(format(v))", at: n.location)
            }
        }
        if let n = map.take("damping"), let v = values.nonNegative(n, what: "damping"),
            values.withinCoordinateLimit(v, what: "damping", at: n.location)
        {
            a.damping = v
        }
        if let n = map.take("initialVelocity"), let v = values.coordinate(n, what: "initialVelocity") {
            a.initialVelocity = v
        }
        // After a negative bounce (which turns it on): written out, it is what the scene says.
        if let n = map.take("allowsOverdamping"), let v = values.bool(n, what: "allowsOverdamping") {
            a.allowsOverdamping = v
        }
    }

    /// `perceptualDuration` (default 0.5 s) and `bounce` (default 0), UIKit's defaults for
    /// `animate(springDuration:bounce:…)`. They and mass/stiffness/damping describe the same
    /// spring: on iOS the one assigned last wins, which a scene file (a map) cannot order, so
    /// both together are an error.
    private func decodePerceptualSpring(_ map: inout MapReader, into a: CASpringAnimation) {
        for key in Self.physicalSpringKeys where map.has(key) {
            diagnostics.error(
                "'\(key)' and 'perceptualDuration'/'bounce' both describe the spring; give one or the other",
                at: map.keyLocation(key) ?? map.location)
        }
        var duration = 0.5, bounce = 0.0
        if let n = map.take("perceptualDuration"), let v = values.number(n, what: "perceptualDuration") {
            if v > 0, values.withinCoordinateLimit(v, what: "perceptualDuration", at: n.location) {
                duration = v
            } else if v <= 0 {
                diagnostics.error("perceptualDuration must be greater than 0, found \(format(v))", at: n.location)
            }
        }
        // Apple: 0 is critically damped, 1 undamped, −1 the overdamped limit (infinite damping).
        if let n = map.take("bounce"), let v = values.number(n, what: "bounce") {
            if v > -1, v <= 1 {
                bounce = v
            } else {
                diagnostics.error(
                    "bounce must be greater than -1 and at most 1, found \(format(v))", at: n.location)
            }
        }
        a.setSpring(perceptualDuration: duration, bounce: bounce)
    }
}
