import Foundation
import Reel
import Testing

/// Which panels a plot has, and how components become lines.
@Suite("Value plots: panels and series")
struct PlotModelTests {
    @Test func combinationsALayerDoesNotHaveAreLeftOut() throws {
        let job = try GoldenPicture.load("inbox.yaml")
        let plot = try PropertyPlot(job: job, layers: ["shine", "card1"], keyPaths: ["locations", "opacity"])
        // locations is a gradient's: card1 (a CALayer) has no panel for it.
        #expect(
            plot.panels.map { "\($0.layer) \($0.keyPath)" } == ["shine locations", "shine opacity", "card1 opacity"])
        #expect(plot.panels[0].series.map(\.name) == ["[0]", "[1]", "[2]"])
    }

    @Test func aKeyPathNoLayerHasIsAnError() throws {
        let job = try GoldenPicture.load("inbox.yaml")
        #expect {
            try PropertyPlot(job: job, layers: ["card1", "shadow1"], keyPaths: ["locations"])
        } throws: { error in
            "\(error)".contains("'locations' is not a key path of any of the layers")
                && "\(error)".contains("position.x")
        }
    }

    @Test func equalComponentsShareALine() throws {
        // A uniform scale writes the same number to m11, m22 and m33.
        let plot = try PropertyPlot(job: GoldenPicture.load("inbox.yaml"), layers: ["card1"], keyPaths: ["transform"])
        let names = try #require(plot.panels.first).series.map(\.name)
        #expect(names == ["m11 = m22 = m33"])
    }

    @Test func colorsCarryTheirOwnStrip() throws {
        let plot = try PropertyPlot(
            job: GoldenPicture.load("hello.yaml"), layers: ["card"], keyPaths: ["backgroundColor"])
        let panel = try #require(plot.panels.first)
        #expect(panel.unit == "0–1" && panel.series.map(\.name) == ["red", "green", "blue", "alpha"])
        #expect(panel.colors.count == panel.series[0].points.count)
        // Before the tint starts it is the card's orange; at the end the tint's teal (#2A9D8F).
        let last = try #require(panel.colors.last?.color)
        #expect(
            abs(last.red - 0x2A / 255.0) < 1e-6 && abs(last.green - 0x9D / 255.0) < 1e-6
                && abs(last.blue - 0x8F / 255.0) < 1e-6)
    }
}
