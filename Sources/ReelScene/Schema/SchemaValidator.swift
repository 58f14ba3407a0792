import Foundation
import ReelCore

/// Validates parsed YAML/JSON against a JSON Schema (draft-07), for the keywords the scene schema
/// uses: type, enum, const, properties, required, additionalProperties, items (a schema or a
/// tuple), minItems, maxItems, minimum, maximum, exclusiveMinimum, pattern, minLength, anyOf,
/// patternProperties,
/// oneOf, allOf, not, if/then/else and `$ref` to `#/definitions/…`. Any other keyword is a
/// `SchemaValidator.Unsupported` error, so the subset cannot silently fall behind the schema.
///
/// Scalars are typed as editors type them (YAML 1.2's core schema: plain `1` is a number, `"1"`
/// and `90deg` are strings, plain `true` a boolean, `~` null), which is how the tests check that
/// schema and decoder agree on every scene.
final class SchemaValidator {
    /// A schema keyword this validator does not implement.
    struct Unsupported: Error, CustomStringConvertible {
        var keyword: String
        var description: String { "the schema uses '\(keyword)', which SchemaValidator does not implement" }
    }

    /// One violation, at the node it concerns.
    struct Problem: Equatable {
        var location: SourcePosition
        var message: String
    }

    static let supported: Set<String> = [
        "$schema", "title", "description", "definitions", "$ref", "type", "enum", "const", "properties", "required",
        "additionalProperties", "items", "minItems", "maxItems", "minimum", "maximum", "exclusiveMinimum", "pattern",
        "minLength", "anyOf", "oneOf", "allOf", "not", "if", "then", "else", "patternProperties"
    ]

    let root: JSONValue
    private var patterns: [String: NSRegularExpression] = [:]

    /// A validator for `schema`; throws if the schema uses a keyword outside the subset.
    init(schema: JSONValue) throws {
        root = schema
        try Self.checkKeywords(schema)
    }

    private static func checkKeywords(_ schema: JSONValue) throws {
        guard case .object(let pairs) = schema else { return }
        for (key, value) in pairs {
            guard supported.contains(key) else { throw Unsupported(keyword: key) }
            switch key {
            case "definitions", "properties", "patternProperties":
                if case .object(let children) = value { for (_, child) in children { try checkKeywords(child) } }
            case "anyOf", "oneOf", "allOf", "items":
                if case .array(let children) = value {
                    for child in children { try checkKeywords(child) }
                } else {
                    try checkKeywords(value)
                }
            case "additionalProperties", "not", "if", "then", "else":
                try checkKeywords(value)
            default: break
            }
        }
    }

    /// Every violation in `node` (empty when it validates).
    func validate(_ node: SceneNode) -> [Problem] {
        var problems: [Problem] = []
        check(node, root, &problems)
        return problems
    }

    // MARK: Instances

    /// A node typed as YAML 1.2's core schema types it.
    enum Instance {
        case null, bool(Bool), number(Double), string(String), array([SceneNode]), object([MapEntry])
    }

    static func instance(_ node: SceneNode) -> Instance {
        switch node {
        case .sequence(let items, _): return .array(items)
        case .mapping(let pairs, _): return .object(pairs)
        case .scalar(let s, true, _): return .string(s)
        case .scalar(let s, false, _):
            if SceneNode.nullWords.contains(s) { return .null }
            if ["true", "True", "TRUE"].contains(s) { return .bool(true) }
            if ["false", "False", "FALSE"].contains(s) { return .bool(false) }
            if let n = coreNumber(s) { return .number(n) }
            return .string(s)
        }
    }

    /// YAML 1.2 core schema ints and floats (`0x1F`, `0o17`, `.inf`, `1e3`).
    static func coreNumber(_ s: String) -> Double? {
        if s.hasPrefix("0x"), let v = Int(s.dropFirst(2), radix: 16) { return Double(v) }
        if s.hasPrefix("0o"), let v = Int(s.dropFirst(2), radix: 8) { return Double(v) }
        switch s {
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .infinity
        case "-.inf", "-.Inf", "-.INF": return -.infinity
        case ".nan", ".NaN", ".NAN": return .nan
        default: break
        }
        let allowed = Set("0123456789+-.eE")
        guard let first = s.first, first.isNumber || first == "-" || first == "+" || first == ".",
            s.allSatisfy(allowed.contains), s.contains(where: \.isNumber)
        else { return nil }
        return Double(s)
    }

    // MARK: Checking

    private func check(_ node: SceneNode, _ schema: JSONValue, _ problems: inout [Problem]) {
        switch schema {
        case .bool(let b):
            if !b { problems.append(Problem(location: node.location, message: "not allowed here")) }
            return
        case .object: break
        default: return
        }
        let value = Self.instance(node)
        if let ref = schema["$ref"], case .string(let target) = ref {
            check(node, resolve(target), &problems)
        }
        if let type = schema["type"], !matches(value, type: type) {
            problems.append(
                Problem(
                    location: node.location, message: "expected \(Self.describe(type)), found \(node.kindDescription)"))
            return
        }
        if let options = schema["enum"], case .array(let list) = options, !list.contains(where: { equal(node, $0) }) {
            problems.append(
                Problem(location: node.location, message: "\(node.kindDescription) is not one of the allowed values"))
        }
        if let c = schema["const"], !equal(node, c) {
            problems.append(
                Problem(
                    location: node.location,
                    message: "expected \(c.pretty.trimmingCharacters(in: .whitespacesAndNewlines))"))
        }
        switch value {
        case .number(let n): checkNumber(n, node, schema, &problems)
        case .string(let s): checkString(s, node, schema, &problems)
        case .array(let items): checkArray(items, node, schema, &problems)
        case .object(let pairs): checkObject(pairs, node, schema, &problems)
        default: break
        }
        if case .array(let all)? = schema["allOf"] { for s in all { check(node, s, &problems) } }
        if case .array(let any)? = schema["anyOf"], !any.contains(where: { isValid(node, $0) }) {
            problems.append(
                Problem(location: node.location, message: "\(node.kindDescription) matches none of the allowed forms"))
        }
        if case .array(let one)? = schema["oneOf"], one.filter({ isValid(node, $0) }).count != 1 {
            problems.append(
                Problem(location: node.location, message: "\(node.kindDescription) must match exactly one allowed form")
            )
        }
        if let not = schema["not"], isValid(node, not) {
            problems.append(Problem(location: node.location, message: "\(node.kindDescription) is not allowed here"))
        }
        if let condition = schema["if"] {
            if isValid(node, condition) {
                if let then = schema["then"] { check(node, then, &problems) }
            } else if let otherwise = schema["else"] {
                check(node, otherwise, &problems)
            }
        }
    }

    private func isValid(_ node: SceneNode, _ schema: JSONValue) -> Bool {
        var problems: [Problem] = []
        check(node, schema, &problems)
        return problems.isEmpty
    }

    private func resolve(_ reference: String) -> JSONValue {
        if reference == "#" { return root }
        let prefix = "#/definitions/"
        guard reference.hasPrefix(prefix), let found = root["definitions"]?[String(reference.dropFirst(prefix.count))]
        else {
            return .bool(false)
        }
        return found
    }

    private func matches(_ value: Instance, type: JSONValue) -> Bool {
        switch type {
        case .array(let types): return types.contains { matches(value, type: $0) }
        case .string(let name):
            switch (name, value) {
            case ("null", .null), ("boolean", .bool), ("number", .number), ("string", .string), ("array", .array),
                ("object", .object):
                return true
            case ("integer", .number(let n)): return n.isFinite && n == n.rounded()
            default: return false
            }
        default: return false
        }
    }

    private static func describe(_ type: JSONValue) -> String {
        switch type {
        case .string(let s): s
        case .array(let list):
            list.compactMap { if case .string(let s) = $0 { s } else { nil } }.joined(separator: " or ")
        default: "a value"
        }
    }

    private func checkNumber(_ n: Double, _ node: SceneNode, _ schema: JSONValue, _ problems: inout [Problem]) {
        if case .number(let m)? = schema["minimum"], !(n >= m) {
            problems.append(Problem(location: node.location, message: "must be ≥ \(m)"))
        }
        if case .number(let m)? = schema["maximum"], !(n <= m) {
            problems.append(Problem(location: node.location, message: "must be ≤ \(m)"))
        }
        if case .number(let m)? = schema["exclusiveMinimum"], !(n > m) {
            problems.append(Problem(location: node.location, message: "must be > \(m)"))
        }
    }

    private func checkString(_ s: String, _ node: SceneNode, _ schema: JSONValue, _ problems: inout [Problem]) {
        if case .number(let m)? = schema["minLength"], Double(s.unicodeScalars.count) < m {
            problems.append(Problem(location: node.location, message: "must not be empty"))
        }
        if case .string(let pattern)? = schema["pattern"], !matches(s, pattern: pattern) {
            problems.append(
                Problem(location: node.location, message: "\(node.kindDescription) does not match \(pattern)"))
        }
    }

    private func matches(_ s: String, pattern: String) -> Bool {
        let regex: NSRegularExpression
        if let cached = patterns[pattern] {
            regex = cached
        } else {
            guard let compiled = try? NSRegularExpression(pattern: pattern) else { return false }
            patterns[pattern] = compiled
            regex = compiled
        }
        return regex.firstMatch(in: s, range: NSRange(s.startIndex..., in: s)) != nil
    }

    private func checkArray(_ items: [SceneNode], _ node: SceneNode, _ schema: JSONValue, _ problems: inout [Problem]) {
        if case .number(let m)? = schema["minItems"], Double(items.count) < m {
            problems.append(
                Problem(location: node.location, message: "needs at least \(Int(m)) items, found \(items.count)"))
        }
        if case .number(let m)? = schema["maxItems"], Double(items.count) > m {
            problems.append(
                Problem(location: node.location, message: "takes at most \(Int(m)) items, found \(items.count)"))
        }
        switch schema["items"] {
        case .array(let tuple)?:
            for (item, s) in zip(items, tuple) { check(item, s, &problems) }
        case let s?:
            for item in items { check(item, s, &problems) }
        case nil: break
        }
    }

    private func checkObject(_ pairs: [MapEntry], _ node: SceneNode, _ schema: JSONValue, _ problems: inout [Problem]) {
        let properties: [(String, JSONValue)]
        if case .object(let p)? = schema["properties"] { properties = p } else { properties = [] }
        if case .array(let required)? = schema["required"] {
            for case .string(let key) in required where !pairs.contains(where: { $0.key == key }) {
                problems.append(Problem(location: node.location, message: "missing '\(key)'"))
            }
        }
        let patternProperties: [(String, JSONValue)]
        if case .object(let p)? = schema["patternProperties"] { patternProperties = p } else { patternProperties = [] }
        for pair in pairs {
            if let s = properties.first(where: { $0.0 == pair.key })?.1 {
                check(pair.value, s, &problems)
            } else if let s = patternProperties.first(where: { matches(pair.key, pattern: $0.0) })?.1 {
                check(pair.value, s, &problems)
            } else if let additional = schema["additionalProperties"] {
                if case .bool(false) = additional {
                    problems.append(Problem(location: pair.keyLocation, message: "'\(pair.key)' is not allowed here"))
                } else {
                    check(pair.value, additional, &problems)
                }
            }
        }
    }

    /// JSON equality between a node and a schema value (numbers by value).
    private func equal(_ node: SceneNode, _ json: JSONValue) -> Bool {
        switch (Self.instance(node), json) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.array(let items), .array(let list)):
            return items.count == list.count && zip(items, list).allSatisfy { equal($0, $1) }
        case (.object(let pairs), .object(let list)):
            return pairs.count == list.count
                && list.allSatisfy { k, v in pairs.contains { $0.key == k && equal($0.value, v) } }
        default: return false
        }
    }
}

extension JSONValue {
    /// A node as JSON, scalars typed as YAML 1.2's core schema types them (to read a schema file).
    init(_ node: SceneNode) {
        switch SchemaValidator.instance(node) {
        case .null: self = .null
        case .bool(let b): self = .bool(b)
        case .number(let n): self = .number(n)
        case .string(let s): self = .string(s)
        case .array(let items): self = .array(items.map(JSONValue.init))
        case .object(let pairs): self = .object(pairs.map { ($0.key, JSONValue($0.value)) })
        }
    }
}
