import Reel

/// Runs one `UIView.animate` block's completion when every animation the block made has stopped,
/// with `finished` false when one was removed or replaced before its end (as UIKit reports).
final class AnimationCompletionTracker: CAAnimationDelegate {
    private let completion: ((Bool) -> Void)?
    /// Animations added and not yet stopped.
    private var pending = 0
    /// Animations the block itself replaced (a property set twice in one block): their early
    /// stop is no interruption.
    private var replacedByOwnBlock = 0
    private var allFinished = true
    private var blockEnded = false
    private var done = false

    init(completion: ((Bool) -> Void)?) { self.completion = completion }

    /// An animation with this tracker as delegate was added.
    func didAdd(replacingOwn: Bool) {
        pending += 1
        if replacingOwn { replacedByOwnBlock += 1 }
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        if !flag {
            if replacedByOwnBlock > 0 { replacedByOwnBlock -= 1 } else { allFinished = false }
        }
        pending -= 1
        finishIfDone()
    }

    /// The animations block has returned. With nothing animated, UIKit runs the completion on
    /// the next turn of the run loop: here at the same scene time, after the current entry (a
    /// transaction completion). Outside a timeline nothing will run later, so it runs now.
    func blockDidEnd(inTimeline: Bool) {
        blockEnded = true
        guard pending == 0, !done else { return }
        guard inTimeline else {
            done = true
            completion?(true)
            return
        }
        done = true
        let finished = allFinished
        CATransaction.begin()
        CATransaction.setCompletionBlock { [completion] in completion?(finished) }
        CATransaction.commit()
    }

    private func finishIfDone() {
        guard blockEnded, pending == 0, !done else { return }
        done = true
        completion?(allFinished)
    }
}
