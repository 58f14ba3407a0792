import Testing

@testable import ReelCore

@Suite("IntervalIndex")
struct IntervalIndexTests {
    @Test(arguments: [5, 17, 200, 2000])
    func matchesBruteForce(count: Int) {
        var rng = SystemRandomNumberGenerator()
        let intervals: [(start: Double, end: Double)] = (0..<count).map { _ in
            let s = Double(Int.random(in: 0...100, using: &rng))
            let e = Bool.random() ? Double.infinity : s + Double(Int.random(in: 0...30, using: &rng))
            return (s, e)
        }
        let index = IntervalIndex(intervals)
        for t in stride(from: -1.0, through: 140, by: 0.5) {
            let expected = intervals.indices.filter { intervals[$0].start <= t && t < intervals[$0].end }
            #expect(index.indices(containing: t) == expected, "t = \(t)")
        }
    }
}
