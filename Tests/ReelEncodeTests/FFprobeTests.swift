import Foundation
import ReelCore
import ReelEncode
import ReelTestSupport
import Testing

/// What ffprobe reports, checked against an independent implementation rather than our own decoder.
@Suite(
    "ffprobe's view of our files",
    .enabled(if: MediaTools.ffprobe != nil, "ffprobe is not installed; skipping ffprobe checks"))
struct FFprobeTests {
    @Test("30 frames at 30 fps: h264, yuv420p, 320×240, 30/1, 30 frames, 1 s, BT.709")
    func integerRate() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("probe30.mp4")
        try MovingSquare.encode(to: path, frames: 30, fps: 30)
        let stream = try StreamProbe.read(path)
        #expect(stream.codec == "h264")
        #expect(stream.pixelFormat == "yuv420p")
        #expect(stream.width == 320)
        #expect(stream.height == 240)
        #expect(stream.frameRate == "30/1")
        #expect(stream.frames == 30)
        #expect(abs(stream.duration - 1.0) < 1.0 / 30, "duration \(stream.duration)")
        #expect(stream.colorPrimaries == "bt709")
        #expect(stream.colorTransfer == "bt709")
        #expect(stream.colorSpace == "bt709")
    }

    @Test("30 frames at 29.97 fps: 30000/1001, 30 frames, 1.001 s")
    func ntscRate() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("probe2997.mp4")
        try MovingSquare.encode(to: path, frames: 30, fps: 29.97)
        let stream = try StreamProbe.read(path)
        #expect(stream.frameRate == "30000/1001")
        #expect(stream.frames == 30)
        #expect(abs(stream.duration - 30 * 1001 / 30000) < 1001.0 / 30000, "duration \(stream.duration)")
    }

    @Test("a long-ish 60 fps file keeps every frame: 150 frames, 2.5 s")
    func sixtyFPS() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("probe60.mp4")
        let encoder = try VideoEncoder(
            path: path, settings: VideoSettings(width: 64, height: 48, fps: 60, preset: "ultrafast"))
        let frame = PixelBuffer(width: 64, height: 48)
        for k in 0..<150 {
            // A grey ramp over time, so every frame differs.
            frame.baseAddress.initializeMemory(as: UInt8.self, repeating: UInt8(k), count: frame.byteCount)
            try encoder.append(frame)
        }
        try encoder.finish()
        let stream = try StreamProbe.read(path)
        #expect(stream.frameRate == "60/1")
        #expect(stream.frames == 150)
        #expect(abs(stream.duration - 2.5) < 1.0 / 60, "duration \(stream.duration)")
    }
}

/// The encoder's actual YUV values, read by the ffmpeg CLI without any colour conversion.
@Suite(
    "BT.709 limited-range samples",
    .enabled(if: MediaTools.ffmpeg != nil, "ffmpeg is not installed; skipping raw-YUV checks"))
struct RawYUVTests {
    @Test("the background's Y, Cb, Cr are BT.709 limited range, not BT.601 and not full range")
    func bt709Samples() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("yuv.mp4")
        try MovingSquare.encode(to: path, frames: 1, fps: 30)
        let (w, h) = (MovingSquare.width, MovingSquare.height)
        let raw = try [UInt8](
            MediaTools.run(
                "ffmpeg",
                [
                    "-v", "error", "-i", path, "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "yuv420p", "-"
                ]))
        try #require(raw.count == w * h * 3 / 2)
        // A background point far from the square (the square covers x 10…73, y 20…83 in frame 0).
        let (x, y) = (250, 180)
        let luma = Double(raw[y * w + x])
        let cb = Double(raw[w * h + (y / 2) * (w / 2) + x / 2])
        let cr = Double(raw[w * h + (w / 2) * (h / 2) + (y / 2) * (w / 2) + x / 2])

        let bt709 = limitedRangeYCbCr(MovingSquare.background, kr: 0.2126, kb: 0.0722)
        let bt601 = limitedRangeYCbCr(MovingSquare.background, kr: 0.299, kb: 0.114)
        #expect(abs(bt709.y - bt601.y) > 10)  // the colour really tells the matrices apart
        #expect(abs(luma - bt709.y) <= 2, "Y \(luma), BT.709 expects \(bt709.y), BT.601 would be \(bt601.y)")
        #expect(abs(cb - bt709.cb) <= 2, "Cb \(cb), expected \(bt709.cb)")
        #expect(abs(cr - bt709.cr) <= 2, "Cr \(cr), expected \(bt709.cr)")
    }
}
