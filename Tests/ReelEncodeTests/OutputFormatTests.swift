import ReelEncode
import Testing

@Suite("Choosing the output format from the path and --codec")
struct OutputFormatTests {
    @Test(
        "the extension picks the format and its default codec",
        arguments: [
            ("clip.mp4", OutputFormat.video(.mp4, .h264)), ("dir/CLIP.MP4", .video(.mp4, .h264)),
            ("clip.mov", .video(.mov, .prores)), ("clip.webm", .video(.webm, .vp9)), ("clip.gif", .video(.gif, .gif)),
            ("frames.bgra", .rawBGRA)
        ])
    func byExtension(path: String, format: OutputFormat) throws {
        #expect(try OutputFormat(path: path) == format)
    }

    @Test(
        "--codec chooses within the container, by name or common alias",
        arguments: [
            ("a.mp4", "hevc", OutputFormat.video(.mp4, .hevc)), ("a.mp4", "h265", .video(.mp4, .hevc)),
            ("a.mp4", "H264", .video(.mp4, .h264)), ("a.mov", "prores", .video(.mov, .prores)),
            ("a.mov", "h264", .video(.mov, .h264)), ("a.webm", "vp9", .video(.webm, .vp9))
        ])
    func byCodec(path: String, codec: String, format: OutputFormat) throws {
        #expect(try OutputFormat(path: path, codec: codec) == format)
    }

    @Test("a codec the container cannot hold is refused, naming the ones it can")
    func wrongCodec() {
        let error = #expect(throws: EncodeError.self) { try OutputFormat(path: "a.mp4", codec: "vp9") }
        #expect(error?.message == "MP4 files cannot hold vp9; choose --codec h264 or hevc")
        let unknown = #expect(throws: EncodeError.self) { try OutputFormat(path: "a.mp4", codec: "divx") }
        #expect(unknown?.message.contains("Unknown codec 'divx'") == true)
    }

    @Test("unknown extensions are refused with the list of formats", arguments: ["clip.avi", "clip", "clip.mkv"])
    func unknownExtension(path: String) {
        let error = #expect(throws: EncodeError.self) { try OutputFormat(path: path) }
        #expect(error?.message.contains(".mp4, .mov, .webm, .gif, NAME-%04d.png") == true)
    }

    @Test("a .png output must be a numbered pattern")
    func pngNeedsPattern() throws {
        let error = #expect(throws: EncodeError.self) { try OutputFormat(path: "out/frame.png") }
        #expect(error?.message.contains("frame-%04d.png") == true)
        guard case .pngSequence(let pattern) = try OutputFormat(path: "out/frame-%04d.png") else {
            Issue.record("not a PNG sequence")
            return
        }
        #expect(pattern.directory == "out")
    }

    @Test("frame-number patterns: padding, no padding, literal %, folders")
    func patterns() throws {
        let padded = try FrameNumberPattern("shots/a-%04d.png")
        #expect(padded.path(forFrame: 7) == "shots/a-0007.png")
        #expect(padded.path(forFrame: 123_456) == "shots/a-123456.png")
        #expect(try FrameNumberPattern("%d.png").fileName(forFrame: 42) == "42.png")
        #expect(try FrameNumberPattern("100%%-%03d.png").fileName(forFrame: 5) == "100%-005.png")
        #expect(try FrameNumberPattern("/f%02d.png").path(forFrame: 3) == "/f03.png")
        #expect(throws: EncodeError.self) { try FrameNumberPattern("a-%04d-%04d.png") }
        #expect(throws: EncodeError.self) { try FrameNumberPattern("a-%s.png") }
        #expect(throws: EncodeError.self) { try FrameNumberPattern("%04d/a.png") }
    }
}
