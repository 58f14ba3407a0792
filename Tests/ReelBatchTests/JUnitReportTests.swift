import Foundation
import Reel
import ReelTestSupport
import Testing

@testable import ReelBatch

#if canImport(FoundationXML)
    import FoundationXML  // XMLDocument on Linux; on macOS it is in Foundation
#endif

/// JUnit reports as CI servers read them: parsed by Python's `junitparser` (a real consumer, not
/// our own reading of our own XML) and by libxml2 through FoundationXML.
@Suite struct JUnitReportTests {
    /// Every status, awkward text in names, messages and logs, and a baseline change.
    static let report: BatchReport = {
        var unchanged = BaselineResult(status: .unchanged, output: "out/intro.mp4", baselinePath: "base/intro.mp4")
        unchanged.framesCompared = 60
        var changed = BaselineResult(status: .changed, output: "out/logo.mp4", baselinePath: "base/logo.mp4")
        changed.framesCompared = 60
        changed.framesChanged = 3
        changed.worstFrame = 41
        changed.worstPSNR = 28.31
        changed.worstBlockDifference = 17.5
        return BatchReport(
            version: "0.9.0", started: "2026-11-24T02:00:00Z", seconds: 12.5, outputDirectory: "out",
            baselineDirectory: "base",
            jobs: [
                JobReport(
                    scene: "scenes/titles/intro.yaml", outputs: ["out/intro.mp4", "out/intro.webm"], status: .rendered,
                    reason: "scene changed",
                    diagnostics: [
                        SceneProblem(
                            file: "scenes/titles/intro.yaml", location: SourcePosition(line: 4, column: 9),
                            severity: .warning, message: "opacity above 1 is clamped")
                    ],
                    frames: 120, seconds: 2.25, bytes: 81234, attempts: 1, baseline: unchanged),
                JobReport(
                    scene: "outro.yaml", outputs: ["out/outro.gif"], status: .skipped, reason: "up to date", frames: 30),
                JobReport(
                    scene: "./scenes/broken <1> & \"2\".yaml", outputs: ["out/broken.mp4"], status: .invalid,
                    reason: "2 errors in the scene",
                    diagnostics: [
                        SceneProblem(
                            file: "scenes/broken.yaml", location: SourcePosition(line: 3, column: 7),
                            message: "unknown key 'opactiy' (did you mean 'opacity'?)"),
                        SceneProblem(
                            file: "scenes/broken.yaml", location: SourcePosition(line: 9, column: 12),
                            message: "bell \u{07} and escape \u{1B}[31mred\u{1B}[0m in <text> & 'quotes'")
                    ]),
                JobReport(
                    scene: "scenes/crash.yaml", outputs: ["out/crash.mov"], status: .failed,
                    reason: "the renderer crashed (signal 11)", seconds: 0.5, attempts: 2,
                    log: "rendering frame 12\n\u{1B}[1;31mFatal error:\u{1B}[0m index out of range\u{0}\nend ]]> of log"
                ),
                JobReport(
                    scene: "scenes/slow/endless.yaml", outputs: ["out/endless.mp4"], status: .timeout,
                    reason: "stopped after 30 s", seconds: 30, attempts: 1, log: "frame 900 of 100000"),
                JobReport(
                    scene: "scenes/later.yaml", outputs: ["out/later.mp4"], status: .interrupted,
                    reason: "never started (--fail-fast)"),
                JobReport(
                    scene: "scenes/brand/logo ü.yaml", outputs: ["out/logo.mp4"], status: .rendered,
                    reason: "reel changed",
                    frames: 60, seconds: 1, bytes: 40000, attempts: 1, baseline: changed)
            ])
    }()

    func parse(_ xml: String) throws -> JUnitReader.Parsed { try JUnitReader.parse(xml) }

    @Test func junitparserReadsEveryStatus() throws {
        let parsed = try parse(JUnitReport.xml(Self.report, failOnChange: true))
        #expect(parsed.root == "testsuites")
        #expect((parsed.tests, parsed.failures, parsed.errors) == (7, 2, 3))
        let suite = try #require(parsed.suites.first)
        #expect(parsed.suites.count == 1)
        #expect(suite.name == "reel batch")
        #expect((suite.tests, suite.failures, suite.errors, suite.skipped) == (7, 2, 3, 0))
        #expect(suite.time == 12.5)
        #expect(suite.timestamp == "2026-11-24T02:00:00Z")
        #expect(suite.cases.map(\.name) == Self.report.jobs.map(\.scene))
        #expect(
            suite.cases.map(\.classname) == [
                "reel.batch.scenes.titles", "reel.batch.scenes", "reel.batch.scenes", "reel.batch.scenes",
                "reel.batch.scenes.slow", "reel.batch.scenes", "reel.batch.scenes.brand"
            ])
        #expect(suite.cases.map(\.time) == [2.25, 0, 0, 0.5, 30, 0, 1])
        // The counts in the attributes agree with the cases' contents.
        #expect(suite.cases.flatMap(\.results).filter { $0.tag == "failure" }.count == suite.failures)
        #expect(suite.cases.flatMap(\.results).filter { $0.tag == "error" }.count == suite.errors)
        #expect(
            suite.cases.map { $0.results.map(\.tag) } == [
                [], [], ["failure"], ["error"], ["error"], ["error"], ["failure"]
            ])

        // invalid: the diagnostics, compiler-style, with markup characters intact and the
        // control characters XML forbids made visible (colour codes removed).
        let invalid = try #require(suite.cases[2].results.first)
        #expect(invalid.type == "invalid")
        #expect(invalid.message == "2 errors in the scene")
        #expect(
            invalid.text == """
                scenes/broken.yaml:3:7: error: unknown key 'opactiy' (did you mean 'opacity'?)
                scenes/broken.yaml:9:12: error: bell \u{2407} and escape red in <text> & 'quotes'
                """)
        #expect(suite.cases[2].name == "./scenes/broken <1> & \"2\".yaml")

        // failed / timeout / interrupted: the reason and the log's end.
        let failed = try #require(suite.cases[3].results.first)
        #expect(failed.type == "failed")
        #expect(failed.message == "the renderer crashed (signal 11)")
        let failedText = try #require(failed.text)
        #expect(failedText.hasPrefix("the renderer crashed (signal 11)"))
        #expect(failedText.contains("Fatal error: index out of range\u{2400}\nend ]]> of log"))
        #expect(suite.cases[4].results.first?.type == "timeout")
        #expect(suite.cases[4].results.first?.text?.contains("frame 900 of 100000") == true)
        #expect(suite.cases[5].results.first?.type == "interrupted")
        #expect(suite.cases[5].results.first?.message == "never started (--fail-fast)")

        // A baseline change, with failOnChange, names the frames.
        let change = try #require(suite.cases[6].results.first)
        #expect(change.type == "baseline-changed")
        #expect(
            change.message
                == "changed against the baseline: 3 of 60 frames changed; worst frame 41 at 28.3 dB PSNR, block difference 17.5"
        )

        // system-out: status, reason, outputs, and a passing case's warnings.
        let out = try #require(suite.cases[0].system_out)
        #expect(out.contains("status: rendered\nreason: scene changed\noutputs:\n  out/intro.mp4\n  out/intro.webm\n"))
        #expect(out.contains("frames: 120, seconds: 2.250, fps: 53.3, bytes: 81234, attempts: 1"))
        #expect(out.contains("baseline: unchanged: 60 frames compared (out/intro.mp4 against base/intro.mp4)"))
        #expect(out.contains("scenes/titles/intro.yaml:4:9: warning: opacity above 1 is clamped"))
        #expect(suite.cases[1].system_out?.contains("status: skipped\nreason: up to date") == true)
    }

    @Test func baselineChangeIsOnlyNotedWithoutFailOnChange() throws {
        let suite = try #require(try parse(JUnitReport.xml(Self.report, failOnChange: false)).suites.first)
        #expect((suite.failures, suite.errors) == (1, 3))
        #expect(suite.cases[6].results.isEmpty)
        #expect(suite.cases[6].system_out?.contains("baseline: 3 of 60 frames changed; worst frame 41") == true)
    }

    @Test func emptyBatchIsAValidReport() throws {
        let empty = BatchReport(
            version: "0.9.0", started: "2026-11-24T02:00:00Z", seconds: 0, outputDirectory: ".",
            baselineDirectory: nil, jobs: [])
        let suite = try #require(try parse(JUnitReport.xml(empty, failOnChange: true)).suites.first)
        #expect((suite.tests, suite.failures, suite.errors) == (0, 0, 0))
        #expect(suite.cases.isEmpty)
    }

    @Test func classNamesFollowTheSceneFolder() {
        #expect(JUnitReport.className(scene: "intro.yaml") == "reel.batch.scenes")
        #expect(JUnitReport.className(scene: "./intro.yaml") == "reel.batch.scenes")
        #expect(JUnitReport.className(scene: "scenes/titles/intro.yaml") == "reel.batch.scenes.titles")
        #expect(JUnitReport.className(scene: "../shared/v1.2/intro.yaml") == "reel.batch.shared.v1_2")
        #expect(JUnitReport.className(scene: "/srv/reel/intro.yaml") == "reel.batch.srv.reel")
    }

    @Test func isWellFormedForLibxml2() throws {
        #if canImport(FoundationXML) || os(macOS)
            let xml = JUnitReport.xml(Self.report, failOnChange: true)
            #expect(xml.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"))
            let document = try XMLDocument(data: Data(xml.utf8), options: [])
            #expect(document.rootElement()?.name == "testsuites")
            let cases = try document.nodes(forXPath: "/testsuites/testsuite/testcase")
            #expect(cases.count == 7)
            let names = cases.compactMap { ($0 as? XMLElement)?.attribute(forName: "name")?.stringValue }
            #expect(names == Self.report.jobs.map(\.scene))
            #expect(try document.nodes(forXPath: "//testcase/failure").count == 2)
            #expect(try document.nodes(forXPath: "//testcase/error").count == 3)
            #expect(try document.nodes(forXPath: "//testcase/system-out").count == 7)
        #else
            // FoundationXML ships with Swift on Linux and macOS has XMLDocument in Foundation; elsewhere
            // junitparser's tests above still read the XML.
        #endif
    }
}
