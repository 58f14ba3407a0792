import Foundation
import ReelCore
import ReelEncode
import Testing

@Suite("Encoding H.264 MP4 and reading it back")
struct VideoEncoderTests {
    @Test("30 frames at 30 fps decode to the same frames, sizes, rate, tags and colours")
    func roundTrip() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("square.mp4")
        try MovingSquare.encode(to: path, frames: 30, fps: 30)

        let decoder = try VideoDecoder(path: path)
        #expect(decoder.codecName == "h264")
        #expect(decoder.pixelFormatName == "yuv420p")
        #expect(decoder.width == 320)
        #expect(decoder.height == 240)
        #expect(decoder.frameRate == FrameRate(numerator: 30, denominator: 1))
        #expect(decoder.colorTags == ColorTags(primaries: "bt709", transfer: "bt709", matrix: "bt709", range: "tv"))

        var k = 0
        while let frame = try decoder.nextFrame() {
            #expect(frame.width == 320 && frame.height == 240)
            let (sx, sy) = MovingSquare.origin(frame: k)
            // Colours: far from the square's edges the round trip must be within ±6 per channel.
            let background = frame.rgb(305, 230)
            let inside = frame.rgb(sx + 32, sy + 32)
            #expect(background.distance(to: MovingSquare.background) <= 6, "frame \(k) background \(background)")
            #expect(inside.distance(to: MovingSquare.square) <= 6, "frame \(k) square \(inside)")
            #expect(frame.premultipliedRGBA(x: 305, y: 230).a == 255)
            // Position: the square is where frame k drew it (±1 px for chroma blur at the edge).
            let box = try #require(
                frame.boundingBox(of: MovingSquare.square, tolerance: 40), "frame \(k) has no square")
            #expect(
                abs(box.minX - sx) <= 1 && abs(box.minY - sy) <= 1, "frame \(k): square at \(box), drawn at \(sx),\(sy)"
            )
            #expect(abs(box.maxX - (sx + 63)) <= 1 && abs(box.maxY - (sy + 63)) <= 1, "frame \(k): square at \(box)")
            k += 1
        }
        #expect(k == 30)
        #expect(decoder.framesDecoded == 30)
        #expect(try decoder.nextFrame() == nil)  // stays at the end
    }

    /// Linux reports a process's huge-page setting in /proc/self/status (since 5.0).
    static var reportsHugePages: Bool {
        (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8))?.contains("THP_enabled:") ?? false
    }

    @Test(
        "an encoder turns transparent huge pages off for its process",
        .enabled(if: reportsHugePages, "this kernel does not report THP_enabled"))
    func noTransparentHugePages() throws {
        // x264's huge pages cost the kernel a 2 MB clear at every first touch (AllocatorTuning).
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try MovingSquare.encode(to: folder.file("square.mp4"), frames: 5, fps: 30)
        let after = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        #expect(after.split(separator: "\n").contains { $0.hasPrefix("THP_enabled:") && $0.hasSuffix("0") })
    }

    @Test("29.97 fps is stored as 30000/1001 with every frame kept")
    func fractionalFrameRate() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("ntsc.mp4")
        try MovingSquare.encode(to: path, frames: 30, fps: 29.97)

        let decoder = try VideoDecoder(path: path)
        #expect(decoder.frameRate == FrameRate(numerator: 30000, denominator: 1001))
        var count = 0
        while try decoder.nextFrame() != nil { count += 1 }
        #expect(count == 30)
    }

    @Test("the same frames encoded repeatedly give identical files and identical decoded frames")
    func deterministic() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // Three encodes, not two: a nondeterministic encoder (libx264's AVX-512 paths) often
        // matched on the first repeat and differed on a later one, depending on reused heap memory.
        let paths = (0..<3).map { folder.file("copy\($0).mp4") }
        for path in paths { try MovingSquare.encode(to: path, frames: 20, fps: 30) }

        let files = try paths.map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
        #expect(files[0].count > 1000)
        for (i, file) in files.enumerated().dropFirst() {
            #expect(file == files[0], "encode \(i) is \(file.count) bytes, encode 0 is \(files[0].count)")
        }

        let a = try VideoDecoder(path: paths[0])
        let b = try VideoDecoder(path: paths[2])
        var frames = 0
        while let frameA = try a.nextFrame() {
            let frameB = try #require(try b.nextFrame())
            #expect(frameA.pixelBytes == frameB.pixelBytes, "decoded frame \(frames) differs")
            frames += 1
        }
        #expect(try b.nextFrame() == nil)
        #expect(frames == 20)
    }

    @Test("the moov index comes before the media data (+faststart)")
    func fastStart() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("faststart.mp4")
        try MovingSquare.encode(to: path, frames: 5, fps: 30)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        // Walk the top-level boxes: 4-byte big-endian size, 4-byte type.
        var types: [String] = []
        var offset = 0
        while offset + 8 <= bytes.count {
            let size = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            types.append(String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self))
            guard size >= 8 else { break }
            offset += size
        }
        let moov = try #require(types.firstIndex(of: "moov"), "no moov box in \(types)")
        let mdat = try #require(types.firstIndex(of: "mdat"), "no mdat box in \(types)")
        #expect(moov < mdat, "top-level boxes: \(types)")
    }

    @Test("invalid settings are rejected before any file is created")
    func rejectsBeforeCreatingFile() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let odd = folder.file("odd.mp4")
        let error = #expect(throws: EncodeError.self) {
            _ = try VideoEncoder(path: odd, settings: VideoSettings(width: 1001, height: 720, fps: 30))
        }
        #expect(
            error?.message
                == "H.264 with yuv420p needs even dimensions; the frame is 1001×720 pixels (canvas size × scale: make both even, or write ProRes .mov, GIF or PNG, which take any size)"
        )
        #expect(!fileExists(odd))

        let crf = folder.file("crf.mp4")
        #expect(throws: EncodeError.self) {
            _ = try VideoEncoder(path: crf, settings: VideoSettings(width: 320, height: 240, fps: 30, crf: 52))
        }
        #expect(!fileExists(crf))
        #expect(try folder.contents().isEmpty)
    }

    @Test("an unwritable path gives an error naming the path and the reason")
    func missingFolder() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("no/such/folder/out.mp4")
        let error = #expect(throws: EncodeError.self) {
            _ = try VideoEncoder(path: path, settings: VideoSettings(width: 320, height: 240, fps: 30))
        }
        #expect(error?.message.contains(path) == true)
        #expect(error?.message.contains("No such file or directory") == true)
        #expect(error?.code != nil)
    }

    @Test("a frame of the wrong size is refused; abort is idempotent and ends the encoder")
    func wrongSizeAndAbort() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let encoder = try VideoEncoderFactory.make(path: folder.file("abort.mp4"), fps: 30)
        let error = #expect(throws: EncodeError.self) { try encoder.append(PixelBuffer(width: 100, height: 80)) }
        #expect(error?.message == "Frame 0 is 100×80 pixels but the video is 320×240")

        let frame = PixelBuffer(width: 320, height: 240)
        MovingSquare.render(frame: 0, into: frame)
        try encoder.append(frame)
        #expect(encoder.framesWritten == 1)
        encoder.abort()
        encoder.abort()
        #expect(throws: EncodeError.self) { try encoder.append(frame) }
        #expect(throws: EncodeError.self) { try encoder.finish() }
        #expect(encoder.framesWritten == 1)
    }

    @Test("finish twice is harmless; appending after finish fails")
    func afterFinish() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("done.mp4")
        let encoder = try VideoEncoderFactory.make(path: path, fps: 30)
        let frame = PixelBuffer(width: 320, height: 240)
        MovingSquare.render(frame: 3, into: frame)
        try encoder.append(frame)
        try encoder.finish()
        try encoder.finish()
        encoder.abort()  // after finish: does nothing, the file stays valid
        let error = #expect(throws: EncodeError.self) { try encoder.append(frame) }
        #expect(error?.message.contains("finished") == true)

        let decoder = try VideoDecoder(path: path)
        let decoded = try #require(try decoder.nextFrame())
        let (x, y) = MovingSquare.origin(frame: 3)
        #expect(decoded.rgb(x + 32, y + 32).distance(to: MovingSquare.square) <= 6)
        #expect(try decoder.nextFrame() == nil)
    }

    @Test("encoding through AtomicOutput: the temporary name works and commit publishes the file")
    func throughAtomicOutput() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let output = try AtomicOutput(finalPath: folder.file("final.mp4"))
        try MovingSquare.encode(to: output.temporaryPath, frames: 3, fps: 30)
        #expect(!fileExists(output.finalPath))
        try output.commit()
        #expect(try folder.contents() == ["final.mp4"])
        let decoder = try VideoDecoder(path: output.finalPath)
        var count = 0
        while try decoder.nextFrame() != nil { count += 1 }
        #expect(count == 3)
    }
}
