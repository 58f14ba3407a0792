import ReelEncode
import Testing

@Suite("Frame rates and settings validation")
struct VideoSettingsTests {
    @Test(
        "fps becomes the exact fraction containers store",
        arguments: [
            (60.0, 60, 1), (30.0, 30, 1), (24.0, 24, 1), (1.0, 1, 1),
            (29.97, 30000, 1001), (23.976, 24000, 1001), (59.94, 60000, 1001), (119.88, 120000, 1001),
            (12.5, 25, 2), (0.5, 1, 2)
        ])
    func exactFrameRate(fps: Double, numerator: Int, denominator: Int) throws {
        let rate = try FrameRate(fps: fps)
        #expect(rate == FrameRate(numerator: numerator, denominator: denominator))
        #expect(abs(rate.fps - fps) < 1e-3)
    }

    @Test("ffprobe-style notation")
    func frameRateDescription() throws {
        #expect(try FrameRate(fps: 29.97).description == "30000/1001")
        #expect(try FrameRate(fps: 30).description == "30/1")
    }

    @Test(
        "unusable frame rates are rejected", arguments: [0.0, -30.0, Double.nan, Double.infinity, 1001.0, 1e-300])
    func badFrameRate(fps: Double) {
        let error = #expect(throws: EncodeError.self) { try FrameRate(fps: fps) }
        #expect(error?.message.contains("frame rate") == true)
        #expect(throws: EncodeError.self) { try VideoSettings(width: 320, height: 240, fps: fps).validate() }
    }

    @Test("defaults are H.264, crf 18, preset medium, and valid")
    func defaults() throws {
        let settings = VideoSettings(width: 1920, height: 1080, fps: 60)
        #expect(settings.codec == .h264)
        #expect(settings.crf == 18)
        #expect(settings.preset == "medium")
        try settings.validate()
    }

    @Test("odd dimensions are rejected with the size in the message", arguments: [(1001, 720), (1280, 721)])
    func oddDimensions(width: Int, height: Int) {
        let error = #expect(throws: EncodeError.self) {
            try VideoSettings(width: width, height: height, fps: 30).validate()
        }
        #expect(
            error?.message
                == "H.264 with yuv420p needs even dimensions; the frame is \(width)×\(height) pixels (canvas size × scale: make both even, or write ProRes .mov, GIF or PNG, which take any size)"
        )
    }

    @Test("empty and absurd sizes are rejected", arguments: [(0, 240), (320, -2), (32768, 240)])
    func badSizes(width: Int, height: Int) {
        let error = #expect(throws: EncodeError.self) {
            try VideoSettings(width: width, height: height, fps: 30).validate()
        }
        #expect(error?.message.contains("\(width)×\(height)") == true)
    }

    @Test("crf outside 0…51 is rejected", arguments: [-1, 52, 100])
    func crfOutOfRange(crf: Int) {
        let error = #expect(throws: EncodeError.self) {
            try VideoSettings(width: 320, height: 240, fps: 30, crf: crf).validate()
        }
        #expect(error?.message.contains("crf \(crf)") == true)
        #expect(error?.message.contains("0…51") == true)
    }

    @Test("crf at the ends of the range is accepted", arguments: [0, 51])
    func crfBounds(crf: Int) throws {
        try VideoSettings(width: 320, height: 240, fps: 30, crf: crf).validate()
    }

    @Test("an unknown preset is rejected, listing x264's presets")
    func unknownPreset() throws {
        let error = #expect(throws: EncodeError.self) {
            try VideoSettings(width: 320, height: 240, fps: 30, preset: "fastest").validate()
        }
        #expect(error?.message.contains("\"fastest\"") == true)
        #expect(
            error?.message.contains(
                "ultrafast, superfast, veryfast, faster, fast, medium, slow, slower, veryslow, placebo") == true)
        try VideoSettings(width: 320, height: 240, fps: 30, preset: "ultrafast").validate()
    }
}
