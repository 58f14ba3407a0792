import Testing

@testable import ReelScene

extension MalformedScenes {
    /// CAEmitterLayer entries, their cells, and key paths into cells.
    static let emitters: [Malformed] = [
        layer(
            "{ name: e, class: emitter, emitterCells: [{ name: s, birthrate: 5 }] }",
            "4:58: unknown key 'birthrate' in an emitter cell (did you mean 'birthRate'?)"),
        layer(
            "{ name: e, class: emitter, emitterCells: [{ name: s, lifetime: -1 }] }",
            "4:68: lifetime must not be negative, found -1"),
        layer(
            "{ name: e, class: emitter, emitterCells: [{ name: s }, { name: s }] }",
            "4:60: duplicate emitter cell name 's' (first at 4:47); key paths reach cells by name", schema: .accepts),
        layer(
            "{ name: e, class: emitter, emitterCells: [{ name: a.b }] }",
            "4:55: an emitter cell name must not be empty or contain '.' (key paths are split at dots), found 'a.b'"),
        layer(
            "{ name: e, class: emitter, emitterCells: { name: s } }",
            "4:46: emitterCells must be a list of emitter cells (maps of CAEmitterCell properties), found a map"),
        layer(
            "{ name: e, class: emitter, emitterCells: [{ name: s, emitterCells: [{ emitterCells: [{ emitterCells: [{ emitterCells: [{}] }] }] }] }] }",
            "4:123: emitter cells are nested more than 4 deep", schema: .accepts),
        layer(
            "{ name: e, class: emitter, emitterShape: square }",
            "4:46: emitterShape must be one of 'point', 'line', 'rectangle', 'cuboid', 'circle', 'sphere'; found 'square'"
        ),
        layer(
            "{ name: e, class: emitter, seed: 1.5 }",
            "4:38: seed must be a whole number from 0 to 4294967295, found 1.5"),
        layer("{ name: e, class: emitter, birthRate: -2 }", "4:43: birthRate must not be negative, found -2"),
        layer(
            "{ name: e, birthRate: 2 }",
            "4:16: 'birthRate' is a property of CAEmitterLayer, and layer 'e' is a CALayer (add 'class: emitter')"),
        file(
            sceneText(
                layer: "{ name: e, class: emitter, emitterCells: [{ name: spark }] }",
                timeline: "  - at: 1\n    set: { e: { emitterCells.sprak.birthRate: 0 } }"),
            "7:17: layer 'e' has no emitter cell named 'sprak' (its cells: spark) (did you mean 'spark'?)",
            schema: .accepts),
        file(
            sceneText(
                layer: "{ name: e, class: emitter, emitterCells: [{ name: spark }] }",
                timeline: "  - at: 1\n    set: { e: { emitterCells.spark.birthrate: 0 } }"),
            "7:17: 'emitterCells.spark.birthrate': unknown emitter cell property 'birthrate' (did you mean 'birthRate'?)"
        ),
        file(
            sceneText(
                layer: "{ name: e, class: emitter, emitterCells: [{ name: spark }] }",
                timeline:
                    "  - at: 1\n    add: { layer: e, animation: { keyPath: emitterCells.fire.birthRate, toValue: 0 } }"),
            "7:33: layer 'e' has no emitter cell named 'fire' (its cells: spark)", schema: .accepts),
        file(
            sceneText(
                layer: "{ name: e, class: emitter, emitterCells: [{ name: spark }] }",
                timeline: "  - at: 1\n    add: { layer: e, animation: { keyPath: emitterCells.spark, toValue: 0 } }"),
            "7:44: 'emitterCells.spark' names an emitter cell but no property: write emitterCells.NAME.PROPERTY (emitterCells.spark.birthRate)"
        ),
        file(
            sceneText(
                layer: "{ name: e, class: emitter, emitterCells: [{ name: dot, emitterCells: [{ name: sub }] }] }",
                timeline: "  - at: 1\n    set: { e: { emitterCells.dot.sub.birthRate: 2 } }"),
            "7:17: 'emitterCells.dot.sub.birthRate': a sub-cell is reached through its parent's emitterCells (cell names cannot contain dots): write 'emitterCells.dot.emitterCells.sub.birthRate'"
        ),
        // A bad cell is reported once; key paths to the good ones are not errors on top.
        file(
            sceneText(
                layer: "{ name: e, class: emitter, emitterCells: [{ name: dot, lifetime: -1 }, { name: dot }] }",
                timeline: "  - at: 1\n    set: { e: { emitterCells.dot.birthRate: 2 } }"),
            "4:70: lifetime must not be negative, found -1",
            "4:76: duplicate emitter cell name 'dot' (first at 4:47); key paths reach cells by name", schema: .rejects)
    ]
}
