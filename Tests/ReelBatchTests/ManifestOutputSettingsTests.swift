import Foundation
import Reel
import ReelTestSupport
import Testing

@testable import ReelBatch

/// A manifest's `pixFmt` and `dither`: the `--pix-fmt` and `--dither` of its jobs, with the
/// defaults applied only where an output can take them (as crf and preset are).
@Suite struct ManifestOutputSettingsTests {
    @Test func decodesPixFmtAndDither() throws {
        let manifest = try BatchManifest.decode(
            bytes: Array("reel-batch: 1\njobs:\n  - { scene: a.yaml, pixFmt: yuv422p10le, dither: none }\n".utf8),
            file: "m.yaml")
        #expect(manifest.jobs.first?.settings == [.pixelFormat("yuv422p10le"), .dither("none")])
    }

    /// H.264 stores only yuv420p and only GIF dithers (`VideoPixelFormat.choices`, `--dither`), so
    /// the defaults reach the HEVC and GIF jobs alone; a job's own value always applies.
    @Test func defaultsReachOnlyTheJobsThatTakeThem() throws {
        let folder = try ScratchFolder()
        _ = try folder.write("a.yaml", "reel: 1\ncanvas: { size: [8, 8], duration: 1 }\n")
        let manifest = try folder.write(
            "m.yaml",
            """
            reel-batch: 1
            defaults: { pixFmt: yuv420p10le, dither: floyd-steinberg }
            jobs:
              - { scene: a.yaml, output: a.gif }
              - { scene: a.yaml, output: b.mp4 }
              - { scene: a.yaml, output: c.mp4, codec: hevc }
              - { scene: a.yaml, output: d.mov, pixFmt: yuv422p10le, dither: none }
            """)
        let plan = try BatchPlan(inputs: [manifest], settings: BatchPlan.Settings(outputDirectory: folder.path))
        #expect(plan.jobs.map(\.render.options.pixelFormat) == [nil, nil, "yuv420p10le", "yuv422p10le"])
        #expect(plan.jobs.map(\.render.options.dither) == ["floyd-steinberg", nil, nil, "none"])
    }

    /// Like `codec`, the values are checked where every option is (the schema for editors,
    /// `RenderOptions.validate()` before the job renders), with the flag's message.
    @Test func unknownValuesAreRefused() throws {
        for bad in ["dither: fancy", "pixFmt: rgb48", "pixFmt: yuv420p10le, dither: none"] {
            let text = "reel-batch: 1\njobs:\n  - { scene: a.yaml, output: a.gif, \(bad) }\n"
            let problems = try SceneSchema.validate(
                bytes: Array(text.utf8), file: "m.yaml", schema: BatchManifestSchema.json)
            #expect(problems.isEmpty == bad.hasSuffix("none"), "\(bad)")
        }
        var dither = RenderOptions(), pixelFormat = RenderOptions()
        dither.dither = "fancy"
        pixelFormat.pixelFormat = "rgb48"
        #expect(throws: (any Error).self) { try dither.validate() }
        #expect(throws: (any Error).self) { try pixelFormat.validate() }
    }
}
