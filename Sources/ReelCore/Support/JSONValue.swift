import Foundation

/// A JSON value with ordered object keys. Reel's JSON output (`inspect`, `validate --json`, the
/// generated schema) is a contract and is compared as text, so key order, number format and
/// layout are fixed here rather than left to a general encoder.
public indirect enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    /// Equality by value, as JSON (and JSON Schema's `enum`/`const`) sees it: `1` equals `1.0`
    /// and objects are equal whatever the order of their keys.
    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): true
        case (.bool(let x), .bool(let y)): x == y
        case (.number(let x), .number(let y)): x == y
        case (.string(let x), .string(let y)): x == y
        case (.array(let x), .array(let y)): x == y
        case (.object(let x), .object(let y)):
            x.count == y.count && x.allSatisfy { pair in y.contains { $0.0 == pair.0 && $0.1 == pair.1 } }
        default: false
        }
    }

    /// The value of `key` in an object.
    public subscript(key: String) -> JSONValue? {
        if case .object(let pairs) = self { return pairs.first { $0.0 == key }?.1 }
        return nil
    }

    /// One line, no spaces.
    public var compact: String {
        switch self {
        case .array(let items): "[" + items.map(\.compact).joined(separator: ",") + "]"
        case .object(let pairs): "{" + pairs.map { Self.quote($0.0) + ":" + $0.1.compact }.joined(separator: ",") + "}"
        default: inlineText!
        }
    }

    /// Indented by two spaces; an array or object of scalars that fits in 100 columns stays on
    /// one line, and so does an array of numbers of any length (a transform's sixteen entries).
    /// No final newline.
    public var pretty: String {
        var out = ""
        write(to: &out, indent: 0)
        return out
    }

    private func write(to out: inout String, indent: Int) {
        let pad = String(repeating: "  ", count: indent + 1), end = String(repeating: "  ", count: indent)
        let items: [(key: String?, value: JSONValue)]
        let (open, close): (String, String)
        switch self {
        case .array(let list): items = list.map { (nil, $0) }; (open, close) = ("[", "]")
        case .object(let pairs): items = pairs.map { ($0.0, $0.1) }; (open, close) = ("{", "}")
        default: out += inlineText!; return
        }
        if items.isEmpty { out += open + close; return }
        let label = { (key: String?) in key.map { Self.quote($0) + ": " } ?? "" }
        let inline = items.map { item in item.value.inlineText.map { label(item.key) + $0 } }
        let numbers = items.allSatisfy { if case .number = $0.value { $0.key == nil } else { false } }
        if inline.allSatisfy({ $0 != nil }), numbers || inline.map({ $0!.count + 2 }).reduce(0, +) + indent * 2 < 100 {
            out += open + inline.map { $0! }.joined(separator: ", ") + close
            return
        }
        out += open + "\n"
        for (i, item) in items.enumerated() {
            out += pad + label(item.key)
            item.value.write(to: &out, indent: indent + 1)
            out += i == items.count - 1 ? "\n" : ",\n"
        }
        out += end + close
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

    /// Numbers rounded to 1e-9 (hiding floating-point noise such as 0.30000000000000004),
    /// written without a trailing ".0"; non-finite values (not JSON) become null.
    public static func format(_ v: Double) -> String {
        guard v.isFinite else { return "null" }
        var r = abs(v) < 1e6 ? (v * 1e9).rounded() / 1e9 : v
        if r == 0 { r = 0 }  // no "-0"
        if r == r.rounded(), abs(r) < 1e15 { return String(Int64(r)) }
        return "\(r)"
    }

    /// A JSON string literal.
    public static func quote(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            // DEL and C1 too: valid raw in JSON, but a terminal acts on them when the JSON is printed.
            case _ where TerminalText.isControl(scalar): out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByFloatLiteral,
    ExpressibleByIntegerLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) { self = .object(elements) }
}
