import Foundation
import Reel

extension BatchReport {
    /// The report files a batch was asked for (`--report`, `--junit`, `--html`).
    public struct Files: Sendable, Codable {
        public var json: String?
        public var junit: String?
        public var html: String?
        /// With a baseline: a changed scene is a failure in the JUnit report.
        public var failOnChange = false

        public init(json: String? = nil, junit: String? = nil, html: String? = nil, failOnChange: Bool = false) {
            (self.json, self.junit, self.html, self.failOnChange) = (json, junit, html, failOnChange)
        }
    }

    /// Writes the report files (folders created, each file replaced atomically).
    /// - Throws: `RenderJobError.failed` naming the file that cannot be written.
    public func write(_ files: Files) throws {
        var written: [(String, String)] = []
        if let json = files.json { written.append((json, self.json.pretty + "\n")) }
        if let junit = files.junit { written.append((junit, JUnitReport.xml(self, failOnChange: files.failOnChange))) }
        if let html = files.html {
            written.append((html, HTMLReport.html(self, relativeTo: (html as NSString).deletingLastPathComponent)))
        }
        for (path, text) in written {
            try BatchWorker.createFolders(for: path)
            do {
                // Registered for removal, so an interrupt while writing leaves no temporary.
                try AtomicOutput.write(Array(text.utf8), to: path, replaceReadOnly: true)
            } catch {
                throw RenderJobError.failed("\(error)")
            }
        }
    }
}
