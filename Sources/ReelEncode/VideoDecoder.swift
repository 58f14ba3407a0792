import CFFmpeg
import ReelCore

/// The colour description a video stream carries, as FFmpeg names it ("bt709", "tv", …).
///
/// "unknown" means the file does not say; players then guess (usually BT.601 for SD, BT.709 for HD).
public struct ColorTags: Sendable, Equatable {
    /// Colour primaries, e.g. "bt709".
    public let primaries: String
    /// Transfer characteristics, e.g. "bt709".
    public let transfer: String
    /// YUV matrix coefficients (FFmpeg's "color_space"), e.g. "bt709" or "smpte170m".
    public let matrix: String
    /// "tv" (limited, 16…235) or "pc" (full, 0…255).
    public let range: String

    /// Creates a set of tags from FFmpeg's names.
    public init(primaries: String, transfer: String, matrix: String, range: String) {
        self.primaries = primaries
        self.transfer = transfer
        self.matrix = matrix
        self.range = range
    }
}

/// Reads the frames of the videos and images Reel reads (MP4, MOV, WebM, GIF, PNG, JPEG, WebP) as
/// premultiplied BGRA `PixelBuffer`s, one after another.
///
/// YUV is converted to RGB with the matrix and range the stream declares (BT.601 when it
/// declares none, as swscale and most players assume), so a BT.709 limited-range file decodes to
/// the colours it was made from. Images with alpha come out premultiplied, as Reel expects.
///
/// Not thread-safe: use a decoder from one thread at a time.
public final class VideoDecoder {
    /// The file being read.
    public let path: String
    /// FFmpeg's name for the stream's codec, e.g. "h264", "png", "mjpeg".
    public let codecName: String
    /// Frame width in pixels, as the stream declares it.
    public let width: Int
    /// Frame height in pixels, as the stream declares it.
    public let height: Int
    /// FFmpeg's name for the stored pixel format, e.g. "yuv420p", "rgba".
    public let pixelFormatName: String
    /// The stream's average frame rate, or its nominal one, or nil when the file gives neither.
    public let frameRate: FrameRate?
    /// The colour tags of the stream.
    public let colorTags: ColorTags
    /// How many frames `nextFrame()` has returned.
    public private(set) var framesDecoded = 0

    private var format: UnsafeMutablePointer<AVFormatContext>?
    private var codec: UnsafeMutablePointer<AVCodecContext>?
    private var frame: UnsafeMutablePointer<AVFrame>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private let streamIndex: Int32
    private let maxPixels: Int
    private var flushing = false
    private var conversion = FrameConversion()

    /// Opens `path` and its best video (or image) stream, as `MediaInput` opens files: the
    /// extension picks the reader, and frames larger than `maxPixels` (or `ImageHeader.maxSide`
    /// on a side) are refused.
    /// - Throws: `EncodeError` if the file cannot be opened, has no video stream, or no decoder exists for it.
    public init(path: String, maxPixels: Int = ImageHeader.maxPixels) throws {
        self.path = path
        self.maxPixels = maxPixels
        // Everything is opened into locals first, so a failure part-way can free exactly what exists.
        var formatContext: UnsafeMutablePointer<AVFormatContext>?
        var context: UnsafeMutablePointer<AVCodecContext>?
        var frame: UnsafeMutablePointer<AVFrame>?
        var packet: UnsafeMutablePointer<AVPacket>?
        do {
            formatContext = try MediaInput.open(path, for: .video, maxPixels: maxPixels)
            guard let formatContext else { throw EncodeError("Opening \(path) failed") }
            var decoder: UnsafePointer<AVCodec>?
            let index = av_find_best_stream(formatContext, AVMEDIA_TYPE_VIDEO, -1, -1, &decoder, 0)
            if index == reel_averror_stream_not_found() {
                throw EncodeError("\(path) has no video or image stream")
            }
            try check(index, "Finding a decoder for the video stream of \(path)")
            guard let decoder, let stream = formatContext.pointee.streams[Int(index)] else {
                throw EncodeError("No decoder is available for the video stream of \(path)")
            }
            streamIndex = index
            let parameters = stream.pointee.codecpar.pointee

            codecName = ffmpegName(avcodec_get_name(parameters.codec_id))
            width = Int(parameters.width)
            height = Int(parameters.height)
            pixelFormatName = ffmpegName(av_get_pix_fmt_name(AVPixelFormat(rawValue: parameters.format)))
            frameRate = VideoDecoder.frameRate(of: stream.pointee)
            colorTags = ColorTags(
                primaries: ffmpegName(av_color_primaries_name(parameters.color_primaries)),
                transfer: ffmpegName(av_color_transfer_name(parameters.color_trc)),
                matrix: ffmpegName(av_color_space_name(parameters.color_space)),
                range: ffmpegName(av_color_range_name(parameters.color_range)))

            context = avcodec_alloc_context3(decoder)
            guard let context else {
                throw EncodeError("Allocating the \(codecName) decoder failed: out of memory")
            }
            try check(
                avcodec_parameters_to_context(context, stream.pointee.codecpar), "Configuring the \(codecName) decoder")
            context.pointee.pkt_timebase = stream.pointee.time_base
            context.pointee.thread_count = 0  // decoding is bit-exact whatever the thread count
            context.pointee.max_pixels = MediaInput.decoderLimit(maxPixels)
            try check(avcodec_open2(context, decoder, nil), "Opening the \(codecName) decoder for \(path)")
            frame = av_frame_alloc()
            packet = av_packet_alloc()
            guard frame != nil, packet != nil else {
                throw EncodeError("Allocating a video frame failed: out of memory")
            }
        } catch {
            avformat_close_input(&formatContext)
            avcodec_free_context(&context)
            av_frame_free(&frame)
            av_packet_free(&packet)
            throw error
        }
        self.format = formatContext
        self.codec = context
        self.frame = frame
        self.packet = packet
    }

    deinit { release() }

    /// Decodes the next frame, or returns nil at the end of the file.
    /// - Throws: `EncodeError` if the file is damaged or a frame cannot be converted.
    public func nextFrame() throws -> PixelBuffer? {
        guard let format, let codec, let frame, let packet else { return nil }
        while true {
            let received = avcodec_receive_frame(codec, frame)
            if received >= 0 {
                defer { av_frame_unref(frame) }
                let buffer = try convert(frame)
                framesDecoded += 1
                return buffer
            }
            if received == reel_averror_eof() {
                release()  // nothing more to read: let go of the file now rather than at deinit
                return nil
            }
            guard received == reel_averror_eagain(), !flushing else {
                try check(received, "Decoding frame \(framesDecoded) of \(path)")
                return nil  // EAGAIN while flushing would be a decoder bug; treat as the end
            }
            // The decoder wants more input.
            let read = av_read_frame(format, packet)
            if read == reel_averror_eof() {
                flushing = true
                try check(avcodec_send_packet(codec, nil), "Flushing the \(codecName) decoder")
                continue
            }
            try check(read, "Reading \(path)")
            defer { av_packet_unref(packet) }
            guard packet.pointee.stream_index == streamIndex else { continue }
            try check(avcodec_send_packet(codec, packet), "Decoding frame \(framesDecoded) of \(path)")
        }
    }

    /// Converts a decoded frame to premultiplied BGRA, each held to the limit the header was
    /// (frames may change size mid-stream).
    private func convert(_ frame: UnsafeMutablePointer<AVFrame>) throws -> PixelBuffer {
        try conversion.convert(frame, label: "Frame \(framesDecoded) of \(path)", name: path, maxPixels: maxPixels)
    }

    /// The average frame rate if the container knows it, else the nominal one.
    private static func frameRate(of stream: AVStream) -> FrameRate? {
        for rate in [stream.avg_frame_rate, stream.r_frame_rate] where rate.num > 0 && rate.den > 0 {
            return FrameRate(numerator: Int(rate.num), denominator: Int(rate.den))
        }
        return nil
    }

    /// Frees every FFmpeg object; safe to call repeatedly.
    private func release() {
        avformat_close_input(&format)
        avcodec_free_context(&codec)
        av_frame_free(&frame)
        av_packet_free(&packet)
        conversion = FrameConversion()
    }
}
