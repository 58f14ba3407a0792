import Foundation
import ReelCore
import ReelRender

/// A spring's parameters on its bar and in its hover text: a spring has no timing function, so
/// its mass, stiffness, damping, initial velocity and settling duration are what tell it apart.
extension TimingDiagram {
    /// `mass 1, stiffness 100, damping 10, initial velocity 0` and the rest, one fact each.
    static func springFacts(_ p: SpringParameters) -> [String] {
        func n(_ v: Double) -> String { ReviewStyle.number(v) }
        var facts: [String] = []
        if let perceptual = p.perceptual {
            facts.append("perceptualDuration \(n(perceptual.duration)) s, bounce \(n(perceptual.bounce))")
        }
        facts.append(
            "mass \(n(p.mass)), stiffness \(n(p.stiffness)), damping \(n(p.damping)), "
                + "initial velocity \(n(p.initialVelocity))" + (p.allowsOverdamping ? ", allows overdamping" : ""))
        facts.append("settles in \(n(p.settlingDuration)) s")
        return facts
    }

    /// What is written inside a spring's bar: the longest of these that fits.
    static func springCaptions(_ p: SpringParameters) -> [String] {
        func n(_ v: Double) -> String { ReviewStyle.number(v) }
        let perceptual = p.perceptual.map { "\(n($0.duration)) s bounce \(n($0.bounce)) · " } ?? ""
        let physics = "m \(n(p.mass)) k \(n(p.stiffness)) c \(n(p.damping)) v₀ \(n(p.initialVelocity))"
        let settles = "settles \(n(p.settlingDuration)) s"
        return [
            perceptual + physics + " · " + settles, physics + " · " + settles, physics,
            "k \(n(p.stiffness)) c \(n(p.damping))"
        ]
    }

    /// The spring's caption inside its bar, and a tick where its curve comes to rest: the first
    /// time after which the evaluator's progress stays within 0.05 % of the end (the settling
    /// criterion), so the tick shows where the motion really stops in scene time.
    func drawSpring(
        _ bar: TimingBar, top barTop: Double, height barHeight: Double, scale: TimeScale,
        into inner: inout [DiagramElement]
    ) {
        guard let spring = bar.spring, let first = bar.spans.first(where: { $0.phase == .active }) else { return }
        let x0 = scale.x(first.start) + 4
        let x1 = scale.x(bar.spans.last(where: { $0.phase == .active })?.end ?? first.end) - 4
        if let caption = Self.springCaptions(spring).first(where: {
            Diagram.textWidth($0, font: ReviewStyle.small) <= x1 - x0
        }) {
            inner.append(.text(caption, x: x0, y: barTop + 11, font: ReviewStyle.small, color: ReviewStyle.background))
        }
        if let rest = bar.restTime {
            let x = scale.x(rest)
            inner.append(
                .polyline(
                    [CGPoint(x: x, y: barTop + barHeight - 7), CGPoint(x: x, y: barTop + barHeight)],
                    stroke: DiagramStroke(ReviewStyle.background, width: 2)))
        }
    }
}

extension TimingBar {
    /// A spring's rest: the scene time after which its evaluated progress stays within 0.05 % of
    /// the end (the settling criterion) through its first active span; nil for other animations
    /// and springs that do not settle there.
    public var restTime: Double? {
        guard spring != nil, let span = spans.first(where: { $0.phase == .active }),
            let last = span.curve.last, abs(last.progress - 1) < 5e-4
        else { return nil }
        guard let moving = span.curve.lastIndex(where: { abs($0.progress - 1) >= 5e-4 }) else {
            return span.curve.first?.time
        }
        return span.curve[moving + 1].time
    }
}
