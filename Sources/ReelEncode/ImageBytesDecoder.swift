import CFFmpeg
import ReelCore

/// Decodes a whole PNG, JPEG or WebP file held in memory (an image inside a dotLottie archive,
/// or embedded in a Lottie file as base64) with the codec its format names: no demuxer, no
/// probing, no file. The size is read from the header and held to `maxPixels` before decoding.
public enum ImageBytesDecoder {
    /// The image in `bytes` as premultiplied BGRA. `name` names it in errors.
    /// - Throws: `EncodeError` when the bytes are not a readable image of `format`, or too large.
    public static func decode(_ bytes: [UInt8], format: ImageHeader.Format, name: String, maxPixels: Int) throws
        -> PixelBuffer
    {
        reel_av_quiet()
        guard let header = ImageHeader.parse(Array(bytes.prefix(ImageHeader.maxHeaderBytes)), as: format) else {
            throw EncodeError("\(name) is not a readable \(format.rawValue) image: its header gives no size")
        }
        try MediaInput.checkFrame(name, width: header.width, height: header.height, maxPixels: maxPixels)
        let id: AVCodecID =
            switch format {
            case .png: AV_CODEC_ID_PNG
            case .jpeg: AV_CODEC_ID_MJPEG
            case .webp: AV_CODEC_ID_WEBP
            }
        guard let codec = avcodec_find_decoder(id) else {
            throw EncodeError("This FFmpeg has no \(format.rawValue) decoder")
        }
        var context = avcodec_alloc_context3(codec)
        var frame = av_frame_alloc()
        var packet = av_packet_alloc()
        defer {
            avcodec_free_context(&context)
            av_frame_free(&frame)
            av_packet_free(&packet)
        }
        guard let context, let frame, let packet, bytes.count < Int32.max else {
            throw EncodeError("Allocating the \(format.rawValue) decoder failed: out of memory")
        }
        context.pointee.thread_count = 1
        // FFmpeg checks its limit against the row length padded for SIMD: a limit only just above
        // the image would refuse it, and the header check above already held the image to it.
        context.pointee.max_pixels = MediaInput.decoderLimit(max(maxPixels, ImageHeader.maxPixels))
        try check(avcodec_open2(context, codec, nil), "Opening the \(format.rawValue) decoder for \(name)")
        try check(av_new_packet(packet, Int32(bytes.count)), "Allocating a packet for \(name)")
        guard let data = packet.pointee.data else { throw EncodeError("Allocating a packet for \(name) failed") }
        bytes.withUnsafeBufferPointer { data.update(from: $0.baseAddress!, count: $0.count) }
        try check(avcodec_send_packet(context, packet), "Decoding \(name)")
        try check(avcodec_send_packet(context, nil), "Decoding \(name)")
        try check(avcodec_receive_frame(context, frame), "Decoding \(name)")
        defer { av_frame_unref(frame) }
        var conversion = FrameConversion()
        return try conversion.convert(frame, label: name, name: name, maxPixels: maxPixels)
    }
}
