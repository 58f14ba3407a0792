import ReelCore

/// Reads the keys of one mapping node, remembering which were used, so that every unknown key
/// can be reported (with a "did you mean") once the caller has taken what it knows.
struct MapReader {
    let node: SceneNode
    let diagnostics: DiagnosticSink
    private(set) var pairs: [MapEntry]
    private var used: Set<String> = []

    /// A reader for `node`, or nil (with a diagnostic) when it is not a mapping.
    init?(_ node: SceneNode, _ diagnostics: DiagnosticSink, what: String) {
        guard case .mapping(let pairs, _) = node else {
            diagnostics.error(
                "\(what) must be a map of keys to values, found \(node.kindDescription)", at: node.location)
            return nil
        }
        self.node = node
        self.diagnostics = diagnostics
        self.pairs = pairs
    }

    var location: SourcePosition { node.location }
    var keys: [String] { pairs.map(\.key) }

    func has(_ key: String) -> Bool { pairs.contains { $0.key == key } }

    /// The value under `key`, marking the key as known.
    mutating func take(_ key: String) -> SceneNode? {
        used.insert(key)
        return pairs.first { $0.key == key }?.value
    }

    /// The location of `key` itself (for messages about the key).
    func keyLocation(_ key: String) -> SourcePosition? {
        pairs.first { $0.key == key }?.keyLocation
    }

    /// Marks a key as handled without reading it.
    mutating func markUsed(_ key: String) { used.insert(key) }

    /// The pairs not taken yet, in file order.
    var remaining: [MapEntry] {
        pairs.filter { !used.contains($0.key) }
    }

    /// Reports every key that is neither taken nor in `known` as unknown, suggesting the closest
    /// of `known`. (A known key left untaken, because its map had an error reported already, is
    /// not unknown.)
    func reportUnknown(in what: String, known: [String]) {
        let rest = remaining
        guard !rest.isEmpty else { return }
        let known = Set(known)
        for pair in rest where !known.contains(pair.key) {
            diagnostics.error(
                "unknown key '\(SceneNode.abbreviated(pair.key))' in \(what)\(diagnostics.didYouMean(pair.key, among: known.sorted()))",
                at: pair.keyLocation)
        }
    }

    /// Reports a missing required key at the map.
    func requireKey(_ key: String, in what: String) -> Bool {
        if has(key) { return true }
        diagnostics.error("\(what) needs '\(key)'", at: location)
        return false
    }
}
