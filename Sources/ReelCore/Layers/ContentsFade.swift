/// Part-way through an animation of `contents`: Core Animation cross-dissolves the old image
/// into the new one, so the presentation shows both, the new one at `progress` and the old one
/// at 1 − `progress`.
public struct ContentsFade: Hashable, Sendable {
    /// The image fading out (nil: nothing).
    public var from: CGImage?
    /// The image fading in; the layer's presentation `contents`.
    public var to: CGImage?
    /// How far the dissolve has got, 0…1.
    public var progress: Double

    /// A dissolve from `from` to `to`, `progress` clamped to 0…1 (an overshooting timing
    /// function cannot show more than all of an image).
    public init(from: CGImage?, to: CGImage?, progress: Double) {
        self.from = from
        self.to = to
        self.progress = min(max(progress, 0), 1)
    }

    /// The image that dominates: where an interrupted dissolve continues from.
    public var nearer: CGImage? { progress < 0.5 ? from : to }
}
