import CFFmpeg
import Glibc
import ReelCore

/// Writes frames to an H.264 MP4 file with libavformat and libx264.
///
/// The file is yuv420p, tagged BT.709 with limited ("TV") range on both the codec and the
/// container, which is what players assume for HD video; the BGRA→YUV conversion uses the same
/// BT.709 matrix, so colours survive the round trip. The `moov` index is moved to the front
/// (`+faststart`) so the file plays while still downloading.
///
/// Frames are streamed: one reusable `AVFrame`, and every `append(_:)` drains the packets the
/// encoder has ready, so memory does not grow with the length of the video. Timestamps count
/// frames (time base = one frame), so the file holds exactly the appended frames at the exact
/// frame rate. Identical input gives a byte-identical file on the same machine (x264 picks its
/// thread count from the number of cores, and the thread count shapes the bitstream).
///
/// Alpha is ignored: premultiplied pixels are what the frame looks like over black.
///
/// Not thread-safe: use an encoder from one thread at a time. If it is released without
/// `finish()`, it behaves as if `abort()` had been called.
public final class VideoEncoder: FrameSink {
    /// The settings this encoder was created with (already validated).
    public let settings: VideoSettings
    /// The file being written.
    public let path: String
    /// How many frames have been appended so far.
    public private(set) var framesWritten = 0

    private enum State { case open, finished, aborted }
    private var state = State.open
    private let frameRate: FrameRate
    private var format: UnsafeMutablePointer<AVFormatContext>?
    private var codec: UnsafeMutablePointer<AVCodecContext>?
    /// Owned by `format`; valid while `format` is.
    private var stream: UnsafeMutablePointer<AVStream>?
    private var frame: UnsafeMutablePointer<AVFrame>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private var converter: ColorConverter?

    /// Validates the settings, creates (or truncates) the file at `path` and writes its header.
    ///
    /// Invalid settings are reported before anything touches the disk. The container is MP4
    /// whatever the extension, so a temporary name from `AtomicOutput` works too.
    /// - Throws: `EncodeError` for invalid settings, a missing encoder, or an unwritable path.
    public init(path: String, settings: VideoSettings) throws {
        try settings.validate()
        self.settings = settings
        self.path = path
        self.frameRate = try settings.frameRate
        // x264 prints statistics at info level for every file; only real errors should reach stderr.
        reel_av_quiet()
        var createdFile = false
        do {
            try open(createdFile: &createdFile)
        } catch {
            release()
            // The caller never gets an encoder to abort, so remove the half-written file here.
            if createdFile { unlink(path) }
            throw error
        }
    }

    deinit { release() }

    /// Sets up the muxer, the encoder, the output file and the reusable frame.
    private func open(createdFile: inout Bool) throws {
        let kind = settings.codec
        guard let encoder = avcodec_find_encoder_by_name(kind.encoderName) else {
            throw EncodeError(
                "This FFmpeg build has no \(kind.encoderName) encoder, which \(kind.displayName) output needs")
        }
        let pixelFormat = av_get_pix_fmt(kind.pixelFormatName)

        var formatContext: UnsafeMutablePointer<AVFormatContext>?
        try check(
            avformat_alloc_output_context2(&formatContext, nil, kind.containerName, path),
            "Setting up an \(kind.containerName.uppercased()) container for \(path)")
        guard let formatContext else { throw EncodeError("Setting up the container for \(path) failed") }
        format = formatContext
        guard let stream = avformat_new_stream(formatContext, nil) else {
            throw EncodeError("Adding a video stream to \(path) failed: out of memory")
        }
        self.stream = stream
        guard let context = avcodec_alloc_context3(encoder) else {
            throw EncodeError("Allocating the \(kind.encoderName) encoder failed: out of memory")
        }
        codec = context

        context.pointee.width = Int32(settings.width)
        context.pointee.height = Int32(settings.height)
        context.pointee.pix_fmt = pixelFormat
        // One tick per frame: the frame index is the timestamp, so no rounding can drop or repeat frames.
        context.pointee.time_base = frameRate.frameDuration
        context.pointee.framerate = frameRate.rational
        context.pointee.color_primaries = AVCOL_PRI_BT709
        context.pointee.color_trc = AVCOL_TRC_BT709
        context.pointee.colorspace = AVCOL_SPC_BT709
        context.pointee.color_range = AVCOL_RANGE_MPEG
        // 0 = let x264 pick (≈1.5 × cores). Its frame threading is deterministic for a given count:
        // libavcodec never enables x264's --non-deterministic.
        context.pointee.thread_count = 0
        if formatContext.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER != 0 {
            context.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER
        }
        try check(
            av_opt_set(context.pointee.priv_data, "crf", String(settings.crf), 0),
            "Setting crf \(settings.crf) on \(kind.encoderName)")
        try check(
            av_opt_set(context.pointee.priv_data, "preset", settings.preset, 0),
            "Setting preset \"\(settings.preset)\" on \(kind.encoderName)")
        try applyDeterminismWorkarounds(to: context)
        try check(
            avcodec_open2(context, encoder, nil),
            "Opening the \(kind.encoderName) encoder for \(settings.width)×\(settings.height) at \(frameRate) fps")

        // The stream copies the codec's parameters, including the colour tags, into the container.
        try check(
            avcodec_parameters_from_context(stream.pointee.codecpar, context),
            "Copying the encoder parameters to the \(kind.containerName) stream")
        stream.pointee.time_base = context.pointee.time_base  // a hint; the muxer may pick a finer one
        stream.pointee.avg_frame_rate = frameRate.rational
        stream.pointee.r_frame_rate = frameRate.rational

        var io: UnsafeMutablePointer<AVIOContext>?
        try check(avio_open(&io, path, AVIO_FLAG_WRITE), "Opening \(path) for writing")
        createdFile = true
        formatContext.pointee.pb = io

        // movflags is an option of the MP4 muxer itself, so it must go in through write_header.
        var options: OpaquePointer?
        defer { av_dict_free(&options) }
        av_dict_set(&options, "movflags", "+faststart", 0)
        try check(avformat_write_header(formatContext, &options), "Writing the \(kind.containerName) header to \(path)")
        if av_dict_count(options) != 0 {
            throw EncodeError("The \(kind.containerName) muxer did not accept the +faststart movflag")
        }

        guard let frame = av_frame_alloc(), let packet = av_packet_alloc() else {
            throw EncodeError("Allocating a video frame failed: out of memory")
        }
        self.frame = frame
        self.packet = packet
        frame.pointee.format = pixelFormat.rawValue
        frame.pointee.width = context.pointee.width
        frame.pointee.height = context.pointee.height
        frame.pointee.color_primaries = AVCOL_PRI_BT709
        frame.pointee.color_trc = AVCOL_TRC_BT709
        frame.pointee.colorspace = AVCOL_SPC_BT709
        frame.pointee.color_range = AVCOL_RANGE_MPEG
        try check(av_frame_get_buffer(frame, 0), "Allocating a \(settings.width)×\(settings.height) video frame")

        // Reel's frames are full-range RGB; the file is limited-range BT.709. FULL_CHR_H_INP
        // computes chroma per pixel before subsampling it, which keeps coloured edges clean.
        converter = try ColorConverter(
            width: context.pointee.width, height: context.pointee.height,
            from: AV_PIX_FMT_BGRA, fullRange: true, to: pixelFormat, fullRange: false,
            matrix: AVCOL_SPC_BT709, flags: SWS_BICUBIC | SWS_FULL_CHR_H_INP)
    }

    /// Encoder options that keep identical input producing identical files.
    ///
    /// libx264 0.164 (Debian 12) is not deterministic when it uses its AVX-512 functions: the
    /// same frames encoded twice in one process gave files of different sizes, apparently depending
    /// on what earlier allocations left in reused heap memory (seen on an AMD EPYC; reproducible
    /// with `asm=AVX512`, gone with `asm=AVX2` over hundreds of encodes). Every CPU with AVX-512
    /// has AVX2, so capping x264 there is safe; it costs about 10% CPU time. x264's threading
    /// stays on: its frame threads are deterministic for a given thread count.
    private func applyDeterminismWorkarounds(to context: UnsafeMutablePointer<AVCodecContext>) throws {
        switch settings.codec {
        case .h264:
            if av_get_cpu_flags() & AV_CPU_FLAG_AVX512 != 0 {
                try check(
                    av_opt_set(context.pointee.priv_data, "x264-params", "asm=AVX2", 0),
                    "Limiting libx264 to AVX2 instructions")
            }
        }
    }

    /// Converts and encodes one frame, writing whatever packets the encoder has ready.
    /// - Throws: `EncodeError` if the frame size differs from the settings, the encoder has
    ///   been finished or aborted, or encoding/writing fails.
    public func append(_ buffer: PixelBuffer) throws {
        guard state == .open, let codec, let frame, let converter else {
            throw EncodeError("Cannot add a frame to \(path): the encoder was already \(stateDescription)")
        }
        guard buffer.width == settings.width, buffer.height == settings.height else {
            throw EncodeError(
                "Frame \(framesWritten) is \(buffer.width)×\(buffer.height) pixels but the video is "
                    + "\(settings.width)×\(settings.height)")
        }
        // The encoder may still hold a reference to the previous picture; this copies only if so.
        try check(av_frame_make_writable(frame), "Preparing frame \(framesWritten) for encoding")
        converter.convert(buffer, into: frame)
        frame.pointee.pts = Int64(framesWritten)
        try check(avcodec_send_frame(codec, frame), "Encoding frame \(framesWritten) of \(path)")
        framesWritten += 1
        try writeReadyPackets()
    }

    /// Flushes the encoder's delayed frames, writes the MP4 index and closes the file.
    ///
    /// Calling it again after it succeeded does nothing.
    /// - Throws: `EncodeError` if the encoder was aborted or the remaining data cannot be written.
    public func finish() throws {
        if state == .finished { return }
        guard state == .open, let codec, let format else {
            throw EncodeError("Cannot finish \(path): the encoder was already \(stateDescription)")
        }
        try check(avcodec_send_frame(codec, nil), "Flushing the \(settings.codec.encoderName) encoder")
        try writeReadyPackets()
        try check(av_write_trailer(format), "Finishing \(path) (writing the index and moving it to the front)")
        try check(avio_closep(&format.pointee.pb), "Closing \(path)")
        state = .finished
        release()
    }

    /// Closes the file without completing it and frees everything. Idempotent.
    ///
    /// The file left at `path` is not playable; delete it (e.g. `AtomicOutput.discard()`).
    public func abort() {
        guard state == .open else { return }
        state = .aborted
        release()
    }

    /// Moves every packet the encoder has finished into the file.
    private func writeReadyPackets() throws {
        guard let codec, let packet, let format, let stream else { return }
        while true {
            let status = avcodec_receive_packet(codec, packet)
            if status == reel_averror_eagain() || status == reel_averror_eof() { return }
            try check(status, "Encoding \(path)")
            // Each packet is one frame long, in the codec's one-tick-per-frame time base, so set it
            // before rescaling. libavcodec 5.1 happens to fill this in for libx264 too, but the MP4's
            // last sample (and so duration = frames/fps) depends on it, so it is not left to chance.
            packet.pointee.duration = 1
            av_packet_rescale_ts(packet, codec.pointee.time_base, stream.pointee.time_base)
            packet.pointee.stream_index = stream.pointee.index
            // Takes over the packet's data (and resets it) whether or not it succeeds.
            try check(av_interleaved_write_frame(format, packet), "Writing video data to \(path)")
        }
    }

    /// Frees every FFmpeg object; safe to call repeatedly.
    private func release() {
        if let format {
            if format.pointee.pb != nil { avio_closep(&format.pointee.pb) }
            avformat_free_context(format)
            self.format = nil
            stream = nil
        }
        avcodec_free_context(&codec)
        av_frame_free(&frame)
        av_packet_free(&packet)
        converter = nil
    }

    private var stateDescription: String {
        switch state {
        case .open: "closed after an error"
        case .finished: "finished"
        case .aborted: "aborted"
        }
    }
}
