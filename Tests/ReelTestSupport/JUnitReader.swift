import Foundation
import Testing

/// JUnit XML as CI servers read it: Python's `junitparser` (a real consumer, not our own reading
/// of our own XML), its view returned as JSON.
public enum JUnitReader {
    public struct Parsed: Decodable {
        public struct Suite: Decodable {
            public var name: String
            public var tests: Int
            public var failures: Int
            public var errors: Int
            public var skipped: Int
            public var time: Double
            public var timestamp: String?
            public var cases: [Case]
        }
        public struct Case: Decodable {
            public var name: String
            public var classname: String
            public var time: Double
            public var results: [Result]
            public var system_out: String?
        }
        public struct Result: Decodable {
            public var tag: String
            public var message: String?
            public var type: String?
            public var text: String?
        }
        public var root: String
        public var tests: Int
        public var failures: Int
        public var errors: Int
        public var suites: [Suite]
    }

    /// Reads `xml` with junitparser and returns what it saw, as JSON.
    public static func parse(_ xml: String) throws -> Parsed {
        let scratch = try ScratchFolder()
        let reportPath = try scratch.write("report.xml", xml)
        let script = try scratch.write(
            "read.py",
            """
            import json, sys
            from junitparser import JUnitXml, TestSuite
            xml = JUnitXml.fromfile(sys.argv[1])
            suites = [xml] if isinstance(xml, TestSuite) else list(xml)
            print(json.dumps({
                "root": xml._tag, "tests": xml.tests, "failures": xml.failures, "errors": xml.errors,
                "suites": [{
                    "name": s.name, "tests": s.tests, "failures": s.failures, "errors": s.errors,
                    "skipped": s.skipped, "time": s.time, "timestamp": s.timestamp,
                    "cases": [{
                        "name": c.name, "classname": c.classname, "time": c.time, "system_out": c.system_out,
                        "results": [{"tag": r._tag, "message": r.message, "type": r.type, "text": r.text} for r in c.result],
                    } for c in s],
                } for s in suites],
            }))
            """)
        let python = try #require(ToolRun.find("python3"), "python3 is not installed; run tools/setup --deps")
        let run = try ToolRun.run(python, [script, reportPath], timeout: 60)
        try #require(
            !run.stderr.contains("No module named 'junitparser'"),
            "junitparser is not installed; run tools/setup --deps")
        try #require(run.status == 0, "junitparser could not read the report: \(run.stderr)")
        return try JSONDecoder().decode(Parsed.self, from: Data(run.stdout.utf8))
    }
}
