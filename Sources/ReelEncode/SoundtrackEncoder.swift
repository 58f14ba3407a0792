import CFFmpeg
import Foundation
import ReelCore

/// Turns a `CanvasAudio` into the audio of one video: decoded, started at `start`, cut or
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
    public static func encode(_ settings: CanvasAudio, codec: AudioCodec, firstSample: Int64, sampleCount: Int) throws
        -> EncodedAudio
    {
        try settings.validate()
        if settings.isUnchanged, firstSample == 0,
            let copied = try copyIfFits(settings.file, codec: codec, sampleCount: sampleCount)
        {
            return copied
        }
        let reader = try AudioFileReader(path: settings.file)
        let writer = try AudioFrameEncoder(codec: codec, channels: reader.channels, path: settings.file)
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
                try writer.send(pending, from: head, count: n, channels: channels, pts: firstSample + Int64(produced)) {
                    gain(first + $0)
                }
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
        guard let context = try? MediaInput.open(path, for: .audio) else { return nil }
        var opened: UnsafeMutablePointer<AVFormatContext>? = context
        defer { avformat_close_input(&opened) }
        let index = av_find_best_stream(context, AVMEDIA_TYPE_AUDIO, -1, -1, nil, 0)
        guard index >= 0, let stream = context.pointee.streams[Int(index)] else { return nil }
        let par = stream.pointee.codecpar.pointee
        let wanted = codec == .aac ? AV_CODEC_ID_AAC : AV_CODEC_ID_OPUS
        // Raw ADTS AAC has no decoder configuration to put in an MP4 (it would need a bitstream filter): encoded instead.
        guard par.codec_id == wanted, par.sample_rate == Int32(AudioCodec.sampleRate),
            (1...2).contains(par.ch_layout.nb_channels),
            par.extradata_size > 0, stream.pointee.duration > 0
        else { return nil }
        let seconds = Double(stream.pointee.duration) * av_q2d(stream.pointee.time_base)
        let wantedSeconds = Double(sampleCount) / Double(AudioCodec.sampleRate)
        guard abs(seconds - wantedSeconds) <= Double(codec.frameSamples) / Double(AudioCodec.sampleRate) else {
            return nil
        }
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
        return EncodedAudio(
            codec: codec, channels: Int(par.ch_layout.nb_channels), copied: true, parameters: parameters,
            timeBase: stream.pointee.time_base, packets: packets)
    }
}
