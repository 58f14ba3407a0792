import Yams

/// A YAML/JSON node with its source location: the decoder's input. Separate from Yams' `Node`
/// so the decoder does not depend on the parser, and so scalars keep whether they were quoted
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

    /// True for `null`, `~` or an empty plain scalar.
    var isNull: Bool {
        if case .scalar(let s, false, _) = self { return s == "null" || s == "~" || s == "" || s == "Null" || s == "NULL" }
        return false
    }

    /// The plain or quoted text of a scalar.
    var string: String? {
        if case .scalar(let s, _, _) = self, !isNull { return s }
        return nil
    }

    /// A number written as a plain scalar (YAML/JSON syntax: 1, -2.5, 1e3, .inf is not a number here).
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

    /// What kind of node this is, for error messages ("found a list").
    var kindDescription: String {
        switch self {
        case .scalar(let s, let quoted, _):
            if isNull { return "null" }
            if quoted { return "the string \"\(s)\"" }
            if number != nil { return "the number \(s)" }
            if bool != nil { return s }
            return "'\(s)'"
        case .mapping: return "a map"
        case .sequence(let items, _): return "a list of \(items.count)"
        }
    }

    static func parseNumber(_ s: String) -> Double? {
        guard let first = s.first, first.isNumber || first == "-" || first == "+" || first == "." else { return nil }
        // Reject what Double(String) accepts but YAML/JSON authors don't mean: "nan", "inf", hex.
        guard !s.lowercased().contains("n"), !s.lowercased().contains("x"), !s.contains("_") else { return nil }
        guard let v = Double(s), v.isFinite else { return nil }
        return v
    }
}

/// One key and its value in a mapping, with the key's location.
struct MapEntry {
    var key: String
    var keyLocation: SourcePosition
    var value: SceneNode
}

/// Parses YAML (or JSON, which Reel reads with the same parser so both keep line numbers).
enum SceneParser {
    /// The largest number of nodes a file may expand to: YAML aliases can make a small file
    /// describe an exponentially large tree ("billion laughs"); this stops that early.
    static let nodeLimit = 1_000_000

    /// The root node, or nil with a diagnostic.
    static func parse(_ text: String, diagnostics: DiagnosticSink) -> SceneNode? {
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            let (message, location) = describe(error)
            diagnostics.error(message, at: location)
            return nil
        } catch {
            diagnostics.error("cannot parse: \(error)", at: SourcePosition(line: 1, column: 1))
            return nil
        }
        guard let root else {
            diagnostics.error("the file is empty; a scene needs at least 'reel', 'canvas' and 'layers'", at: SourcePosition(line: 1, column: 1))
            return nil
        }
        var budget = nodeLimit
        guard let node = convert(root, budget: &budget) else {
            diagnostics.error("the document expands to more than \(nodeLimit) nodes (YAML aliases nested too deeply?)",
                              at: SourcePosition(line: 1, column: 1))
            return nil
        }
        return node
    }

    private static func location(_ mark: Mark?) -> SourcePosition {
        SourcePosition(line: max(mark?.line ?? 1, 1), column: max(mark?.column ?? 1, 1))
    }

    private static func convert(_ node: Node, budget: inout Int) -> SceneNode? {
        budget -= 1
        guard budget >= 0 else { return nil }
        switch node {
        case .scalar(let s):
            let quoted = s.style == .singleQuoted || s.style == .doubleQuoted || s.style == .literal || s.style == .folded
            return .scalar(s.string, quoted: quoted, location(s.mark))
        case .mapping(let m):
            var pairs: [MapEntry] = []
            for (k, v) in m {
                guard let value = convert(v, budget: &budget) else { return nil }
                let keyText: String
                switch k {
                case .scalar(let s): keyText = s.string
                default: keyText = "<complex key>"
                }
                pairs.append(MapEntry(key: keyText, keyLocation: location(k.mark), value: value))
            }
            return .mapping(pairs, location(m.mark))
        case .sequence(let seq):
            var items: [SceneNode] = []
            for item in seq {
                guard let converted = convert(item, budget: &budget) else { return nil }
                items.append(converted)
            }
            return .sequence(items, location(seq.mark))
        case .alias(let a):
            return .scalar("", quoted: false, location(a.mark))
        }
    }

    /// A readable message and location for libyaml's errors.
    private static func describe(_ error: YamlError) -> (String, SourcePosition) {
        switch error {
        case let .scanner(context, problem, mark, _), let .parser(context, problem, mark, _), let .composer(context, problem, mark, _):
            var message = "syntax error: \(problem)"
            if let context { message += " (\(context.text))" }
            return (message, SourcePosition(line: max(mark.line, 1), column: max(mark.column, 1)))
        case let .reader(problem, offset, _, yaml):
            var line = 1, column = 1
            if let offset {
                for (i, byte) in yaml.utf8.enumerated() {
                    if i >= offset { break }
                    if byte == 10 { line += 1; column = 1 } else { column += 1 }
                }
            }
            return ("cannot read the file: \(problem)", SourcePosition(line: line, column: column))
        case let .duplicatedKeysInMapping(duplicates, context):
            let names = duplicates.map { "'\($0)'" }.joined(separator: ", ")
            return ("duplicate key \(names) in the same map", SourcePosition(line: max(context.mark.line, 1), column: max(context.mark.column, 1)))
        default:
            return ("cannot parse: \(error)", SourcePosition(line: 1, column: 1))
        }
    }
}
