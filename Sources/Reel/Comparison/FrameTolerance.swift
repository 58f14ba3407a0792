import Foundation
import ReelCore

/// When two frames count as equal: every limit that is set must hold. The standard tolerance is
/// the one `reel batch --baseline` has always used (PSNR ≥ 40 dB, no 8×8 block moved by more than
/// 24 levels, no channel's mean shifted by more than 1 level): re-encoding the same frames passes,
/// a small object that changed colour does not.
///
/// On the command line (`reel diff --tolerance`): comma-separated `psnr=DB`, `ssim=S`,
/// `block=LEVELS`, `shift=LEVELS`; a limit not named keeps its standard value, `none` removes
/// it (`psnr=none`); `exact` alone means any difference at all counts.
public struct FrameTolerance: Sendable, Equatable {
    /// The lowest PSNR (dB) still equal; nil: not checked.
    public var minimumPSNR: Double?
    /// The lowest mean SSIM still equal; nil: not checked.
    public var minimumSSIM: Double?
    /// The largest mean difference of an 8×8 block in one channel (0…255 levels); nil: not checked.
    public var maximumBlock: Double?
    /// The largest shift of a channel's mean over the frame (levels); nil: not checked.
    public var maximumMeanShift: Double?

    public init(
        minimumPSNR: Double? = nil, minimumSSIM: Double? = nil, maximumBlock: Double? = nil,
        maximumMeanShift: Double? = nil
    ) {
        (self.minimumPSNR, self.minimumSSIM, self.maximumBlock, self.maximumMeanShift) = (
            minimumPSNR, minimumSSIM, maximumBlock, maximumMeanShift
        )
    }

    /// Encoder noise is equal, real changes are not (see `FrameDifference`).
    public static let standard = FrameTolerance(
        minimumPSNR: FrameDifference.minimumPSNR, maximumBlock: FrameDifference.maximumBlock,
        maximumMeanShift: FrameDifference.maximumMeanShift)

    /// Only identical frames are equal.
    public static let exact = FrameTolerance(maximumBlock: 0, maximumMeanShift: 0)

    /// Whether a frame that differs by `d` counts as equal.
    public func accepts(_ d: FrameDifference) -> Bool {
        if self == .exact { return d.psnr.isInfinite }
        if let minimumPSNR, d.psnr < minimumPSNR { return false }
        if let minimumSSIM, d.ssim < minimumSSIM { return false }
        if let maximumBlock, d.worstBlock > maximumBlock { return false }
        if let maximumMeanShift, d.meanShift > maximumMeanShift { return false }
        return true
    }

    /// Parses the command-line form (see the type's documentation).
    /// - Throws: `ToleranceError` naming the part that is wrong.
    public init(parsing text: String) throws {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed == "exact" { self = .exact; return }
        if trimmed == "standard" || trimmed == "default" { self = .standard; return }
        self = .standard
        for part in trimmed.split(separator: ",", omittingEmptySubsequences: false) {
            let pieces = part.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pieces.count == 2 else {
                throw ToleranceError("'\(part)' is not NAME=VALUE (psnr=40, ssim=0.98, block=24, shift=1, exact)")
            }
            let (name, value) = (pieces[0].lowercased(), pieces[1])
            let number: Double?
            if value == "none" {
                number = nil
            } else {
                guard let v = Double(value), v.isFinite, v >= 0 else {
                    throw ToleranceError("\(name)=\(value): give a number ≥ 0, or none")
                }
                number = v
            }
            switch name {
            case "psnr": minimumPSNR = number
            case "ssim":
                if let number, number > 1 { throw ToleranceError("ssim=\(value): SSIM is at most 1") }
                minimumSSIM = number
            case "block": maximumBlock = number
            case "shift": maximumMeanShift = number
            default: throw ToleranceError("unknown limit '\(name)': the limits are psnr, ssim, block and shift")
            }
        }
    }

    /// `PSNR ≥ 40 dB, 8×8 block ≤ 24 levels, mean shift ≤ 1 level` (the limits that are set).
    public var summary: String {
        if self == .exact { return "identical pixels" }
        var parts: [String] = []
        if let minimumPSNR { parts.append("PSNR ≥ \(JSONValue.format(minimumPSNR)) dB") }
        if let minimumSSIM { parts.append("SSIM ≥ \(JSONValue.format(minimumSSIM))") }
        func levels(_ v: Double) -> String { "\(JSONValue.format(v)) level\(v == 1 ? "" : "s")" }
        if let maximumBlock { parts.append("8×8 block ≤ \(levels(maximumBlock))") }
        if let maximumMeanShift { parts.append("mean shift ≤ \(levels(maximumMeanShift))") }
        return parts.isEmpty ? "any frames" : parts.joined(separator: ", ")
    }
}

/// A `--tolerance` that cannot be read.
public struct ToleranceError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
