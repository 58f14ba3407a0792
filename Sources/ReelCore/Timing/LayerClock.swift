import Foundation

/// A layer's time against scene time: its beginTime, speed and timeOffset, then its ancestors'
/// (only links that change time are kept; nil is scene time itself). Every conversion between a
/// layer's time and scene time — drawing's emitters, `convertTime`, the compiler's event times —
/// goes through here, one link at a time through `TimingEvaluator`, so they cannot disagree.
///
/// Speed 0 anywhere on the way freezes the layer's time (Core Animation's pause): its local time
/// stands at the same value whatever the scene time, so a local time has no scene time
/// (`sceneTime(atLocalTime:)` is nil) and each caller says what it takes instead.
final class LayerClock: Sendable {
    let beginTime: Double, speed: Double, timeOffset: Double
    let parent: LayerClock?

    private init(beginTime: Double, speed: Double, timeOffset: Double, parent: LayerClock?) {
        (self.beginTime, self.speed, self.timeOffset, self.parent) = (beginTime, speed, timeOffset, parent)
    }

    /// The clock of a layer with these timings under `parent`.
    static func chain(_ parent: LayerClock?, beginTime: Double, speed: Double, timeOffset: Double) -> LayerClock? {
        beginTime == 0 && speed == 1 && timeOffset == 0
            ? parent
            : LayerClock(beginTime: beginTime, speed: speed, timeOffset: timeOffset, parent: parent)
    }

    /// The clock of a layer whose own timing is `state`'s, under `parent`.
    static func chain(_ parent: LayerClock?, _ state: LayerState) -> LayerClock? {
        chain(parent, beginTime: state.beginTime, speed: state.speed, timeOffset: state.timeOffset)
    }

    /// The links from the scene down to this layer.
    private var links: [LayerClock] {
        var chain: [LayerClock] = []
        var node: LayerClock? = self
        while let n = node { chain.append(n); node = n.parent }
        return chain.reversed()
    }

    /// The layer's local time at scene time `t`.
    func localTime(atSceneTime t: Double) -> Double {
        links.reduce(t) { x, n in
            TimingEvaluator.localTime(parentTime: x, beginTime: n.beginTime, speed: n.speed, timeOffset: n.timeOffset)
        }
    }

    /// The scene time at which the layer's local time is `tau`; nil when its time is frozen.
    func sceneTime(atLocalTime tau: Double) -> Double? {
        var x = tau
        var node: LayerClock? = self
        while let n = node {
            guard
                let p = TimingEvaluator.parentTime(
                    localTime: x, beginTime: n.beginTime, speed: n.speed,
                    timeOffset: n.timeOffset)
            else { return nil }
            x = p
            node = n.parent
        }
        return x
    }

    /// True when local time runs against scene time (an odd number of negative speeds): a later
    /// local time is an earlier scene time.
    var runsBackwards: Bool { links.reduce(false) { $0 != ($1.speed < 0) } }
}
