import Foundation
import Reel
import Testing

/// Timing diagrams and plots of three example scenes, pixel for pixel (within antialiasing):
/// hello (an infinite autoreversing swing, fills, an implicit fade from a transaction), spaceship
/// (keyframes along a path, a group with nested children) and inbox (transitions, onOrderIn
/// actions with an overshooting curve, a repeating gradient shimmer).
@Suite("Timing diagrams and plots: golden pictures")
struct ReviewGoldenTests {
    @Test(arguments: ["hello", "spaceship", "inbox"])
    func timingDiagram(scene: String) throws {
        let diagram = try TimingDiagram(job: GoldenPicture.load(scene + ".yaml"))
        try GoldenPicture.check(diagram.png(scale: 1), "timing-\(scene)")
    }

    @Test(arguments: [
        ("hello", ["ball", "arm"], ["position.x", "transform.rotation.z"]),
        ("spaceship", ["colorLayer"], ["position", "backgroundColor"]),
        ("inbox", ["card1"], ["transform.scale", "opacity"])
    ])
    func plot(scene: String, layers: [String], keys: [String]) throws {
        let plot = try PropertyPlot(job: GoldenPicture.load(scene + ".yaml"), layers: layers, keyPaths: keys)
        #expect(plot.panels.count == layers.count * keys.count)
        try GoldenPicture.check(plot.png(scale: 1), "plot-\(scene)")
    }

    @Test func helloHasItsImplicitFadeAndEvents() throws {
        let diagram = try TimingDiagram(job: GoldenPicture.load("hello.yaml"))
        // Entry 4 sets the badge's opacity in a 0.8 s transaction: one implicit animation.
        let fade = try #require(diagram.transactions.first { $0.cause == .entry(3) })
        #expect(fade.time == 2.5 && fade.implicitAnimations == 1 && fade.changedLayers == ["badge"])
        let badge = try #require(diagram.rows.first { $0.name == "badge" }?.bars.first)
        #expect(badge.isImplicit && badge.keyPaths == ["opacity"])
        #expect(abs(badge.removedAt - 3.3) < 1e-9)
        // The swing repeats every 2 s and turns back at every odd second, for as long as the scene lasts.
        let swing = try #require(diagram.rows.first { $0.name == "arm" }?.bars.first)
        #expect(swing.repeatStarts.count == 1 && abs(swing.repeatStarts[0] - 2) < 1e-6)
        #expect(
            swing.reverseStarts.count == 2 && zip(swing.reverseStarts, [1.0, 3.0]).allSatisfy { abs($0 - $1) < 1e-6 })
        #expect(swing.activeEnd == nil)
    }

    @Test func plotSamplesThePresentationValuesInspectPrints() throws {
        let job = try GoldenPicture.load("hello.yaml")
        let plot = try PropertyPlot(job: job, layers: ["ball"], keyPaths: ["position"])
        let panel = try #require(plot.panels.first)
        #expect(panel.series.map(\.name) == ["x", "y"] && panel.unit == "pt")
        // At least one sample a frame, each the value of `presentation(at:)` then.
        let x = panel.series[0].points
        #expect(x.count >= Int(job.canvas.duration * job.canvas.fps) + 1)
        for point in x.filter({ Int(($0.time * 1000).rounded()) % 500 == 0 }) {
            let state = try #require(job.timeline.presentation(at: point.time, layerNamed: "ball")).state
            #expect(point.value.map { abs($0 - state.position.x) } == 0, "\(point.time)")
        }
        #expect(panel.events.map(\.key) == ["travel", "travel", "fade", "fade"])
        // Every layer with every key path, each once.
        let grid = try PropertyPlot(
            job: job, layers: ["ball", "arm", "ball"], keyPaths: ["opacity", "position.x", "opacity"])
        #expect(
            grid.panels.map { "\($0.layer) \($0.keyPath)" } == [
                "ball opacity", "ball position.x", "arm opacity", "arm position.x"
            ])
    }
}
