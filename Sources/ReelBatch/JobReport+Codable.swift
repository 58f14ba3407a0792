import Foundation
import Reel

// Job reports as JSON that decodes again: a render farm's tasks write one each on shared
// storage and the job that merges them reads them back (the `--report` JSON is for people and
// tools, and leaves out the pictures).

extension JobReport: Codable {
    enum CodingKeys: String, CodingKey {
        case scene, outputs, status, reason, diagnostics, frames, seconds, bytes, attempts, peakMemory, log, sheetPNG,
            baseline
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            scene: try c.decode(String.self, forKey: .scene), outputs: try c.decode([String].self, forKey: .outputs),
            status: try c.decode(JobStatus.self, forKey: .status), reason: try c.decode(String.self, forKey: .reason),
            diagnostics: try c.decode([WorkerMessage.Problem].self, forKey: .diagnostics).map(\.sceneProblem),
            frames: try c.decode(Int.self, forKey: .frames), seconds: try c.decode(Double.self, forKey: .seconds),
            bytes: try c.decode(Int.self, forKey: .bytes), attempts: try c.decode(Int.self, forKey: .attempts),
            log: try c.decodeIfPresent(String.self, forKey: .log),
            sheetPNG: try c.decodeIfPresent(Data.self, forKey: .sheetPNG),
            baseline: try c.decodeIfPresent(BaselineResult.self, forKey: .baseline))
        peakMemory = try c.decode(Int.self, forKey: .peakMemory)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(scene, forKey: .scene)
        try c.encode(outputs, forKey: .outputs)
        try c.encode(status, forKey: .status)
        try c.encode(reason, forKey: .reason)
        try c.encode(diagnostics.map { WorkerMessage.Problem($0) }, forKey: .diagnostics)
        try c.encode(frames, forKey: .frames)
        try c.encode(seconds, forKey: .seconds)
        try c.encode(bytes, forKey: .bytes)
        try c.encode(attempts, forKey: .attempts)
        try c.encode(peakMemory, forKey: .peakMemory)
        try c.encodeIfPresent(log, forKey: .log)
        try c.encodeIfPresent(sheetPNG, forKey: .sheetPNG)
        try c.encodeIfPresent(baseline, forKey: .baseline)
    }
}

extension JSONEncoder {
    /// An encoder for reports passed between processes: identical frames have an infinite PSNR,
    /// which plain JSON cannot hold.
    public static var reports: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return encoder
    }
}

extension JSONDecoder {
    /// Reads what `JSONEncoder.reports` wrote.
    public static var reports: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return decoder
    }
}
