import Foundation
import ReelCore

/// `reel diff`'s summary, as text and as JSON.
extension FrameComparison {
    /// The summary `reel diff` prints: the verdict, the first differing and the worst frame,
    /// and PSNR and SSIM over the clip; then, for two scenes, what changed in their animations.
    public func summary(a: String, b: String, animations: AnimationChanges? = nil) -> String {
        let rate = fps.map { " at \(JSONValue.format($0)) fps" } ?? ""
        var lines = ["A: \(a)", "B: \(b)"]
        let verdict: String
        if let mismatch {
            verdict = "cannot compare: \(mismatch.describe(a: "A", b: "B"))"
        } else if isEqual {
            verdict = "equal (every frame within the tolerance: \(tolerance.summary))"
        } else {
            verdict =
                "different: \(differingCount) of \(frames.count) frames beyond the tolerance (\(tolerance.summary))"
        }
        lines.append(
            "\(frames.count) frame\(frames.count == 1 ? "" : "s") compared, \(width)×\(height)\(rate): \(verdict)")
        if let first = firstDiffering { lines.append("first differing frame: \(Self.moment(first))") }
        if let worst {
            lines.append(
                "worst frame (lowest SSIM): \(Self.moment(worst))  SSIM \(Self.ssim(worst.difference.ssim))  PSNR \(Self.psnr(worst.difference.psnr))"
            )
        }
        if let minimumPSNR, let meanPSNR, let minimumSSIM, let meanSSIM {
            lines.append(
                "PSNR: min \(Self.psnr(minimumPSNR)), mean \(Self.psnr(meanPSNR))   SSIM: min \(Self.ssim(minimumSSIM)), mean \(Self.ssim(meanSSIM))"
            )
        }
        return lines.joined(separator: "\n") + "\n" + (animations?.summary ?? "")
    }

    /// `30 (00:01.00)`.
    static func moment(_ f: Frame) -> String {
        "\(f.index)" + (f.time.map { " (\(DifferenceOutput.timecode($0)))" } ?? "")
    }

    static func psnr(_ v: Double) -> String { v.isInfinite ? "∞ (identical)" : String(format: "%.2f dB", v) }
    static func ssim(_ v: Double) -> String { String(format: "%.4f", v) }

    /// The comparison as JSON: the summary's figures, and every frame's. PSNR of identical frames
    /// (infinite) is null, as JSON has no infinity. Two scenes' animation changes go under `animations`.
    public func json(a: String, b: String, animations: AnimationChanges? = nil) -> JSONValue {
        func number(_ v: Double?) -> JSONValue { v.map { $0.isFinite ? .number($0) : .null } ?? .null }
        func moment(_ f: Frame?) -> JSONValue {
            guard let f else { return .null }
            return .object([
                ("frame", .number(Double(f.index))), ("time", number(f.time)),
                ("ssim", .number(f.difference.ssim)), ("psnr", number(f.difference.psnr))
            ])
        }
        let t = tolerance
        var fields: [(String, JSONValue)] = [
            ("a", .string(a)),
            ("b", .string(b)),
            ("equal", .bool(isEqual)),
            ("mismatch", mismatch.map { .string($0.describe(a: "A", b: "B")) } ?? .null),
            ("width", .number(Double(width))),
            ("height", .number(Double(height))),
            ("fps", number(fps)),
            ("framesCompared", .number(Double(frames.count))),
            ("framesDiffering", .number(Double(differingCount))),
            (
                "tolerance",
                .object([
                    ("psnr", number(t.minimumPSNR)), ("ssim", number(t.minimumSSIM)),
                    ("block", number(t.maximumBlock)), ("shift", number(t.maximumMeanShift)),
                    ("exact", .bool(t == .exact))
                ])
            ),
            ("firstDifferingFrame", moment(firstDiffering)),
            ("worstFrame", moment(worst)),
            ("psnr", .object([("min", number(minimumPSNR)), ("mean", number(meanPSNR))])),
            ("ssim", .object([("min", number(minimumSSIM)), ("mean", number(meanSSIM))])),
            (
                "frames",
                .array(
                    frames.map { f in
                        .object([
                            ("frame", .number(Double(f.index))), ("time", number(f.time)),
                            ("psnr", number(f.difference.psnr)), ("ssim", .number(f.difference.ssim)),
                            ("block", .number(f.difference.worstBlock)), ("shift", .number(f.difference.meanShift)),
                            ("differs", .bool(f.differs))
                        ])
                    })
            )
        ]
        if let animations { fields.append(("animations", animations.json)) }
        return .object(fields)
    }
}
