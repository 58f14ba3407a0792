import CFFmpeg
import Foundation
import Glibc
import ReelCore

/// Writes frames to a video file with libavformat and one of Reel's codecs: H.264 or HEVC in
/// MP4/MOV, ProRes 4444 in MOV, VP9 in WebM, GIF.
///
/// YUV files are tagged BT.709 with limited ("TV") range on both the codec and the container,
/// which is what players assume for HD video, and the BGRA→YUV conversion uses the same matrix,
/// so colours survive the round trip. MP4 and MOV get their index at the front (`+faststart`).
///
/// Frames are streamed: every `write(_:)` drains the packets the encoder has ready, so memory
/// does not grow with the length of the video. Timestamps count frames (time base = one frame,
/// starting at `settings.startFrame`), so the file holds exactly the written frames at the exact
/// frame rate. Identical input gives a byte-identical file on any machine: the encoder's thread
/// count (which shapes x264's and x265's bitstream) is fixed per codec
/// (`VideoCodec.pinnedEncoderThreads`), never taken from the cores or the drawing threads.
///
/// With `settings.chunkFrames`, a fresh encoder starts at every chunk of a fixed grid, so each
/// chunk is a closed GOP encoded the same way whether the file holds the whole render or one
/// segment of it; `writeCopied(_:)` then joins segments by copying packets (`VideoPacketReader`).
///
/// Conversion happens in `FrameConverter`s (`makeConverter()`), one per worker thread, so the
/// `FramePipeline` can convert frames in parallel; `append(_:)` converts on the calling thread.
/// A GIF needs its palette first: run the frames through `makeAnalyzer()` and
/// `completeAnalysis(_:)` (the pipeline does) before converting any.
///
/// Not thread-safe apart from its converters: write from one thread at a time. If it is released
/// without `finish()`, it behaves as if `abort()` had been called.
public final class VideoEncoder: AnalyzingFrameSink {
    /// The settings this encoder was created with (already validated).
    public let settings: VideoSettings
    /// The file being written.
    public let path: String
    /// How many frames have been written so far.
    public private(set) var framesWritten = 0

    private enum State { case open, finished, aborted }
    private var state = State.open
    private let frameRate: FrameRate
    private let pixelFormat: AVPixelFormat
    private var format: UnsafeMutablePointer<AVFormatContext>?
    private var codec: UnsafeMutablePointer<AVCodecContext>?
    /// Owned by `format`; valid while `format` is.
    private var stream: UnsafeMutablePointer<AVStream>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    /// The GIF palette, once the analysis pass has chosen it.
    private var palette: GIFPalette?
    /// For `append(_:)`: a converter and a picture reused from frame to frame.
    private var serialConverter: (any FrameConverter)?
    private var serialFrame: PreparedFrame?
    /// The first frame of the chunk being encoded, and the packets it has given so far.
    private var chunkStart = 0, packetsInChunk = 0
    /// How many frames the encoder may hold back to reorder (its B-frame pyramid's depth).
    private(set) var reorderDelay = 0
    /// The previous chunk's encoder being finished on a thread of its own (see `restartCodec`).
    private var draining: ChunkDrain?
    /// Packets of the current chunk waiting for the previous chunk's to be written.
    private var held: [UnsafeMutablePointer<AVPacket>] = []
    /// The soundtrack, its stream (owned by `format`) and the next of its packets to write.
    private let audio: EncodedAudio?
    private var audioStream: UnsafeMutablePointer<AVStream>?
    private var nextAudioPacket = 0

    /// Validates the settings, creates (or truncates) the file at `path` and writes its header.
    ///
    /// Invalid settings are reported before anything touches the disk. The container follows
    /// `settings.container` whatever the extension, so a temporary name from `AtomicOutput` works too.
    /// `audio` (encoded for this video's timeline) becomes a second stream, interleaved with the
    /// frames by time as they are written.
    /// - Throws: `EncodeError` for invalid settings, a missing encoder, or an unwritable path.
    public init(path: String, settings: VideoSettings, audio: EncodedAudio? = nil) throws {
        AllocatorTuning.apply
        try settings.validate()
        if audio != nil, settings.container.audioCodec == nil {
            throw EncodeError("A \(settings.container.displayName) has no sound: it cannot hold a soundtrack")
        }
        self.settings = settings
        self.path = path
        self.audio = audio
        self.frameRate = try settings.frameRate
        self.pixelFormat = av_get_pix_fmt(settings.pixelFormatName)
        // Encoders print statistics at info level for every file; only real errors should reach stderr.
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

    /// Sets up the muxer, the encoder, the output file and the container header.
    private func open(createdFile: inout Bool) throws {
        let kind = settings.codec
        let container = settings.container
        guard let encoder = avcodec_find_encoder_by_name(kind.encoderName) else {
            throw EncodeError(
                "This FFmpeg build has no \(kind.encoderName) encoder, which \(kind.displayName) output needs")
        }
        var formatContext: UnsafeMutablePointer<AVFormatContext>?
        try check(
            avformat_alloc_output_context2(&formatContext, nil, container.muxerName, path),
            "Setting up a \(container.displayName) container for \(path)")
        guard let formatContext else { throw EncodeError("Setting up the container for \(path) failed") }
        format = formatContext
        // Without this the WebM muxer writes random segment and track IDs, so the same frames
        // would not give the same file (MP4 and MOV only lose the muxer's version string).
        formatContext.pointee.flags |= AVFMT_FLAG_BITEXACT
        guard let stream = avformat_new_stream(formatContext, nil) else {
            throw EncodeError("Adding a video stream to \(path) failed: out of memory")
        }
        self.stream = stream
        let context = try openCodec(
            encoder, globalHeader: formatContext.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER != 0)
        codec = context
        chunkStart = settings.startFrame
        // x264 reports 2 with a B-pyramid (its default), x265 may report nothing: 2 is the depth of
        // both encoders' pyramids at every preset but placebo's, and deeper reordering is caught.
        reorderDelay = kind.reordersFrames ? max(2, Int(context.pointee.has_b_frames)) : 0

        // The stream copies the codec's parameters, including the colour tags, into the container.
        try check(
            avcodec_parameters_from_context(stream.pointee.codecpar, context),
            "Copying the encoder parameters to the \(container.displayName) stream")
        configure(stream)
        stream.pointee.time_base = context.pointee.time_base  // a hint; the muxer may pick a finer one
        stream.pointee.avg_frame_rate = frameRate.rational
        stream.pointee.r_frame_rate = frameRate.rational
        if let audio {
            guard let sound = avformat_new_stream(formatContext, nil) else {
                throw EncodeError("Adding an audio stream to \(path) failed: out of memory")
            }
            try check(
                avcodec_parameters_copy(sound.pointee.codecpar, audio.parameters), "Copying the soundtrack's parameters"
            )
            sound.pointee.time_base = audio.timeBase  // a hint, as for the video
            audioStream = sound
        }

        var io: UnsafeMutablePointer<AVIOContext>?
        try check(avio_open(&io, path, AVIO_FLAG_WRITE), "Opening \(path) for writing")
        createdFile = true
        formatContext.pointee.pb = io

        // movflags is an option of the MP4/MOV muxer itself, so it must go in through write_header.
        var options: OpaquePointer?
        defer { av_dict_free(&options) }
        if container.supportsFastStart { av_dict_set(&options, "movflags", "+faststart", 0) }
        if let comment = settings.comment { av_dict_set(&formatContext.pointee.metadata, "comment", comment, 0) }
        try check(
            avformat_write_header(formatContext, &options), "Writing the \(container.displayName) header to \(path)")
        if av_dict_count(options) != 0 {
            throw EncodeError("The \(container.displayName) muxer did not accept the +faststart movflag")
        }
        guard let packet = av_packet_alloc() else { throw EncodeError("Allocating a packet failed: out of memory") }
        self.packet = packet
    }

    /// Allocates, configures and opens an encoder for these settings.
    private func openCodec(_ encoder: UnsafePointer<AVCodec>, globalHeader: Bool) throws -> UnsafeMutablePointer<
        AVCodecContext
    > {
        let kind = settings.codec
        guard let context = avcodec_alloc_context3(encoder) else {
            throw EncodeError("Allocating the \(kind.encoderName) encoder failed: out of memory")
        }
        do {
            context.pointee.width = Int32(settings.width)
            context.pointee.height = Int32(settings.height)
            context.pointee.pix_fmt = pixelFormat
            // One tick per frame: the frame number is the timestamp, so no rounding can drop or repeat frames.
            context.pointee.time_base = frameRate.frameDuration
            context.pointee.framerate = frameRate.rational
            if kind.isYUV { ColorDescription.bt709.apply(to: context) }
            // Reel's yuv420p sites chroma at each 2×2 block's centre (docs/color.md); untagged,
            // H.264 and HEVC mean the left column.
            if pixelFormat == AV_PIX_FMT_YUV420P { context.pointee.chroma_sample_location = AVCHROMA_LOC_CENTER }
            if globalHeader { context.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER }
            try configure(context)
            try check(
                avcodec_open2(context, encoder, nil),
                "Opening the \(kind.encoderName) encoder for \(settings.width)×\(settings.height) at \(frameRate) fps")
        } catch {
            var freed: UnsafeMutablePointer<AVCodecContext>? = context
            avcodec_free_context(&freed)
            throw error
        }
        return context
    }

    /// The largest frame (pixels) whose chunk drain overlaps the next chunk's encoder.
    static let overlapLimit = 4_000_000

    /// Whether frame `index` starts a chunk that needs a fresh encoder (see `VideoSettings.chunkFrames`).
    private func startsChunk(_ index: Int) -> Bool {
        guard let size = settings.chunkFrames, settings.codec.restartsAtChunks, index != settings.startFrame else {
            return false
        }
        // A short last chunk joins the one before (ChunkGrid.startsChunk, the same rule).
        if let end = settings.chunkEnd, 2 * (end - index) <= size { return false }
        return (index - settings.chunkOrigin) % size == 0
    }

    /// Hands the current encoder to a thread that finishes it (its delayed frames) and opens a
    /// fresh one, so the next frame starts a closed GOP exactly as it would at the start of a segment.
    ///
    /// Finishing an encoder runs its frame threads dry (x264 holds ~40 frames of look-ahead); doing
    /// it here would leave a core idle at every chunk (measured: 1.6× the wall time with 2 s
    /// chunks). The new chunk's packets wait in `held` until the old chunk's are written.
    private func restartCodec(at nextFrame: Int) throws {
        guard let codec, let format, let encoder = codec.pointee.codec else { return }
        try completeDrain(wait: true)
        let drain = ChunkDrain(codec: codec, chunkStart: chunkStart, packetsOut: packetsInChunk, encoder: self)
        self.codec = nil
        draining = drain
        drain.start()
        // Above 4 MP the two encoders together hold too much (a 4K x264 keeps hundreds of MB of
        // look-ahead): the old one is finished before the new one opens. Drawing goes on ahead
        // meanwhile, so the cores are not idle.
        if settings.width * settings.height > Self.overlapLimit { try completeDrain(wait: true) }
        self.codec = try openCodec(
            encoder, globalHeader: format.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER != 0)
        (chunkStart, packetsInChunk) = (nextFrame, 0)
    }

    /// Writes the finished chunk's packets and then the held ones, once the drain is done (or
    /// after waiting for it).
    private func completeDrain(wait: Bool) throws {
        guard let drain = draining else { return }
        guard wait || drain.isDone else { return }
        let packets = try drain.result()
        draining = nil
        try emit(packets)
        let waiting = held
        held = []
        try emit(waiting)
    }

    // MARK: - FrameSink

    /// Whether the frames must be analysed before conversion: true for GIF until its palette is chosen.
    public var needsAnalysis: Bool { settings.codec == .gif && palette == nil }

    public func makeAnalyzer() -> any FrameAnalyzer { GIFPaletteAnalyzer(transparent: settings.storesAlpha) }

    public func completeAnalysis(_ analyzers: [any FrameAnalyzer]) throws {
        guard settings.codec == .gif else { return }
        palette = try GIFPalette(analyzers.compactMap { $0 as? GIFPaletteAnalyzer })
    }

    /// A converter from rendered frames to this encoder's pictures, for one worker thread.
    /// - Throws: `EncodeError` if a GIF's palette has not been chosen yet or its lookup cannot be
    ///   allocated, or swscale cannot convert.
    public func makeConverter() throws -> any FrameConverter {
        if settings.codec == .gif {
            guard let palette else {
                throw EncodeError(
                    "A GIF's palette comes from all its frames: analyse them (completeAnalysis) before converting")
            }
            return try GIFConverter(
                width: settings.width, height: settings.height, palette: palette, dither: settings.dither ?? .bayer)
        }
        return try PictureConverter(
            width: settings.width, height: settings.height, format: pixelFormat, alpha: settings.storesAlpha)
    }

    /// Encodes one converted frame, writing whatever packets the encoder has ready.
    /// - Throws: `EncodeError` if the frame is out of order or not from this encoder's converters,
    ///   the encoder has been finished or aborted, or encoding/writing fails.
    public func write(_ frame: PreparedFrame) throws {
        guard state == .open, self.codec != nil else {
            throw EncodeError("Cannot add a frame to \(path): the encoder was already \(stateDescription)")
        }
        let expected = settings.startFrame + framesWritten
        guard frame.index == expected else {
            throw EncodeError("Frame \(frame.index) arrived where frame \(expected) of \(path) was expected")
        }
        guard let picture = frame.picture, picture.pointee.format == pixelFormat.rawValue,
            picture.pointee.width == Int32(settings.width), picture.pointee.height == Int32(settings.height)
        else {
            throw EncodeError("Frame \(frame.index) was not converted for \(path)")
        }
        if startsChunk(frame.index) { try restartCodec(at: frame.index) }
        guard let codec = self.codec else { throw EncodeError("The encoder of \(path) is gone") }
        picture.pointee.pts = Int64(frame.index)
        try check(avcodec_send_frame(codec, picture), "Encoding frame \(frame.index) of \(path)")
        framesWritten += 1
        try writeReadyPackets()
    }

    /// Converts and encodes one frame on the calling thread.
    /// - Throws: `EncodeError` if the frame size differs from the settings, the encoder has
    ///   been finished or aborted, or encoding/writing fails.
    public func append(_ buffer: PixelBuffer) throws {
        guard state == .open else {
            throw EncodeError("Cannot add a frame to \(path): the encoder was already \(stateDescription)")
        }
        guard buffer.width == settings.width, buffer.height == settings.height else {
            throw EncodeError(
                "Frame \(framesWritten) is \(buffer.width)×\(buffer.height) pixels but the video is "
                    + "\(settings.width)×\(settings.height)")
        }
        let converter = try serialConverter ?? makeConverter()
        serialConverter = converter
        let frame = try converter.prepare(buffer, index: settings.startFrame + framesWritten, reusing: serialFrame)
        serialFrame = frame
        try write(frame)
    }

    /// Flushes the encoder's delayed frames, writes the container's index and closes the file.
    ///
    /// Calling it again after it succeeded does nothing.
    /// - Throws: `EncodeError` if the encoder was aborted or the remaining data cannot be written.
    public func finish() throws {
        if state == .finished { return }
        guard state == .open, let codec, let format else {
            throw EncodeError("Cannot finish \(path): the encoder was already \(stateDescription)")
        }
        try completeDrain(wait: true)
        try check(avcodec_send_frame(codec, nil), "Flushing the \(settings.codec.encoderName) encoder")
        try writeReadyPackets()
        try writeAudio(before: nil)
        try check(av_write_trailer(format), "Finishing \(path) (writing the index)")
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

    /// Moves every packet the encoder has finished into the file (or into `held` while an earlier
    /// chunk is still being finished).
    private func writeReadyPackets() throws {
        guard let codec else { return }
        let packets = try collectPackets(from: codec, chunkStart: chunkStart, count: &packetsInChunk)
        if draining != nil { try completeDrain(wait: false) }
        if draining != nil { held += packets } else { try emit(packets) }
    }

    /// Receives every ready packet of `codec` with Reel's timestamps and flags set, in the codec's
    /// time base. Called from the writer and from a `ChunkDrain`'s thread (each with its own codec).
    func collectPackets(from codec: UnsafeMutablePointer<AVCodecContext>, chunkStart: Int, count: inout Int) throws
        -> [UnsafeMutablePointer<AVPacket>]
    {
        var packets: [UnsafeMutablePointer<AVPacket>] = []
        do {
            while true {
                guard let packet = av_packet_alloc() else {
                    throw EncodeError("Allocating a packet failed: out of memory")
                }
                packets.append(packet)
                let status = avcodec_receive_packet(codec, packet)
                if status == reel_averror_eagain() || status == reel_averror_eof() {
                    var last: UnsafeMutablePointer<AVPacket>? = packets.removeLast()
                    av_packet_free(&last)
                    return packets
                }
                try check(status, "Encoding \(path)")
                // Each packet is one frame long, in the codec's one-tick-per-frame time base, so set it
                // before rescaling: the container's last sample (and so duration = frames/fps) depends on it.
                packet.pointee.duration = 1
                // Only the keyframe flag survives a trip through a file (x264's "disposable" flag would
                // become an sdtp box that a stream copy cannot reproduce), so it is all that is kept.
                packet.pointee.flags &= AV_PKT_FLAG_KEY
                if settings.codec.reordersFrames {
                    // Decoding timestamps are counted here rather than taken from the encoder: x265 makes
                    // up garbage ones for a chunk shorter than its B-frame delay, which changed from run to
                    // run. Packets come in decoding order, so the n-th of a chunk decodes at its start
                    // + n − the reorder delay, the same in a whole render and in a segment.
                    packet.pointee.dts = Int64(chunkStart + count - reorderDelay)
                    guard packet.pointee.dts <= packet.pointee.pts else {
                        throw EncodeError(
                            "\(settings.codec.encoderName) reordered frames more deeply than the \(reorderDelay) frames "
                                + "expected (frame \(packet.pointee.pts) of \(path)); a slower preset may need a deeper delay"
                        )
                    }
                }
                count += 1
            }
        } catch {
            Self.free(packets)
            throw error
        }
    }

    /// Writes packets from `collectPackets` into the file and frees them.
    private func emit(_ packets: [UnsafeMutablePointer<AVPacket>]) throws {
        defer { Self.free(packets) }
        guard let format, let stream else { return }
        for packet in packets {
            try writeAudio(before: packet.pointee.dts)
            av_packet_rescale_ts(packet, frameRate.frameDuration, stream.pointee.time_base)
            packet.pointee.stream_index = stream.pointee.index
            // Takes over the packet's data (and resets it) whether or not it succeeds.
            try check(av_interleaved_write_frame(format, packet), "Writing video data to \(path)")
        }
    }

    static func free(_ packets: [UnsafeMutablePointer<AVPacket>]) {
        for packet in packets {
            var owned: UnsafeMutablePointer<AVPacket>? = packet
            av_packet_free(&owned)
        }
    }

    /// Writes a packet read from another file: the same fields `writeReadyPackets` sets.
    func writeCopiedPacket(_ copied: CopiedPacket) throws {
        guard state == .open, let codec, let format, let stream else {
            throw EncodeError("Cannot add a packet to \(path): the encoder was already \(stateDescription)")
        }
        guard let packet = av_packet_alloc() else { throw EncodeError("Allocating a packet failed: out of memory") }
        var owned: UnsafeMutablePointer<AVPacket>? = packet
        defer { av_packet_free(&owned) }
        try check(av_new_packet(packet, Int32(copied.data.count)), "Allocating a packet for \(path)")
        copied.data.withUnsafeBufferPointer { source in
            if let base = source.baseAddress { packet.pointee.data.update(from: base, count: source.count) }
        }
        for item in copied.sideData {
            guard
                let target = av_packet_new_side_data(
                    packet, AVPacketSideDataType(rawValue: item.type), item.bytes.count)
            else {
                throw EncodeError("Allocating packet side data failed: out of memory")
            }
            item.bytes.withUnsafeBufferPointer { source in
                if let base = source.baseAddress { target.update(from: base, count: source.count) }
            }
        }
        packet.pointee.pts = copied.pts
        packet.pointee.dts = copied.dts
        packet.pointee.duration = 1
        packet.pointee.flags = copied.isKeyframe ? AV_PKT_FLAG_KEY : 0
        try writeAudio(before: copied.dts)
        av_packet_rescale_ts(packet, codec.pointee.time_base, stream.pointee.time_base)
        packet.pointee.stream_index = stream.pointee.index
        try check(av_interleaved_write_frame(format, packet), "Writing video data to \(path)")
        framesWritten += 1
    }

    /// Writes the soundtrack's packets that decode before video decoding timestamp `dts` (in
    /// frames; nil: all that are left), so the file is interleaved by time the same way whether
    /// its frames were encoded here or copied (`reel concat`).
    private func writeAudio(before dts: Int64?) throws {
        guard let audio, let format, let audioStream else { return }
        while nextAudioPacket < audio.packets.count {
            let source = audio.packets[nextAudioPacket]
            let audioDTS = source.pointee.dts == reel_av_nopts_value() ? source.pointee.pts : source.pointee.dts
            if let dts, av_compare_ts(audioDTS, audio.timeBase, dts, frameRate.frameDuration) >= 0 { return }
            guard let packet = av_packet_clone(source) else {
                throw EncodeError("Allocating a packet failed: out of memory")
            }
            var owned: UnsafeMutablePointer<AVPacket>? = packet
            defer { av_packet_free(&owned) }
            av_packet_rescale_ts(packet, audio.timeBase, audioStream.pointee.time_base)
            packet.pointee.stream_index = audioStream.pointee.index
            nextAudioPacket += 1
            try check(av_interleaved_write_frame(format, packet), "Writing audio data to \(path)")
        }
    }

    /// Frees every FFmpeg object; safe to call repeatedly.
    private func release() {
        // The drain thread uses its own encoder and never this object's muxer: wait, then free.
        if let drain = draining { Self.free((try? drain.result()) ?? []) }
        draining = nil
        Self.free(held)
        held = []
        if let format {
            if format.pointee.pb != nil { avio_closep(&format.pointee.pb) }
            avformat_free_context(format)
            self.format = nil
            stream = nil
            audioStream = nil
        }
        avcodec_free_context(&codec)
        av_packet_free(&packet)
        serialConverter = nil
        serialFrame = nil
    }

    private var stateDescription: String {
        switch state {
        case .open: "closed after an error"
        case .finished: "finished"
        case .aborted: "aborted"
        }
    }
}
