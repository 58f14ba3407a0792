internal import CYaml

/// Parses YAML (or JSON, which Reel reads with the same parser so both keep line numbers) into
/// `SceneNode`s, straight from libyaml's event stream.
///
/// Building the tree here, without recursion, is what makes hostile input safe: nesting deeper
/// than `maxNesting` is reported and skipped (a file of 100 000 `[` cannot overflow the stack),
/// aliases count every node they expand to against `maxNodes` ("billion laughs"), and problems
/// that are not fatal to the parse (duplicate keys, a key that is a list, an unknown tag) are
/// reported with their location while parsing carries on, so they all surface in one run.
struct SceneParser {
    /// Deepest nesting of maps and lists.
    var maxNesting: Int
    /// Most nodes aliases may repeat, in all: each alias counts the nodes of what it stands
    /// for. (Nodes written out are bounded by the file's size.)
    var maxNodes: Int
    let diagnostics: DiagnosticSink

    /// The root node, or nil with a diagnostic (an empty file, a syntax error, too many nodes).
    func parse(_ bytes: [UInt8]) -> SceneNode? {
        guard bytes.contains(where: { !Self.isSpace($0) }) else {
            diagnostics.error(
                "the file is empty; a scene needs at least 'reel', 'canvas' and 'layers'",
                at: SourcePosition(line: 1, column: 1))
            return nil
        }
        let rewrite = SurrogateRewrite(bytes)
        var composer = Composer(parser: self, source: SourceText(rewrite.bytes), rewrite: rewrite)
        return composer.run()
    }

    static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
}

/// Composes the event stream into nodes with an explicit stack.
private struct Composer {
    let parser: SceneParser
    var source: SourceText
    let rewrite: SurrogateRewrite
    var diagnostics: DiagnosticSink { parser.diagnostics }

    /// A map or list under construction.
    struct Frame {
        var isMapping: Bool
        var location: SourcePosition
        var anchor: String?
        var items: [SceneNode] = []
        var pairs: [MapEntry] = []
        /// The key waiting for its value; `nil` key text when the key itself was unusable.
        var pendingKey: (text: String?, location: SourcePosition, isMerge: Bool)?
        var keys: [String: SourcePosition] = [:]
        /// `<<` merge values, applied at the end so explicit keys win whatever their order.
        var merges: [(SceneNode, SourcePosition)] = []
        /// Nodes this one expands to, itself included.
        var size = 1
    }

    var stack: [Frame] = []
    var root: SceneNode?
    var anchors: [String: (node: SceneNode, size: Int)] = [:]
    /// Nodes repeated by aliases so far.
    var repeated = 0
    /// While > 0, events are skipped: a subtree nested too deeply.
    var skipping = 0
    var skipLocation = SourcePosition(line: 1, column: 1)
    var documents = 0

    init(parser: SceneParser, source: SourceText, rewrite: SurrogateRewrite) {
        self.parser = parser
        self.source = source
        self.rewrite = rewrite
    }

    mutating func run() -> SceneNode? {
        var yaml = yaml_parser_t()
        guard yaml_parser_initialize(&yaml) == 1 else {
            diagnostics.error("cannot parse: out of memory", at: SourcePosition(line: 1, column: 1))
            return nil
        }
        defer { yaml_parser_delete(&yaml) }
        let bytes = source.bytes
        return bytes.withUnsafeBufferPointer { buffer -> SceneNode? in
            yaml_parser_set_input_string(&yaml, buffer.baseAddress, buffer.count)
            var event = yaml_event_t()
            while true {
                guard yaml_parser_parse(&yaml, &event) == 1 else {
                    reportSyntaxError(yaml)
                    return nil
                }
                defer { yaml_event_delete(&event) }
                switch handle(&event) {
                case .proceed: continue
                case .finished:
                    if root == nil {
                        diagnostics.error(
                            "the file has no content (only comments?); a scene needs at least 'reel', 'canvas' and 'layers'",
                            at: SourcePosition(line: 1, column: 1))
                    }
                    return root
                case .failed: return nil
                }
            }
        }
    }

    enum Step { case proceed, finished, failed }

    mutating func handle(_ event: inout yaml_event_t) -> Step {
        let at = position(event.start_mark)
        if skipping > 0 {
            switch event.type {
            case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT: skipping += 1
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                skipping -= 1
                if skipping == 0 { return emit(.scalar("", quoted: false, skipLocation), size: 1) }
            default: break
            }
            return .proceed
        }
        switch event.type {
        case YAML_DOCUMENT_START_EVENT:
            documents += 1
            if documents > 1 {
                diagnostics.error(
                    "a scene file holds one YAML document; this is a second one (remove the '---')", at: at)
                return .finished
            }
        case YAML_STREAM_END_EVENT:
            return .finished
        case YAML_ALIAS_EVENT:
            let name = Self.text(event.data.alias.anchor)
            guard let target = anchors[name] else {
                diagnostics.error("unknown alias '*\(name)'; an anchor '&\(name)' must come before it", at: at)
                return emit(.scalar("", quoted: false, at), size: 1)
            }
            repeated += target.size
            if repeated > parser.maxNodes { return tooManyNodes(at: at) }
            return emit(target.node.relocated(to: at), size: target.size)
        case YAML_SCALAR_EVENT:
            let s = event.data.scalar
            let value = String(decoding: UnsafeBufferPointer(start: s.value, count: s.length), as: UTF8.self)
            var quoted = s.style != YAML_PLAIN_SCALAR_STYLE && s.style != YAML_ANY_SCALAR_STYLE
            if let tag = s.tag.map(Self.text) {
                switch tag {
                case "!", "tag:yaml.org,2002:str": quoted = true
                case "tag:yaml.org,2002:int", "tag:yaml.org,2002:float", "tag:yaml.org,2002:bool",
                    "tag:yaml.org,2002:null":
                    break
                default: reportTag(tag, at: at)
                }
            }
            if !quoted, value.isEmpty { checkUnquotedColor(at: at) }
            let node = SceneNode.scalar(value, quoted: quoted, at)
            if let anchor = s.anchor.map(Self.text) { anchors[anchor] = (node, 1) }
            return emit(node, size: 1)
        case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
            let isMapping = event.type == YAML_MAPPING_START_EVENT
            let tag = isMapping ? event.data.mapping_start.tag : event.data.sequence_start.tag
            if let tag = tag.map(Self.text), tag != (isMapping ? "tag:yaml.org,2002:map" : "tag:yaml.org,2002:seq") {
                reportTag(tag, at: at)
            }
            if stack.count >= parser.maxNesting {
                diagnostics.error(
                    "the document is nested more than \(parser.maxNesting) levels deep (raise it with --max-depth)",
                    at: at)
                skipping = 1
                skipLocation = at
                return .proceed
            }
            let anchor = (isMapping ? event.data.mapping_start.anchor : event.data.sequence_start.anchor).map(Self.text)
            stack.append(Frame(isMapping: isMapping, location: at, anchor: anchor))
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            guard var frame = stack.popLast() else { return .proceed }
            let node: SceneNode
            if frame.isMapping {
                applyMerges(&frame)
                node = .mapping(frame.pairs, frame.location)
            } else {
                node = .sequence(frame.items, frame.location)
            }
            if let anchor = frame.anchor { anchors[anchor] = (node, frame.size) }
            return emit(node, size: frame.size)
        default:
            break
        }
        return .proceed
    }

    /// Adds a finished node to the frame above it (or makes it the root).
    mutating func emit(_ node: SceneNode, size: Int) -> Step {
        guard !stack.isEmpty else {
            root = node
            return .proceed
        }
        stack[stack.count - 1].size += size
        if !stack[stack.count - 1].isMapping {
            stack[stack.count - 1].items.append(node)
            return .proceed
        }
        guard let key = stack[stack.count - 1].pendingKey else {
            stack[stack.count - 1].pendingKey = keyOf(node)
            return .proceed
        }
        stack[stack.count - 1].pendingKey = nil
        guard let text = key.text else { return .proceed }
        if key.isMerge {
            stack[stack.count - 1].merges.append((node, key.location))
        } else if let first = stack[stack.count - 1].keys[text] {
            diagnostics.error(
                "duplicate key '\(SceneNode.abbreviated(text))' in the same map (first at \(first)); remove one",
                at: key.location)
        } else {
            stack[stack.count - 1].keys[text] = key.location
            stack[stack.count - 1].pairs.append(MapEntry(key: text, keyLocation: key.location, value: node))
        }
        return .proceed
    }

    mutating func tooManyNodes(at p: SourcePosition) -> Step {
        diagnostics.error("YAML aliases repeat more than \(parser.maxNodes) nodes (aliases of aliases multiply)", at: p)
        return .failed
    }

    /// A key must be a name: a scalar that is not null. `<<` (plain) is YAML's merge key.
    mutating func keyOf(_ node: SceneNode) -> (text: String?, location: SourcePosition, isMerge: Bool) {
        switch node {
        case .scalar(let s, let quoted, let location):
            if node.isNull {
                // A subtree skipped for its depth has been reported already.
                if location != skipLocation || skipLocation == SourcePosition(line: 1, column: 1) {
                    diagnostics.error("a key must be a name, found null", at: location)
                }
                return (nil, location, false)
            }
            return (s, location, s == "<<" && !quoted)
        default:
            diagnostics.error("a key must be a name, found \(node.kindDescription)", at: node.location)
            return (nil, node.location, false)
        }
    }

    /// `<<: *base` or `<<: [*a, *b]`: the merged maps' keys, unless the map has them itself
    /// (earlier merged maps win over later ones, as in YAML 1.1).
    mutating func applyMerges(_ frame: inout Frame) {
        for (value, location) in frame.merges {
            let sources: [SceneNode]
            switch value {
            case .mapping: sources = [value]
            case .sequence(let items, _): sources = items
            default: sources = [value]
            }
            for source in sources {
                guard case .mapping(let pairs, _) = source else {
                    diagnostics.error(
                        "'<<' merges maps (write '<<: *anchor'); found \(source.kindDescription)", at: location)
                    continue
                }
                for pair in pairs where frame.keys[pair.key] == nil {
                    frame.keys[pair.key] = pair.keyLocation
                    frame.pairs.append(pair)
                }
            }
        }
    }

    /// `background: #101820` is a YAML comment, so the value is empty: almost certainly a colour
    /// that needed quotes.
    mutating func checkUnquotedColor(at p: SourcePosition) {
        guard let (hex, start) = Self.hexColor(in: source.line(p.line), from: max(p.column - 1, 0)) else { return }
        diagnostics.error(
            "the value is missing: an unquoted '\(hex)' starts a YAML comment; write colors in quotes: \"\(hex)\"",
            at: SourcePosition(line: p.line, column: start + 1))
    }

    /// After blanks from index `i`: `#` and 3, 4, 6 or 8 hex digits, ending the value (end of
    /// line, a blank, `,`, `}` or `]`). The colour's text and the index of its `#`.
    static func hexColor(in line: [Unicode.Scalar], from i: Int) -> (text: String, start: Int)? {
        var i = i
        while i < line.count, line[i] == " " || line[i] == "\t" { i += 1 }
        guard i < line.count, line[i] == "#" else { return nil }
        var j = i + 1
        while j < line.count, line[j].properties.isASCIIHexDigit { j += 1 }
        guard [3, 4, 6, 8].contains(j - i - 1), j == line.count || " ,}]".unicodeScalars.contains(line[j]) else {
            return nil
        }
        return (String(String.UnicodeScalarView(line[i..<j])), i)
    }

    /// A `#` right after `key:` followed by 3, 4, 6 or 8 hex digits, as in `fill: #FF8800`.
    func unquotedHexColor(in line: [Unicode.Scalar]) -> String? {
        var i = 0
        while i + 1 < line.count {
            if line[i] == ":", line[i + 1] == " " || line[i + 1] == "\t", let hex = Self.hexColor(in: line, from: i + 1)
            {
                return hex.text
            }
            i += 1
        }
        return nil
    }

    func reportTag(_ tag: String, at p: SourcePosition) {
        let shown = tag.hasPrefix("tag:yaml.org,2002:") ? "!!" + tag.dropFirst("tag:yaml.org,2002:".count) : tag
        diagnostics.error(
            "the YAML tag '\(SceneNode.abbreviated(shown))' is not part of the scene format; remove it", at: p)
    }

    mutating func reportSyntaxError(_ yaml: yaml_parser_t) {
        let problem = yaml.problem.map { String(cString: $0) } ?? "unknown problem"
        if yaml.error == YAML_READER_ERROR {
            var p = source.position(ofByte: yaml.problem_offset)
            p = rewrite.original(p)
            let message: String
            switch problem {
            case "control characters are not allowed":
                message =
                    yaml.problem_value == 0
                    ? "the file contains a NUL byte; scene files are text"
                    : "control character U+\(String(yaml.problem_value, radix: 16, uppercase: true).leftPadded(to: 4)) is not allowed in a scene file"
            case "invalid leading UTF-8 octet", "invalid trailing UTF-8 octet", "incomplete UTF-8 octet sequence",
                "invalid length of a UTF-8 sequence":
                message = "the file is not UTF-8 text (\(problem) here)"
            default:
                message = "cannot read the file: \(problem)"
            }
            diagnostics.error(message, at: p)
            return
        }
        let at = position(yaml.problem_mark)
        if problem == "found character that cannot start any token", source.character(at: at) == "\t" {
            diagnostics.error("a tab character here: YAML indents with spaces only", at: at)
            return
        }
        if problem.hasPrefix("Maximum nesting level reached") {
            // libyaml's own bound (1000), met while scanning ahead: deeper than any limit here.
            diagnostics.error(
                "the document is nested more than \(parser.maxNesting) levels deep (raise it with --max-depth)", at: at)
            return
        }
        var message = "syntax error: \(problem)"
        var firstLine = at.line
        if let context = yaml.context.map({ String(cString: $0) }) {
            let contextAt = position(yaml.context_mark)
            message += " (\(context) at \(contextAt))"
            firstLine = min(firstLine, contextAt.line)
        }
        // In a flow map, `background: #101820` comments out the rest of the line, brackets
        // included; the parser then fails further on. Name the likely cause.
        for number in max(1, firstLine - 1)...at.line {
            if let hex = unquotedHexColor(in: source.line(number)) {
                message += "; an unquoted '\(hex)' on line \(number) starts a YAML comment: write colors in quotes"
                break
            }
        }
        diagnostics.error(message, at: at)
    }

    func position(_ mark: yaml_mark_t) -> SourcePosition {
        rewrite.original(SourcePosition(line: Int(mark.line) + 1, column: Int(mark.column) + 1))
    }

    static func text(_ p: UnsafeMutablePointer<yaml_char_t>) -> String {
        String(cString: UnsafeRawPointer(p).assumingMemoryBound(to: CChar.self))
    }
}
