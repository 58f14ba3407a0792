import ReelEncode
import Testing

@Suite("Codec settings and their validation")
struct CodecSettingsTests {
    @Test("each codec's defaults are valid, with crf and preset only where the codec has them")
    func defaults() throws {
        for codec in VideoCodec.allCases {
            let settings = VideoSettings(width: 320, height: 240, fps: codec == .gif ? 25 : 30, codec: codec)
            try settings.validate()
            #expect(settings.crf == codec.defaultCRF)
            #expect(settings.preset == codec.defaultPreset)
            #expect((settings.crf == nil) == (codec.crfRange == nil))
        }
        #expect(VideoSettings(width: 2, height: 2, fps: 1, codec: .prores).container == .mov)
        #expect(VideoSettings(width: 2, height: 2, fps: 1, codec: .vp9).container == .webm)
    }

    @Test("crf and presets are refused for ProRes and GIF, which have neither")
    func noQualityKnobs() {
        let crf = #expect(throws: EncodeError.self) {
            try VideoSettings(width: 320, height: 240, fps: 30, codec: .prores, crf: 20).validate()
        }
        #expect(crf?.message.contains("ProRes 4444 has no crf") == true)
        #expect(throws: EncodeError.self) {
            try VideoSettings(width: 320, height: 240, fps: 25, codec: .gif, preset: "slow").validate()
        }
    }

    @Test("VP9's crf goes to 63; H.264's stops at 51")
    func crfRanges() throws {
        try VideoSettings(width: 320, height: 240, fps: 30, codec: .vp9, crf: 63).validate()
        #expect(throws: EncodeError.self) {
            try VideoSettings(width: 320, height: 240, fps: 30, codec: .vp9, crf: 64).validate()
        }
        #expect(throws: EncodeError.self) {
            try VideoSettings(width: 320, height: 240, fps: 30, codec: .hevc, crf: 52).validate()
        }
    }

    @Test("odd sizes are fine without chroma subsampling (ProRes 4444, GIF)")
    func oddSizes() throws {
        try VideoSettings(width: 321, height: 241, fps: 30, codec: .prores).validate()
        try VideoSettings(width: 321, height: 241, fps: 25, codec: .gif).validate()
        #expect(throws: EncodeError.self) {
            try VideoSettings(width: 321, height: 240, fps: 30, codec: .vp9).validate()
        }
    }

    @Test("alpha only where the codec can store it")
    func alpha() throws {
        try VideoSettings(width: 320, height: 240, fps: 30, codec: .vp9, alpha: true).validate()
        let error = #expect(throws: EncodeError.self) {
            try VideoSettings(width: 320, height: 240, fps: 30, codec: .h264, alpha: true).validate()
        }
        #expect(error?.message.contains("cannot store an alpha channel") == true)
    }

    @Test("a codec the container cannot hold is refused")
    func containerMismatch() {
        #expect(throws: EncodeError.self) {
            try VideoSettings(width: 320, height: 240, fps: 30, codec: .vp9, container: .mp4).validate()
        }
    }

    @Test(
        "GIF frame rates are 100/n for n ≥ 2",
        arguments: [(50.0, true), (25, true), (100.0 / 3, true), (20, true), (60, false), (30, false), (100, false)])
    func gifRates(fps: Double, valid: Bool) {
        let settings = VideoSettings(width: 32, height: 32, fps: fps, codec: .gif)
        if valid {
            #expect(throws: Never.self) { try settings.validate() }
        } else {
            let error = #expect(throws: EncodeError.self) { try settings.validate() }
            #expect(error?.message.contains("100/n") == true)
        }
    }

    @Test(
        "the GIF rate for a scene is the highest 100/n not above it",
        arguments: [(60.0, 50.0), (50, 50), (30, 25), (24, 20), (10, 10), (1, 1)])
    func gifRateForScene(scene: Double, gif: Double) {
        #expect(abs(VideoSettings.gifFPS(notAbove: scene) - gif) < 1e-9)
    }

    @Test("encoder threads and the first frame number are checked")
    func threadsAndStart() {
        var settings = VideoSettings(width: 320, height: 240, fps: 30)
        settings.encoderThreads = 0
        #expect(throws: EncodeError.self) { try settings.validate() }
        settings.encoderThreads = 4
        settings.startFrame = -1
        #expect(throws: EncodeError.self) { try settings.validate() }
    }
}
