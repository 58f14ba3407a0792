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
    /// The most sub-frames averaged per frame (1 draws the frame's own time alone): a frame gets
    /// as many as its motion needs, up to this (`subframeCount(for:)`), as After Effects'
    /// Adaptive Sample Limit.
    public var samples: Int

    /// Shutter angles accepted: more than 0, at most two frames (After Effects' limit).
    public static let angles = 0.0...720.0
    /// Sample counts accepted: the averaging sums 8-bit values in 16 bits (256 × 255 fits), and
    /// beyond this each sub-frame adds cost, not picture (under 1/256 of a level each).
    public static let sampleCounts = 1...256
    /// What `accepts(angle:)` asks, as error messages word it.
    public static let angleRule = "greater than 0 and at most 720 degrees"

    /// Whether `angle` is one of `angles`, less its lower end (a shutter that never opens).
    public static func accepts(angle: Double) -> Bool { angle > angles.lowerBound && angle <= angles.upperBound }

    /// A shutter of `shutterAngle` degrees sampled `samples` times (After Effects' defaults:
    /// 180°, 16 samples).
    public init(shutterAngle: Double = 180, samples: Int = 16) {
        self.shutterAngle = shutterAngle
        self.samples = samples
    }

    /// Why the values cannot be used (nil when they can): the message names them as
    /// `what` (`"--motion-blur"`, `"motionBlur"`) is written.
    public func refusal(_ what: String) -> String? {
        if !Self.accepts(angle: shutterAngle) {
            return "\(what): the shutter angle must be \(Self.angleRule), found \(JSONValue.format(shutterAngle))"
        }
        if !Self.sampleCounts.contains(samples) {
            return "\(what): samples must be 1 to \(Self.sampleCounts.upperBound), found \(samples)"
        }
        return nil
    }

    /// The scene times of the sub-frames of the frame at `time`: the midpoints of `count`
    /// (by default `samples`) equal parts of the shutter interval [time − open/2, time + open/2], `open` being
    /// `shutterAngle / 360 / fps`. Times are clamped to the clip, [0, `duration`]: before the
    /// start the scene holds its first state and after the end its last, as After Effects
    /// holds a property before its first and after its last keyframe; so the first frame's
    /// earlier half-shutter sees the state at 0.
    public func subframeTimes(frameTime time: Double, fps: Double, duration: Double, count: Int? = nil) -> [Double] {
        let open = shutterAngle / 360 / fps, n = count ?? samples
        let start = time - open / 2
        return (0..<n).map { j in
            min(max(start + (Double(j) + 0.5) * open / Double(n), 0), duration)
        }
    }

    /// The times the shutter opens, is half open and closes for the frame at `time`, clamped to
    /// the clip as `subframeTimes`: where the motion a frame needs sub-frames for is measured.
    public func shutterEnds(frameTime time: Double, fps: Double, duration: Double) -> [Double] {
        let open = shutterAngle / 360 / fps
        return [time - open / 2, time, time + open / 2].map { min(max($0, 0), duration) }
    }

    /// Device pixels of motion one sub-frame stands for: sub-frames one pixel apart make a moving
    /// antialiased edge a smooth ramp (each is a one-pixel ramp itself).
    public static let pixelsPerSubframe = 1.0

    /// The sub-frames a frame needs when anything in it moves `pixels` device pixels within the
    /// shutter (nil: by an unknown amount): one per `pixelsPerSubframe`, at least 2, at most
    /// `samples`. As After Effects' Adaptive Sample Limit, `samples` is the maximum and slow
    /// motion takes fewer ("The number of samples that After Effects uses to calculate motion
    /// blur adapts for each layer, depending on the motion of that layer": Adobe, "After Effects
    /// CS3 User Guide", Motion blur, and "Motion blur settings in the Advanced tab of
    /// Composition Settings"). A frame where nothing changes needs 1.
    public func subframeCount(forMotion pixels: Double?, changes: Bool = true) -> Int {
        guard changes else { return 1 }
        guard let pixels, pixels.isFinite else { return samples }
        // Less a hair, so that 10 pixels computed as 10.000000001 take 10 sub-frames, not 11.
        let needed = (pixels / Self.pixelsPerSubframe - 1e-6).rounded(.up)
        return min(samples, max(2, needed < Double(samples) ? Int(needed) : samples))
    }
}
