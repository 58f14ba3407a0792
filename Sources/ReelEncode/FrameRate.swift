import CFFmpeg

/// A frame rate as an exact fraction of frames per second, e.g. 30/1 or 30000/1001.
///
/// Containers and codecs store time as rationals; a `Double` such as 29.97 is not exact, and the
/// fraction chosen decides whether a player shows "29.97" or drifts a frame every few minutes.
public struct FrameRate: Sendable, Equatable, CustomStringConvertible {
    /// Frames, per `denominator` seconds.
    public let numerator: Int
    /// Seconds, per `numerator` frames.
    public let denominator: Int

    /// Creates a frame rate from a fraction; both parts must be positive.
    public init(numerator: Int, denominator: Int) {
        precondition(numerator > 0 && denominator > 0, "a frame rate needs a positive fraction")
        self.numerator = numerator
        self.denominator = denominator
    }

    /// Converts frames per second to an exact fraction.
    ///
    /// Whole numbers become `n/1`; the NTSC rates (23.976, 29.97, 47.952, 59.94, 119.88, …) become
    /// `n·1000/1001`, which is what they really are; anything else is approximated by `av_d2q`.
    /// - Throws: `EncodeError` if `fps` is not a positive, finite number no larger than 1000.
    public init(fps: Double) throws {
        guard fps.isFinite, fps > 0, fps <= FrameRate.maximumFPS else {
            throw EncodeError(
                "The frame rate must be a positive number of frames per second up to "
                    + "\(Int(FrameRate.maximumFPS)); got \(fps)")
        }
        let whole = fps.rounded()
        if whole >= 1, abs(fps - whole) < 1e-6 {
            self.init(numerator: Int(whole), denominator: 1)
            return
        }
        // 29.97 is shorthand for 30000/1001: fps × 1.001 lands (almost) on a whole number.
        let ntsc = fps * 1.001
        let ntscWhole = ntsc.rounded()
        if ntscWhole >= 1, abs(ntsc - ntscWhole) / ntscWhole < 5e-5 {
            self.init(numerator: Int(ntscWhole) * 1000, denominator: 1001)
            return
        }
        // Keep both terms small: MP4 derives its timescale from the denominator.
        let q = av_d2q(fps, 100_000)
        // A tiny rate's nearest fraction is 0/1, which is no frame rate (a forged record can say 1e-300).
        guard q.num > 0, q.den > 0 else {
            throw EncodeError("The frame rate \(fps) is too small to be a fraction of frames per second")
        }
        self.init(numerator: Int(q.num), denominator: Int(q.den))
    }

    /// The largest frame rate accepted; higher values are almost certainly a typo.
    public static let maximumFPS: Double = 1000

    /// Frames per second as a floating-point number.
    public var fps: Double { Double(numerator) / Double(denominator) }

    /// "30/1", "30000/1001": the notation ffprobe uses.
    public var description: String { "\(numerator)/\(denominator)" }

    /// The frame rate as FFmpeg's rational.
    var rational: AVRational { AVRational(num: Int32(numerator), den: Int32(denominator)) }

    /// One frame's duration, the time base the encoder counts in (frame index = timestamp).
    var frameDuration: AVRational { AVRational(num: Int32(denominator), den: Int32(numerator)) }
}
