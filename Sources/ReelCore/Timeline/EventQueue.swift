/// A min-heap of timeline events ordered by (time, sequence): events at the same time run in the
/// order they were scheduled, which makes "entries at the same time run in file order" hold.
struct EventQueue<Payload> {
    private var heap: [(time: Double, seq: Int, payload: Payload)] = []
    private var nextSeq = 0

    var isEmpty: Bool { heap.isEmpty }

    mutating func push(_ time: Double, _ payload: Payload) {
        heap.append((time, nextSeq, payload))
        nextSeq += 1
        var i = heap.count - 1
        while i > 0 {
            let parent = (i - 1) / 2
            guard Self.less(heap[i], heap[parent]) else { break }
            heap.swapAt(i, parent)
            i = parent
        }
    }

    mutating func pop() -> (time: Double, payload: Payload)? {
        guard !heap.isEmpty else { return nil }
        heap.swapAt(0, heap.count - 1)
        let top = heap.removeLast()
        var i = 0
        while true {
            let l = 2 * i + 1, r = l + 1
            var smallest = i
            if l < heap.count, Self.less(heap[l], heap[smallest]) { smallest = l }
            if r < heap.count, Self.less(heap[r], heap[smallest]) { smallest = r }
            guard smallest != i else { break }
            heap.swapAt(i, smallest)
            i = smallest
        }
        return (top.time, top.payload)
    }

    private static func less(
        _ a: (time: Double, seq: Int, payload: Payload), _ b: (time: Double, seq: Int, payload: Payload)
    ) -> Bool {
        a.time < b.time || (a.time == b.time && a.seq < b.seq)
    }
}
