/// A JSON value with ordered object keys, so generated files are stable byte for byte (the
/// committed schema is compared with the generated one as text).
public indirect enum SchemaJSON: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([SchemaJSON])
    case object([(String, SchemaJSON)])

    public static func == (a: SchemaJSON, b: SchemaJSON) -> Bool {
        switch (a, b) {
        case (.null, .null): true
        case (.bool(let x), .bool(let y)): x == y
        // JSON Schema compares numbers by value: 1 and 1.0 are equal.
        case (.number(let x), .number(let y)): x == y
        case (.string(let x), .string(let y)): x == y
        case (.array(let x), .array(let y)): x == y
        case (.object(let x), .object(let y)):
            x.count == y.count && x.allSatisfy { pair in y.contains { $0.0 == pair.0 && $0.1 == pair.1 } }
        default: false
        }
    }

    /// The value of `key` in an object.
    public subscript(key: String) -> SchemaJSON? {
        if case .object(let pairs) = self { return pairs.first { $0.0 == key }?.1 }
        return nil
    }

    /// Pretty-printed with two-space indentation; short arrays of scalars stay on one line.
    public var pretty: String {
        var out = ""
        write(to: &out, indent: 0)
        return out + "\n"
    }

    private func write(to out: inout String, indent: Int) {
        let pad = String(repeating: "  ", count: indent + 1), end = String(repeating: "  ", count: indent)
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n): out += Self.format(n)
        case .string(let s): out += Self.quote(s)
        case .array(let items):
            if items.isEmpty { out += "[]"; return }
            let inline = items.map(\.inlineText)
            if inline.allSatisfy({ $0 != nil }), inline.map({ $0!.count + 2 }).reduce(0, +) + indent * 2 < 100 {
                out += "[" + inline.map { $0! }.joined(separator: ", ") + "]"
                return
            }
            out += "[\n"
            for (i, item) in items.enumerated() {
                out += pad
                item.write(to: &out, indent: indent + 1)
                out += i == items.count - 1 ? "\n" : ",\n"
            }
            out += end + "]"
        case .object(let pairs):
            if pairs.isEmpty { out += "{}"; return }
            let inline = pairs.map { pair in pair.1.inlineText.map { Self.quote(pair.0) + ": " + $0 } }
            if inline.allSatisfy({ $0 != nil }), inline.map({ $0!.count + 2 }).reduce(0, +) + indent * 2 < 100 {
                out += "{" + inline.map { $0! }.joined(separator: ", ") + "}"
                return
            }
            out += "{\n"
            for (i, (key, value)) in pairs.enumerated() {
                out += pad + Self.quote(key) + ": "
                value.write(to: &out, indent: indent + 1)
                out += i == pairs.count - 1 ? "\n" : ",\n"
            }
            out += end + "}"
        }
    }

    /// The one-line text of a scalar (nil for arrays and objects).
    private var inlineText: String? {
        switch self {
        case .null: "null"
        case .bool(let b): b ? "true" : "false"
        case .number(let n): Self.format(n)
        case .string(let s): Self.quote(s)
        default: nil
        }
    }

    static func format(_ n: Double) -> String {
        if n == n.rounded(), abs(n) < 1e15 { return String(Int(n)) }
        return String(n)
    }

    static func quote(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}

extension SchemaJSON: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByFloatLiteral,
    ExpressibleByIntegerLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(arrayLiteral elements: SchemaJSON...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, SchemaJSON)...) { self = .object(elements) }
}
