import Foundation
import Reel
import Testing

/// `reel plot A.yaml B.yaml --series card.position.y --series ring.strokeEnd`: exactly the
/// series named, both scenes on one axis, each scene's easing written.
@Suite("Plot: two scenes compared")
struct PlotComparisonTests {
    /// A: the card drops in 1 s easeIn, the ring draws linearly; B: the card drops on a spring,
    /// the ring draws easeOut over 1.5 s. Both have an `other` layer that must not be plotted.
    static let a = """
        reel: 1
        canvas: { size: [200, 120], fps: 30, duration: 2 }
        layers:
          - { name: card, position: [100, 20], bounds: [0, 0, 40, 20] }
          - { name: ring, class: CAShapeLayer, path: "M 0 0 L 40 0" }
          - { name: other, opacity: 0.5 }
        timeline:
          - at: 0.25
            add: { layer: card, animation: { keyPath: position.y, fromValue: 20, toValue: 100, duration: 1, timingFunction: easeIn } }
          - at: 0
            add: { layer: ring, animation: { keyPath: strokeEnd, fromValue: 0, toValue: 1, duration: 1 } }
          - at: 0
            add: { layer: other, animation: { keyPath: opacity, fromValue: 0, toValue: 1, duration: 1 } }
        """
    static let b = a.replacingOccurrences(
        of: "{ keyPath: position.y, fromValue: 20, toValue: 100, duration: 1, timingFunction: easeIn }",
        with:
            "{ class: CASpringAnimation, keyPath: position.y, fromValue: 20, toValue: 100, stiffness: 200, damping: 10, duration: 1.75 }"
    ).replacingOccurrences(
        of: "{ keyPath: strokeEnd, fromValue: 0, toValue: 1, duration: 1 }",
        with: "{ keyPath: strokeEnd, fromValue: 0, toValue: 1, duration: 1.5, timingFunction: easeOut }")

    static func plot() throws -> PropertyPlot {
        let jobs = try [("a.yaml", a), ("b.yaml", b)].map { try GoldenPicture.load(text: $1, name: $0) }
        return try PropertyPlot(comparing: jobs, series: ["card.position.y", "ring.strokeEnd"])
    }

    @Test func exactlyTheNamedSeriesWithBothScenesAndTheirEasing() throws {
        let plot = try Self.plot()
        #expect(plot.title == "A a.yaml vs B b.yaml")
        #expect(plot.panels.map { "\($0.layer) \($0.keyPath)" } == ["card position.y", "ring strokeEnd"])
        for panel in plot.panels {
            #expect(panel.series.map(\.name) == ["A a.yaml", "B b.yaml"] && panel.series.map(\.scene) == [0, 1])
        }
        let easing = plot.panels[0].easing
        #expect(easing.count == 2 && easing[0] == "A 1 s easeIn at 0.25 s")
        #expect(
            easing[1].hasPrefix("B m 1 k 200 c 10 v₀ 0 · settles ")
                && easing[1].hasSuffix(" s (duration 1.75 s) at 0.25 s"))
        #expect(plot.panels[1].easing == ["A 1 s linear at 0 s", "B 1.5 s easeOut at 0 s"])
        // At 0.75 s (half of A's easeIn, x = 0.5 → y = 0.3153 on Apple's curve (0.42, 0, 1, 1)),
        // A's card is at 20 + 80 × 0.3153.
        let aCard = plot.panels[0].series[0].points
        let half = try #require(aCard.first { abs($0.time - 0.75) < 1e-9 }?.value)
        #expect(abs(half - (20 + 80 * 0.3153)) < 0.05, "\(half)")
        // The SVG names both scenes in the legend and each easing, in the scene's colour.
        let svg = plot.svg()
        #expect(svg.contains(">A a.yaml</text>") && svg.contains(">B b.yaml</text>"))
        #expect(svg.contains(">A 1 s easeIn at 0.25 s</text>"))
    }

    @Test func golden() throws {
        try GoldenPicture.check(Self.plot().png(scale: 1), "plot-compare")
    }
}
