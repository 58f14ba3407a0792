import CFFmpeg
import Foundation
import ReelCore
import ReelTestSupport
import Testing

@testable import ReelEncode

/// A dark horizontal grey ramp, 0…63 over the width: the gradient that bands in 8 bits.
enum DarkRamp {
    static let width = 256, height = 64
    static func level(_ x: Int) -> UInt8 { UInt8(x * 64 / width) }
    static let draw: FramePipeline.Draw = { _, buffer in
        for y in 0..<buffer.height {
            let row = (buffer.baseAddress + y * buffer.stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<buffer.width {
                let v = UInt32(level(x))
                row[x] = 0xFF00_0000 | v << 16 | v << 8 | v
            }
        }
    }
}

/// 10-bit output: the dithered conversion, the pixel formats and profiles ffprobe reports, and
/// the combinations refused.
@Suite("10-bit output")
struct TenBitTests {
    /// Y′ planes converted by `YUV10Converter` from the dark ramp.
    private func convertedLuma(format: AVPixelFormatName) throws -> [UInt16] {
        let (w, h) = (DarkRamp.width, DarkRamp.height)
        let buffer = PixelBuffer(width: w, height: h)
        DarkRamp.draw(0, buffer)
        let (frame, picture) = try PreparedFrame.writable(
            reusing: nil, index: 0, width: w, height: h, format: format.value, colors: .bt709)
        _ = frame
        YUV10Converter().convert(buffer, into: picture)
        var luma: [UInt16] = []
        let stride = Int(picture.pointee.linesize.0)
        for y in 0..<h {
            let row = UnsafeRawPointer(picture.pointee.data.0! + y * stride).assumingMemoryBound(to: UInt16.self)
            luma += (0..<w).map { row[$0] }
        }
        return luma
    }

    @Test(
        "the dither fills the codes between 8-bit steps and keeps each step's mean",
        arguments: ["yuv420p10le", "yuv422p10le"])
    func ditheredRamp(format: String) throws {
        let luma = try convertedLuma(format: AVPixelFormatName(format))
        let (w, h) = (DarkRamp.width, DarkRamp.height)
        // Undithered, 64 grey levels give 64 codes (every fourth one); dithered, the codes between are used too.
        #expect(Set(luma).count > 2 * 64, "\(Set(luma).count) distinct 10-bit codes")
        // Dithering moves values by at most half an 8-bit step (2 codes), and is unbiased: over an
        // 8×8 tile the mean is the exact BT.709 limited-range value 64 + 876·v/255.
        for tile in stride(from: 0, to: w, by: 8) {
            var sum = 0.0
            for y in 0..<8 {
                for x in tile..<tile + 8 {
                    let exact = 64 + 876 * Double(DarkRamp.level(x)) / 255
                    let error = Double(luma[y * w + x]) - exact
                    #expect(abs(error) <= 2.5, "x \(x), y \(y)")
                    sum += error
                }
            }
            #expect(abs(sum / 64) <= 0.3, "tile at x \(tile): mean error \(sum / 64)")
        }
        #expect(luma.count == w * h)
    }

    @Test(
        "HEVC Main 10, VP9 profile 2 and ProRes 422 HQ as ffprobe reports them",
        .enabled(if: MediaTools.available, "ffmpeg/ffprobe are not installed"),
        arguments: [
            (VideoCodec.hevc, VideoPixelFormat.yuv420p10le, "Main 10"),
            (.vp9, .yuv420p10le, "Profile 2"),
            (.prores, .yuv422p10le, "HQ"),
            (.prores, .yuva444p10le, "4444")
        ])
    func profiles(codec: VideoCodec, format: VideoPixelFormat, profile: String) throws {
        // FFmpeg's ProRes decoder reports 4444 with alpha as 12-bit, whatever the encoder stored.
        let reported = format == .yuva444p10le ? "yuva444p12le" : format.rawValue
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("ramp.\(codec == .prores ? "mov" : codec == .vp9 ? "webm" : "mp4")")
        var settings = VideoSettings(
            width: DarkRamp.width, height: DarkRamp.height, fps: 30, codec: codec,
            preset: codec.presets == nil ? nil : "ultrafast")
        settings.pixelFormat = format
        try PipelineEncode.video(settings, to: path, frames: 3, draw: DarkRamp.draw)
        let stream = try StreamProbe.read(path)
        #expect(stream.pixelFormat == reported)
        #expect(stream.profile == profile)
        #expect(stream.frames == 3)
    }

    @Test(
        "a decoded 10-bit HEVC ramp has more than 256 grey levels; the 8-bit one has at most 256",
        .enabled(if: MediaTools.available, "ffmpeg/ffprobe are not installed"))
    func decodedLevels() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        func levels(_ format: VideoPixelFormat) throws -> Int {
            let path = folder.file("ramp-\(format.rawValue).mp4")
            // A full ramp, black to white over 512 pixels: 256 levels in 8 bits.
            let (width, height) = (512, 32)
            var settings = VideoSettings(
                width: width, height: height, fps: 30, codec: .hevc, crf: 4, preset: "ultrafast")
            settings.pixelFormat = format
            try PipelineEncode.video(settings, to: path, frames: 1) { _, buffer in
                for y in 0..<height {
                    let row = (buffer.baseAddress + y * buffer.stride).assumingMemoryBound(to: UInt32.self)
                    for x in 0..<width { row[x] = 0xFF00_0000 | UInt32(x / 2) * 0x1_0101 }
                }
            }
            let gray = try [UInt8](
                MediaTools.run("ffmpeg", ["-v", "error", "-i", path, "-f", "rawvideo", "-pix_fmt", "gray16le", "-"]))
            try #require(gray.count == width * height * 2)
            return Set(stride(from: 0, to: gray.count, by: 2).map { Int(gray[$0]) | Int(gray[$0 + 1]) << 8 }).count
        }
        let ten = try levels(.yuv420p10le), eight = try levels(.yuv420p)
        #expect(ten > 256, "10-bit: \(ten) levels")
        #expect(eight <= 256, "8-bit: \(eight) levels")
    }

    @Test("combinations a codec cannot store are refused with what to use instead")
    func refusals() {
        func message(_ codec: VideoCodec, _ format: VideoPixelFormat, alpha: Bool = false) -> String {
            var settings = VideoSettings(width: 64, height: 64, fps: 25, codec: codec, alpha: alpha)
            settings.pixelFormat = format
            do {
                try settings.validate()
                return ""
            } catch { return "\(error)" }
        }
        #expect(message(.h264, .yuv420p10le).contains("use --codec hevc"))
        #expect(message(.hevc, .yuv422p10le).contains("ProRes 422 HQ"))
        #expect(message(.vp9, .yuv420p10le, alpha: true).contains("only in 8 bits"))
        #expect(message(.gif, .yuv420p10le).contains("no --pix-fmt"))
        #expect(message(.hevc, .yuv420p10le) == "")
        #expect(message(.prores, .yuv422p10le) == "")
        #expect(throws: EncodeError.self) { try VideoPixelFormat(named: "rgb48") }
    }
}

/// A pixel format by FFmpeg name, for tests.
struct AVPixelFormatName {
    let value: AVPixelFormat
    init(_ name: String) { value = av_get_pix_fmt(name) }
}
