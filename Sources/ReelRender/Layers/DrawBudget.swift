import ReelCore

/// How many layers one frame may draw, counting every replicator copy of every layer.
///
/// Replicators inside replicators multiply (10⁴ × 10⁴ copies hung a render); scene files are held
/// to `SceneLimits.maxDrawnLayers` when decoded, and this bounds what the Swift API or an animated
/// instanceCount can reach. Once spent, the rest of the frame is not drawn: the same layers every
/// time, in drawing order, so frames stay deterministic.
final class DrawBudget {
    /// Layers drawn at most per frame (the presentation tree's own bound).
    static let maxLayersPerFrame = Timeline.maxPresentationLayers

    private(set) var remaining: Int
    /// Draws asked for, granted or not: the work a frame did, which tests bound.
    private(set) var requests = 0

    init(limit: Int = DrawBudget.maxLayersPerFrame) { remaining = limit }

    /// Draws since the last interruption check.
    private var sinceCheck = 0

    /// Takes one draw from the budget; false when none is left, or when drawing was asked to
    /// stop (DrawingInterruption, asked every 64 draws: cheap, and a fraction of a second).
    func take() -> Bool {
        requests += 1
        guard remaining > 0 else { return false }
        sinceCheck += 1
        if sinceCheck >= 64 {
            sinceCheck = 0
            if DrawingInterruption.isRequested {
                remaining = 0
                return false
            }
        }
        remaining -= 1
        return true
    }
}
