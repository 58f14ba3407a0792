import Foundation
import ReelCore
import ReelEncode
import Testing

/// `MediaInput`, the one opener of media files: the extension picks the reader, content never
/// does; only regular files; sizes and audio ranges checked before decoding.
@Suite("Opening media files")
struct MediaInputTests {
    /// A 4 × 2 PNG, written byte by byte.
    static func writePNG(_ path: String) throws {
        try Data(MinimalPNG.encode(width: 4, height: 2, rgba: [UInt8](repeating: 200, count: 32)))
            .write(to: URL(fileURLWithPath: path))
    }

    @Test("the extension picks the reader: unknown ones are refused with the list Reel reads")
    func extensions() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // A real PNG under names Reel does not read as frames.
        for name in ["image.bmp", "image.txt", "image", "clip.wav"] {
            try Self.writePNG(folder.file(name))
            let error = #expect(throws: EncodeError.self) { try VideoDecoder(path: folder.file(name)) }
            #expect(
                error?.message.hasPrefix("\(folder.file(name)): Reel reads videos and images named .apng, .gif")
                    == true,
                "\(name): \(error?.message ?? "decoded")")
        }
        try Self.writePNG(folder.file("IMAGE.PNG"))
        #expect(try VideoDecoder(path: folder.file("IMAGE.PNG")).width == 4, "extensions in any case")
        #expect(MediaInput.isStillImage("a/b.JPG") && MediaInput.isStillImage("b.webp"))
        #expect(!MediaInput.isStillImage("b.gif") && !MediaInput.isStillImage("b.mp4"))
    }

    @Test(
        "a list of other files in disguise is read as what its extension says, and yields no frame",
        arguments: [
            ("list.mp4", "ffconcat version 1.0\nfile real.png\n", "cannot read %@ as MP4/MOV: "),
            (
                "list.webm", "#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1.0,\nreal.png\n#EXT-X-ENDLIST\n",
                "cannot read %@ as WebM/Matroska: "
            ),
            ("list.png", "ffconcat version 1.0\nfile real.png\n", "cannot read %@ as PNG: ")
        ])
    func listsInDisguise(name: String, text: String, message: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try Self.writePNG(folder.file("real.png"))
        let path = folder.file(name)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        // Probed by content, the concat list decodes real.png's frame.
        var frames = 0
        let error = #expect(throws: EncodeError.self) {
            let decoder = try VideoDecoder(path: path)
            while try decoder.nextFrame() != nil { frames += 1 }
        }
        #expect(frames == 0)
        let expected = message.replacingOccurrences(of: "%@", with: path)
        #expect(error?.message.contains(expected) == true, "\(error?.message ?? "")")
    }

    @Test("a FIFO is refused at once, not opened")
    func fifo() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let fifo = folder.file("pipe.mp4")
        #expect(mkfifo(fifo, 0o600) == 0)
        // Opening a FIFO for reading waits for a writer: a hang would be this test never ending.
        let error = #expect(throws: EncodeError.self) { try VideoDecoder(path: fifo) }
        #expect(error?.message.hasPrefix("\(fifo): not a regular file") == true, "\(error?.message ?? "")")
        let missing = #expect(throws: EncodeError.self) { try VideoDecoder(path: folder.file("none.mp4")) }
        #expect(missing?.message == "\(folder.file("none.mp4")): no such file")
    }

    @Test("an image's size is checked from its header before decoding")
    func imageHeader() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // The signature and IHDR alone, claiming 20000 × 20000 (1.6 GB decoded); no pixel data.
        let png = MinimalPNG.encode(width: 1, height: 1, rgba: [0, 0, 0, 0])
        var header = Array(png[0..<33])
        header.replaceSubrange(16..<24, with: [0, 0, 0x4E, 0x20, 0, 0, 0x4E, 0x20])
        try Data(header).write(to: URL(fileURLWithPath: folder.file("big.png")))
        let error = #expect(throws: EncodeError.self) { try VideoDecoder(path: folder.file("big.png")) }
        #expect(
            error?.message
                == "\(folder.file("big.png")) is 20000×20000 pixels; Reel decodes images and video frames of at most "
                + "40000000 pixels and 16384 pixels a side, so scale it down first")
    }

    @Test("frames: at most 40 million pixels and 16384 a side")
    func frameLimits() {
        for (width, height) in [(16384, 2441), (6000, 6666), (1, 16384)] {
            #expect(throws: Never.self) { try MediaInput.checkFrame("f", width: width, height: height) }
        }
        for (width, height) in [(16385, 1), (1, 16385), (6325, 6325), (Int.max, 2)] {
            #expect(throws: EncodeError.self, "\(width)×\(height)") {
                try MediaInput.checkFrame("f", width: width, height: height)
            }
        }
        #expect(throws: EncodeError.self) { try MediaInput.checkFrame("f", width: 11, height: 10, maxPixels: 100) }
    }

    @Test("audio: 8000 to 384000 Hz, 1 to 8 channels; 0 is not known yet")
    func audioRanges() {
        for (rate, channels) in [(8000, 1), (384_000, 8), (44_100, 2), (0, 0)] {
            #expect(throws: Never.self) { try MediaInput.checkAudio("a", sampleRate: rate, channels: channels) }
        }
        for (rate, channels) in [(7999, 2), (384_001, 2), (1, 1), (-5, 1), (48_000, 9), (48_000, -1)] {
            #expect(throws: EncodeError.self, "\(rate) Hz, \(channels) channels") {
                try MediaInput.checkAudio("a", sampleRate: rate, channels: channels)
            }
        }
    }
}
