/// A static centred interval tree over half-open intervals [start, end): answers "which intervals
/// contain t" in O(log n + k), so a frame's cost follows the animations active at that time, not
/// the length of the timeline. Results come back in ascending index order (the order animations
/// were added, which is the order they apply).
struct IntervalIndex: Sendable {
    private final class Node: Sendable {
        let center: Double
        /// Intervals that contain `center`, sorted by start ascending / by end descending.
        let byStart: [(start: Double, index: Int)]
        let byEnd: [(end: Double, index: Int)]
        let left: Node?
        let right: Node?

        init(center: Double, byStart: [(Double, Int)], byEnd: [(Double, Int)], left: Node?, right: Node?) {
            self.center = center
            self.byStart = byStart.map { (start: $0.0, index: $0.1) }
            self.byEnd = byEnd.map { (end: $0.0, index: $0.1) }
            self.left = left
            self.right = right
        }
    }

    private let root: Node?
    /// Below this size a linear scan is faster than the tree.
    private let small: [(start: Double, end: Double)]?

    init(_ intervals: [(start: Double, end: Double)]) {
        let valid = intervals.enumerated().filter { $0.element.start < $0.element.end }
        if intervals.count <= 16 {
            small = intervals
            root = nil
        } else {
            small = nil
            root = Self.build(valid.map { ($0.element.start, $0.element.end, $0.offset) })
        }
    }

    private static func build(_ items: [(start: Double, end: Double, index: Int)]) -> Node? {
        guard !items.isEmpty else { return nil }
        // The median start keeps the tree balanced, and the interval starting there contains the
        // centre, so every level shrinks and recursion ends.
        let starts = items.map(\.start).sorted()
        let center = starts[starts.count / 2]
        var here: [(start: Double, end: Double, index: Int)] = []
        var left: [(start: Double, end: Double, index: Int)] = []
        var right: [(start: Double, end: Double, index: Int)] = []
        for item in items {
            if item.end <= center {
                left.append(item)
            } else if item.start > center {
                right.append(item)
            } else {
                here.append(item)
            }
        }
        return Node(
            center: center,
            byStart: here.sorted { $0.start < $1.start }.map { ($0.start, $0.index) },
            byEnd: here.sorted { $0.end > $1.end }.map { ($0.end, $0.index) },
            left: build(left), right: build(right))
    }

    /// Indices of the intervals containing t, ascending.
    func indices(containing t: Double) -> [Int] {
        if let small {
            var result: [Int] = []
            for (i, interval) in small.enumerated() where interval.start <= t && t < interval.end { result.append(i) }
            return result
        }
        var result: [Int] = []
        var node = root
        while let n = node {
            if t < n.center {
                for entry in n.byStart {
                    if entry.start > t { break }
                    result.append(entry.index)
                }
                node = n.left
            } else {
                for entry in n.byEnd {
                    if entry.end <= t { break }
                    result.append(entry.index)
                }
                node = n.right
            }
        }
        result.sort()
        return result
    }
}
