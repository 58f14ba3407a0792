import Foundation
import ReelCore
import ReelEncode
import ReelTestSupport
import Testing

/// Every codec, written through the parallel pipeline and read back by ffprobe / the ffmpeg CLI.
@Suite(
    "Encoding every format", .enabled(if: MediaTools.available, "needs ffmpeg and ffprobe (tools/setup installs them)"))
struct FormatEncodingTests {
    @Test("HEVC in MP4: hevc, 'hvc1' for Apple players, yuv420p, every frame, BT.709 colours")
    func hevc() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("square.mp4")
        let settings = VideoSettings(
            width: MovingSquare.width, height: MovingSquare.height, fps: 30, codec: .hevc, preset: "ultrafast")
        try PipelineEncode.video(settings, to: path, frames: 12, draw: PipelineEncode.movingSquare)

        let probe = try StreamProbe.read(path)
        #expect(probe.codec == "hevc")
        #expect(probe.codecTag == "hvc1")
        #expect(probe.pixelFormat == "yuv420p")
        #expect(probe.width == 320 && probe.height == 240)
        #expect(probe.frameRate == "30/1")
        #expect(probe.frames == 12)
        let decoder = try VideoDecoder(path: path)
        #expect(decoder.colorTags == ColorTags(primaries: "bt709", transfer: "bt709", matrix: "bt709", range: "tv"))
        let frame = try #require(try decoder.nextFrame())
        #expect(frame.rgb(305, 230).distance(to: MovingSquare.background) <= 6)
        #expect(frame.rgb(42, 52).distance(to: MovingSquare.square) <= 6)
    }

    @Test("ProRes 4444 in MOV keeps alpha: clear stays clear, half stays half, colours straight")
    func proresAlpha() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("alpha.mov")
        let settings = VideoSettings(
            width: TranslucentScene.width, height: TranslucentScene.height, fps: 24, codec: .prores, alpha: true)
        try PipelineEncode.video(settings, to: path, frames: 6, draw: PipelineEncode.translucent)

        let probe = try StreamProbe.read(path)
        #expect(probe.codec == "prores")
        #expect(probe.pixelFormat.hasPrefix("yuva444p"), "pixel format \(probe.pixelFormat)")
        #expect(probe.frames == 6)
        #expect(probe.frameRate == "24/1")
        let frames = try MediaTools.frames(path, width: TranslucentScene.width, height: TranslucentScene.height)
        #expect(frames.count == 6)
        for (k, frame) in frames.enumerated() {
            try checkTranslucent(frame, frame: k, tolerance: 3)
        }
    }

    @Test("VP9 in WebM with alpha: alpha_mode is set and libvpx decodes the alpha plane")
    func vp9Alpha() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("alpha.webm")
        let settings = VideoSettings(
            width: TranslucentScene.width, height: TranslucentScene.height, fps: 30, codec: .vp9, crf: 10,
            preset: "ultrafast", alpha: true)
        try PipelineEncode.video(settings, to: path, frames: 8, draw: PipelineEncode.translucent)

        let probe = try StreamProbe.read(path)
        #expect(probe.codec == "vp9")
        #expect(probe.alphaMode == "1")
        #expect(probe.frames == 8)
        let frames = try MediaTools.frames(
            path, width: TranslucentScene.width, height: TranslucentScene.height, decoder: "libvpx-vp9")
        #expect(frames.count == 8)
        for (k, frame) in frames.enumerated() {
            try checkTranslucent(frame, frame: k, tolerance: 8)
        }
    }

    @Test("VP9 without alpha is plain yuv420p and not marked as having alpha")
    func vp9Opaque() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("opaque.webm")
        let settings = VideoSettings(width: 320, height: 240, fps: 25, codec: .vp9, preset: "ultrafast")
        try PipelineEncode.video(settings, to: path, frames: 5, draw: PipelineEncode.movingSquare)
        let probe = try StreamProbe.read(path)
        #expect(probe.codec == "vp9" && probe.pixelFormat == "yuv420p")
        #expect(probe.alphaMode == nil)
        #expect(probe.frames == 5 && probe.frameRate == "25/1")
    }

    @Test("GIF: every frame, flat colours exact (they are in the palette), the delay is the frame rate")
    func gif() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("square.gif")
        let settings = VideoSettings(width: 320, height: 240, fps: 25, codec: .gif)
        try PipelineEncode.video(settings, to: path, frames: 10, draw: PipelineEncode.movingSquare)

        let probe = try StreamProbe.read(path)
        #expect(probe.codec == "gif")
        #expect(probe.frames == 10)
        #expect(probe.frameRate == "25/1")
        let frames = try MediaTools.frames(path, width: 320, height: 240)
        #expect(frames.count == 10)
        // Every pixel of every frame, not a sample: a GIF that reuses stale pixels from the
        // previous frame (a bug this caught once) is wrong only where things moved.
        for (k, frame) in frames.enumerated() {
            let expected = PixelBuffer(width: 320, height: 240)
            MovingSquare.render(frame: k, into: expected)
            var wrong = 0
            for y in 0..<240 {
                for x in 0..<320 where pixel(frame, width: 320, x, y).rgb != expected.rgb(x, y) { wrong += 1 }
            }
            #expect(wrong == 0, "frame \(k): \(wrong) pixels differ")
        }
    }

    @Test("frames keep their scene timestamps: a segment starting at frame 30 starts at 1 s")
    func segmentTimestamps() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("segment.mp4")
        var settings = VideoSettings(width: 320, height: 240, fps: 30, preset: "ultrafast")
        settings.startFrame = 30
        try PipelineEncode.video(settings, to: path, frames: 15, draw: PipelineEncode.movingSquare)
        let probe = try StreamProbe.read(path)
        #expect(probe.frames == 15)
        #expect(abs(probe.startTime - 1.0) < 0.001, "start time \(probe.startTime)")
        // The first frame in the file is the scene's frame 30.
        let decoder = try VideoDecoder(path: path)
        let first = try #require(try decoder.nextFrame())
        let (sx, sy) = MovingSquare.origin(frame: 30)
        let box = try #require(first.boundingBox(of: MovingSquare.square, tolerance: 40))
        #expect(
            abs(box.minX - sx) <= 1 && abs(box.minY - sy) <= 1, "square at \(box), frame 30 draws it at \(sx),\(sy)")
    }

    /// Checks a decoded straight-RGBA frame of `TranslucentScene`.
    private func checkTranslucent(_ frame: [UInt8], frame k: Int, tolerance: Int) throws {
        let w = TranslucentScene.width
        let (sx, sy) = TranslucentScene.squarePoint(frame: k)
        let square = pixel(frame, width: w, sx, sy)
        #expect(abs(Int(square.a) - Int(TranslucentScene.squareAlpha)) <= 2, "frame \(k): square alpha \(square.a)")
        // Straight colour: the square's own colour, not the colour darkened by its alpha.
        #expect(
            square.rgb.distance(to: TranslucentScene.square) <= tolerance, "frame \(k): square colour \(square.rgb)")
        let bar = pixel(frame, width: w, TranslucentScene.barPoint.x, TranslucentScene.barPoint.y)
        #expect(bar.a >= 253, "frame \(k): bar alpha \(bar.a)")
        #expect(bar.rgb.distance(to: TranslucentScene.bar) <= tolerance, "frame \(k): bar colour \(bar.rgb)")
        let clear = pixel(frame, width: w, TranslucentScene.clearPoint.x, TranslucentScene.clearPoint.y)
        #expect(clear.a <= 2, "frame \(k): background alpha \(clear.a)")
    }
}
