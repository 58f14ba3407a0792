import Foundation
import Reel

/// Compares a job's outputs with the same-named files in a baseline folder (last night's
/// outputs), by decoding both: identical renders are `unchanged`, encoder noise too (see
/// `FrameDifference`); anything else that differs is `changed`, with its worst frame.
public enum Baseline {
    /// The comparison for a job: the most telling of its outputs' (changed, then missing, then
    /// new, then unchanged).
    public static func compare(outputs: [String], outputDirectory: String, baselineDirectory: String) -> BaselineResult? {
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
        if current.count == previous.count, OutputRecord.digest(of: current)?.digest == OutputRecord.digest(of: previous)?.digest {
            result.framesCompared = max(OutputRecord.read(for: output)?.frames ?? 0, 0)
            return result
        }
        var a = FrameReader(current), b = FrameReader(previous)
        var worst: (index: Int, difference: FrameDifference, mine: PixelBuffer, theirs: PixelBuffer)?
        var index = 0
        while true {
            let mine: PixelBuffer?, theirs: PixelBuffer?
            do {
                mine = try a.next()
                theirs = try b.next()
            } catch {
                result.status = .changed
                result.note = "cannot decode: \(error)"
                return result
            }
            guard let mine, let theirs else {
                if mine != nil || theirs != nil {
                    result.status = .changed
                    result.note = "\(index + (mine != nil ? a.remaining : 0)) frames now, the baseline has a different count"
                }
                break
            }
            guard mine.width == theirs.width, mine.height == theirs.height else {
                result.status = .changed
                result.note = "frames are \(mine.width)×\(mine.height) now, \(theirs.width)×\(theirs.height) in the baseline"
                return result
            }
            let difference = FrameDifference(mine, theirs)
            result.framesCompared += 1
            if difference.isChanged { result.framesChanged += 1 }
            if worst == nil || difference.psnr < worst!.difference.psnr
                || (difference.psnr == worst!.difference.psnr && difference.worstBlock > worst!.difference.worstBlock) {
                worst = (index, difference, mine, theirs)
            }
            index += 1
        }
        if let worst {
            result.worstFrame = worst.index
            result.worstPSNR = worst.difference.psnr
            result.worstBlockDifference = worst.difference.worstBlock
            result.worstMeanShift = worst.difference.meanShift
            if result.framesChanged > 0 {
                result.status = .changed
                result.baselinePNG = thumbnail(worst.theirs)
                result.currentPNG = thumbnail(worst.mine)
                result.differencePNG = thumbnail(differenceImage(worst.mine, worst.theirs))
            }
        }
        return result
    }

    /// `out/ui/card.mp4` relative to `out` → `ui/card.mp4`.
    static func relative(_ path: String, to folder: String) -> String {
        let full = URL(fileURLWithPath: path).standardizedFileURL.path
        let base = URL(fileURLWithPath: folder).standardizedFileURL.path
        return full.hasPrefix(base + "/") ? String(full.dropFirst(base.count + 1)) : (path as NSString).lastPathComponent
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

    /// The absolute difference of two frames, amplified ×4 so small changes show.
    static func differenceImage(_ a: PixelBuffer, _ b: PixelBuffer) -> PixelBuffer {
        let out = PixelBuffer(width: a.width, height: a.height)
        for y in 0..<a.height {
            let ra = a.baseAddress.advanced(by: y * a.stride).assumingMemoryBound(to: UInt8.self)
            let rb = b.baseAddress.advanced(by: y * b.stride).assumingMemoryBound(to: UInt8.self)
            let ro = out.baseAddress.advanced(by: y * out.stride).assumingMemoryBound(to: UInt8.self)
            for x in 0..<a.width {
                for c in 0..<3 { ro[x * 4 + c] = UInt8(min(255, 4 * abs(Int(ra[x * 4 + c]) - Int(rb[x * 4 + c])))) }
                ro[x * 4 + 3] = 255
            }
        }
        return out
    }

    /// `buffer` made `width` pixels wide by averaging the pixels each output pixel covers.
    static func shrink(_ buffer: PixelBuffer, toWidth width: Int) -> PixelBuffer {
        let factor = Double(buffer.width) / Double(width)
        let height = max(1, Int((Double(buffer.height) / factor).rounded()))
        let out = PixelBuffer(width: width, height: height)
        for y in 0..<height {
            let y0 = Int(Double(y) * factor), y1 = max(y0 + 1, min(buffer.height, Int(Double(y + 1) * factor)))
            let ro = out.baseAddress.advanced(by: y * out.stride).assumingMemoryBound(to: UInt8.self)
            for x in 0..<width {
                let x0 = Int(Double(x) * factor), x1 = max(x0 + 1, min(buffer.width, Int(Double(x + 1) * factor)))
                var sums = [0, 0, 0, 0]
                for sy in y0..<y1 {
                    let row = buffer.baseAddress.advanced(by: sy * buffer.stride).assumingMemoryBound(to: UInt8.self)
                    for sx in x0..<x1 { for c in 0..<4 { sums[c] += Int(row[sx * 4 + c]) } }
                }
                let n = (y1 - y0) * (x1 - x0)
                for c in 0..<4 { ro[x * 4 + c] = UInt8(sums[c] / n) }
            }
        }
        return out
    }

    /// A PNG of `buffer` at most 320 pixels wide, for the HTML report.
    static func thumbnail(_ buffer: PixelBuffer) -> Data? {
        let small = buffer.width > 320 ? shrink(buffer, toWidth: 320) : buffer
        return try? PNGFile.encode(small)
    }
}

/// Reads frames one after another from a video, or from a sequence's files.
struct FrameReader {
    private var files: [String]
    private var decoder: VideoDecoder?

    init(_ files: [String]) { self.files = files }

    /// Files not opened yet (for messages about counts).
    var remaining: Int { files.count }

    mutating func next() throws -> PixelBuffer? {
        while true {
            if let decoder, let frame = try decoder.nextFrame() { return frame }
            guard !files.isEmpty else { return nil }
            decoder = try VideoDecoder(path: files.removeFirst())
        }
    }
}
