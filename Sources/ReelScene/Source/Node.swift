/// A YAML/JSON node with its source location: the decoder's input. Separate from any parser's
/// types so the decoder does not depend on libyaml, and so scalars keep whether they were quoted
/// (a quoted "1" is a string, a plain 1 a number).
enum SceneNode {
    case scalar(String, quoted: Bool, SourcePosition)
    case mapping([MapEntry], SourcePosition)
    case sequence([SceneNode], SourcePosition)

    var location: SourcePosition {
        switch self {
        case .scalar(_, _, let l), .mapping(_, let l), .sequence(_, let l): l
        }
    }

    /// The same node reported at another place (an alias is reported where it is used).
    func relocated(to location: SourcePosition) -> SceneNode {
        switch self {
        case .scalar(let s, let q, _): .scalar(s, quoted: q, location)
        case .mapping(let pairs, _): .mapping(pairs, location)
        case .sequence(let items, _): .sequence(items, location)
        }
    }

    /// True for `null`, `~` or an empty plain scalar (YAML 1.2's core schema).
    var isNull: Bool {
        if case .scalar(let s, false, _) = self { return Self.nullWords.contains(s) }
        return false
    }

    static let nullWords: Set<String> = ["null", "Null", "NULL", "~", ""]

    /// The plain or quoted text of a scalar that is not null.
    var string: String? {
        if case .scalar(let s, _, _) = self, !isNull { return s }
        return nil
    }

    /// A number written as a plain scalar (YAML/JSON syntax: 1, -2.5, 1e3; `.inf` is not one here).
    var number: Double? {
        guard case .scalar(let s, false, _) = self else { return nil }
        return Self.parseNumber(s)
    }

    /// `true` / `false` written plainly. YAML 1.1's yes/no/on/off are deliberately not booleans:
    /// `on:` is a timeline key.
    var bool: Bool? {
        guard case .scalar(let s, false, _) = self else { return nil }
        switch s {
        case "true", "True", "TRUE": return true
        case "false", "False", "FALSE": return false
        default: return nil
        }
    }

    /// What kind of node this is, for error messages ("found a list of 3").
    var kindDescription: String {
        switch self {
        case .scalar(let s, let quoted, _):
            if isNull { return "null" }
            let shown = Self.abbreviated(s)
            if quoted { return "the string \"\(shown)\"" }
            if number != nil { return "the number \(shown)" }
            if bool != nil { return s }
            if Self.isNonFinite(s) { return "\(shown), which is not a finite number" }
            return "'\(shown)'"
        case .mapping: return "a map"
        case .sequence(let items, _): return "a list of \(items.count)"
        }
    }

    /// Long texts are cut in messages so one huge scalar cannot flood the terminal.
    static func abbreviated(_ s: String) -> String {
        s.unicodeScalars.count <= 60 ? s : String(String.UnicodeScalarView(s.unicodeScalars.prefix(57))) + "…"
    }

    static func parseNumber(_ s: String) -> Double? {
        guard let first = s.utf8.first, s.utf8.count <= 400 else { return nil }
        guard (first >= 0x30 && first <= 0x39) || first == 0x2D || first == 0x2B || first == 0x2E else { return nil }
        // Reject what Double(String) accepts but YAML/JSON authors don't mean: "nan", "inf", hex.
        for byte in s.utf8 where byte == 0x6E || byte == 0x4E || byte == 0x78 || byte == 0x58 || byte == 0x5F {
            return nil
        }
        guard let v = Double(s), v.isFinite else { return nil }
        return v
    }

    /// `.inf`, `.nan`, or a number too large for a Double (`1e400`): numbers the format rejects.
    static func isNonFinite(_ s: String) -> Bool {
        if [
            ".inf", ".Inf", ".INF", "-.inf", "-.Inf", "-.INF", "+.inf", ".nan", ".NaN", ".NAN", "NaN", "Infinity",
            "-Infinity"
        ].contains(s) {
            return true
        }
        guard let first = s.utf8.first, (first >= 0x30 && first <= 0x39) || first == 0x2D || first == 0x2E,
            s.utf8.count <= 400, !s.contains("x"), !s.contains("n")
        else { return false }
        return Double(s).map { !$0.isFinite } ?? false
    }
}

/// One key and its value in a mapping, with the key's location.
struct MapEntry {
    var key: String
    var keyLocation: SourcePosition
    var value: SceneNode
}
