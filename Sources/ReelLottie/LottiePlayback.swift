import Foundation
import ReelCore

/// How an embedded Lottie plays, as `LottieAnimationView.play(fromProgress:toProgress:loopMode:)`
/// sets it: a stretch of the animation, played once, looped, back and forth or a number of times.
public struct LottiePlayback: Equatable, Sendable {
    /// lottie-ios's `LottieLoopMode`.
    public enum LoopMode: Equatable, Sendable {
        case playOnce, loop, autoReverse
        /// Plays the stretch this many times (fractions play part of the last one).
        case `repeat`(Double)
    }

    /// Where playback starts and ends, as fractions of the animation (0 is frame `ip`, 1 frame
    /// `op`); a start after the end plays backwards. They differ.
    public var fromProgress: Double
    public var toProgress: Double
    public var loopMode: LoopMode

    public init(fromProgress: Double = 0, toProgress: Double = 1, loopMode: LoopMode = .playOnce) {
        precondition(fromProgress != toProgress, "a Lottie plays a stretch of some length")
        self.fromProgress = fromProgress
        self.toProgress = toProgress
        self.loopMode = loopMode
    }
}

extension LottieSceneBuilder {
    /// Places `document` in `host`, as `LottieAnimationView` shows one: a layer of the
    /// animation's size, fitted into the host's bounds by the host's `contentsGravity` (a
    /// transform, as the view's content mode) and clipped to the animation's size. Returns the
    /// animations to add at the start of the scene.
    ///
    /// Every animation is wrapped as lottie-ios wraps them: a group lasting the played stretch
    /// clips the animation, shifted so that the group's start shows `fromProgress`, and the
    /// group repeats or autoreverses. The groups start at the host's local time 0, so the host's
    /// own `beginTime`, `speed` and `timeOffset` move, speed up or pause the whole animation.
    ///
    /// ```
    ///          ┌──────────── group ────────────┬──── repeats… ──►
    ///          from                           to
    ///  ┌───────────────────────── animation ─────────────────────────┐
    ///  0                                                             1
    /// ```
    public static func embed(
        _ document: LottieDocument, playing playback: LottiePlayback, in host: CALayer, fonts: SceneFontCatalog? = nil
    ) -> [(layer: CALayer, animation: CAAnimation, key: String)] {
        let size = CGSize(width: document.width, height: document.height)
        let container = CALayer()
        container.name = "lottie"
        container.bounds = CGRect(origin: .zero, size: size)
        container.masksToBounds = true
        let fitted = host.contentsGravity.rect(placing: size, in: host.bounds)
        container.position = CGPoint(x: fitted.midX, y: fitted.midY)
        container.transform = CATransform3DMakeScale(fitted.width / size.width, fitted.height / size.height, 1)
        host.addSublayer(container)
        let from = playback.fromProgress * document.duration
        let to = playback.toProgress * document.duration
        return build(document, into: container, fonts: fonts).map { layer, animation, key in
            if to > from {
                // The animation's time at the group's time g is from + g.
                animation.beginTime -= from
            } else {
                // Backwards: the animation's time at g is from − g. A negative speed plays an
                // animation's active period from its end, so that period starts where the
                // mirrored end falls.
                animation.speed = -animation.speed
                animation.beginTime = from - (animation.beginTime + animation.duration)
            }
            let group = CAAnimationGroup()
            group.animations = [animation]
            group.duration = abs(to - from)
            // Local time 0, not "now" (which a beginTime of exactly 0 means when added).
            group.beginTime = .leastNonzeroMagnitude
            group.fillMode = .both
            group.isRemovedOnCompletion = false
            switch playback.loopMode {
            case .playOnce: break
            case .loop: group.repeatCount = .infinity
            case .autoReverse:
                group.repeatCount = .infinity
                group.autoreverses = true
            case .repeat(let count): group.repeatCount = Float(count)
            }
            return (layer, group, key)
        }
    }
}
