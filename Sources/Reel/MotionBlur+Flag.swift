import Foundation
import ReelCore

extension MotionBlur {
    /// `--motion-blur ANGLE[:SAMPLES]`: `180`, `180:16`, `360:32` (samples default to 16).
    /// - Throws: `RenderJobError.invalid` naming the flag, for text that is not that or values
    ///   out of range (`refusal`).
    public init(flag text: String) throws {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let angle = Double(parts[0]), angle.isFinite else {
            throw RenderJobError.invalid(
                "--motion-blur '\(text)': expected ANGLE[:SAMPLES], a shutter angle in degrees and a sample count, like 180:16"
            )
        }
        var samples = MotionBlur().samples
        if parts.count == 2 {
            guard let n = Int(parts[1]) else {
                throw RenderJobError.invalid(
                    "--motion-blur '\(text)': samples must be a whole number from \(Self.sampleCounts.lowerBound) to \(Self.sampleCounts.upperBound)"
                )
            }
            samples = n
        }
        self.init(shutterAngle: angle, samples: samples)
        if let message = refusal("--motion-blur") { throw RenderJobError.invalid(message) }
    }

    /// `ANGLE:SAMPLES`, as the flag takes it.
    public var flag: String { "\(JSONValue.format(shutterAngle)):\(samples)" }
}
