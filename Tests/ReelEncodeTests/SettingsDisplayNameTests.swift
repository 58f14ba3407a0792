import Testing

@testable import ReelEncode

/// The format named in the render summary: the profile a pixel format picks is part of it (a
/// 422 HQ file announced as "ProRes 4444" sent users looking for an alpha channel it lacks).
@Suite("Video settings' display names")
struct SettingsDisplayNameTests {
    private func name(_ codec: VideoCodec, _ pixelFormat: VideoPixelFormat?) -> String {
        var settings = VideoSettings(width: 64, height: 64, fps: 25, codec: codec)
        settings.pixelFormat = pixelFormat
        return settings.displayName
    }

    // Expected names: Apple's ProRes family names, H.265's and VP9's profile names.
    @Test("ProRes names its profile: 4444 by default, 422 HQ for yuv422p10le")
    func proRes() {
        #expect(name(.prores, nil) == "ProRes 4444 MOV")
        #expect(name(.prores, .yuva444p10le) == "ProRes 4444 MOV")
        #expect(name(.prores, .yuv422p10le) == "ProRes 422 HQ MOV")
    }

    @Test("10-bit HEVC and VP9 name their profiles; 8-bit and GIF stay plain")
    func tenBit() {
        #expect(name(.hevc, .yuv420p10le) == "HEVC Main 10 MP4")
        #expect(name(.vp9, .yuv420p10le) == "VP9 Profile 2 WebM")
        #expect(name(.hevc, nil) == "HEVC MP4")
        #expect(name(.h264, .yuv420p) == "H.264 MP4")
        #expect(name(.gif, nil) == "GIF")
    }
}
