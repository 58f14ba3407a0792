import CFFmpeg
import Foundation

/// A soundtrack encoded (or copied) for one video, ready for `VideoEncoder` to interleave with
/// the frames. Timestamps are on the video's timeline.
public final class EncodedAudio: @unchecked Sendable {
    public let codec: AudioCodec
    public let channels: Int
    /// True when the file's own packets were copied without decoding (see `SoundtrackEncoder`).
    public let copied: Bool
    /// The stream's parameters (owned).
    let parameters: UnsafeMutablePointer<AVCodecParameters>
    /// The packets' time base.
    let timeBase: AVRational
    /// The packets in decoding order (owned; the muxer is given clones).
    let packets: [UnsafeMutablePointer<AVPacket>]

    init(codec: AudioCodec, channels: Int, copied: Bool, parameters: UnsafeMutablePointer<AVCodecParameters>, timeBase: AVRational,
         packets: [UnsafeMutablePointer<AVPacket>]) {
        (self.codec, self.channels, self.copied) = (codec, channels, copied)
        (self.parameters, self.timeBase, self.packets) = (parameters, timeBase, packets)
    }

    deinit {
        var owned: UnsafeMutablePointer<AVCodecParameters>? = parameters
        avcodec_parameters_free(&owned)
        VideoEncoder.free(packets)
    }

    /// The number of packets.
    public var packetCount: Int { packets.count }
}

/// Turns a `SoundtrackSettings` into the audio of one video: decoded, started at `start`, cut or
/// padded with silence to exactly the video's length, scaled by `volume`, faded in and out
/// (linear ramps in amplitude, on the video's timeline), resampled to 48 kHz and encoded (AAC
/// with FFmpeg's native encoder; Opus with libopus, or FFmpeg's own experimental one when
/// libopus is missing).
///
/// A file that already fits — the target codec at 48 kHz, mono or stereo, as long as the video
/// within one audio frame, played from its start at volume 1 without fades — is copied packet for
/// packet instead: no generation loss.
///
/// The same inputs give the same packets on every run (bit-exact encoder flags), so videos with
/// sound stay deterministic.
public enum SoundtrackEncoder {
    /// The audio for a video whose samples on the 48 kHz timeline are `firstSample ..< firstSample + sampleCount`.
    /// - Throws: `EncodeError` when the file cannot be decoded or the encoder fails.
    public static func encode(_ settings: SoundtrackSettings, codec: AudioCodec, firstSample: Int64, sampleCount: Int) throws -> EncodedAudio {
        try settings.validate()
        if settings.isUnchanged, firstSample == 0, let copied = try copyIfFits(settings.path, codec: codec, sampleCount: sampleCount) {
            return copied
        }
        let reader = try AudioFileReader(path: settings.path)
        let writer = try AudioFrameEncoder(codec: codec, channels: reader.channels, path: settings.path)
        let channels = reader.channels
        let rate = Double(AudioCodec.sampleRate)
        let fadeIn = settings.fadeIn * rate, fadeOut = settings.fadeOut * rate
        let volume = settings.volume
        // The gain of output sample i: volume × the fade-in ramp × the fade-out ramp.
        let gain = { (i: Int) -> Float in
            var g = volume
            if fadeIn > 0 { g *= min(1, Double(i) / fadeIn) }
            if fadeOut > 0 { g *= min(1, Double(sampleCount - i) / fadeOut) }
            return Float(g)
        }
        var skip = Int((settings.start * rate).rounded()) * channels
        // Samples waiting for a full frame: `pending[head...]`.
        var pending: [Float] = [], head = 0
        var produced = 0
        func flush(final: Bool) throws {
            let frameSize = writer.frameSize
            while produced < sampleCount {
                // A file shorter than the video: silence for the rest, a frame at a time.
                if final {
                    let short = min(frameSize, sampleCount - produced) - (pending.count - head) / channels
                    if short > 0 { pending += [Float](repeating: 0, count: short * channels) }
                }
                let available = (pending.count - head) / channels
                guard available >= frameSize || (final && available > 0) else { break }
                let n = min(frameSize, available, sampleCount - produced)
                let first = produced
                try writer.send(pending, from: head, count: n, channels: channels, pts: firstSample + Int64(produced)) { gain(first + $0) }
                head += n * channels
                produced += n
            }
            if head > 0, head * 2 >= pending.count {
                pending.removeFirst(head)
                head = 0
            }
        }
        try reader.read { chunk in
            var samples = chunk[...]
            if skip > 0 {
                let dropped = min(skip, samples.count)
                samples = samples.dropFirst(dropped)
                skip -= dropped
            }
            pending += samples
            try flush(final: false)
            return produced + (pending.count - head) / channels < sampleCount
        }
        try flush(final: true)
        return try writer.finish(channels: channels)
    }

    /// The file's own packets, when they already are what `encode` would write.
    static func copyIfFits(_ path: String, codec: AudioCodec, sampleCount: Int) throws -> EncodedAudio? {
        var opened: UnsafeMutablePointer<AVFormatContext>?
        guard avformat_open_input(&opened, path, nil, nil) >= 0, let context = opened else { return nil }
        defer { avformat_close_input(&opened) }
        guard avformat_find_stream_info(context, nil) >= 0 else { return nil }
        let index = av_find_best_stream(context, AVMEDIA_TYPE_AUDIO, -1, -1, nil, 0)
        guard index >= 0, let stream = context.pointee.streams[Int(index)] else { return nil }
        let par = stream.pointee.codecpar.pointee
        let wanted = codec == .aac ? AV_CODEC_ID_AAC : AV_CODEC_ID_OPUS
        // Raw ADTS AAC has no decoder configuration to put in an MP4 (it would need a bitstream filter): encoded instead.
        guard par.codec_id == wanted, par.sample_rate == Int32(AudioCodec.sampleRate), (1...2).contains(par.ch_layout.nb_channels),
              par.extradata_size > 0, stream.pointee.duration > 0 else { return nil }
        let seconds = Double(stream.pointee.duration) * av_q2d(stream.pointee.time_base)
        let wantedSeconds = Double(sampleCount) / Double(AudioCodec.sampleRate)
        guard abs(seconds - wantedSeconds) <= Double(codec.frameSamples) / Double(AudioCodec.sampleRate) else { return nil }
        var packets: [UnsafeMutablePointer<AVPacket>] = []
        guard let packet = av_packet_alloc() else { throw EncodeError("Allocating a packet failed: out of memory") }
        var owned: UnsafeMutablePointer<AVPacket>? = packet
        defer { av_packet_free(&owned) }
        do {
            while true {
                let status = av_read_frame(context, packet)
                if status == reel_averror_eof() { break }
                try check(status, "Reading \(path)")
                defer { av_packet_unref(packet) }
                guard packet.pointee.stream_index == index else { continue }
                guard packet.pointee.flags & AV_PKT_FLAG_CORRUPT == 0, let clone = av_packet_clone(packet) else {
                    throw EncodeError("\(path) is damaged (an audio packet is cut short)")
                }
                packets.append(clone)
            }
        } catch {
            VideoEncoder.free(packets)
            throw error
        }
        guard let parameters = avcodec_parameters_alloc() else {
            VideoEncoder.free(packets)
            throw EncodeError("Allocating audio parameters failed: out of memory")
        }
        avcodec_parameters_copy(parameters, stream.pointee.codecpar)
        // The input container's tag means nothing in another container.
        parameters.pointee.codec_tag = 0
        return EncodedAudio(codec: codec, channels: Int(par.ch_layout.nb_channels), copied: true, parameters: parameters,
                            timeBase: stream.pointee.time_base, packets: packets)
    }
}

/// One audio encoder at 48 kHz, fed interleaved float samples a frame at a time, keeping every packet.
private final class AudioFrameEncoder {
    let codec: AudioCodec
    let path: String
    private var context: UnsafeMutablePointer<AVCodecContext>?
    private var frame: UnsafeMutablePointer<AVFrame>?
    private var packets: [UnsafeMutablePointer<AVPacket>] = []
    private let planar: Bool
    /// Samples per frame the encoder takes.
    private(set) var frameSize = 0
    /// Whether a last frame may be shorter than `frameSize`.
    private var takesShortFrames = false

    init(codec: AudioCodec, channels: Int, path: String) throws {
        self.codec = codec
        self.path = path
        let encoder: UnsafePointer<AVCodec>?
        var experimental = false
        switch codec {
        case .aac: encoder = avcodec_find_encoder_by_name("aac")
        case .opus:
            if let lib = avcodec_find_encoder_by_name("libopus") { encoder = lib } else {
                encoder = avcodec_find_encoder_by_name("opus")
                experimental = true
            }
        }
        guard let encoder else { throw EncodeError("This FFmpeg build has no \(codec.displayName) encoder, which the soundtrack needs") }
        // Float samples: planar for the native encoders, interleaved for libopus.
        var formats: [AVSampleFormat] = []
        if var list = encoder.pointee.sample_fmts {
            while list.pointee != AV_SAMPLE_FMT_NONE { formats.append(list.pointee); list += 1 }
        }
        let format: AVSampleFormat
        if formats.contains(AV_SAMPLE_FMT_FLTP) { format = AV_SAMPLE_FMT_FLTP } else if formats.contains(AV_SAMPLE_FMT_FLT) {
            format = AV_SAMPLE_FMT_FLT
        } else {
            throw EncodeError("The \(ffmpegName(encoder.pointee.name)) encoder takes no float samples")
        }
        planar = format == AV_SAMPLE_FMT_FLTP
        guard let context = avcodec_alloc_context3(encoder) else { throw EncodeError("Allocating the audio encoder failed: out of memory") }
        self.context = context
        do {
            context.pointee.sample_fmt = format
            context.pointee.sample_rate = Int32(AudioCodec.sampleRate)
            av_channel_layout_default(&context.pointee.ch_layout, Int32(channels))
            context.pointee.bit_rate = Int64(codec.bitRate(channels: channels))
            context.pointee.time_base = AVRational(num: 1, den: Int32(AudioCodec.sampleRate))
            // MP4, MOV and WebM all keep the decoder configuration in the stream header.
            context.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER | AV_CODEC_FLAG_BITEXACT
            if experimental { context.pointee.strict_std_compliance = FF_COMPLIANCE_EXPERIMENTAL }
            try check(avcodec_open2(context, encoder, nil), "Opening the \(ffmpegName(encoder.pointee.name)) encoder for \(path)")
            let caps = Int32(encoder.pointee.capabilities)
            frameSize = caps & AV_CODEC_CAP_VARIABLE_FRAME_SIZE != 0 || context.pointee.frame_size <= 0
                ? codec.frameSamples : Int(context.pointee.frame_size)
            takesShortFrames = caps & (AV_CODEC_CAP_SMALL_LAST_FRAME | AV_CODEC_CAP_VARIABLE_FRAME_SIZE) != 0
            guard let frame = av_frame_alloc() else { throw EncodeError("Allocating an audio frame failed: out of memory") }
            self.frame = frame
        } catch {
            release()
            throw error
        }
    }

    deinit {
        release()
        VideoEncoder.free(packets)
    }

    /// Encodes `count` samples of `samples` (interleaved) from index `start`, the i-th multiplied by `gain(i)`.
    func send(_ samples: [Float], from start: Int, count: Int, channels: Int, pts: Int64, gain: (Int) -> Float) throws {
        guard let context, let frame else { throw EncodeError("The audio encoder for \(path) is closed") }
        av_frame_unref(frame)
        // An encoder that cannot take a short last frame gets it padded with silence.
        let size = takesShortFrames ? count : frameSize
        frame.pointee.nb_samples = Int32(size)
        frame.pointee.format = context.pointee.sample_fmt.rawValue
        frame.pointee.sample_rate = context.pointee.sample_rate
        try check(av_channel_layout_copy(&frame.pointee.ch_layout, &context.pointee.ch_layout), "Setting up an audio frame")
        try check(av_frame_get_buffer(frame, 0), "Allocating an audio frame")
        for c in 0..<channels {
            let plane = UnsafeMutableRawPointer(frame.pointee.extended_data[planar ? c : 0]!).assumingMemoryBound(to: Float.self)
            let step = planar ? 1 : channels, offset = planar ? 0 : c
            for i in 0..<size {
                let value = i < count ? max(-1, min(1, samples[start + i * channels + c] * gain(i))) : 0
                plane[i * step + offset] = value
            }
        }
        frame.pointee.pts = pts
        try check(avcodec_send_frame(context, frame), "Encoding the soundtrack \(path)")
        try receive()
    }

    /// Flushes the encoder and hands over its packets with the stream parameters.
    func finish(channels: Int) throws -> EncodedAudio {
        guard let context else { throw EncodeError("The audio encoder for \(path) is closed") }
        try check(avcodec_send_frame(context, nil), "Finishing the soundtrack \(path)")
        try receive()
        guard let parameters = avcodec_parameters_alloc() else { throw EncodeError("Allocating audio parameters failed: out of memory") }
        avcodec_parameters_from_context(parameters, context)
        let result = EncodedAudio(codec: codec, channels: channels, copied: false, parameters: parameters,
                                  timeBase: context.pointee.time_base, packets: packets)
        packets = []
        return result
    }

    private func receive() throws {
        guard let context else { return }
        while true {
            guard let packet = av_packet_alloc() else { throw EncodeError("Allocating a packet failed: out of memory") }
            let status = avcodec_receive_packet(context, packet)
            if status < 0 {
                var unused: UnsafeMutablePointer<AVPacket>? = packet
                av_packet_free(&unused)
                if status == reel_averror_eagain() || status == reel_averror_eof() { return }
                throw EncodeError.ffmpeg(status, while: "Encoding the soundtrack \(path)")
            }
            packets.append(packet)
        }
    }

    private func release() {
        av_frame_free(&frame)
        avcodec_free_context(&context)
    }
}
