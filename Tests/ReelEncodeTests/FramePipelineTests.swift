import Foundation
import ReelCore
import ReelEncode
import Synchronization
import Testing

#if os(Linux)
    import Glibc
#endif

/// A sink that records what reaches it, with converters that count the frames alive at once.
final class RecordingSink: FrameSink {
    let width: Int, height: Int
    let failAt: Int?
    private(set) var written: [Int] = []
    private(set) var finished = false
    /// Converted frames not yet written: a pipeline must keep this within its queue capacity.
    let inFlight = Mutex(0)
    let maximumInFlight = Mutex(0)
    let converted = Mutex(0)

    init(width: Int = 16, height: Int = 8, failAt: Int? = nil) {
        self.width = width
        self.height = height
        self.failAt = failAt
    }

    func makeConverter() throws -> any FrameConverter { Converter(sink: self) }

    func write(_ frame: PreparedFrame) throws {
        written.append(frame.index)
        inFlight.withLock { $0 -= 1 }
    }

    func append(_ frame: PixelBuffer) throws { throw EncodeError("not used") }
    func finish() throws { finished = true }
    func abort() {}

    final class Converter: FrameConverter, @unchecked Sendable {
        let sink: RecordingSink
        let raw: FrameConverter
        init(sink: RecordingSink) {
            self.sink = sink
            // The raw sink's converter makes real byte frames to hand around.
            raw = try! RawVideoSink(path: "/dev/null", width: sink.width, height: sink.height).makeConverter()
        }

        func prepare(_ buffer: PixelBuffer, index: Int, reusing recycled: PreparedFrame?) throws -> PreparedFrame {
            if index == sink.failAt { throw EncodeError("converter failed at \(index)") }
            sink.converted.withLock { $0 += 1 }
            let now = sink.inFlight.withLock {
                $0 += 1; return $0
            }
            sink.maximumInFlight.withLock { $0 = max($0, now) }
            return try raw.prepare(buffer, index: index, reusing: recycled)
        }
    }
}

@Suite("The parallel frame pipeline")
struct FramePipelineTests {
    /// Draws frame k as a solid grey of value k (mod 256), slowly enough that workers overlap.
    static let grey: FramePipeline.Draw = { k, buffer in
        buffer.baseAddress.initializeMemory(
            as: UInt8.self, repeating: UInt8(truncatingIfNeeded: k), count: buffer.byteCount)
        usleep(UInt32(200 * (k % 3)))  // uneven drawing times, so frames finish out of order
    }

    @Test("frames reach the sink in order, whatever the number of threads", arguments: [1, 2, 4, 8])
    func order(threads: Int) throws {
        let sink = RecordingSink()
        try FramePipeline(threads: threads).run(frames: 5..<205, width: 16, height: 8, draw: Self.grey, into: sink)
        #expect(sink.written == Array(5..<205))
    }

    @Test("memory is bounded by the queue: never more converted frames alive than its capacity")
    func boundedQueue() throws {
        let sink = RecordingSink()
        let pipeline = FramePipeline(threads: 4, queueCapacity: 3)
        // The writer is slow, so the workers run ahead until the queue stops them.
        let slowSink = SlowSink(sink)
        try pipeline.run(frames: 0..<60, width: 16, height: 8, draw: Self.grey, into: slowSink)
        #expect(sink.written.count == 60)
        #expect(sink.maximumInFlight.withLock { $0 } <= 3)
        #expect(sink.maximumInFlight.withLock { $0 } >= 2, "workers did run ahead of the writer")
    }

    #if os(Linux)
        @Test(
            "workers run below the caller's priority by priorityOffset, so the encoder goes first",
            arguments: [0, 10] as [Int32])
        func workerPriority(offset: Int32) throws {
            let seen = Mutex<Set<Int32>>([])
            let draw: FramePipeline.Draw = { _, _ in
                let nice = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
                seen.withLock { _ = $0.insert(nice) }
            }
            var pipeline = FramePipeline(threads: 2)
            pipeline.priorityOffset = offset
            try pipeline.run(frames: 0..<10, width: 16, height: 8, draw: draw, into: RecordingSink())
            let caller = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
            #expect(seen.withLock { $0 } == [min(caller + offset, 19)])
        }
    #endif

    @Test("the default queue grows with the threads but stays within about 512 MB of frames")
    func defaultCapacity() {
        #expect(FramePipeline(threads: 2).defaultQueueCapacity(width: 1920, height: 1080) == 6)
        #expect(FramePipeline(threads: 16).defaultQueueCapacity(width: 1920, height: 1080) == 32)
        #expect(FramePipeline(threads: 16).defaultQueueCapacity(width: 3840, height: 2160) == 8)
        #expect(FramePipeline(threads: 64).defaultQueueCapacity(width: 16384, height: 16384) == 2)
    }

    @Test("a converter error stops the run and is the error thrown; later frames are not written")
    func converterError() throws {
        let sink = RecordingSink(failAt: 40)
        let error = #expect(throws: EncodeError.self) {
            try FramePipeline(threads: 3).run(frames: 0..<500, width: 16, height: 8, draw: Self.grey, into: sink)
        }
        #expect(error?.message == "converter failed at 40")
        #expect(sink.written == Array(0..<sink.written.count))
        #expect(sink.written.count <= 40)
        // The workers stopped soon after: not all 500 frames were converted.
        #expect(sink.converted.withLock { $0 } < 100)
    }

    @Test("shouldStop interrupts promptly, also when the writer is the bottleneck and never waits")
    func interrupt() throws {
        let sink = RecordingSink()
        // Instant drawing and a slow writer: every frame is ready before the writer asks for it,
        // which is the usual case (the encoder is the slowest stage).
        let instant: FramePipeline.Draw = { _, _ in }
        #expect(throws: FramePipeline.Interrupted.self) {
            try FramePipeline(threads: 2).run(
                frames: 0..<10_000, width: 16, height: 8, draw: instant, into: SlowSink(sink),
                shouldStop: { sink.written.count >= 20 })
        }
        #expect(sink.written.count == 20, "stopped right after the frame that asked: \(sink.written.count)")
        #expect(sink.converted.withLock { $0 } < 40)
        #expect(!sink.finished, "the pipeline leaves finishing (or aborting) to the caller")
    }

    @Test("progress is reported once per frame, in order, ending at the frame count")
    func progress() throws {
        let sink = RecordingSink()
        var reports: [PipelineProgress] = []
        try FramePipeline(threads: 2).run(frames: 0..<30, width: 16, height: 8, draw: Self.grey, into: sink) {
            reports.append($0)
        }
        #expect(reports.map(\.framesDone) == Array(1...30))
        #expect(reports.allSatisfy { $0.frameCount == 30 && $0.stage == .encoding })
        #expect(reports.last?.remaining == 0)
    }

    @Test(
        "every codec writes a byte-identical file for 1, 2 and 5 drawing threads",
        arguments: [
            (VideoCodec.h264, "veryfast" as String?), (.hevc, "ultrafast"), (.vp9, "ultrafast"), (.prores, nil),
            (.gif, nil)
        ])
    func identicalForAnyThreadCount(codec: VideoCodec, preset: String?) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var files: [Data] = []
        for threads in [1, 2, 5] {
            let path = folder.file("t\(threads)")
            let settings = VideoSettings(
                width: MovingSquare.width, height: MovingSquare.height, fps: codec == .gif ? 25 : 30, codec: codec,
                preset: preset)
            try PipelineEncode.video(
                settings, to: path, frames: 24, threads: threads, draw: PipelineEncode.movingSquare)
            files.append(try Data(contentsOf: URL(fileURLWithPath: path)))
        }
        #expect(files[0].count > 1000)
        #expect(files[1] == files[0], "\(codec): 2 threads differ from 1")
        #expect(files[2] == files[0], "\(codec): 5 threads differ from 1")
    }

    @Test("a sink that needs an analysis pass sees every frame analysed before any is converted")
    func analysisPass() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("two-pass.gif")
        let encoder = try VideoEncoder(
            path: path, settings: VideoSettings(width: 320, height: 240, fps: 50, codec: .gif))
        #expect(encoder.needsAnalysis)
        #expect(throws: EncodeError.self) { _ = try encoder.makeConverter() }  // no palette yet
        var stages: [PipelineProgress.Stage] = []
        try FramePipeline(threads: 2).run(
            frames: 0..<6, width: 320, height: 240, draw: PipelineEncode.movingSquare, into: encoder
        ) { stages.append($0.stage) }
        try encoder.finish()
        #expect(stages == Array(repeating: .analysing, count: 6) + Array(repeating: .encoding, count: 6))
        #expect(!encoder.needsAnalysis)
        #expect(encoder.framesWritten == 6)
    }
}

/// Wraps a sink and takes its time writing, as a real encoder does.
final class SlowSink: FrameSink {
    let base: RecordingSink
    init(_ base: RecordingSink) { self.base = base }
    func makeConverter() throws -> any FrameConverter { try base.makeConverter() }
    func write(_ frame: PreparedFrame) throws {
        usleep(2000)
        try base.write(frame)
    }
    func append(_ frame: PixelBuffer) throws { try base.append(frame) }
    func finish() throws { try base.finish() }
    func abort() { base.abort() }
}
