/// " (did you mean 'x'?)" when a close candidate exists, else "". Used by every "unknown …" error.
public func suggestion(for word: String, among candidates: some Sequence<String>) -> String {
    guard let best = closestMatch(for: word, among: candidates) else { return "" }
    return " (did you mean '\(best)'?)"
}

/// The candidate nearest to `word` by edit distance (case-insensitive), if it is close enough to
/// be a plausible typo: about a third of the word's length (rounded up), at least one edit.
public func closestMatch(for word: String, among candidates: some Sequence<String>) -> String? {
    let target = Array(word.lowercased())
    var best: (String, Int)?
    for candidate in candidates {
        let d = editDistance(target, Array(candidate.lowercased()))
        if d < (best?.1 ?? Int.max) { best = (candidate, d) }
    }
    guard let (match, distance) = best else { return nil }
    let limit = max(1, (target.count + 2) / 3)
    return distance <= limit ? match : nil
}

/// Damerau–Levenshtein distance (adjacent transpositions count as one edit).
func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var prevPrev = [Int](repeating: 0, count: b.count + 1)
    var prev = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            current[j] = min(prev[j] + 1, current[j - 1] + 1, prev[j - 1] + cost)
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                current[j] = min(current[j], prevPrev[j - 2] + 1)
            }
        }
        (prevPrev, prev, current) = (prev, current, prevPrev)
    }
    return prev[b.count]
}
