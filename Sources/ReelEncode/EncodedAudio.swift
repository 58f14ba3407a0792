import CFFmpeg

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

    init(
        codec: AudioCodec, channels: Int, copied: Bool, parameters: UnsafeMutablePointer<AVCodecParameters>,
        timeBase: AVRational,
        packets: [UnsafeMutablePointer<AVPacket>]
    ) {
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
