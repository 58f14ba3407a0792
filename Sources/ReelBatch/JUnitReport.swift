import Foundation
import Reel

/// `reel batch --junit`: the batch as a JUnit XML report, so CI servers (Jenkins, GitLab, GitHub
/// test reporters) list each scene as a test case.
///
/// One `<testsuite name="reel batch">`, one `<testcase>` per job, named by its scene path and
/// grouped by the scene's folder (`classname="reel.batch.scenes.titles"`). Scenes that cannot be
/// rendered (`invalid`) and, with `failOnChange`, outputs that changed against the baseline are
/// `<failure>`s — the scene is wrong; renders that broke (`failed`, `timeout`, `interrupted`) are
/// `<error>`s — the run is wrong. Up-to-date (`skipped`) jobs pass: nothing is wrong with them.
/// The suite's `timestamp` is the batch's `started`, as given (ISO 8601).
public enum JUnitReport {
    /// The report as a UTF-8 XML document.
    /// - Parameter failOnChange: whether a baseline `changed` result is a failure (as with
    ///   `reel batch --fail-on-change`) rather than a note in the case's output.
    public static func xml(_ report: BatchReport, failOnChange: Bool) -> String {
        let cases = report.jobs.map { TestCase(job: $0, failOnChange: failOnChange) }
        let failures = cases.filter { $0.problem?.element == "failure" }.count
        let errors = cases.filter { $0.problem?.element == "error" }.count
        let counts =
            "tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"0\" "
            + "time=\"\(ReportText.seconds(report.seconds))\""

        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"reel batch\" \(counts)>\n"
        xml += "  <testsuite name=\"reel batch\" \(counts) timestamp=\"\(attribute(report.started))\">\n"
        xml += "    <properties>\n"
        xml += property("reel.version", report.version)
        xml += property("reel.output-directory", report.outputDirectory)
        if let baseline = report.baselineDirectory { xml += property("reel.baseline-directory", baseline) }
        xml += property("reel.fail-on-change", failOnChange ? "true" : "false")
        xml += "    </properties>\n"
        for testCase in cases { xml += testCase.xml }
        xml += "  </testsuite>\n</testsuites>\n"
        return xml
    }

    /// `reel.batch.` and the scene's folder with dots (`scenes/titles/intro.yaml` →
    /// `reel.batch.scenes.titles`), or `reel.batch.scenes` for a scene in the current folder:
    /// CI servers group cases into packages and classes by the dots.
    static func className(scene: String) -> String {
        let folders = scene.split(separator: "/").dropLast()
            // `.` and `..` say where the scene is, not what it is; dots inside names would split a level.
            .filter { $0 != "." && $0 != ".." }
            .map { $0.replacingOccurrences(of: ".", with: "_") }
        return "reel.batch." + (folders.isEmpty ? "scenes" : folders.joined(separator: "."))
    }

    private static func attribute(_ text: String) -> String { ReportText.escaped(text, attribute: true) }

    private static func property(_ name: String, _ value: String) -> String {
        "      <property name=\"\(attribute(name))\" value=\"\(attribute(value))\"/>\n"
    }

    /// One job as a `<testcase>`.
    private struct TestCase {
        /// The `<failure>` or `<error>` of a job that did not pass.
        struct Problem {
            var element: String
            var message: String
            var type: String
            var text: String
        }

        let job: JobReport
        let problem: Problem?

        init(job: JobReport, failOnChange: Bool) {
            self.job = job
            let diagnostics = job.diagnostics.map(\.description).joined(separator: "\n")
            switch job.status {
            case .invalid:
                // The diagnostics are the useful part: CI shows the failure text next to the case.
                problem = Problem(
                    element: "failure", message: job.reason, type: "invalid",
                    text: diagnostics.isEmpty ? job.reason : diagnostics)
            case .failed, .timeout, .interrupted:
                var text = job.reason
                if !diagnostics.isEmpty { text += "\n\n" + diagnostics }
                if let log = job.log, !log.isEmpty { text += "\n\nlog (end):\n" + ReportText.tail(log) }
                problem = Problem(element: "error", message: job.reason, type: job.status.rawValue, text: text)
            case .rendered, .skipped:
                if failOnChange, let baseline = job.baseline, baseline.status == .changed {
                    let summary = ReportText.baselineSummary(baseline)
                    var text = "\(baseline.output) differs from \(baseline.baselinePath): \(summary)"
                    if !diagnostics.isEmpty { text += "\n\n" + diagnostics }
                    problem = Problem(
                        element: "failure", message: "changed against the baseline: \(summary)",
                        type: "baseline-changed", text: text)
                } else {
                    problem = nil
                }
            }
        }

        var xml: String {
            var xml =
                "    <testcase classname=\"\(attribute(JUnitReport.className(scene: job.scene)))\" "
                + "name=\"\(attribute(job.scene))\" time=\"\(ReportText.seconds(job.seconds))\">\n"
            if let problem {
                xml +=
                    "      <\(problem.element) message=\"\(attribute(problem.message))\" type=\"\(attribute(problem.type))\">"
                xml += ReportText.escaped(problem.text)
                xml += "</\(problem.element)>\n"
            }
            xml += "      <system-out>\(ReportText.escaped(systemOut))</system-out>\n"
            xml += "    </testcase>\n"
            return xml
        }

        /// What happened, for people reading the case in CI: status, reason, outputs, numbers,
        /// the baseline, and warnings (a passing case's diagnostics appear nowhere else).
        var systemOut: String {
            var lines = ["status: \(job.status.rawValue)", "reason: \(job.reason)"]
            lines.append("outputs:" + (job.outputs.isEmpty ? " none" : ""))
            lines += job.outputs.map { "  \($0)" }
            lines.append(
                "frames: \(job.frames), seconds: \(ReportText.seconds(job.seconds)), "
                    + "fps: \(ReportText.decimal(job.fps)), bytes: \(job.bytes), attempts: \(job.attempts)")
            if let baseline = job.baseline {
                lines.append(
                    "baseline: \(ReportText.baselineSummary(baseline)) (\(baseline.output) against \(baseline.baselinePath))"
                )
            }
            if !job.diagnostics.isEmpty {
                lines.append("diagnostics:")
                lines += job.diagnostics.map { "  \($0.description)" }
            }
            return lines.joined(separator: "\n") + "\n"
        }
    }
}
