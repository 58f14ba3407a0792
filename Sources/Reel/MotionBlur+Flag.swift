import Foundation
import ReelCore

extension MotionBlur {
    /// `--motion-blur ANGLE[:SAMPLES]`: `180`, `180:16`, `360:32` (samples default to 16).
    /// - Throws: `RenderJobError.invalid` naming the flag, for text that is not that or values
    ///   out of range (`refusal`).
    public init(flag text: String) throws {
        guard let blur = MotionBlur(text: text) else {
            throw RenderJobError.invalid(
                "--motion-blur '\(text)': expected ANGLE[:SAMPLES], a shutter angle in degrees and a whole number of "
                    + "samples from \(Self.sampleCounts.lowerBound) to \(Self.sampleCounts.upperBound), like 180:16")
        }
        self = blur
        if let message = refusal("--motion-blur") { throw RenderJobError.invalid(message) }
    }

    /// `ANGLE:SAMPLES`, as the flag takes it.
    public var flag: String { "\(JSONValue.format(shutterAngle)):\(samples)" }
}
