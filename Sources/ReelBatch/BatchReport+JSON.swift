import Foundation
import Reel

extension BatchReport {
    /// The `--report` JSON: `{"jobs": [{"scene", "outputs", "status", "reason", "diagnostics",
    /// "frames", "seconds", "fps", "bytes", "attempts", "baseline"}, …], "summary": {…}, …}`.
    public var json: JSONValue {
        .object([
            ("reel", .string(version)),
            ("started", .string(started)),
            ("seconds", .number(Self.rounded(seconds))),
            ("outputDirectory", .string(outputDirectory)),
            ("baselineDirectory", baselineDirectory.map(JSONValue.string) ?? .null),
            (
                "summary",
                .object(
                    counts.map { ($0.0.rawValue, .number(Double($0.1))) } + [("total", .number(Double(jobs.count)))])
            ),
            ("jobs", .array(jobs.map(\.json)))
        ])
    }

    static func rounded(_ v: Double) -> Double { (v * 1000).rounded() / 1000 }
}

extension JobReport {
    var json: JSONValue {
        var pairs: [(String, JSONValue)] = [
            ("scene", .string(scene)),
            ("outputs", .array(outputs.map(JSONValue.string))),
            ("status", .string(status.rawValue)),
            ("reason", .string(reason)),
            ("diagnostics", .array(diagnostics.map(\.json))),
            ("frames", .number(Double(frames))),
            ("seconds", .number(BatchReport.rounded(seconds))),
            ("fps", .number((fps * 100).rounded() / 100)),
            ("bytes", .number(Double(bytes))),
            ("attempts", .number(Double(attempts))),
            ("peakMemory", .number(Double(peakMemory))),
            ("baseline", baseline?.json ?? .null)
        ]
        if let log { pairs.append(("log", .string(log))) }
        return .object(pairs)
    }
}

extension BaselineResult {
    /// Two decimals; null for none, and for infinity (identical frames have no PSNR), which JSON cannot hold.
    static func number(_ v: Double?) -> JSONValue {
        guard let v, v.isFinite else { return .null }
        return .number((v * 100).rounded() / 100)
    }

    var json: JSONValue {
        .object([
            ("status", .string(status.rawValue)),
            ("output", .string(output)),
            ("baseline", .string(baselinePath)),
            ("framesCompared", .number(Double(framesCompared))),
            ("framesChanged", .number(Double(framesChanged))),
            ("worstFrame", worstFrame.map { .number(Double($0)) } ?? .null),
            // JSON has no infinity: identical frames have no PSNR to give.
            ("worstPSNR", Self.number(worstPSNR)),
            ("worstBlockDifference", Self.number(worstBlockDifference)),
            ("worstMeanShift", Self.number(worstMeanShift)),
            // Four decimals: SSIM's changes that matter are in the third.
            ("worstSSIM", worstSSIM.map { .number(($0 * 10000).rounded() / 10000) } ?? .null),
            ("note", note.map(JSONValue.string) ?? .null)
        ])
    }
}
