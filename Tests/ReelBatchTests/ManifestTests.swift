import Foundation
import Reel
import ReelTestSupport
import Testing

@testable import ReelBatch

@Suite struct ManifestTests {
    func problems(_ text: String) -> [String] {
        do {
            _ = try BatchManifest.decode(bytes: Array(text.utf8), file: "m.yaml")
            return []
        } catch let error as SceneLoadError {
            return error.diagnostics.map { "\($0.location): \($0.message)" }
        } catch {
            return ["\(error)"]
        }
    }

    @Test func decodesJobsAndDefaults() throws {
        let text = """
            reel-batch: 1
            defaults: { crf: 20, timeout: 30 }
            jobs:
              - intro.yaml
              - scene: title.yaml
                outputs: [title.mp4, title.webm]
                fps: 30
                frames: 0-59
            """
        let m = try BatchManifest.decode(bytes: Array(text.utf8), file: "m.yaml")
        #expect(m.defaults == [.crf(20), .timeout(30)])
        #expect(m.jobs.map(\.scene) == ["intro.yaml", "title.yaml"])
        #expect(m.jobs[1].outputs == ["title.mp4", "title.webm"])
        #expect(m.jobs[1].settings == [.fps(30), .frames(FrameSpan(first: 0, last: 59))])
        #expect(m.jobs[0].settings.isEmpty)
    }

    @Test func audioIsAnOptionRelativeToTheManifest() throws {
        let folder = try ScratchFolder()
        _ = try folder.write("jobs/a.yaml", "reel: 1\ncanvas: { size: [8, 8], duration: 1 }\n")
        let manifest = try folder.write(
            "jobs/m.yaml",
            """
            reel-batch: 1
            defaults: { audio: sound/theme.mp3 }
            jobs:
              - { scene: a.yaml, output: a.mp4 }
              - { scene: a.yaml, output: b.mp4, audio: /abs/voice.wav }
            """)
        let plan = try BatchPlan(inputs: [manifest], settings: .init(outputDirectory: folder.path))
        let jobsFolder = URL(fileURLWithPath: folder.path + "/jobs").standardizedFileURL.path
        #expect(plan.jobs.map(\.render.options.audio) == [jobsFolder + "/sound/theme.mp3", "/abs/voice.wav"])
        #expect(
            problems("reel-batch: 1\njobs:\n  - { scene: a.yaml, audio: \"\" }\n")
                == ["3:29: audio must name a sound file, relative to the manifest"])
        #expect(problems("reel-batch: 1\njobs:\n  - { scene: a.yaml, audio: [a] }\n").count == 1)
    }

    /// Each job's `RenderJob` starts from the command line's options — limits, threads and memory
    /// too — with the manifest's defaults over them and the job's own over those.
    @Test func jobsCarryTheCommandLineUnderTheManifest() throws {
        let folder = try ScratchFolder()
        _ = try folder.write("a.yaml", "reel: 1\ncanvas: { size: [8, 8], duration: 1 }\n")
        let manifest = try folder.write(
            "m.yaml",
            """
            reel-batch: 1
            defaults: { crf: 20, timeout: 30 }
            jobs:
              - { scene: a.yaml, output: a.mp4 }
              - { scene: a.yaml, output: b.mp4, crf: 24, retries: 2 }
            """)
        var settings = BatchPlan.Settings(
            outputDirectory: folder.path, options: RenderOptions(crf: 30, preset: "fast", threads: 3))
        (settings.options.limits.maxFrames, settings.options.maxMemory) = (7, 1 << 30)
        (settings.timeout, settings.retries) = (10, 1)
        let plan = try BatchPlan(inputs: [manifest], settings: settings)
        #expect(plan.jobs.map(\.render.options.crf) == [20, 24])
        #expect(plan.jobs.map(\.render.options.preset) == ["fast", "fast"])
        #expect(
            plan.jobs.allSatisfy {
                $0.render.options.threads == 3 && $0.render.options.limits.maxFrames == 7
                    && $0.render.options.maxMemory == 1 << 30
            })
        #expect(plan.jobs.map(\.timeout) == [30, 30] && plan.jobs.map(\.retries) == [1, 2])
    }

    /// `defaults` fit the jobs they can: GIF has neither crf nor presets, so a GIF job under
    /// `defaults: { crf, preset }` renders with neither (as VideoCodec says), a job with an MP4 among
    /// its outputs keeps them, and a GIF job's own crf is still kept (and refused when it renders).
    @Test func defaultsLeaveOutWhatAJobsFormatsLack() throws {
        let folder = try ScratchFolder()
        _ = try folder.write("a.yaml", "reel: 1\ncanvas: { size: [8, 8], duration: 1 }\n")
        let manifest = try folder.write(
            "m.yaml",
            """
            reel-batch: 1
            defaults: { crf: 20, preset: slow }
            jobs:
              - { scene: a.yaml, output: a.gif }
              - { scene: a.yaml, outputs: [b.mp4, b.gif] }
              - { scene: a.yaml, output: c.gif, crf: 24 }
              - { scene: a.yaml, output: d.mov, codec: prores }
            """)
        let plan = try BatchPlan(inputs: [manifest], settings: BatchPlan.Settings(outputDirectory: folder.path))
        #expect(plan.jobs.map(\.render.options.crf) == [nil, 20, 24, nil])
        #expect(plan.jobs.map(\.render.options.preset) == [nil, "slow", nil, nil])
    }

    @Test func locatesEveryProblem() {
        let text = """
            reel-batch: 2
            defaults: { crf: 99, tmeout: 3 }
            jobs:
              - scene: a.yaml
                output: a.mp4
                outputs: [b.mp4]
              - output: x.mp4
              - scene: c.yaml
                frames: 9-3
            """
        #expect(
            problems(text) == [
                "1:13: reel-batch must be 1 (the manifest format version), found the number 2",
                "2:18: crf must be 0…63, found 99",
                "2:22: unknown key 'tmeout' in defaults (did you mean 'timeout'?)",
                "6:14: give either 'output' or 'outputs', not both",
                "7:5: a job needs 'scene': the scene file to render",
                "9:13: frames must be 'A-B' (0-based, inclusive), 'A-' or 'N', found '9-3'"
            ])
    }

    @Test func recognisesManifestsCheaply() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("reel-manifest-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let manifest = dir.appendingPathComponent("m.yaml"), json = dir.appendingPathComponent("m.json"),
            scene = dir.appendingPathComponent("s.yaml")
        try "# nightly\nreel-batch: 1\njobs: [a.yaml]\n".write(to: manifest, atomically: true, encoding: .utf8)
        try "{\"reel-batch\": 1, \"jobs\": [\"a.yaml\"]}".write(to: json, atomically: true, encoding: .utf8)
        try "reel: 1\ncanvas: {size: [10, 10], duration: 1}\n".write(to: scene, atomically: true, encoding: .utf8)
        #expect(BatchManifest.isManifest(path: manifest.path))
        #expect(BatchManifest.isManifest(path: json.path))
        #expect(!BatchManifest.isManifest(path: scene.path))
    }
}

/// `scenes/batch.schema.json` is generated from the manifest decoder, and the example manifest
/// passes both.
@Suite struct ManifestSchemaTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let schemaURL = repository.appendingPathComponent("scenes/batch.schema.json")

    @Test func committedSchemaIsTheGeneratedOne() throws {
        if ProcessInfo.processInfo.environment["REEL_RECORD_SCHEMA"] != nil {
            try BatchManifestSchema.text.write(to: Self.schemaURL, atomically: true, encoding: .utf8)
        }
        let committed = try String(contentsOf: Self.schemaURL, encoding: .utf8)
        #expect(
            committed == BatchManifestSchema.text,
            "scenes/batch.schema.json is stale: run REEL_RECORD_SCHEMA=1 swift test --filter ManifestSchemaTests")
    }

    @Test func exampleManifestValidatesDecodesAndPlans() throws {
        let url = Self.repository.appendingPathComponent("scenes/batch/nightly.yaml")
        let bytes = Array(try Data(contentsOf: url))
        let schema = try SceneSchema.read(bytes: Array(try Data(contentsOf: Self.schemaURL)), file: Self.schemaURL.path)
        #expect(try SceneSchema.validate(bytes: bytes, file: url.path, schema: schema).isEmpty)
        let plan = try BatchPlan(inputs: [url.path], settings: .init(outputDirectory: "out"))
        #expect(
            plan.jobs.map(\.outputs) == [
                ["out/hello.mp4"], ["out/title/title-card.mp4", "out/title/title-card.webm"],
                ["out/stickers/spinner.gif"], ["out/review/transitions.mp4"]
            ])
        #expect(
            plan.jobs[2].render.options.fps == 25 && plan.jobs[0].render.options.crf == 20 && plan.jobs[0].retries == 1)
    }

    @Test func documentedManifestsDecode() throws {
        let text = try String(contentsOf: Self.repository.appendingPathComponent("docs/batch.md"), encoding: .utf8)
        let blocks = text.components(separatedBy: "```yaml manifest\n").dropFirst().map {
            $0.components(separatedBy: "```")[0]
        }
        #expect(!blocks.isEmpty)
        let schema = BatchManifestSchema.json
        for block in blocks {
            #expect(try BatchManifest.decode(bytes: Array(block.utf8), file: "docs/batch.md").jobs.count > 0)
            #expect(try SceneSchema.validate(bytes: Array(block.utf8), file: "docs/batch.md", schema: schema).isEmpty)
        }
    }

    @Test func schemaRejectsWhatTheDecoderRejects() throws {
        let schema = BatchManifestSchema.json
        for bad in [
            "reel-batch: 1\njobs: []\n", "reel-batch: 1\njobs: [{output: a.mp4}]\n",
            "reel-batch: 1\njobs: [a.yaml]\ncrf: 3\n",
            "reel-batch: 1\njobs: [{scene: a.yaml, output: a.mp4, outputs: [b.mp4]}]\n",
            "reel-batch: 1\ndefaults: {crf: 99}\njobs: [a.yaml]\n"
        ] {
            #expect(
                !(try SceneSchema.validate(bytes: Array(bad.utf8), file: "m.yaml", schema: schema)).isEmpty, "\(bad)")
            #expect(throws: SceneLoadError.self) { try BatchManifest.decode(bytes: Array(bad.utf8), file: "m.yaml") }
        }
    }
}
