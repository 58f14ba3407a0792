import CFFmpeg
import Foundation

/// One audio encoder at 48 kHz, fed interleaved float samples a frame at a time, keeping every packet.
final class AudioFrameEncoder {
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
            if let lib = avcodec_find_encoder_by_name("libopus") {
                encoder = lib
            } else {
                encoder = avcodec_find_encoder_by_name("opus")
                experimental = true
            }
        }
        guard let encoder else {
            throw EncodeError("This FFmpeg build has no \(codec.displayName) encoder, which the soundtrack needs")
        }
        // Float samples: planar for the native encoders, interleaved for libopus.
        var formats: [AVSampleFormat] = []
        if var list = encoder.pointee.sample_fmts {
            while list.pointee != AV_SAMPLE_FMT_NONE { formats.append(list.pointee); list += 1 }
        }
        let format: AVSampleFormat
        if formats.contains(AV_SAMPLE_FMT_FLTP) {
            format = AV_SAMPLE_FMT_FLTP
        } else if formats.contains(AV_SAMPLE_FMT_FLT) {
            format = AV_SAMPLE_FMT_FLT
        } else {
            throw EncodeError("The \(ffmpegName(encoder.pointee.name)) encoder takes no float samples")
        }
        planar = format == AV_SAMPLE_FMT_FLTP
        guard let context = avcodec_alloc_context3(encoder) else {
            throw EncodeError("Allocating the audio encoder failed: out of memory")
        }
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
            try check(
                avcodec_open2(context, encoder, nil),
                "Opening the \(ffmpegName(encoder.pointee.name)) encoder for \(path)")
            let caps = Int32(encoder.pointee.capabilities)
            frameSize =
                caps & AV_CODEC_CAP_VARIABLE_FRAME_SIZE != 0 || context.pointee.frame_size <= 0
                ? codec.frameSamples : Int(context.pointee.frame_size)
            takesShortFrames = caps & (AV_CODEC_CAP_SMALL_LAST_FRAME | AV_CODEC_CAP_VARIABLE_FRAME_SIZE) != 0
            guard let frame = av_frame_alloc() else {
                throw EncodeError("Allocating an audio frame failed: out of memory")
            }
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
        try check(
            av_channel_layout_copy(&frame.pointee.ch_layout, &context.pointee.ch_layout), "Setting up an audio frame")
        try check(av_frame_get_buffer(frame, 0), "Allocating an audio frame")
        for c in 0..<channels {
            let plane = UnsafeMutableRawPointer(frame.pointee.extended_data[planar ? c : 0]!).assumingMemoryBound(
                to: Float.self)
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
        guard let parameters = avcodec_parameters_alloc() else {
            throw EncodeError("Allocating audio parameters failed: out of memory")
        }
        avcodec_parameters_from_context(parameters, context)
        let result = EncodedAudio(
            codec: codec, channels: channels, copied: false, parameters: parameters,
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
