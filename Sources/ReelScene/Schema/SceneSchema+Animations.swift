import ReelCore

/// Animations (the scene format (docs/scene-format.md) §5) and the timeline (§6) as JSON Schema, from the decoder's key
/// lists: one definition per animation class with exactly its keys, and the value fields
/// (fromValue, toValue, byValue, values) typed by the key path they animate.
extension SceneSchema {
    static var animationClassNames: [String] {
        Array(Set(SceneDecoder.animationClasses.values)).sorted()
    }

    static func names(of className: String) -> [String] {
        SceneDecoder.animationClasses.filter { $0.value == className }.keys.sorted {
            ($0.hasPrefix("CA") ? 0 : 1, $0) < ($1.hasPrefix("CA") ? 0 : 1, $1)
        }
    }

    static var animationDefinitions: [(String, JSONValue)] {
        // A template name or a map. Without `class`, a map that uses a template may take any
        // class's keys (the template decides), and one that does not is a CABasicAnimation.
        var dispatch: JSONValue = [
            "if": ["required": ["use"]], "then": ref("anyAnimation"), "else": ref("CABasicAnimation")
        ]
        for className in animationClassNames.reversed() {
            dispatch = [
                "if": ["properties": ["class": enumeration(names(of: className))], "required": ["class"]],
                "then": ref(className), "else": dispatch
            ]
        }
        var result: [(String, JSONValue)] = [
            ("animation", ["anyOf": [ref("text"), ref("animationMap")]]),
            (
                "animationMap",
                .object([
                    ("type", "object"),
                    ("properties", ["class": enumeration(animationClassNames.flatMap(names))]),
                    ("allOf", [dispatch])
                ])
            )
        ]
        for className in animationClassNames {
            result.append((className, animationClass(SceneDecoder.animationKeys(for: className), className: className)))
        }
        var all: [String] = []
        for className in animationClassNames {
            for key in SceneDecoder.animationKeys(for: className) where !all.contains(key) { all.append(key) }
        }
        result.append(("anyAnimation", animationClass(all, className: nil)))
        return result
    }

    static func animationClass(_ keys: [String], className: String?) -> JSONValue {
        var schema = object(keys.map { ($0, animationField($0, className: className)) })
        if keys.contains("keyPath"), case .object(var pairs) = schema {
            pairs.append(("allOf", .array(valueConditions(keys))))
            schema = .object(pairs)
        }
        return schema
    }

    static func animationField(_ key: String, className: String?) -> JSONValue {
        switch key {
        case "class": enumeration(className.map(names) ?? animationClassNames.flatMap(names))
        case "use": ref("text")
        case "duration", "repeatDuration": number(minimum: 0)
        case "beginTime", "speed", "timeOffset", "initialVelocity": ref("number")
        case "repeatCount": ref("repeatCount")
        case "autoreverses", "removedOnCompletion", "additive", "cumulative", "allowsOverdamping": ref("bool")
        case "fillMode": enumeration(CAMediaTimingFillMode.allCases.map(\.rawValue))
        case "timingFunction": ref("timingFunction")
        case "keyPath":
            [
                "anyOf": [
                    enumeration(animatablePaths, description: "the animated property or key path"),
                    [
                        "type": "string", "pattern": .string(cellPathPattern(animatable: true)),
                        "description": "a property of an emitter cell, by the cells' names"
                    ]
                ]
            ]
        case "valueFunction": enumeration(CAValueFunctionName.allCases.map(\.rawValue))
        case "fromValue", "toValue", "byValue": ["description": "a value of the key path's kind"]
        case "values": ["description": "keyframe values of the key path's kind", "type": "array"]
        case "path": ref("nonNullPath")
        case "keyTimes": list(number(minimum: 0, maximum: 1))
        case "timingFunctions": list(ref("timingFunction"))
        case "calculationMode": enumeration(CAAnimationCalculationMode.allCases.map(\.rawValue))
        case "rotationMode": enumeration(SceneDecoder.rotationModes)
        case "tensionValues", "continuityValues", "biasValues": ref("numbers")
        case "mass", "stiffness": number(exclusiveMinimum: 0)
        case "damping": number(minimum: 0)
        case "perceptualDuration": number(exclusiveMinimum: 0)
        case "bounce": number(maximum: 1, exclusiveMinimum: -1)
        case "animations": list(ref("animation"))
        case "type": enumeration(CATransitionType.allCases.map(\.rawValue))
        case "subtype": enumeration(CATransitionSubtype.allCases.map(\.rawValue))
        case "startProgress", "endProgress": number(minimum: 0, maximum: 1)
        default: [:]
        }
    }

    /// `emitterCells.NAME(.emitterCells.NAME)*.PROPERTY(.FIELD)*`: a key path into an emitter
    /// cell (which cells a layer has, the decoder checks).
    static func cellPathPattern(animatable: Bool) -> String {
        let properties = EmitterCellProperty.allCases.filter { !animatable || $0.isAnimatable }.map(\.rawValue)
        return
            "^emitterCells\\.[^.]+(\\.emitterCells\\.[^.]+)*\\.(\(properties.joined(separator: "|")))(\\.(origin|size|x|y|width|height))*$"
    }

    /// `schema` (an object) that also accepts keys matching the patterns.
    static func withPatternProperties(_ schema: JSONValue, _ patterns: [(String, JSONValue)]) -> JSONValue {
        guard case .object(var pairs) = schema else { return schema }
        pairs.insert(("patternProperties", .object(patterns)), at: pairs.count - 1)
        return .object(pairs)
    }

    /// Every key path an animation may target, aliases included.
    static var animatablePaths: [String] {
        (LayerKeyPath.allPaths + SceneDecoder.propertyAliases.keys.sorted()).filter {
            SceneDecoder.keyPath($0)!.isAnimatable
        }
    }

    /// fromValue, toValue, byValue and values typed by `keyPath` (or by `valueFunction`).
    static func valueConditions(_ keys: [String]) -> [JSONValue] {
        let valueKeys = ["fromValue", "toValue", "byValue"].filter(keys.contains)
        func typed(_ s: JSONValue) -> JSONValue {
            var properties = valueKeys.map { ($0, s) }
            if keys.contains("values") { properties.append(("values", list(s))) }
            return ["properties": .object(properties)]
        }
        // Group the key paths by the schema of their values.
        var groups: [(schema: JSONValue, paths: [String])] = []
        for path in animatablePaths {
            let s = animationValue(SceneDecoder.keyPath(path)!)
            if let i = groups.firstIndex(where: { $0.schema == s }) {
                groups[i].paths.append(path)
            } else {
                groups.append((s, [path]))
            }
        }
        let byPath: [JSONValue] = groups.map { group in
            [
                "if": ["properties": ["keyPath": enumeration(group.paths)], "required": ["keyPath"]],
                "then": typed(group.schema)
            ]
        }
        guard keys.contains("valueFunction") else { return byPath }
        let functions = CAValueFunctionName.allCases
        let rotations = functions.filter { [.rotateX, .rotateY, .rotateZ].contains($0) }.map(\.rawValue)
        let vectors = functions.filter { $0.inputKind == .numbers }.map(\.rawValue)
        let transforms = animatablePaths.filter { SceneDecoder.keyPath($0)!.kind == .transform }
        let byFunction: JSONValue = [
            "allOf": [
                ["properties": ["keyPath": enumeration(transforms)]],
                [
                    "if": ["properties": ["valueFunction": enumeration(rotations)]], "then": typed(ref("angle")),
                    "else": [
                        "if": ["properties": ["valueFunction": enumeration(vectors)]],
                        "then": typed(list(ref("number"), count: 2...3)),
                        "else": typed(ref("number"))
                    ]
                ]
            ]
        ]
        return [["if": ["required": ["valueFunction"]], "then": byFunction, "else": ["allOf": .array(byPath)]]]
    }

    /// The schema of an animation's value for a key path: the property's kind (no range limits:
    /// animations may overshoot), options for option properties.
    static func animationValue(_ path: LayerKeyPath) -> JSONValue {
        if path.fields.isEmpty, let options = path.property.options { return enumeration(options) }
        return value(path.kind, angle: SceneDecoder.isAngle(path))
    }

    // MARK: Timeline

    static var timelineDefinitions: [(String, JSONValue)] {
        let entryFields = SceneDecoder.entryKeys.map { ($0, entryField($0)) }
        var entry = object(entryFields)
        if case .object(var pairs) = entry {
            pairs.append(("oneOf", [["required": ["at"]], ["required": ["on"]]]))
            entry = .object(pairs)
        }
        var on = object(SceneDecoder.onKeys.map { ($0, onField($0)) }, required: ["layer", "event"])
        if case .object(var pairs) = on {
            pairs.append(("if", ["properties": ["event": ["const": "didStart"]]]))
            pairs.append(("then", ["not": ["required": ["finished"]]]))
            on = .object(pairs)
        }
        var changes: [(String, JSONValue)] = [("frame", ref("rect"))]
        for kind in LayerKind.allCases {
            for key in SceneDecoder.propertyKeys(for: kind) where !changes.contains(where: { $0.0 == key }) {
                changes.append((key, property(SceneDecoder.keyPath(key)!)))
            }
        }
        return [
            ("entry", entry),
            ("completionEntry", object(entryFields.filter { $0.0 != "at" && $0.0 != "on" })),
            ("on", on),
            ("insert", object(SceneDecoder.insertKeys.map { ($0, insertField($0)) }, required: ["layer"])),
            (
                "add",
                object(
                    SceneDecoder.addKeys.map { ($0, $0 == "animation" ? ref("animation") : ref("text")) },
                    required: ["layer", "animation"])
            ),
            ("remove", object(SceneDecoder.removeKeys.map { ($0, ref("text")) }, required: ["layer"])),
            (
                "changes",
                withPatternProperties(
                    object(changes, description: "new model values by property or key path"),
                    [(cellPathPattern(animatable: false), [:])])
            )
        ]
    }

    static func oneOrMany(_ name: String) -> JSONValue { ["anyOf": [ref(name), list(ref(name))]] }

    static func entryField(_ key: String) -> JSONValue {
        switch key {
        case "at": ["description": "scene seconds", "type": "number", "minimum": 0]
        case "on": ref("on")
        case "duration": ["description": "the transaction's animationDuration", "type": "number", "minimum": 0]
        case "timingFunction": ref("timingFunction")
        case "disableActions": ref("bool")
        case "insert", "add", "remove": oneOrMany(key)
        case "set":
            ["description": "model changes by layer name", "type": "object", "additionalProperties": ref("changes")]
        case "scroll":
            [
                "description": "scroll(to:) by CAScrollLayer name: the point to show at the top-left", "type": "object",
                "additionalProperties": ref("point")
            ]
        case "removeLayers", "pause", "resume": ref("names")
        case "completion": list(ref("completionEntry"))
        default: [:]
        }
    }

    static func onField(_ key: String) -> JSONValue {
        switch key {
        case "event": enumeration(SceneDecoder.eventNames)
        case "finished": ref("bool")
        default: ref("text")
        }
    }

    static func insertField(_ key: String) -> JSONValue {
        switch key {
        case "parent": ref("text")
        case "index": number(minimum: 0, maximum: 999_999_999, integer: true)
        default: ref("layer")
        }
    }
}
