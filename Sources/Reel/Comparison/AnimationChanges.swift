import Foundation
import ReelCore

/// What changed in the animations between two scenes (`reel diff A.yaml B.yaml`), beside the
/// pixel verdict: per layer and key path, the timing (when added, delay, duration, repeats,
/// speed, fill), the timing function or spring, and the values. The pixel comparison says
/// *that* frames differ; this says *why*, in the terms the scene was written in.
///
/// Layers pair up by name (the n-th layer of a name with the n-th), animations on a layer by
/// key path and key in the order they were added; unpaired ones are reported added or removed.
public struct AnimationChanges: Sendable {
    /// Every animation that differs, in A's layer order then B's new ones.
    public let changes: [AnimationChange]

    /// Compares the animations of two compiled timelines.
    public init(_ a: Timeline, _ b: Timeline) {
        let left = Self.animations(of: a), right = Self.animations(of: b)
        var result: [AnimationChange] = []
        var matched = Set<Int>()
        for entry in left {
            if let j = right.indices.first(where: { !matched.contains($0) && right[$0].id == entry.id }) {
                matched.insert(j)
                let fields = Self.fieldChanges(entry.fields, right[j].fields)
                if !fields.isEmpty {
                    result.append(
                        AnimationChange(
                            layer: entry.id.layer, keyPath: entry.id.keyPath, key: entry.id.key, kind: .changed,
                            fields: fields))
                }
            } else {
                result.append(
                    AnimationChange(
                        layer: entry.id.layer, keyPath: entry.id.keyPath, key: entry.id.key, kind: .removed, fields: [])
                )
            }
        }
        for (j, entry) in right.enumerated() where !matched.contains(j) {
            result.append(
                AnimationChange(
                    layer: entry.id.layer, keyPath: entry.id.keyPath, key: entry.id.key, kind: .added, fields: []))
        }
        changes = result
    }

    /// Lines for `reel diff`'s text: a heading and one line per changed field.
    public var summary: String {
        guard !changes.isEmpty else { return "animations: unchanged\n" }
        var lines = ["animations: \(changes.count) changed"]
        for change in changes {
            let name = "  \(change.layer) \(change.keyPath)" + (change.key.map { " “\($0)”" } ?? "")
            switch change.kind {
            case .added: lines.append(name + ": only in B")
            case .removed: lines.append(name + ": only in A")
            case .changed:
                lines.append(name + ":")
                for f in change.fields { lines.append("    \(f.name): \(f.a) → \(f.b)") }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The changes as JSON: `[{layer, keyPath, key, change: added|removed|changed, fields: [{name, a, b}]}]`.
    public var json: JSONValue {
        .array(
            changes.map { c in
                .object([
                    ("layer", .string(c.layer)), ("keyPath", .string(c.keyPath)),
                    ("key", c.key.map(JSONValue.string) ?? .null),
                    ("change", .string(c.kind.rawValue)),
                    (
                        "fields",
                        .array(
                            c.fields.map {
                                .object([("name", .string($0.name)), ("a", .string($0.a)), ("b", .string($0.b))])
                            })
                    )
                ])
            })
    }

    // MARK: Listing

    struct Identity: Equatable {
        var layer: String, keyPath: String, key: String?, occurrence: Int
    }

    /// Every attachment (a group's children after it, as `group/child`) with its fields described.
    private static func animations(of timeline: Timeline) -> [(id: Identity, fields: [(String, String)])] {
        var out: [(id: Identity, fields: [(String, String)])] = []
        var seenLayers: [String: Int] = [:]
        for layer in timeline.layerOutline {
            let base = layer.name ?? "(unnamed \(layer.kind.rawValue))"
            let n = seenLayers[base, default: 0]
            seenLayers[base] = n + 1
            let name = n == 0 ? base : "\(base) #\(n + 1)"
            func add(_ track: AnimationTrack, keyPath: String, key: String?, fields: [(String, String)]) {
                let occurrence = out.filter { $0.id.layer == name && $0.id.keyPath == keyPath && $0.id.key == key }
                    .count
                out.append((Identity(layer: name, keyPath: keyPath, key: key, occurrence: occurrence), fields))
            }
            for attachment in layer.animations {
                let track = attachment.track
                let keyPath = label(track)
                // The delay scenes write: beginTime relative to the layer's time when added (0: at once).
                let addedLocal = timeline.layerLocalTimes(at: max(attachment.addedAt, 0))[layer.id]
                let delay = addedLocal.map { track.timing.beginTime - $0 } ?? 0
                var fields = [("added at", seconds(attachment.addedAt)), ("implicit", "\(attachment.isImplicit)")]
                fields += describe(track, delay: delay)
                add(track, keyPath: keyPath, key: attachment.key, fields: fields)
                for (i, child) in track.children.enumerated() {
                    add(
                        child, keyPath: keyPath + "/" + label(child), key: attachment.key,
                        fields: [("index", "\(i)")] + describe(child, delay: child.timing.beginTime))
                }
            }
        }
        return out
    }

    private static func label(_ track: AnimationTrack) -> String {
        if let t = track.transitionName { return "transition \(t)" }
        return track.kind == .group ? "group" : track.keyPaths.joined(separator: ", ")
    }

    /// The fields compared, as text: timing, timing function or spring, values.
    private static func describe(_ track: AnimationTrack, delay: Double) -> [(String, String)] {
        let t = track.timing
        var fields: [(String, String)] = [
            ("class", track.kind.rawValue), ("beginTime", seconds(delay)), ("duration", seconds(t.duration)),
            ("repeatCount", number(t.repeatCount)), ("repeatDuration", seconds(t.repeatDuration)),
            ("autoreverses", "\(t.autoreverses)"), ("speed", number(t.speed)), ("timeOffset", seconds(t.timeOffset)),
            ("fillMode", t.fillMode.rawValue), ("removedOnCompletion", "\(track.removedOnCompletion)")
        ]
        if let spring = track.spring {
            fields += [
                ("mass", number(spring.mass)), ("stiffness", number(spring.stiffness)),
                ("damping", number(spring.damping)), ("initialVelocity", number(spring.initialVelocity)),
                ("settlingDuration", seconds(spring.settlingDuration))
            ]
        } else if track.kind != .group {
            fields.append(("timingFunction", track.timingFunction?.description ?? "linear"))
        }
        for (name, values) in track.writtenValues {
            let text = values.map { InspectReport.json($0).compact }
            fields.append(
                (
                    name,
                    values.count == 1 && name != "values" && name != "keyTimes"
                        ? text[0] : "[" + text.joined(separator: ", ") + "]"
                ))
        }
        return fields
    }

    /// Fields that differ, and those only one side has (written "—" on the other).
    private static func fieldChanges(_ a: [(String, String)], _ b: [(String, String)]) -> [FieldChange] {
        var out: [FieldChange] = []
        for (name, value) in a {
            let other = b.first { $0.0 == name }?.1 ?? "—"
            if other != value { out.append(FieldChange(name: name, a: value, b: other)) }
        }
        for (name, value) in b where !a.contains(where: { $0.0 == name }) {
            out.append(FieldChange(name: name, a: "—", b: value))
        }
        return out
    }

    private static func seconds(_ v: Double) -> String { "\(JSONValue.format(v)) s" }
    private static func number(_ v: Double) -> String { JSONValue.format(v) }
}

/// One animation that differs between A and B.
public struct AnimationChange: Sendable, Equatable {
    /// The layer's name (`name #2` for the second layer of that name).
    public let layer: String
    /// Its key path (`position.y`; `group`, `group/opacity` for a group and its children;
    /// `transition fade`).
    public let keyPath: String
    /// The key it was added under.
    public let key: String?
    public let kind: Kind
    /// For `.changed`: each field whose value differs.
    public let fields: [FieldChange]

    public init(layer: String, keyPath: String, key: String?, kind: Kind, fields: [FieldChange]) {
        (self.layer, self.keyPath, self.key, self.kind, self.fields) = (layer, keyPath, key, kind, fields)
    }

    public enum Kind: String, Sendable {
        /// Only in B.
        case added
        /// Only in A.
        case removed
        /// In both, with different fields.
        case changed
    }
}

/// A field of an animation in A and in B, as text (`duration: 0.5 s → 0.8 s`).
public struct FieldChange: Sendable, Equatable {
    public let name: String
    public let a: String
    public let b: String

    public init(name: String, a: String, b: String) { (self.name, self.a, self.b) = (name, a, b) }
}
