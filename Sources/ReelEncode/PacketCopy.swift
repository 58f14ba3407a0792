import CFFmpeg
import Foundation

/// One encoded frame read from a file, with timestamps counted in frames.
public struct CopiedPacket: Sendable {
    public var data: [UInt8]
    /// Presentation and decoding timestamps in frames (time base 1/fps).
    public var pts: Int64, dts: Int64
    public var isKeyframe: Bool
    /// Side data the container stores (a WebM alpha plane's BlockAdditional), by type.
    public var sideData: [(type: UInt32, bytes: [UInt8])]
}

/// Reads the video packets and the `comment` tag of a file Reel wrote, without decoding: the
/// reading half of a stream copy (`VideoEncoder.writeCopied(_:)` is the writing half).
public final class VideoPacketReader {
    public let path: String
    /// The container's `comment` tag, or nil.
    public let comment: String?
    /// What the stream's header says its frames are.
    public let parameters: StreamParameters
    private var format: UnsafeMutablePointer<AVFormatContext>?
    private let streamIndex: Int32
    private let timeBase: AVRational
    private let frameDuration: AVRational
    /// For H.264/HEVC in MP4/MOV: the size of the NAL length fields, which become start codes again.
    private let nalLengthSize: Int?

    /// Opens `path` and finds its video stream.
    /// - Parameter fps: the frame rate the timestamps are converted to frames at.
    /// - Throws: `EncodeError` when the file cannot be read as a video.
    public init(path: String, fps: Double? = nil) throws {
        self.path = path
        // An MP4/MOV edit list's start offset applies (so timestamps say where the file's frames
        // sit in the render, as WebM's do), but no packet is hidden or rebuilt by its other edits.
        let context = try MediaInput.open(path, for: .video, options: ["advanced_editlist": "0"])
        format = context
        do {
            let index = av_find_best_stream(context, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0)
            guard index >= 0, let stream = context.pointee.streams[Int(index)] else {
                throw EncodeError("\(path) has no video stream")
            }
            streamIndex = index
            timeBase = stream.pointee.time_base
            let rate = fps.flatMap { try? FrameRate(fps: $0) }?.frameDuration ?? av_inv_q(stream.pointee.avg_frame_rate)
            frameDuration = rate
            // MP4/MOV store H.264/HEVC as length-prefixed NAL units (avcC/hvcC), and their muxer
            // turns the encoder's start codes (Annex B) into that; it must be given Annex B again.
            let par = stream.pointee.codecpar.pointee
            parameters = StreamParameters(par)
            if par.codec_id == AV_CODEC_ID_H264 || par.codec_id == AV_CODEC_ID_HEVC, let extra = par.extradata,
                par.extradata_size > 22, extra[0] == 1
            {
                nalLengthSize = Int((par.codec_id == AV_CODEC_ID_H264 ? extra[4] : extra[21]) & 3) + 1
            } else {
                nalLengthSize = nil
            }
            comment = av_dict_get(context.pointee.metadata, "comment", nil, 0).map { String(cString: $0.pointee.value) }
        } catch {
            avformat_close_input(&format)
            throw error
        }
    }

    deinit { avformat_close_input(&format) }

    /// Calls `body` with every video packet in file order, timestamps in frames.
    /// - Throws: `EncodeError` when the file is damaged, or `body`'s error.
    public func forEachPacket(_ body: (CopiedPacket) throws -> Void) throws {
        guard let format, let packet = av_packet_alloc() else {
            throw EncodeError("Allocating a packet failed: out of memory")
        }
        var owned: UnsafeMutablePointer<AVPacket>? = packet
        defer { av_packet_free(&owned) }
        while true {
            let status = av_read_frame(format, packet)
            if status == reel_averror_eof() { return }
            try check(status, "Reading \(path)")
            defer { av_packet_unref(packet) }
            guard packet.pointee.stream_index == streamIndex else { continue }
            // A packet cut short by a truncated file is an error, not a smaller frame.
            if packet.pointee.flags & AV_PKT_FLAG_CORRUPT != 0 {
                throw EncodeError("\(path) is damaged (a packet is cut short)")
            }
            let p = packet.pointee
            let pts = p.pts == Int64.min ? p.dts : p.pts
            let dts = p.dts == Int64.min ? pts : p.dts
            var side: [(type: UInt32, bytes: [UInt8])] = []
            for i in 0..<Int(p.side_data_elems) {
                let item = p.side_data[i]
                side.append((item.type.rawValue, Array(UnsafeBufferPointer(start: item.data, count: Int(item.size)))))
            }
            var data = Array(UnsafeBufferPointer(start: p.data, count: Int(p.size)))
            if let nalLengthSize { data = try Self.annexB(data, lengthSize: nalLengthSize, path: path) }
            try body(
                CopiedPacket(
                    data: data,
                    pts: av_rescale_q(pts, timeBase, frameDuration), dts: av_rescale_q(dts, timeBase, frameDuration),
                    isKeyframe: p.flags & AV_PKT_FLAG_KEY != 0, sideData: side))
        }
    }
}

extension VideoPacketReader {
    /// Length-prefixed NAL units with 4-byte start codes instead, as x264 and x265 write them.
    static func annexB(_ data: [UInt8], lengthSize: Int, path: String) throws -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(data.count + 16)
        var i = 0
        while i < data.count {
            guard i + lengthSize <= data.count else {
                throw EncodeError("\(path) is damaged (a NAL length is cut short)")
            }
            let length = data[i..<(i + lengthSize)].reduce(0) { $0 << 8 | Int($1) }
            i += lengthSize
            guard length <= data.count - i else { throw EncodeError("\(path) is damaged (a NAL unit is cut short)") }
            out += [0, 0, 0, 1]
            out += data[i..<(i + length)]
            i += length
        }
        return out
    }
}

extension VideoEncoder {
    /// Writes an already encoded packet (from `VideoPacketReader`) as if this encoder had made it,
    /// so that a file of copied packets is byte for byte the file the encoder would have written.
    /// - Throws: `EncodeError` if the encoder is not open or writing fails.
    public func writeCopied(_ copied: CopiedPacket) throws {
        try writeCopiedPacket(copied)
    }
}
