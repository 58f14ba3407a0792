import Foundation

/// A JSON value with ordered keys, written compactly or indented. Reel's JSON output is a
/// contract (SCENE-FORMAT.md §8), so the key order and number format are fixed here rather than
/// left to a general encoder.
public indirect enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (a: JSONValue, b: JSONValue) -> Bool { a.compact == b.compact }

    /// One line.
    public var compact: String {
        var out = ""
        write(to: &out, indent: nil, level: 0)
        return out
    }

    /// Indented by two spaces; short arrays of numbers stay on one line.
    public var pretty: String {
        var out = ""
        write(to: &out, indent: "  ", level: 0)
        return out
    }

    private func write(to out: inout String, indent: String?, level: Int) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let v): out += JSONValue.format(v)
        case .string(let s): out += JSONValue.quote(s)
        case .array(let items):
            let inline = indent == nil || items.allSatisfy { if case .number = $0 { true } else if case .null = $0 { true } else { false } }
            if items.isEmpty { out += "[]"; return }
            if inline {
                out += "[" + items.map(\.compact).joined(separator: indent == nil ? "," : ", ") + "]"
                return
            }
            let pad = String(repeating: indent!, count: level + 1)
            out += "[\n"
            for (i, item) in items.enumerated() {
                out += pad
                item.write(to: &out, indent: indent, level: level + 1)
                out += i < items.count - 1 ? ",\n" : "\n"
            }
            out += String(repeating: indent!, count: level) + "]"
        case .object(let pairs):
            if pairs.isEmpty { out += "{}"; return }
            guard let indent else {
                out += "{" + pairs.map { JSONValue.quote($0.0) + ":" + $0.1.compact }.joined(separator: ",") + "}"
                return
            }
            let pad = String(repeating: indent, count: level + 1)
            out += "{\n"
            for (i, (key, value)) in pairs.enumerated() {
                out += pad + JSONValue.quote(key) + ": "
                value.write(to: &out, indent: indent, level: level + 1)
                out += i < pairs.count - 1 ? ",\n" : "\n"
            }
            out += String(repeating: indent, count: level) + "}"
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

    static func quote(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
