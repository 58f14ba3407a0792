import Foundation
import Reel

/// Compares a job's outputs with the same-named files in a baseline folder (last night's
/// outputs), by decoding both: identical renders are `unchanged`, encoder noise too (see
/// `FrameDifference`); anything else that differs is `changed`, with its worst frame.
public enum Baseline {
    /// The comparison for a job: the most telling of its outputs' (changed, then missing, then
    /// new, then unchanged).
    public static func compare(outputs: [String], outputDirectory: String, baselineDirectory: String) -> BaselineResult?
    {
        let results = outputs.map { output in
            compare(output: output, baseline: BatchPlan.join(baselineDirectory, relative(output, to: outputDirectory)))
        }
        let rank: [BaselineResult.Status: Int] = [.changed: 0, .missing: 1, .new: 2, .unchanged: 3]
        return results.min { rank[$0.status]! < rank[$1.status]! }
    }

    /// Compares one output with its baseline counterpart.
    public static func compare(output: String, baseline: String) -> BaselineResult {
        var result = BaselineResult(status: .unchanged, output: output, baselinePath: baseline)
        let current = frameFiles(output), previous = frameFiles(baseline)
        guard !previous.isEmpty, previous.allSatisfy({ FileManager.default.fileExists(atPath: $0) }) else {
            result.status = .new
            return result
        }
        guard !current.isEmpty, current.allSatisfy({ FileManager.default.fileExists(atPath: $0) }) else {
            result.status = .missing
            return result
        }
        // Byte-identical files are unchanged without decoding (the usual case for a render that
        // did not change: Reel's output is a pure function of scene and options).
        if current.count == previous.count,
            OutputRecord.digest(of: current)?.digest == OutputRecord.digest(of: previous)?.digest
        {
            result.framesCompared = max(OutputRecord.read(for: output)?.frames ?? 0, 0)
            return result
        }
        // The same comparison as `reel diff`: frames streamed, measured by `FrameDifference`,
        // judged by the standard tolerance. The worst frame's pictures are kept for the report.
        var worst: (difference: FrameDifference, mine: PixelBuffer, theirs: PixelBuffer)?
        let comparison: FrameComparison
        do {
            comparison = try FrameComparison.run(
                VideoFrames(files: current), VideoFrames(files: previous),
                visit: { frame, mine, theirs in
                    if worst.map({ frame.difference.isWorse(than: $0.difference) }) ?? true {
                        worst = (frame.difference, mine, theirs)
                    }
                })
        } catch {
            result.status = .changed
            result.note = "cannot decode: \(error)"
            return result
        }
        result.framesCompared = comparison.frames.count
        result.framesChanged = comparison.differingCount
        switch comparison.mismatch {
        case .size(let now, let before, _)?:
            result.note = "frames are \(now.width)×\(now.height) now, \(before.width)×\(before.height) in the baseline"
        case .frameCount(let now, let before)?:
            result.note = "\(now) frames now, the baseline has \(before)"
        case .rate(let now, let before)?:
            result.note = "\(JSONValue.format(now)) fps now, \(JSONValue.format(before)) fps in the baseline"
        case nil:
            break
        }
        if let frame = comparison.worst {
            result.worstFrame = frame.index
            result.worstPSNR = frame.difference.psnr
            result.worstSSIM = frame.difference.ssim
            result.worstBlockDifference = frame.difference.worstBlock
            result.worstMeanShift = frame.difference.meanShift
        }
        if !comparison.isEqual { result.status = .changed }
        if comparison.differingCount > 0, let worst {
            result.baselinePNG = thumbnail(worst.theirs)
            result.currentPNG = thumbnail(worst.mine)
            result.differencePNG = thumbnail(DifferencePictures.heatmap(worst.mine, worst.theirs))
        }
        return result
    }

    /// `out/ui/card.mp4` relative to `out` → `ui/card.mp4`.
    static func relative(_ path: String, to folder: String) -> String {
        let full = URL(fileURLWithPath: path).standardizedFileURL.path
        let base = URL(fileURLWithPath: folder).standardizedFileURL.path
        return full.hasPrefix(base + "/")
            ? String(full.dropFirst(base.count + 1)) : (path as NSString).lastPathComponent
    }

    /// The files holding an output's frames: the file, or a PNG sequence's files in frame order.
    static func frameFiles(_ output: String) -> [String] {
        guard Freshness.isSequence(output), let pattern = try? FrameNumberPattern(output) else { return [output] }
        let folder = pattern.directory ?? "."
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { !$0.hasPrefix(".") }
        // Frame numbers may not start at 0 (a --frames render): keep those the pattern names.
        var files: [(Int, String)] = []
        for name in names {
            if let n = pattern.frameNumber(ofFileName: name) { files.append((n, BatchPlan.join(folder, name))) }
        }
        return files.sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// A PNG of `buffer` at most 320 pixels wide, for the HTML report.
    static func thumbnail(_ buffer: PixelBuffer) -> Data? {
        let small = DifferencePictures.shrink(buffer, toWidth: 320)
        return try? PNGFile.encode(small)
    }
}
