import Foundation
import ReelCore
import ReelEncode

/// The version of Reel, recorded in every segment so that parts from different versions
/// (whose encoders may differ) are never joined.
public enum ReelVersion {
    public static let string = "0.1.0"
}

/// `--segment I/N`: part I (0-based) of a render cut into N parts for a render farm.
public struct Segment: Sendable, Hashable, Codable, CustomStringConvertible {
    public var index: Int
    public var count: Int

    public init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// Parses "I/N"; nil unless 0 ≤ I < N.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]), n >= 1, (0..<n).contains(i) else {
            return nil
        }
        self.init(index: i, count: n)
    }

    public var description: String { "\(index)/\(count)" }
}

/// The fixed grid a render's frames are encoded on: chunks of `chunkFrames` frames from the
/// render's first frame, each encoded independently (see `VideoSettings.chunkFrames`).
///
/// ```
///  frames   |0 ........ K|K ....... 2K|2K ...... 3K|3K .. end|
///  chunks   |  chunk 0   |  chunk 1   |  chunk 2   | chunk 3 |   fixed: never depends on N
///  --segment 0/2 = chunks 0–1          1/2 = chunks 2–3
/// ```
///
/// A last chunk of at most half a chunk joins the one before (a 6 s clip in 4 s chunks is one
/// chunk, not 4 s + 2 s): every chunk costs the encoder a keyframe and a restart, which a short
/// remainder does not repay (measured: a 6 s page scroll rendered 13 % faster as one chunk).
///
/// The grid depends on the frames and `--chunk-seconds` only, so the whole render and every
/// segment of every N encode each chunk identically, and joining segments is a stream copy.
public struct ChunkGrid: Sendable, Equatable {
    /// The frames of the whole render.
    public var frames: Range<Int>
    /// Frames per chunk.
    public var chunkFrames: Int

    /// Chunks of `seconds` at `fps` (at least one frame each).
    public init(frames: Range<Int>, seconds: Double, fps: Double) {
        self.frames = frames
        chunkFrames = max(1, Int((seconds * fps).rounded()))
    }

    /// The first frame of each chunk.
    public var chunkStarts: [Int] {
        stride(from: frames.lowerBound, to: frames.upperBound, by: chunkFrames).filter {
            Self.startsChunk($0, first: frames.lowerBound, end: frames.upperBound, chunkFrames: chunkFrames)
        }
    }

    public var chunkCount: Int { chunkStarts.count }

    /// Whether a frame on the grid starts a chunk: the first does; a later one unless what is
    /// left from it is at most half a chunk (that joins the chunk before).
    public static func startsChunk(_ frame: Int, first: Int, end: Int, chunkFrames: Int) -> Bool {
        frame == first || 2 * (end - frame) > chunkFrames
    }

    /// The frames of `segment`: whole chunks, as evenly spread as they divide.
    /// - Throws: `RenderJobError.invalid` when there are fewer chunks than segments.
    public func frames(of segment: Segment, chunkSeconds: Double) throws -> Range<Int> {
        let chunks = chunkCount
        guard segment.count <= chunks else {
            throw RenderJobError.invalid(
                "--segment \(segment): the render has only \(chunks) chunk\(chunks == 1 ? "" : "s") of "
                    + "\(JSONValue.format(chunkSeconds)) s (\(chunkFrames) frames), and a segment is made of whole chunks; "
                    + "use at most \(chunks) segments, or shorter chunks with --chunk-seconds")
        }
        let starts = chunkStarts
        let first = segment.index * chunks / segment.count, end = (segment.index + 1) * chunks / segment.count
        return starts[first]..<(end < chunks ? starts[end] : frames.upperBound)
    }

    /// Seconds per chunk unless `--chunk-seconds` says otherwise: 4 s, about x264's default
    /// keyframe interval (250 frames), so the extra keyframes cost little (measured with
    /// `tools/bench-farm`: see docs/farms.md).
    public static let defaultSeconds = 4.0
}

/// What every video file Reel writes records about itself (its `comment` tag, as JSON), so
/// `reel concat` can check that parts belong together: same scene, options, encoder and
/// version, and which frames each holds.
public struct SegmentRecord: Codable, Sendable, Equatable {
    /// `ReelVersion.string` of the writer.
    public var reel: String
    /// SHA-256 of the scene file's bytes (with the images it read, when any: `LoadedJob.sceneFingerprint`).
    public var scene: String
    /// `RenderOptions.identity(for:)` as compact JSON.
    public var options: String
    /// The codec parameters the file was encoded with.
    public var width: Int, height: Int, fps: Double, codec: String, container: String
    public var crf: Int?, preset: String?, alpha: Bool
    /// `VideoSettings.pixelFormat`; absent from the JSON when nil (the codec's usual format).
    public var pixelFormat: String?
    /// The chunk grid: frames per chunk, and the whole render's frames.
    public var chunkFrames: Int, wholeFirst: Int, wholeCount: Int
    /// This part: segment `index` of `count`, holding `frameCount` frames from `firstFrame`.
    public var index: Int, count: Int, firstFrame: Int, frameCount: Int
    /// The soundtrack the joined file gets (parts themselves are silent); nil: none. Absent from
    /// the JSON when nil, so silent videos record what they always did.
    public var audio: SoundtrackRecord?

    /// The record as stored: JSON with sorted keys, so the same record is always the same bytes.
    public var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(self)) ?? Data(), as: UTF8.self)
    }

    /// Reads a stored record; nil when `text` is not one.
    public init?(json text: String) {
        guard text.hasPrefix("{"), let record = try? JSONDecoder().decode(SegmentRecord.self, from: Data(text.utf8))
        else { return nil }
        self = record
    }

    init(settings: VideoSettings, scene: String, options: String, grid: ChunkGrid, segment: Segment, frames: Range<Int>)
    {
        reel = ReelVersion.string
        self.scene = scene
        self.options = options
        (width, height, fps) = (settings.width, settings.height, settings.fps)
        (codec, container) = (settings.codec.rawValue, settings.container.rawValue)
        (crf, preset, alpha) = (settings.crf, settings.preset, settings.alpha)
        pixelFormat = settings.pixelFormat?.rawValue
        (chunkFrames, wholeFirst, wholeCount) = (grid.chunkFrames, grid.frames.lowerBound, grid.frames.count)
        (index, count, firstFrame, frameCount) = (segment.index, segment.count, frames.lowerBound, frames.count)
    }

    /// The record of the whole render these parts come from: segment 0 of 1.
    public var whole: SegmentRecord {
        var record = self
        (record.index, record.count, record.firstFrame, record.frameCount) = (0, 1, wholeFirst, wholeCount)
        // Where the parts found the sound file is no part of the joined file.
        record.audio?.file = nil
        return record
    }

    /// The encoder settings that wrote this part (the whole render's, with this record).
    /// - Throws: `EncodeError` for a codec or container this version does not know.
    public func settings() throws -> VideoSettings {
        guard let codec = VideoCodec(rawValue: codec), let container = VideoContainer(rawValue: container) else {
            throw EncodeError("unknown codec \(self.codec) or container \(self.container)")
        }
        var settings = VideoSettings(
            width: width, height: height, fps: fps, codec: codec, container: container,
            crf: crf, preset: preset, alpha: alpha)
        settings.startFrame = firstFrame
        settings.pixelFormat = try pixelFormat.map(VideoPixelFormat.init(named:))
        settings.chunkFrames = chunkFrames
        settings.chunkOrigin = wholeFirst
        settings.chunkEnd = wholeFirst + wholeCount
        settings.comment = json
        return settings
    }
}
