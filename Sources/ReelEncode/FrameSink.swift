import CFFmpeg
import ReelCore

/// Something that consumes rendered frames in order and turns them into a file.
///
/// A sink has two halves, so that the expensive per-frame work runs in parallel while the
/// order-dependent work stays serial (see `FramePipeline`):
///
/// - `makeConverter()` makes a `FrameConverter` for each worker thread: colour conversion,
///   alpha handling, palette mapping, PNG compression — anything that depends on one frame only;
/// - `write(_:)` takes the converted frames in presentation order on one thread: the encoder
///   and the muxer, whose state runs from frame to frame.
///
/// The life of a sink: any number of `write(_:)` (or `append(_:)`) calls, then exactly one
/// `finish()` (the output is complete when it returns) or `abort()` (give up; what was written
/// is not valid and is deleted by the caller, e.g. with `AtomicOutput.discard()`).
///
/// Sinks stream: they must not keep frames after `write(_:)` returns (beyond what the codec
/// itself buffers, which is bounded), so memory stays flat however long the video is.
public protocol FrameSink: AnyObject {
    /// Creates the per-frame half of the sink for one worker thread.
    /// - Throws: `EncodeError` if the conversion cannot be set up.
    func makeConverter() throws -> any FrameConverter

    /// Writes the next converted frame. Frames arrive in presentation order, one per frame interval.
    /// - Throws: `EncodeError` if the encoder or the disk fails.
    func write(_ frame: PreparedFrame) throws

    /// Converts and writes one frame on the calling thread: the simple, serial way to use a sink.
    /// - Throws: `EncodeError` if the frame has the wrong size or the encoder or disk fails.
    func append(_ frame: PixelBuffer) throws

    /// Flushes everything still buffered and completes the output.
    /// - Throws: `EncodeError` if the remaining data cannot be written.
    func finish() throws

    /// Stops without completing the output and releases all resources.
    ///
    /// Used on interrupt or after an error. Safe to call more than once, and after `finish()`
    /// (then it does nothing).
    func abort()
}

/// A sink that must see every frame once before it can convert any (a GIF's palette is chosen
/// from the whole clip). `FramePipeline` runs an analysis pass first when a sink conforms.
public protocol AnalyzingFrameSink: FrameSink {
    /// Whether the analysis pass is still needed (false once it is done, or for sinks that
    /// only sometimes need one).
    var needsAnalysis: Bool { get }

    /// Creates an analyzer for one worker thread.
    func makeAnalyzer() -> any FrameAnalyzer

    /// Combines what every worker's analyzer saw; called once, after every frame was analysed
    /// and before the first `makeConverter()`.
    /// - Throws: `EncodeError` if the analysis cannot be used (e.g. nothing was analysed).
    func completeAnalysis(_ analyzers: [any FrameAnalyzer]) throws
}

/// The per-frame half of a sink, used by one worker thread at a time.
///
/// Converters are created on the pipeline's thread and handed to a worker, hence `Sendable`;
/// each is then used by that worker alone.
public protocol FrameConverter: AnyObject, Sendable {
    /// Converts the rendered frame `index` for the sink.
    ///
    /// May overwrite `buffer` (e.g. un-premultiply it in place): the caller draws the next frame
    /// into it from scratch. `recycled` is a frame the sink has finished writing; reusing its
    /// storage keeps memory flat and avoids an allocation per frame.
    /// - Throws: `EncodeError` if the frame has the wrong size or cannot be converted.
    func prepare(_ buffer: PixelBuffer, index: Int, reusing recycled: PreparedFrame?) throws -> PreparedFrame
}

/// The analysis half of an `AnalyzingFrameSink`, used by one worker thread at a time.
public protocol FrameAnalyzer: AnyObject, Sendable {
    /// Looks at one rendered frame (in no particular order; frames are spread over workers).
    func analyze(_ buffer: PixelBuffer)
}

/// A frame converted for its sink, on its way from a worker thread to `FrameSink.write(_:)`.
///
/// It holds either an FFmpeg picture (video codecs) or finished bytes (PNG files, raw frames).
/// Ownership moves with the frame: the converter fills it, the pipeline hands it to the
/// writing thread, and only then may it be recycled — never used by two threads at once,
/// hence `@unchecked Sendable`.
public final class PreparedFrame: @unchecked Sendable {
    /// The frame's number in the scene (its presentation timestamp, in frames).
    public internal(set) var index: Int
    /// The picture for video codecs; owned by this object.
    let picture: UnsafeMutablePointer<AVFrame>?
    /// The encoded or raw bytes for byte sinks.
    var bytes: [UInt8]

    /// A frame carrying bytes.
    init(index: Int, bytes: [UInt8]) {
        self.index = index
        self.picture = nil
        self.bytes = bytes
    }

    /// A frame owning an allocated picture of `format` and size, tagged with `colors`.
    init(index: Int, width: Int, height: Int, format: AVPixelFormat, colors: ColorDescription?) throws {
        guard let picture = av_frame_alloc() else {
            throw EncodeError("Allocating a video frame failed: out of memory")
        }
        picture.pointee.format = format.rawValue
        picture.pointee.width = Int32(width)
        picture.pointee.height = Int32(height)
        if let colors { colors.apply(to: picture) }
        let status = av_frame_get_buffer(picture, 0)
        if status < 0 {
            var p: UnsafeMutablePointer<AVFrame>? = picture
            av_frame_free(&p)
            throw EncodeError.ffmpeg(status, while: "Allocating a \(width)×\(height) video frame")
        }
        self.index = index
        self.picture = picture
        self.bytes = []
    }

    /// `recycled` when it holds a picture of `format`, otherwise a new frame, with its picture
    /// made writable: the encoder may still hold a reference to the picture's data from an
    /// earlier frame, and this copies only in that case, so what it holds is never overwritten.
    static func writable(
        reusing recycled: PreparedFrame?, index: Int, width: Int, height: Int, format: AVPixelFormat,
        colors: ColorDescription?
    ) throws -> (frame: PreparedFrame, picture: UnsafeMutablePointer<AVFrame>) {
        let frame: PreparedFrame
        if let recycled, let picture = recycled.picture, picture.pointee.format == format.rawValue {
            frame = recycled
        } else {
            frame = try PreparedFrame(index: index, width: width, height: height, format: format, colors: colors)
        }
        guard let picture = frame.picture else { throw EncodeError("Frame \(index) has no picture to convert into") }
        try check(av_frame_make_writable(picture), "Preparing frame \(index) for encoding")
        frame.index = index
        return (frame, picture)
    }

    deinit {
        var p = picture
        av_frame_free(&p)
    }
}
