import Foundation
import Testing

@testable import ReelCore

/// A replicator with an instanceDelay builds its sublayers once per copy (each at its own time),
/// and nested ones multiply: 10⁴ × 10⁴ copies never finished. The presentation tree stops
/// building copies when its budget is spent; the copies left are drawn undelayed.
@Suite("Presentation budget")
struct PresentationBudgetTests {
    /// The time limit only guards against a hang (10⁸ layers); the budget's count is the bound.
    @Test(.timeLimit(.minutes(5))) func delayedCopiesStopAtTheBudget() throws {
        let scene = Scene(canvas: Canvas(size: CGSize(width: 40, height: 30), duration: 1))
        let outer = CAReplicatorLayer(), inner = CAReplicatorLayer()
        for r in [outer, inner] {
            r.instanceCount = 10_000
            r.instanceDelay = 0.01
        }
        inner.addSublayer(CALayer())
        outer.addSublayer(inner)
        scene.rootLayer.addSublayer(outer)
        let timeline = try scene.compile()
        let budget = Timeline.LayerBudget(limit: 5_000)
        let tree = timeline.presentation(
            of: timeline.rootID, sceneTime: 0.5, parentTime: 0.5, parentClock: nil, budget: budget)
        // Every layer built takes one from the budget: the tree stops at the limit, give or take
        // the copy being built when it ran out (one layer here), instead of building 10⁸.
        let built = 5_000 - budget.remaining
        #expect((5_000...5_002).contains(built), "\(built) layers built")
        // The inner replicator (built first) spends the budget; the outer one builds no copies.
        let copies = tree.sublayers[0].sublayers[0].delayedInstances.count
        #expect(copies > 0 && copies < 9_999, "some copies are built, not all: \(copies)")
        #expect(tree.sublayers[0].delayedInstances.isEmpty)
    }
}
