import Foundation

/// A camera shutter: each frame is the average of `samples` sub-frames spread over the time the
/// shutter is open, `shutterAngle / 360` of a frame, centred on the frame's time.
///
/// The names and the centring are After Effects': its composition settings take a shutter angle
/// ("simulating the exposure allowed by a rotating shutter": 90° at 24 fps exposes 1/96 s; up to
/// 720°) and a shutter phase, the offset at which the shutter opens relative to the frame; the
/// defaults, 180° and −90° (−angle/2), centre the open interval on the frame's time (Adobe, "Using
/// After Effects", Animation and keyframes: "Motion blur settings in the Advanced tab of
/// Composition Settings").
public struct MotionBlur: Hashable, Sendable, Codable {
    /// Degrees of a frame the shutter stays open: 360 is the whole frame; up to 720.
    public var shutterAngle: Double
    /// Sub-frames averaged per frame (1 draws the frame's own time alone).
    public var samples: Int

    /// Shutter angles accepted: more than 0, at most two frames (After Effects' limit).
    public static let angles = 0.0...720.0
    /// Sample counts accepted: the averaging sums 8-bit values in 16 bits (256 × 255 fits), and
    /// beyond this each sub-frame adds cost, not picture (under 1/256 of a level each).
    public static let sampleCounts = 1...256

    /// A shutter of `shutterAngle` degrees sampled `samples` times (After Effects' defaults:
    /// 180°, 16 samples).
    public init(shutterAngle: Double = 180, samples: Int = 16) {
        self.shutterAngle = shutterAngle
        self.samples = samples
    }

    /// Why the values cannot be used (nil when they can): the message names them as
    /// `what` (`"--motion-blur"`, `"motionBlur"`) is written.
    public func refusal(_ what: String) -> String? {
        if !(shutterAngle > Self.angles.lowerBound && shutterAngle <= Self.angles.upperBound) {
            return "\(what): the shutter angle must be greater than 0 and at most 720 degrees, "
                + "found \(JSONValue.format(shutterAngle))"
        }
        if !Self.sampleCounts.contains(samples) {
            return "\(what): samples must be 1 to \(Self.sampleCounts.upperBound), found \(samples)"
        }
        return nil
    }

    /// The scene times of the sub-frames of the frame at `time`: the midpoints of `samples`
    /// equal parts of the shutter interval [time − open/2, time + open/2], `open` being
    /// `shutterAngle / 360 / fps`. Times are clamped to the clip, [0, `duration`]: before the
    /// start the scene holds its first state and after the end its last, as After Effects
    /// holds a property before its first and after its last keyframe; so the first frame's
    /// earlier half-shutter sees the state at 0.
    public func subframeTimes(frameTime time: Double, fps: Double, duration: Double) -> [Double] {
        let open = shutterAngle / 360 / fps
        let start = time - open / 2
        return (0..<samples).map { j in
            min(max(start + (Double(j) + 0.5) * open / Double(samples), 0), duration)
        }
    }
}
