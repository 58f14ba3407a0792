import Foundation
import ReelCore
import ReelEncode
import Testing

@Suite("PNG sequences and raw frames")
struct ImageSinkTests {
    @Test("a PNG sequence: one file per scene frame number, appearing only on commit, exact straight RGBA")
    func pngSequence() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let pattern = try FrameNumberPattern(folder.file("f-%03d.png"))
        let output = try AtomicSequenceOutput(pattern: pattern)
        let sink = try PNGSequenceSink(output: output, width: TranslucentScene.width, height: TranslucentScene.height)
        try FramePipeline(threads: 3).run(
            frames: 10..<16, width: TranslucentScene.width, height: TranslucentScene.height,
            draw: PipelineEncode.translucent, into: sink)
        try sink.finish()
        // Before commit only the hidden temporary folder exists.
        let before = try folder.contents()
        #expect(before.count == 1 && before[0].hasPrefix(".f-000.reel-tmp-"), "\(before)")
        try output.commit()
        #expect(try folder.contents() == (10..<16).map { "f-0\($0).png" })
        #expect(sink.framesWritten == 6)
        #expect(
            sink.bytesWritten
                == (try folder.contents().reduce(0) { total, name in
                    total + ((try FileManager.default.attributesOfItem(atPath: folder.file(name))[.size] as? Int) ?? 0)
                }))

        for k in 10..<16 {
            let decoder = try VideoDecoder(path: folder.file("f-0\(k).png"))
            #expect(decoder.codecName == "png" && decoder.pixelFormatName == "rgba")
            let decoded = try #require(try decoder.nextFrame())
            let expected = PixelBuffer(width: TranslucentScene.width, height: TranslucentScene.height)
            TranslucentScene.render(frame: k, into: expected)
            // Straight alpha written with Cairo's rounding and premultiplied again on reading
            // gives back exactly the rendered pixels.
            #expect(decoded.pixelBytes == expected.pixelBytes, "frame \(k)")
        }
    }

    @Test("discarding a sequence removes the temporary folder and every file in it")
    func discardSequence() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let output = try AtomicSequenceOutput(pattern: try FrameNumberPattern(folder.file("x-%d.png")))
        let sink = try PNGSequenceSink(output: output, width: 8, height: 8)
        for _ in 0..<3 { try sink.append(PixelBuffer(width: 8, height: 8)) }
        #expect(try folder.contents().count == 1)
        sink.abort()
        output.discard()
        #expect(try folder.contents().isEmpty)
    }

    @Test("a sequence into a missing folder fails before anything is drawn")
    func missingFolder() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let error = #expect(throws: EncodeError.self) {
            try AtomicSequenceOutput(pattern: try FrameNumberPattern(folder.file("no/x-%d.png")))
        }
        #expect(error?.message.contains("does not exist") == true)
    }

    @Test("raw BGRA: rows without padding, frames back to back, premultiplied as rendered")
    func raw() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("frames.bgra")
        let (w, h) = (TranslucentScene.width - 1, TranslucentScene.height)  // odd width: no row padding
        let sink = try RawVideoSink(path: path, width: w, height: h)
        try FramePipeline(threads: 2).run(
            frames: 0..<4, width: w, height: h, draw: PipelineEncode.translucent, into: sink)
        try sink.finish()
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(bytes.count == 4 * w * h * 4)
        for k in 0..<4 {
            let expected = PixelBuffer(width: w, height: h)
            TranslucentScene.render(frame: k, into: expected)
            #expect(Array(bytes[(k * w * h * 4)..<((k + 1) * w * h * 4)]) == expected.pixelBytes, "frame \(k)")
        }
    }
}
