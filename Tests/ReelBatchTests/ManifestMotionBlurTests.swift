import Foundation
import Reel
import ReelTestSupport
import Testing

@testable import ReelBatch

/// A manifest's `motionBlur`: the `--motion-blur ANGLE[:SAMPLES]` of its jobs, checked where it
/// is written and applied to the canvas the job renders.
@Suite struct ManifestMotionBlurTests {
    /// The errors of a manifest whose one job carries `motionBlur: VALUE`, as `LINE:COLUMN: message`.
    func problems(value: String) -> [String] {
        ManifestTests().problems("reel-batch: 1\njobs:\n  - { scene: a.yaml, motionBlur: \(value) }\n")
    }

    @Test func takesTheFlagsForms() throws {
        let text = """
            reel-batch: 1
            defaults: { motionBlur: 90 }
            jobs:
              - { scene: a.yaml, motionBlur: "360:32" }
              - { scene: b.yaml, motionBlur: 270.5 }
            """
        let m = try BatchManifest.decode(bytes: Array(text.utf8), file: "m.yaml")
        // Samples default to 16, as the flag's and After Effects' do.
        #expect(m.defaults == [.motionBlur(MotionBlur(shutterAngle: 90, samples: 16))])
        #expect(m.jobs[0].settings == [.motionBlur(MotionBlur(shutterAngle: 360, samples: 32))])
        #expect(m.jobs[1].settings == [.motionBlur(MotionBlur(shutterAngle: 270.5, samples: 16))])
    }

    /// A job's own value wins over the defaults, which win over `--motion-blur`; the shutter is
    /// on the canvas the render draws with, and in the options that decide whether an output is
    /// up to date.
    @Test func aJobsShutterReachesItsRender() throws {
        let folder = try ScratchFolder()
        _ = try folder.write(
            "a.yaml", "reel: 1\ncanvas: { size: [8, 8], duration: 1, motionBlur: { shutterAngle: 45, samples: 4 } }\n")
        let manifest = try folder.write(
            "m.yaml",
            """
            reel-batch: 1
            defaults: { motionBlur: 90 }
            jobs:
              - { scene: a.yaml, output: a.mp4 }
              - { scene: a.yaml, output: b.mp4, motionBlur: "360:8" }
            """)
        var settings = BatchPlan.Settings(outputDirectory: folder.path)
        settings.options.motionBlur = MotionBlur(shutterAngle: 720, samples: 2)
        let plan = try BatchPlan(inputs: [manifest], settings: settings)
        let rendered = try plan.jobs.map { job in try job.render.load().plan(output: job.outputs[0]) }
        #expect(
            rendered.map(\.canvas.motionBlur) == [
                MotionBlur(shutterAngle: 90, samples: 16), MotionBlur(shutterAngle: 360, samples: 8)
            ])
        #expect(rendered.map { $0.identity.compact.contains("\"motionBlur\":\"360:8\"") } == [false, true])
    }

    @Test func badValuesAreRefusedWhereTheyAreWritten() {
        // Line 3, the value's column: after "  - { scene: a.yaml, motionBlur: ".
        let at = "3:34"
        #expect(
            problems(value: "0") == [
                "\(at): motionBlur: the shutter angle must be greater than 0 and at most 720 degrees, found 0"
            ])
        #expect(problems(value: "\"180:0\"") == ["\(at): motionBlur: samples must be 1 to 256, found 0"])
        #expect(problems(value: "721").first?.hasPrefix("\(at): motionBlur: the shutter angle") == true)
        for bad in ["fast", "\"180:2.5\"", "{ shutterAngle: 180 }", "[180, 16]"] {
            let found = problems(value: bad)
            #expect(
                found.count == 1 && found[0].hasPrefix("\(at): motionBlur must be ANGLE or 'ANGLE:SAMPLES'"),
                "\(bad): \(found)")
        }
    }

    /// Editors refuse what the decoder refuses (the schema from `reel schema --manifest`).
    @Test func theSchemaAgrees() throws {
        for (value, valid) in [("180", true), ("\"180:16\"", true), ("0", false), ("721", false), ("fast", false)] {
            let text = "reel-batch: 1\njobs:\n  - { scene: a.yaml, motionBlur: \(value) }\n"
            let problems = try SceneSchema.validate(
                bytes: Array(text.utf8), file: "m.yaml", schema: BatchManifestSchema.json)
            #expect(problems.isEmpty == valid, "\(value): \(problems)")
        }
    }
}
