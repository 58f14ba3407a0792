import Testing

@testable import ReelScene

extension MalformedScenes {
    /// Timeline entries and their operations (SCENE-FORMAT.md §6), from line 6.
    static let timelines: [Malformed] = [
        timeline("  - 5", "6:5: a timeline entry must be a map of keys to values, found the number 5"),
        timeline(
            "  - at: 1\n    scroll: { box: [0, 10] }",
            "7:15: 'scroll' scrolls a CAScrollLayer (class: scroll); 'box' is a CALayer: set its bounds instead",
            schema: .accepts),
        timeline(
            "  - at: 1\n    scroll: { nobox: [0, 10] }", "7:15: unknown layer 'nobox' (did you mean 'box'?)",
            schema: .accepts),
        timeline(
            "  - at: -1\n    set: { box: { opacity: 1 } }",
            "6:9: 'at' is a scene time and must not be negative, found -1"),
        timeline(
            "  - set: { box: { opacity: 1 } }", "6:5: a timeline entry needs 'at: SECONDS' or 'on: {layer, key, event}'"
        ),
        timeline(
            "  - at: 1\n    on: { layer: box, event: didStop }",
            "6:5: a timeline entry has either 'at' (a time) or 'on' (an animation event), not both"),
        timeline("  - at: 1\n    sett: {}", "7:5: unknown key 'sett' in a timeline entry (did you mean 'set'?)"),
        timeline("  - at: 1\n    duration: -1", "7:15: duration must not be negative, found -1"),
        timeline("  - at: 1\n    disableActions: yes", "7:21: disableActions must be true or false, found 'yes'"),
        timeline(
            "  - at: 1\n    set: { bx: { opacity: 1 } }", "7:12: unknown layer 'bx' (did you mean 'box'?)",
            schema: .accepts),
        timeline(
            "  - at: 1\n    set: { box: { opacty: 1 } }", "7:19: unknown property 'opacty' (did you mean 'opacity'?)"),
        timeline(
            "  - at: 1\n    set: { box: { name: other } }",
            "7:19: 'name' belongs to a layer entry; 'set' changes properties"),
        timeline(
            "  - at: 1\n    set: { box: 5 }",
            "7:17: the changes to 'box' must be a map of keys to values, found the number 5"),
        timeline(
            "  - at: 1\n    set: { box: { strokeEnd: 0.5 } }",
            "7:19: 'strokeEnd' is a property of CAShapeLayer, and layer 'box' is a CALayer (add 'class: shape')",
            schema: .accepts),
        timeline(
            "  - at: 1\n    insert: [{ parent: inner, layer: { name: outer, sublayers: [{ name: inner }] } }]",
            "7:24: layer 'inner' is part of the layer being inserted; a layer cannot be inserted into itself",
            schema: .accepts),
        timeline(
            "  - at: 1\n    insert: [{ index: 1.5, layer: { name: x } }]",
            "7:23: index must be a whole number ≥ 0, found 1.5"),
        timeline("  - at: 1\n    insert: [{ parent: box }]", "7:14: an insert needs 'layer' (the layer to add)"),
        timeline(
            "  - at: 1\n    add: { key: k, animation: { keyPath: opacity } }",
            "7:10: an add needs 'layer' (the layer to animate)"),
        timeline(
            "  - at: 1\n    add: { layer: box, key: k }", "7:10: an add needs 'animation' (a template name or a map)"),
        timeline("  - at: 1\n    remove: { key: k }", "7:13: a remove needs 'layer'"),
        timeline(
            "  - at: 1\n    removeLayers: [bax]", "7:20: unknown layer 'bax' (did you mean 'box'?)", schema: .accepts),
        timeline(
            "  - at: 1\n    removeLayers: root", "7:19: the root layer cannot be removed (it is the canvas)",
            schema: .accepts),
        timeline(
            "  - at: 1\n    pause: [{ layer: box }]", "7:13: a layer name in 'pause' must be a string, found a map"),
        timeline(
            "  - at: 1\n    completion: { set: {} }",
            "7:17: 'completion' must be a list of entries (without 'at'), found a map"),
        timeline(
            "  - at: 1\n    completion:\n      - at: 2\n        set: {}",
            "8:9: a completion entry runs when the animations finish; it has no 'at'"),
        timeline("  - at: 1\n    completion:\n      - duration: -2", "8:19: duration must not be negative, found -2"),
        timeline(
            "  - on: { layer: box, key: never, event: didStop }\n    set: { box: { opacity: 1 } }",
            "6:28: this event can never fire: no animation is added to layer 'box' under key 'never' in this file",
            schema: .accepts),
        timeline(
            "  - on: { layer: box, event: didEnd }\n    set: {}",
            "6:30: event must be one of 'didStart', 'didStop'; found 'didEnd'"),
        timeline("  - on: { event: didStop }", "6:9: 'on' needs 'layer' (whose animation the event is from)"),
        timeline(
            "  - at: 0\n    add: { layer: box, key: a, animation: { keyPath: opacity } }\n  - on: { layer: box, key: a, event: didStart, finished: true }",
            "8:58: 'finished' belongs to didStop events"),
        timeline(
            "  - at: 0\n    add: { layer: box, key: a, animation: { keyPath: opacity } }\n  - on: { layer: box, key: a, event: didStop, when: now }",
            "8:47: unknown key 'when' in 'on'")
    ]
}
