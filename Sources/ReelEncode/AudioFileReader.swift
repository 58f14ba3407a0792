import CFFmpeg
import Foundation
import ReelCore

/// What an audio file holds, as far as a soundtrack cares.
public struct AudioFileInfo: Sendable, Equatable {
    /// FFmpeg's name of the codec ("mp3", "aac", "pcm_s16le", "opus" …).
    public var codecName: String
    public var sampleRate: Int
    public var channels: Int
    /// Seconds, when the container says.
    public var duration: Double?
}

/// Reads the first audio stream of an audio or video file (opened by `MediaInput`'s rules), as
/// 48 kHz interleaved `Float` samples (mono stays mono; two or more channels become stereo).
///
/// Samples are taken in decoding order from the file's first one: timestamps inside the file
/// are not trusted (an MP3's or an AAC file's priming is dropped by the decoder already).
final class AudioFileReader {
    let path: String
    /// Channels of the samples handed out: 1 or 2.
    private(set) var channels = 0
    private var format: UnsafeMutablePointer<AVFormatContext>?
    private var codec: UnsafeMutablePointer<AVCodecContext>?
    private var resampler: OpaquePointer?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private var frame: UnsafeMutablePointer<AVFrame>?
    private var streamIndex: Int32 = -1

    /// Opens `path` and its audio decoder.
    /// - Throws: `EncodeError` when the file cannot be read, has no audio, or no decoder for it.
    init(path: String) throws {
        self.path = path
        let context = try MediaInput.open(path, for: .audio)
        format = context
        do {
            var decoder: UnsafePointer<AVCodec>?
            let status = av_find_best_stream(context, AVMEDIA_TYPE_AUDIO, -1, -1, &decoder, 0)
            guard status >= 0, let stream = context.pointee.streams[Int(status)] else {
                throw EncodeError("\(path) has no audio stream")
            }
            streamIndex = status
            let parameters = stream.pointee.codecpar!
            guard let decoder else {
                throw EncodeError(
                    "\(path): this FFmpeg cannot decode its audio (\(ffmpegName(avcodec_get_name(parameters.pointee.codec_id))))"
                )
            }
            guard let codec = avcodec_alloc_context3(decoder) else {
                throw EncodeError("Allocating an audio decoder failed: out of memory")
            }
            self.codec = codec
            try check(avcodec_parameters_to_context(codec, parameters), "Setting up the audio decoder for \(path)")
            try check(
                avcodec_open2(codec, decoder, nil),
                "Opening the \(ffmpegName(decoder.pointee.name)) decoder for \(path)")
            let inputChannels = Int(codec.pointee.ch_layout.nb_channels)
            guard inputChannels > 0, codec.pointee.sample_rate > 0 else {
                throw EncodeError("\(path): its audio stream has no channels or no sample rate")
            }
            channels = min(inputChannels, 2)
            packet = av_packet_alloc()
            frame = av_frame_alloc()
            guard packet != nil, frame != nil else {
                throw EncodeError("Allocating audio buffers failed: out of memory")
            }
        } catch {
            release()
            throw error
        }
    }

    deinit { release() }

    /// What the file holds; decodes its first frame, so a file that only looks like audio fails here.
    /// - Throws: `EncodeError` saying why the file cannot be used.
    static func probe(path: String) throws -> AudioFileInfo {
        let reader = try AudioFileReader(path: path)
        var decoded = false
        try reader.read { _ in
            decoded = true
            return false
        }
        guard decoded else { throw EncodeError("\(path): no audio could be decoded from it") }
        return reader.info
    }

    /// The stream's codec, rate, channels and duration.
    var info: AudioFileInfo {
        let stream = format!.pointee.streams[Int(streamIndex)]!
        let parameters = stream.pointee.codecpar.pointee
        var duration: Double?
        if stream.pointee.duration > 0 {
            duration = Double(stream.pointee.duration) * av_q2d(stream.pointee.time_base)
        } else if format!.pointee.duration > 0 {
            duration = Double(format!.pointee.duration) / Double(AV_TIME_BASE)
        }
        return AudioFileInfo(
            codecName: ffmpegName(avcodec_get_name(parameters.codec_id)), sampleRate: Int(parameters.sample_rate),
            channels: Int(parameters.ch_layout.nb_channels), duration: duration)
    }

    /// Calls `body` with runs of interleaved 48 kHz samples, in order, until it returns false or
    /// the file ends (the resampler's last samples included).
    /// - Throws: `EncodeError` when the file is damaged beyond what the decoder skips, or `body`'s error.
    func read(_ body: ([Float]) throws -> Bool) throws {
        guard let format, let codec, let packet, let frame else { throw EncodeError("\(path) is closed") }
        var sentEnd = false
        while true {
            let received = avcodec_receive_frame(codec, frame)
            if received >= 0 {
                defer { av_frame_unref(frame) }
                let samples = try convert(frame)
                if !samples.isEmpty, try !body(samples) { return }
                continue
            }
            if received == reel_averror_eof() { break }
            guard received == reel_averror_eagain() else {
                throw EncodeError.ffmpeg(received, while: "Decoding the audio of \(path)")
            }
            if sentEnd { break }
            let status = av_read_frame(format, packet)
            if status == reel_averror_eof() {
                try check(avcodec_send_packet(codec, nil), "Finishing the audio of \(path)")
                sentEnd = true
                continue
            }
            try check(status, "Reading \(path)")
            defer { av_packet_unref(packet) }
            guard packet.pointee.stream_index == streamIndex else { continue }
            let sent = avcodec_send_packet(codec, packet)
            // A damaged packet is skipped, as players do; anything else is a real failure.
            if sent < 0, sent != reel_averror_invaliddata() {
                throw EncodeError.ffmpeg(sent, while: "Decoding the audio of \(path)")
            }
        }
        // The resampler holds back a few samples of its filter.
        let tail = try drainResampler()
        if !tail.isEmpty { _ = try body(tail) }
    }

    /// A decoded frame as interleaved 48 kHz floats (the resampler is set up from the first frame).
    private func convert(_ frame: UnsafeMutablePointer<AVFrame>) throws -> [Float] {
        // Frames may change rate mid-stream: each is held to the range the header was.
        try MediaInput.checkAudio(
            path, sampleRate: Int(frame.pointee.sample_rate), channels: Int(frame.pointee.ch_layout.nb_channels))
        if resampler == nil { try openResampler(for: frame) }
        let count = Int(swr_get_out_samples(resampler, frame.pointee.nb_samples))
        guard count > 0 else { return [] }
        var out = [Float](repeating: 0, count: count * channels)
        let input = UnsafeMutableRawPointer(frame.pointee.extended_data).assumingMemoryBound(
            to: UnsafePointer<UInt8>?.self)
        let written = out.withUnsafeMutableBytes { raw -> Int32 in
            var target: UnsafeMutablePointer<UInt8>? = raw.baseAddress?.assumingMemoryBound(to: UInt8.self)
            return swr_convert(resampler, &target, Int32(count), input, frame.pointee.nb_samples)
        }
        try check(written, "Resampling the audio of \(path)")
        out.removeLast(out.count - Int(written) * channels)
        return out
    }

    private func drainResampler() throws -> [Float] {
        guard let resampler else { return [] }
        let count = Int(swr_get_out_samples(resampler, 0))
        guard count > 0 else { return [] }
        var out = [Float](repeating: 0, count: count * channels)
        let written = out.withUnsafeMutableBytes { raw -> Int32 in
            var target: UnsafeMutablePointer<UInt8>? = raw.baseAddress?.assumingMemoryBound(to: UInt8.self)
            return swr_convert(resampler, &target, Int32(count), nil, 0)
        }
        try check(written, "Resampling the audio of \(path)")
        out.removeLast(out.count - Int(written) * channels)
        return out
    }

    private func openResampler(for frame: UnsafeMutablePointer<AVFrame>) throws {
        var input = AVChannelLayout()
        defer { av_channel_layout_uninit(&input) }
        // WAV files without a channel mask decode with an unspecified order; the usual one is meant.
        if frame.pointee.ch_layout.order == AV_CHANNEL_ORDER_UNSPEC {
            av_channel_layout_default(&input, frame.pointee.ch_layout.nb_channels)
        } else {
            try check(av_channel_layout_copy(&input, &frame.pointee.ch_layout), "Reading the channel layout of \(path)")
        }
        var output = AVChannelLayout()
        defer { av_channel_layout_uninit(&output) }
        av_channel_layout_default(&output, Int32(channels))
        var context: OpaquePointer?
        try check(
            swr_alloc_set_opts2(
                &context, &output, AV_SAMPLE_FMT_FLT, Int32(AudioCodec.sampleRate),
                &input, AVSampleFormat(rawValue: frame.pointee.format), frame.pointee.sample_rate, 0, nil),
            "Setting up resampling of \(path) to 48 kHz")
        resampler = context
        try check(swr_init(context), "Setting up resampling of \(path) to 48 kHz")
    }

    private func release() {
        swr_free(&resampler)
        av_frame_free(&frame)
        av_packet_free(&packet)
        avcodec_free_context(&codec)
        avformat_close_input(&format)
    }
}

extension CanvasAudio {
    /// Checks that the file can be decoded as audio and says what it holds.
    /// - Throws: `EncodeError` saying why not.
    public func probe() throws -> AudioFileInfo { try AudioFileReader.probe(path: file) }
}
