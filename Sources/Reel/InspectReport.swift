import Foundation
import ReelCore

/// The JSON of `reel inspect` (SCENE-FORMAT.md §8): Core Animation property names as keys;
/// points `[x, y]`, sizes `[w, h]`, rects `[x, y, w, h]`, colours `[r, g, b, a]` (nil: null),
/// transforms as 16 numbers m11…m44, plus `animationKeys`.
public enum InspectReport {
    /// The presentation layer (and its subtree) as JSON.
    public static func json(_ layer: PresentationLayer, includeSublayers: Bool = true) -> JSONValue {
        var pairs: [(String, JSONValue)] = [
            ("name", layer.name.map(JSONValue.string) ?? .null),
            ("class", .string(layer.className)),
        ]
        for property in LayerProperty.allCases {
            pairs.append((property.rawValue, json(property.get(layer.state))))
        }
        pairs.append(("frame", json(.rect(layer.state.frame))))
        pairs.append(("animationKeys", .array(layer.animationKeys.map(JSONValue.string))))
        if includeSublayers {
            pairs.append(("sublayers", .array(layer.sublayers.map { json($0) })))
        }
        return .object(pairs)
    }

    /// One animation event as a JSON line for `reel inspect --events`.
    public static func json(_ event: AnimationEvent) -> JSONValue {
        var pairs: [(String, JSONValue)] = [
            ("time", .number(event.time)),
            ("layer", event.layer.map(JSONValue.string) ?? .null),
            ("key", event.key.map(JSONValue.string) ?? .null),
            ("event", .string(event.kind.rawValue)),
        ]
        if let finished = event.finished { pairs.append(("finished", .bool(finished))) }
        return .object(pairs)
    }

    /// A property value in the inspect notation.
    public static func json(_ value: AnimatableValue) -> JSONValue {
        switch value {
        case .number(let v): return .number(v)
        case .bool(let b): return .bool(b)
        case .point(let p): return .array([.number(p.x), .number(p.y)])
        case .size(let s): return .array([.number(s.width), .number(s.height)])
        case .rect(let r): return .array([.number(r.origin.x), .number(r.origin.y), .number(r.size.width), .number(r.size.height)])
        case .color(let c):
            guard let c else { return .null }
            return .array([.number(c.red), .number(c.green), .number(c.blue), .number(c.alpha)])
        case .transform(let t): return .array(t.entries.map(JSONValue.number))
        case .numbers(let v): return .array(v.map(JSONValue.number))
        case .path(let p): return p.map { .string($0.svgPathData) } ?? .null
        }
    }
}
