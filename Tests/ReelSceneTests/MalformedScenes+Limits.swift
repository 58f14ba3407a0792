import Testing

@testable import ReelScene

extension MalformedScenes {
    /// Numbers beyond `SceneLimits.maxCoordinate` (they used to reach an `Int(…)` in the renderer
    /// and trap), reported at the number itself. The schema does not bound numbers.
    static let coordinateLimits: [Malformed] = [
        layer(
            "{ name: box, bounds: [0, 0, 1e308, 10] }",
            "4:33: each number of bounds must be between -1000000 and 1000000 (the limit for coordinates, sizes and lengths), found 1e+308",
            schema: .accepts),
        layer(
            "{ name: box, position: [-1e8, 0] }",
            "4:29: each number of position must be between -1000000 and 1000000 (the limit for coordinates, sizes and lengths), found -100000000",
            schema: .accepts),
        layer(
            "{ name: box, frame: [1e308, 0, 1, 1] }",
            "4:26: each number of frame must be between -1000000 and 1000000 (the limit for coordinates, sizes and lengths), found 1e+308",
            schema: .accepts),
        layer(
            "{ name: box, transform: [{translate: [1e308, 0]}] }",
            "4:43: each number of translate must be between -1000000 and 1000000 (the limit for coordinates, sizes and lengths), found 1e+308",
            schema: .accepts),
        layer(
            "{ name: box, transform: {scale: -2e7} }",
            "4:37: scale must be between -1000000 and 1000000 (the limit for coordinates, sizes and lengths), found -20000000",
            schema: .accepts),
        layer(
            "{ name: box, contentsRect: [0, 0, 1e308, 1] }",
            "4:39: each number of contentsRect must be between -1000000 and 1000000 (the limit for coordinates, sizes and lengths), found 1e+308",
            schema: .accepts),
        layer(
            "{ name: box, cornerRadius: 1e308 }",
            "4:32: cornerRadius must be between -1000000 and 1000000 (the limit for coordinates, sizes and lengths), found 1e+308",
            schema: .accepts),
        layer(
            "{ name: box, shadowRadius: 1e4 }",
            "4:32: shadowRadius must be at most 1000 points (the blur's cost grows with its square), found 10000",
            schema: .accepts),
        layer(
            "{ name: box, class: text, fontSize: 1e9 }",
            "4:41: fontSize must be between -1000000 and 1000000 (the limit for coordinates, sizes and lengths), found 1000000000",
            schema: .accepts),
        layer(
            "{ name: box, class: shape, lineWidth: 1e308 }",
            "4:43: lineWidth must be between -1000000 and 1000000 (the limit for coordinates, sizes and lengths), found 1e+308",
            schema: .accepts),
        layer(
            "{ name: box, class: shape, path: \"M0 0 L1e308 5\" }",
            "4:38: each coordinate of path must be between -1000000 and 1000000 (the limit for coordinates, sizes and lengths), found 1e+308",
            schema: .accepts),
        layer(
            "{ name: box, class: shape, path: { rect: [0, 0, 1, 1], cornerRadius: 1e308 } }",
            "4:74: cornerRadius must be between -1000000 and 1000000 (the limit for coordinates, sizes and lengths), found 1e+308",
            schema: .accepts),
        animation(
            "{ keyPath: position.x, fromValue: 0, toValue: 1e308 }",
            "7:89: toValue must be between -1000000 and 1000000 (the limit for coordinates, sizes and lengths), found 1e+308",
            schema: .accepts),
        animation(
            "{ keyPath: position, byValue: [1e308, 0] }",
            "7:74: each number of byValue must be between -1000000 and 1000000 (the limit for coordinates, sizes and lengths), found 1e+308",
            schema: .accepts),
        animation(
            "{ class: keyframe, keyPath: position, path: \"M0 0 L1e308 1e308\" }",
            "7:87: each coordinate of path must be between -1000000 and 1000000 (the limit for coordinates, sizes and lengths), found 1e+308",
            schema: .accepts),
        animation(
            "{ class: keyframe, keyPath: bounds, values: [[0, 0, 1, 1], [0, 0, 1e308, 1]] }",
            "7:109: each number of each of values must be between -1000000 and 1000000 (the limit for coordinates, sizes and lengths), found 1e+308",
            schema: .accepts),
        animation(
            "{ class: spring, keyPath: position.x, toValue: 1, stiffness: 1e308 }",
            "7:104: stiffness must be between -1000000 and 1000000 (the limit for coordinates, sizes and lengths), found 1e+308",
            schema: .accepts),
        animation(
            "{ class: spring, keyPath: position.x, toValue: 1, initialVelocity: -1e308 }",
            "7:110: initialVelocity must be between -1000000 and 1000000 (the limit for coordinates, sizes and lengths), found -1e+308",
            schema: .accepts),
        // A plain scalar: the last space is not part of it.
        layer(
            "{ name: box, class: text, string: \(String(repeating: "ab ", count: 7000)) }",
            "4:39: string has 20999 characters; a text may have at most 20000 (Unicode scalars)", schema: .accepts),
        // "a" with 40 acute accents: one character of 41 scalars.
        layer(
            "{ name: box, class: text, string: \"xa\(String(repeating: "\u{301}", count: 40))\" }",
            "4:39: string: character 2 carries 40 combining marks or joined parts; one character may have at most 32 Unicode scalars",
            schema: .accepts),
        layer(
            "{ name: box, class: shape, path: \"M0 0\(String(repeating: " L1 1", count: 10_000))\" }",
            "4:38: path: the path has more than 10000 elements at character 50005 of the path data", schema: .accepts),
        layer(
            "{ name: r, class: replicator, instanceCount: 1000, sublayers: [{ class: replicator, instanceCount: 101, sublayers: [{}] }] }",
            "4:104: instanceCount 101 would draw 101000 copies of each sublayer per frame (101 here × 1000 copies of this replicator); at most 100000 layers are drawn per frame",
            schema: .accepts),
        layer(
            "{ name: r, class: replicator, instanceCount: 10000, sublayers: [{}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}] }",
            "4:50: the scene would draw more than 100000 layers per frame, counting each replicator copy; at most 100000 are drawn per frame",
            schema: .accepts),
        timeline(
            "  - at: 1\n    insert: [{ parent: box, layer: { class: replicator, instanceCount: 10000, sublayers: [{ class: replicator, instanceCount: 20, sublayers: [{}] }] } }]",
            "7:127: instanceCount 20 would draw 200000 copies of each sublayer per frame (20 here × 10000 copies of this replicator); at most 100000 layers are drawn per frame",
            schema: .accepts),
        timeline(
            "  - at: 1\n    set: { box: { position: [0, 1e308] } }",
            "7:33: each number of position must be between -1000000 and 1000000 (the limit for coordinates, sizes and lengths), found 1e+308",
            schema: .accepts)
    ]
}
