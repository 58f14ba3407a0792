import CFFmpeg
import Glibc
import ReelCore

/// Writes every frame as its own PNG file, named by a `FrameNumberPattern` with the frame's
/// number in the scene, into an `AtomicSequenceOutput`'s temporary folder.
///
/// The PNGs are 8-bit RGBA with straight alpha, un-premultiplied with Cairo's rounding, so each
/// equals the PNG `reel still` writes for that frame. Compression happens in the converters,
/// i.e. on the pipeline's worker threads; `write(_:)` only puts the bytes on disk.
public final class PNGSequenceSink: FrameSink {
    /// Where the files go until they are committed.
    public let output: AtomicSequenceOutput
    /// Frame size in pixels.
    public let width: Int, height: Int
    /// How many files have been written.
    public private(set) var framesWritten = 0
    /// Total bytes written, for the summary line.
    public private(set) var bytesWritten = 0
    private var nextIndex: Int?
    private var closed = false
    private var serialConverter: (any FrameConverter)?

    /// Creates a sink writing into `output`'s temporary folder.
    /// - Throws: `EncodeError` if the size is not positive.
    public init(output: AtomicSequenceOutput, width: Int, height: Int) throws {
        guard width > 0, height > 0 else {
            throw EncodeError("The frame size must be positive; got \(width)×\(height) pixels")
        }
        self.output = output
        self.width = width
        self.height = height
    }

    public func makeConverter() throws -> any FrameConverter { try PNGConverter(width: width, height: height) }

    public func write(_ frame: PreparedFrame) throws {
        guard !closed else {
            throw EncodeError("Cannot add a frame to \(output.pattern.pattern): the sequence is closed")
        }
        if let nextIndex, frame.index != nextIndex {
            throw EncodeError("Frame \(frame.index) arrived where frame \(nextIndex) was expected")
        }
        try writeFile(output.temporaryPath(forFrame: frame.index), frame.bytes)
        nextIndex = frame.index + 1
        framesWritten += 1
        bytesWritten += frame.bytes.count
    }

    public func append(_ buffer: PixelBuffer) throws {
        let converter = try serialConverter ?? makeConverter()
        serialConverter = converter
        try write(try converter.prepare(buffer, index: nextIndex ?? 0, reusing: nil))
    }

    /// Nothing is buffered: every file is complete when `write(_:)` returns.
    public func finish() throws { closed = true }

    public func abort() { closed = true }
}

/// Compresses frames to PNG with libavcodec's encoder, one encoder per worker thread.
final class PNGConverter: FrameConverter, @unchecked Sendable {
    private let width: Int, height: Int
    private var context: UnsafeMutablePointer<AVCodecContext>?
    private var picture: UnsafeMutablePointer<AVFrame>?
    private var packet: UnsafeMutablePointer<AVPacket>?

    init(width: Int, height: Int) throws {
        self.width = width
        self.height = height
        reel_av_quiet()
        guard let encoder = avcodec_find_encoder_by_name("png") else {
            throw EncodeError("This FFmpeg build has no PNG encoder, which PNG sequences need")
        }
        context = avcodec_alloc_context3(encoder)
        picture = av_frame_alloc()
        packet = av_packet_alloc()
        guard let context, let picture, packet != nil else {
            release()
            throw EncodeError("Allocating the PNG encoder failed: out of memory")
        }
        context.pointee.width = Int32(width)
        context.pointee.height = Int32(height)
        context.pointee.pix_fmt = AV_PIX_FMT_RGBA
        context.pointee.time_base = AVRational(num: 1, den: 1)
        // Frames are already compressed in parallel, one per worker: one thread each.
        context.pointee.thread_count = 1
        // libpng's own default (what `reel still` gets from Cairo): per-row adaptive filters at
        // zlib level 6. "mixed" is FFmpeg's name for per-row filter choice.
        context.pointee.compression_level = 6
        do {
            try check(av_opt_set(context.pointee.priv_data, "pred", "mixed", 0), "Setting the PNG filter")
            try check(avcodec_open2(context, encoder, nil), "Opening the PNG encoder for \(width)×\(height)")
            picture.pointee.format = AV_PIX_FMT_RGBA.rawValue
            picture.pointee.width = Int32(width)
            picture.pointee.height = Int32(height)
            try check(av_frame_get_buffer(picture, 0), "Allocating a \(width)×\(height) image")
        } catch {
            release()
            throw error
        }
    }

    deinit { release() }

    func prepare(_ buffer: PixelBuffer, index: Int, reusing recycled: PreparedFrame?) throws -> PreparedFrame {
        guard buffer.width == width, buffer.height == height else {
            throw EncodeError(
                "Frame \(index) is \(buffer.width)×\(buffer.height) pixels but the sequence is \(width)×\(height)")
        }
        guard let context, let picture, let packet, let data = picture.pointee.data.0 else {
            throw EncodeError("The PNG encoder is closed")
        }
        try check(av_frame_make_writable(picture), "Preparing frame \(index) for PNG compression")
        writeStraightRGBA(buffer, to: data, stride: Int(picture.pointee.linesize.0))
        picture.pointee.pts = Int64(index)
        try check(avcodec_send_frame(context, picture), "Compressing frame \(index) to PNG")
        try check(avcodec_receive_packet(context, packet), "Compressing frame \(index) to PNG")
        defer { av_packet_unref(packet) }
        let frame = recycled ?? PreparedFrame(index: index, bytes: [])
        frame.index = index
        frame.bytes.removeAll(keepingCapacity: true)
        frame.bytes.append(contentsOf: UnsafeBufferPointer(start: packet.pointee.data, count: Int(packet.pointee.size)))
        return frame
    }

    private func release() {
        avcodec_free_context(&context)
        av_frame_free(&picture)
        av_packet_free(&packet)
    }
}

/// Writes all of `bytes` to `descriptor` with write(2), retrying short writes and interrupted
/// calls, and waiting (a second at a time) while a non-blocking stream is full. Unlike
/// `FileHandle.write`, which traps, a failure (a closed pipe: EPIPE, EBADF) is thrown.
/// - Throws: `EncodeError` naming `path` and why.
public func writeAll(_ descriptor: Int32, _ bytes: [UInt8], path: String) throws {
    try bytes.withUnsafeBytes { raw in
        var offset = 0
        while offset < raw.count {
            let n = Glibc.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN {
                    var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&ready, 1, 1000)
                    continue
                }
                throw EncodeError("Writing \(path) failed: \(String(cString: strerror(errno)))")
            }
            offset += n
        }
    }
}

/// Creates (or truncates) `path` for writing; the descriptor, or an error naming the path and why.
func createFile(_ path: String) throws -> Int32 {
    let descriptor = Glibc.open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw EncodeError("Cannot create \(path): \(String(cString: strerror(errno)))") }
    return descriptor
}

/// Creates `path` and writes `bytes` to it.
func writeFile(_ path: String, _ bytes: [UInt8]) throws {
    let descriptor = try createFile(path)
    do {
        try writeAll(descriptor, bytes, path: path)
    } catch {
        _ = Glibc.close(descriptor)
        throw error
    }
    if Glibc.close(descriptor) != 0 { throw EncodeError("Closing \(path) failed: \(String(cString: strerror(errno)))") }
}
