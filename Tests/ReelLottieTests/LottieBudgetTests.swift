import Foundation
import Testing

/// The layer budget counts the layers the animation makes, not only those the file lists.
extension LottieDiagnosticsTests {
    @Test func aLongParentChainCountsALayerPerAncestor() {
        // 1000 nulls, each the parent of the next: each lends its transform through a layer of
        // its own to every descendant, 1000 + (0 + 1 + … + 999) = 500 500 layers.
        let layers = (0..<1000).map { i in
            #"{"ty": 3, "ind": \#(i), "#
                + (i > 0 ? #""parent": \#(i - 1), "# : "") + #""ip": 0, "op": 30, "ks": {}}"#
        }
        let found = diagnostics(lottie(layers.joined(separator: ", ")))
        #expect(
            found.contains { $0.contains("error: the animation makes 500500 layers") && $0.contains("100000") },
            "\(found.prefix(3))")
    }

    @Test func fillsCountOncePerPathTheyPaint() {
        // 400 animated rectangles under 300 fills: a shape layer per fill and path, 120 000 in all
        // (and the shape layer itself).
        let moving = #"{"a": 1, "k": [{"t": 0, "s": [0, 0]}, {"t": 10, "s": [10, 10]}]}"#
        let rectangle = #"{"ty": "rc", "p": \#(moving), "s": {"a": 0, "k": [4, 4]}, "r": {"a": 0, "k": 0}}"#
        let fill = #"{"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}}"#
        let items = Array(repeating: rectangle, count: 400) + Array(repeating: fill, count: 300)
        let found = diagnostics(lottie(shapeLayer("many", shapes: items.joined(separator: ", "))))
        #expect(found.contains { $0.contains("error: the animation makes 120001 layers") }, "\(found.prefix(3))")
    }
}
