import Foundation
import ReelCore
import ReelRender

/// The JSON of `reel inspect` (the scene format (docs/scene-format.md) §8): Core Animation property names as keys;
/// points `[x, y]`, sizes `[w, h]`, rects `[x, y, w, h]`, colours `[r, g, b, a]` (nil: null),
/// transforms as 16 numbers m11…m44, plus `animationKeys`.
public enum InspectReport {
    /// The presentation layer (and its subtree) as JSON; a text layer's `renderedFont` is the
    /// family it is drawn in with `context`'s fonts (the scene's: `LoadedJob.context`).
    public static func json(_ layer: PresentationLayer, includeSublayers: Bool = true, context: RenderContext)
        -> JSONValue
    {
        var pairs: [(String, JSONValue)] = [
            ("name", layer.name.map(JSONValue.string) ?? .null),
            ("class", .string(layer.className))
        ]
        for property in LayerProperty.allCases where property.applies(to: layer.kind) {
            pairs.append((property.rawValue, json(property, of: layer.state)))
        }
        pairs.append(("frame", json(.rect(layer.state.frame))))
        if layer.kind == .text {
            // What `font` (nil: Core Animation's default, Helvetica) is drawn in here.
            pairs.append(("renderedFont", .string(context.family(for: layer.state.font))))
        }
        if let particles = layer.particles {
            // Live particles now (those left out over the limit included), and how many are drawn.
            pairs.append(("particleCount", .number(Double(particles.particles.count + particles.dropped))))
        }
        pairs.append(("animationKeys", .array(layer.animationKeys.map(JSONValue.string))))
        if let mask = layer.mask { pairs.append(("mask", json(mask, context: context))) }
        if includeSublayers {
            pairs.append(("sublayers", .array(layer.sublayers.map { json($0, context: context) })))
        }
        return .object(pairs)
    }

    /// One animation event as a JSON line for `reel inspect --events`.
    public static func json(_ event: AnimationEvent) -> JSONValue {
        var pairs: [(String, JSONValue)] = [
            ("time", .number(event.time)),
            ("layer", event.layer.map(JSONValue.string) ?? .null),
            ("key", event.key.map(JSONValue.string) ?? .null),
            ("event", .string(event.kind.rawValue))
        ]
        // Every line has these keys (the scene format (docs/scene-format.md) §8); a start has no `finished` flag.
        pairs.append(("finished", event.finished.map(JSONValue.bool) ?? .null))
        // A spring's start also says when it comes to rest.
        if let settling = event.settlingDuration { pairs.append(("settlingDuration", .number(settling))) }
        return .object(pairs)
    }

    /// CATextLayer's font when none is set, as Core Animation documents it.
    public static let defaultFont = "Helvetica"

    /// A property in the inspect notation; optional properties that are nil print as null.
    static func json(_ property: LayerProperty, of state: LayerState) -> JSONValue {
        switch property {
        case .string: state.string.map(JSONValue.string) ?? .null
        case .font: .string(state.font ?? defaultFont)
        case .colors: state.colors.map { json(.colors($0)) } ?? .null
        case .locations: state.locations.map { json(.numbers($0)) } ?? .null
        case .lineDashPattern: state.lineDashPattern.map { json(.numbers($0)) } ?? .null
        case .maskedCorners:
            .array(
                CACornerMask.names.enumerated().filter {
                    state.maskedCorners.contains(CACornerMask(rawValue: 1 << $0.offset))
                }
                .map { .string($0.element) })
        default: json(property.get(state))
        }
    }

    /// A property value in the inspect notation.
    public static func json(_ value: AnimatableValue) -> JSONValue {
        switch value {
        case .number(let v): return .number(v)
        case .bool(let b): return .bool(b)
        case .point(let p): return .array([.number(p.x), .number(p.y)])
        case .size(let s): return .array([.number(s.width), .number(s.height)])
        case .rect(let r):
            return .array([.number(r.origin.x), .number(r.origin.y), .number(r.size.width), .number(r.size.height)])
        case .color(let c):
            guard let c else { return .null }
            return .array([.number(c.red), .number(c.green), .number(c.blue), .number(c.alpha)])
        case .transform(let t): return .array(t.entries.map(JSONValue.number))
        case .numbers(let v): return .array(v.map(JSONValue.number))
        case .path(let p): return p.map { .string($0.svgPathData) } ?? .null
        case .string(let v): return .string(v)
        case .colors(let v): return .array(v.map { json(.color($0)) })
        case .image(let i):
            return i.map {
                .string($0.source ?? "\($0.width)×\($0.height) \($0.displayList != nil ? "drawing" : "image")")
            } ?? .null
        case .imageFade(let f): return json(.image(f.to))  // the image fading in
        case .filters(let filters):
            return .array(
                filters.map { f in
                    .object(
                        [("name", .string(f.name)), ("type", .string(f.kind.rawValue))]
                            + f.inputs.keys.sorted().map { ($0, .array(f.inputs[$0]!.map(JSONValue.number))) })
                })
        case .cells(let cells):
            return .array(
                cells.map { cell in
                    .object(EmitterCellProperty.allCases.map { ($0.rawValue, json($0.get(cell))) })
                })
        }
    }
}
