/// The frames an analysis pass looks at (a GIF's palette): at most `limit`, spread evenly over
/// the clip, the first and the last always among them.
///
/// Why a sample: the analysis pass draws every frame it looks at, which made a GIF draw each
/// frame twice. A motion-graphics clip's colours repeat from frame to frame, so 32 evenly spread
/// frames find the same palette colours as every frame does, and the analysis costs a fixed
/// share instead of a whole second render. Integer arithmetic: the same frames on every machine.
struct AnalysisSample: Sendable {
    /// The most frames analysed.
    static let limit = 32
    let frames: Range<Int>
    /// How many frames the sample holds.
    let count: Int

    init(_ frames: Range<Int>, limit: Int = AnalysisSample.limit) {
        self.frames = frames
        count = min(frames.count, limit)
    }

    /// The frame number of sample `i` (0 ≤ i < count).
    func frame(_ i: Int) -> Int {
        guard count > 1 else { return frames.lowerBound }
        return frames.lowerBound + i * (frames.count - 1) / (count - 1)
    }
}
