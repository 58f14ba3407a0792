import CCairo
import Foundation
import ReelCore
import Testing

@testable import ReelRender

/// Replicators inside replicators multiply: 10⁴ × 10⁴ copies made a frame that never finished.
/// Scene files are refused when decoded (SceneLimits.maxDrawnLayers); the Swift API reaches the
/// renderer's own budget, which ends the frame instead of hanging.
@Suite("Replicator budget")
struct ReplicatorBudgetTests {
    /// An outer replicator of `count` copies around an inner one of `count` copies of a square.
    func nested(_ count: Int) throws -> Timeline {
        let scene = Scene(canvas: Canvas(size: CGSize(width: 40, height: 30), duration: 1, background: .black))
        let outer = CAReplicatorLayer(), inner = CAReplicatorLayer(), square = CALayer()
        for r in [outer, inner] {
            r.frame = CGRect(x: 0, y: 0, width: 40, height: 30)
            r.instanceCount = count
            r.instanceTransform = CATransform3DMakeTranslation(0.001, 0, 0)
        }
        square.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        square.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        inner.addSublayer(square)
        outer.addSublayer(inner)
        scene.rootLayer.addSublayer(outer)
        return try scene.compile()
    }

    /// The time limit only guards against a hang (10⁸ draws); the request count is the bound.
    @Test(.timeLimit(.minutes(5))) func nestedReplicatorsStopAtTheBudget() throws {
        let tree = try nested(10_000).presentation(at: 0)
        let buffer = PixelBuffer(width: 40, height: 30)
        let canvas = CairoCanvas(buffer: buffer)
        let budget = DrawBudget(limit: 2_000)
        LayerPainter(cache: nil, budget: budget, context: RenderContext()).draw(tree, canvas.context)
        canvas.surface.flush()
        #expect(budget.remaining == 0)
        // Once spent, each of the outer copies asks once more and is refused, instead of each
        // asking for its 10⁴ inner copies: the frame's work grows with the counts, not their product.
        #expect(
            budget.requests <= 2_000 + 2 * 10_000,
            "the frame ends once the budget is spent: \(budget.requests) draws asked for")
        #expect(buffer.color(5, 5) == [255, 0, 0, 255], "what fits in the budget is drawn")
    }
}
