import Testing

@testable import ReelScene

/// A scene with layer "box", the templates `templates` (from line 3) and one entry adding
/// `animation` to box.
func animation(
    _ animation: String, templates: String = "", _ expected: String..., schema: Malformed.Schema = .rejects,
    sourceLocation: SourceLocation = #_sourceLocation
) -> Malformed {
    let text = """
        reel: 1
        canvas: { size: [100, 100], duration: 10 }
        \(templates.isEmpty ? "" : "animations:\n" + templates + "\n")layers:
          - { name: box, frame: [0, 0, 10, 10] }
        timeline:
          - at: 0
            add: { layer: box, key: k, animation: \(animation) }
        """
    return Malformed(text: text, expected: expected, schema: schema, sourceLocation: sourceLocation)
}

extension MalformedScenes {
    /// Animations (SCENE-FORMAT.md §5), added at line 7 column 39 unless templates come first.
    static let animations: [Malformed] = [
        animation("{ keyPath: postion, toValue: 1 }", "7:54: unknown key path 'postion' (did you mean 'position'?)"),
        animation("{ keyPath: string, toValue: hi }", "7:54: 'string' is not animatable"),
        animation(
            "{ toValue: 1 }", "7:43: a CABasicAnimation needs a 'keyPath' (the property it animates)", schema: .accepts),
        animation(
            "{ class: CABasicAnimaton, keyPath: opacity }",
            "7:52: unknown animation class 'CABasicAnimaton' (did you mean 'CABasicAnimation'?)"),
        animation("[]", "7:43: an animation must be a template name or a map of animation fields, found a list of 0"),
        animation("{ keyPath: position, toValue: 1 }", "7:73: toValue must be a point [x, y], found the number 1"),
        animation("{ keyPath: hidden, toValue: maybe }", "7:71: toValue must be true or false, found 'maybe'"),
        animation(
            "{ keyPath: lineCap, toValue: rounded }",
            "7:72: toValue must be one of 'butt', 'round', 'square'; found 'rounded' (did you mean 'round'?)"),
        animation(
            "{ keyPath: opacity, toValue: 90deg }", "7:72: toValue is not an angle; write a plain number, found '90deg'"
        ),
        animation("{ keyPath: opacity, duration: -1 }", "7:73: duration must not be negative, found -1"),
        animation("{ keyPath: opacity, beginTime: soon }", "7:74: beginTime must be a number, found 'soon'"),
        animation(
            "{ keyPath: opacity, repeatCount: forever }",
            "7:76: repeatCount must be a number or 'infinity', found 'forever' (did you mean 'infinity'?)"),
        animation(
            "{ keyPath: opacity, fillMode: forward }",
            "7:73: fillMode must be one of 'removed', 'forwards', 'backwards', 'both'; found 'forward' (did you mean 'forwards'?)"
        ),
        animation(
            "{ keyPath: opacity, timingFunction: easeInOut }",
            "7:79: timingFunction must be one of 'linear', 'easeIn', 'easeOut', 'easeInEaseOut', 'default'; found 'easeInOut' (did you mean 'easeInEaseOut'?)"
        ),
        animation(
            "{ keyPath: opacity, timingFunction: [2, 0, 0.5, 1] }",
            "7:79: timingFunction: the control points' x values must be within 0…1 (y may leave it), found 2 and 0.5"),
        animation(
            "{ keyPath: transform, valueFunction: scale, toValue: [2] }",
            "7:96: toValue must be a list of 2 to 3 numbers, found 1"),
        animation(
            "{ keyPath: opacity, valueFunction: rotateZ }",
            "7:78: a valueFunction makes a transform; 'opacity' is not a transform key path"),
        animation(
            "{ class: keyframe, keyPath: opacity, values: [0, 1], keyTimes: [0, 0.5, 1] }",
            "7:106: keyTimes has 3 entries; 2 values needs 2",
            schema: .accepts),
        animation(
            "{ class: keyframe, keyPath: opacity, values: [0, 1, 1], keyTimes: [0, 0.8, 0.5] }",
            "7:118: keyTimes must not decrease: keyTimes[2] = 0.5 < 0.8", schema: .accepts),
        animation(
            "{ class: keyframe, keyPath: opacity, values: [0, 1], keyTimes: [0, 1.5] }",
            "7:110: keyTimes[1] must be between 0 and 1, found 1.5"),
        animation(
            "{ class: keyframe, keyPath: opacity, values: [0, 1], timingFunctions: [linear, linear] }",
            "7:113: timingFunctions has 2 entries; 2 values make 1 segments", schema: .accepts),
        animation(
            "{ class: keyframe, keyPath: position, values: [[0, 0], 5] }",
            "7:98: each of values must be a point [x, y], found the number 5"),
        animation(
            "{ class: keyframe, keyPath: opacity }", "7:43: a CAKeyframeAnimation needs 'values' or 'path'",
            schema: .accepts),
        animation(
            "{ class: keyframe, keyPath: opacity, path: \"M0 0 L1 1\" }",
            "7:86: a keyframe path moves a point; 'opacity' holds a number",
            schema: .accepts),
        animation("{ class: keyframe, keyPath: position, path: null }", "7:87: path must not be null"),
        animation(
            "{ class: spring, keyPath: opacity, toValue: 1, mass: 0 }", "7:96: mass must be greater than 0, found 0"),
        animation(
            "{ class: spring, keyPath: opacity, toValue: 1, damping: -1 }",
            "7:99: damping must not be negative, found -1"),
        animation(
            "{ class: group }", "7:43: a CAAnimationGroup needs 'animations' (the animations it runs together)",
            schema: .accepts),
        animation(
            "{ class: group, animations: [{ keyPath: opacity, values: [1] }] }",
            "7:92: unknown key 'values' in a CABasicAnimation ('values' belongs to CAKeyframeAnimation)"),
        animation(
            "{ class: transition, type: flip }",
            "7:70: type must be one of 'fade', 'moveIn', 'push', 'reveal', 'cube', 'oglFlip', 'pageCurl', 'pageUnCurl', 'rippleEffect', 'suckEffect', 'cameraIris'; found 'flip'"
        ),
        animation("{ class: transition, startProgress: 2 }", "7:79: startProgress must be between 0 and 1, found 2"),
        animation("spin", "7:43: unknown animation template 'spin'", schema: .accepts),
        animation(
            "{ use: spinn, duration: 4 }", templates: "  spin: { keyPath: transform.rotation.z, byValue: 360deg }",
            "9:50: unknown animation template 'spinn' (did you mean 'spin'?)", schema: .accepts),
        animation(
            "a", templates: "  a: { use: b }\n  b: { use: a }",
            "5:13: animation templates use each other in a cycle: a → b → a",
            schema: .accepts),
        animation(
            "a", templates: "  a: { class: group, animations: [b] }\n  b: { class: group, animations: [a] }",
            "4:35: animation templates contain each other in a cycle: b → a → b",
            "5:35: animation templates contain each other in a cycle: a → b → a", schema: .accepts),
        animation(
            "x", templates: "  x: 5",
            "4:6: animation template 'x' must be a map of animation fields, found the number 5",
            "9:43: unknown animation template 'x'")
    ]
}
