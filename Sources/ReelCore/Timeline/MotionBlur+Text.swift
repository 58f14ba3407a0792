import Foundation

extension MotionBlur {
    /// `ANGLE[:SAMPLES]` as `--motion-blur` and a batch manifest's `motionBlur` write it: `180`,
    /// `180:16` (samples default to 16). nil when the text is not of that form; the values are
    /// not checked (`refusal(_:)` does).
    public init?(text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let angle = Double(parts[0]), angle.isFinite else { return nil }
        var samples = MotionBlur().samples
        if parts.count == 2 {
            guard let n = Int(parts[1]) else { return nil }
            samples = n
        }
        self.init(shutterAngle: angle, samples: samples)
    }
}
