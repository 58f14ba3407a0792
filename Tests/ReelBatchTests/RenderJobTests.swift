import Foundation
import Reel
import ReelTestSupport
import Testing

/// The render job every entry point uses, through its Swift API (as the README shows it).
@Suite struct RenderJobTests {
    static let hello = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("scenes/hello.yaml").path

    @Test func aShortLastChunkJoinsTheOneBefore() throws {
        // 4 s chunks at 30 fps are 120 frames: 6 s leaves 60 (half a chunk) → one chunk.
        #expect(ChunkGrid(frames: 0..<180, seconds: 4, fps: 30).chunkStarts == [0])
        #expect(
            ChunkGrid(frames: 0..<181, seconds: 4, fps: 30).chunkStarts == [0, 120],
            "61 frames left: a chunk of their own")
        #expect(ChunkGrid(frames: 0..<300, seconds: 4, fps: 30).chunkStarts == [0, 120], "10 s: 4 + 6")
        #expect(ChunkGrid(frames: 0..<360, seconds: 4, fps: 30).chunkStarts == [0, 120, 240], "whole chunks stay")
        #expect(
            ChunkGrid(frames: 30..<90, seconds: 1, fps: 30).chunkStarts == [30, 60], "from the render's first frame")
        let grid = ChunkGrid(frames: 0..<300, seconds: 4, fps: 30)
        #expect(try grid.frames(of: Segment(index: 1, count: 2), chunkSeconds: 4) == 120..<300)
        #expect(throws: RenderJobError.self) { try grid.frames(of: Segment(index: 0, count: 3), chunkSeconds: 4) }
    }

    @Test func rendersAFileAndAStill() throws {
        let folder = try ScratchFolder()
        let job = RenderJob(
            scene: Self.hello, options: RenderOptions(fps: 10, frames: FrameSpan(first: 0, last: 4), crf: 30))
        let loaded = try job.load()
        let result = try loaded.plan(output: try folder.file("hello.webm")).run()
        #expect(result.frames == 5 && result.bytes > 0)
        let probe = try StreamProbe.read(folder.url.appendingPathComponent("hello.webm").path)
        #expect(probe.codec == "vp9" && probe.frames == 5 && probe.frameRate == "10/1")
        let frame = loaded.still(at: 1.5)
        #expect(frame.width == loaded.canvas.pixelWidth && frame.height == loaded.canvas.pixelHeight)
    }

    /// Jobs in one process — a batch worker reused, the preview server, a Swift program — each
    /// set their text in their own scene's fonts. Two scenes ship different faces of one family,
    /// DejaVu Sans (the regular; the bold alone): stills taken alternately on many threads, and
    /// a rendered frame of each, keep their own face.
    @Test func jobsInOneProcessKeepTheirOwnFonts() throws {
        let folder = try ScratchFolder()
        var jobs: [LoadedJob] = []
        for face in ["DejaVuSans", "DejaVuSans-Bold"] {
            try FileManager.default.copyItem(
                atPath: "/usr/share/fonts/truetype/dejavu/\(face).ttf", toPath: folder.file("\(face)/Face.ttf"))
            let scene = try folder.write(
                "\(face)/scene.yaml",
                """
                reel: 1
                canvas: { size: [240, 60], duration: 1, background: black, fonts: [Face.ttf] }
                layers:
                  - { class: text, frame: [10, 10, 220, 40], string: "Hamburgefonstiv", font: "DejaVu Sans", fontSize: 24, foregroundColor: white }
                """)
            jobs.append(
                try RenderJob(scene: scene, options: RenderOptions(frames: FrameSpan(first: 0, last: 0))).load())
        }
        // The sum of one channel: white text on black, so the text's ink.
        @Sendable func ink(_ bytes: UnsafeRawBufferPointer) -> Int {
            stride(from: 0, to: bytes.count, by: 4).reduce(0) { $0 + Int(bytes[$1]) }
        }
        let loaded = jobs
        let stills = ResultSlots(count: 12)
        DispatchQueue.concurrentPerform(iterations: 12) { i in
            let still = loaded[i % 2].still(at: 0)
            stills.set(i, ink(UnsafeRawBufferPointer(start: still.baseAddress, count: still.byteCount)))
        }
        let inks = stills.values
        for (i, value) in inks.enumerated() { #expect(value == inks[i % 2], "still \(i) of job \(i % 2)") }
        // DejaVu Sans Bold's stems are about half as wide again as the regular's.
        #expect(Double(inks[1]) > 1.3 * Double(inks[0]), "regular \(inks[0]), bold \(inks[1])")
        // Rendered (a frame as raw BGRA, through the job's render session): the same ink.
        for (i, job) in jobs.enumerated() {
            let output = try folder.file("frame-\(i).bgra")
            _ = try job.plan(output: output).run()
            let frame = try Data(contentsOf: URL(fileURLWithPath: output))
            #expect(frame.withUnsafeBytes(ink) == inks[i], "job \(i)'s rendered frame")
        }
    }

    @Test func gifRatesAreChosenAndSaidSo() throws {
        let loaded = try RenderJob(scene: Self.hello).load()
        let plan = try loaded.plan(output: "x.gif")
        #expect(plan.canvas.fps == 50, "60 fps → the nearest 100/n below")
        #expect(plan.notes.first?.contains("rendering at 50 fps") == true)
    }

    @Test func problemsAreCollectedNotThrownByCheck() {
        let (loaded, problems) = RenderJob(scene: Self.hello, options: RenderOptions(scale: 99)).check()
        #expect(loaded == nil)
        #expect(problems.map(\.message) == ["--scale must be greater than 0 and at most 16, got 99"])
        #expect(throws: RenderJobError.self) { try RenderJob(scene: "/nonexistent.yaml").load() }
    }

    /// A job crosses to batch workers and farm nodes as JSON: every option comes back as it went.
    @Test func aJobFileKeepsEveryOption() throws {
        var options = RenderOptions(
            fps: 29.97, scale: 0.5, frames: FrameSpan(first: 2, last: nil), crf: 23, preset: "slow", codec: "hevc",
            threads: 3, parallelSegments: 2)
        (options.limits.maxFrames, options.limits.maxPixels, options.limits.maxDepth, options.limits.maxFileBytes) = (
            12, 34, 56, 78
        )
        options.limits.allowsFilesOutsideRoot = true
        (options.replaceReadOnly, options.maxMemory, options.segment) = (true, 5 << 30, Segment(index: 1, count: 4))
        (options.chunkSeconds, options.audio) = (2.5, "/sounds/theme.wav")
        (options.motionBlur, options.pixelFormat, options.dither) = (
            MotionBlur(shutterAngle: 270, samples: 8), "yuv420p10le", "none"
        )
        options.limits.fileRoot = "/projects/site"
        // Every option is set here, so one added later without a way through JSON fails this test.
        let defaults = Mirror(reflecting: RenderOptions()).children.map { "\($0.value)" }
        for (option, value) in zip(Mirror(reflecting: options).children, defaults) {
            #expect("\(option.value)" != value, "\(option.label ?? "?") is left at its default")
        }
        let job = RenderJob(scene: "/scenes/s.yaml", options: options, outputs: ["/out/s.mp4", "/out/s.gif"])
        let folder = try ScratchFolder()
        try job.write(to: try folder.file("job.json"))
        #expect(try RenderJob(file: try folder.file("job.json")) == job)
        #expect(throws: RenderJobError.self) { try RenderJob(json: Data("{\"scene\": 1}".utf8), source: "x") }
    }

    /// The one check of an option's value, whoever gives it (a flag, a job file, Swift).
    @Test func optionsAreCheckedWithTheFlagsNames() {
        func message(_ change: (inout RenderOptions) -> Void) -> String? {
            var options = RenderOptions()
            change(&options)
            return RenderJob(scene: Self.hello, options: options).check().problems.first?.message
        }
        #expect(message { $0.threads = 300 } == "--threads must be 1…256, got 300")
        #expect(message { $0.limits.maxFrames = 0 } == "--max-frames must be at least 1, got 0")
        #expect(message { $0.limits.maxFileBytes = -1 } == "--max-file-size must be at least 1, got -1")
        #expect(message { $0.limits.maxDepth = 401 } == "--max-depth must be 1…400, got 401")
        #expect(message { $0.limits.maxDepth = 400 } == nil)
    }

    @Test func theOptionsIdentityResolvesDefaults() throws {
        let mp4 = try OutputFormat(path: "a.mp4")
        #expect(RenderOptions().identity(for: mp4) == RenderOptions(crf: 18, preset: "medium").identity(for: mp4))
        #expect(
            RenderOptions(threads: 1).identity(for: mp4) == RenderOptions(threads: 2).identity(for: mp4),
            "threads do not change the bytes")
        #expect(RenderOptions(crf: 20).identity(for: mp4) != RenderOptions().identity(for: mp4))
        #expect(RenderOptions().identity(for: try OutputFormat(path: "a.webm")) != RenderOptions().identity(for: mp4))
    }

    /// How many segments render at once: as asked, but never more than there are chunks, never
    /// more than the memory budget holds, and never for a GIF (one palette) or a segment.
    @Test func parallelSegmentsAreBoundedByChunksAndMemory() throws {
        let folder = try ScratchFolder()
        func parts(_ output: String, _ change: (inout RenderOptions) -> Void) throws -> Int {
            var options = RenderOptions(parallelSegments: 3)
            options.chunkSeconds = 1
            change(&options)
            return try RenderJob(scene: Self.hello, options: options).load().plan(output: try folder.file(output)).parts
                .count
        }
        #expect(try parts("a.mp4") { _ in } == 3)
        #expect(try parts("b.mp4") { $0.chunkSeconds = 2 } == 2, "hello.yaml is 4 s: two 2 s chunks")
        let oneRender = RenderJob.estimatedMemory(width: 1280, height: 720)
        #expect(try parts("c.mp4") { $0.maxMemory = oneRender * 2 + 1 } == 2, "two renders fit the budget")
        #expect(try parts("d.mp4") { $0.maxMemory = oneRender + 1 } == 0, "one render: no parts")
        #expect(try parts("e.gif") { _ in } == 0)
        #expect(try parts("f.mp4") { $0.segment = Segment(index: 0, count: 2) } == 0)
        #expect(try parts("g.mp4") { $0.parallelSegments = 1 } == 0)
    }
}

/// Results written by concurrent iterations, one slot each.
private final class ResultSlots: @unchecked Sendable {
    // @unchecked: `slots` is only touched under `lock`.
    private let lock = NSLock()
    private var slots: [Int]
    init(count: Int) { slots = Array(repeating: 0, count: count) }
    func set(_ i: Int, _ value: Int) { lock.withLock { slots[i] = value } }
    var values: [Int] { lock.withLock { slots } }
}
