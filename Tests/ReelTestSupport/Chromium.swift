import Foundation
import Testing

/// Headless Chromium, file:// only.
public enum Chromium {
    public struct Page {
        /// The DOM after the page ran (scripts, media events), serialized.
        public var dom: String
        /// Console messages (any level) and uncaught exceptions: Chromium logs each as an
        /// `INFO:CONSOLE` line on stderr, with the same severity whatever the level, so the
        /// report must log nothing at all.
        public var console: [String]
    }

    /// Loads `htmlPath`, lets it run for up to 10 s of virtual time and returns its DOM.
    /// Fails the test — it does not skip — when Chromium is missing: CI installs it.
    public static func load(_ htmlPath: String) throws -> Page {
        let profile = try ScratchFolder()
        let run = try ToolRun.run(
            try executable(),
            arguments(profile: profile.path, resolveHosts: false)
                + ["--dump-dom", URL(fileURLWithPath: htmlPath).absoluteString], timeout: 60)
        try #require(!run.timedOut, "chromium did not finish within 60 s:\n\(run.stderr)")
        try #require(
            run.status == 0 && run.stdout.contains("</html>"), "chromium failed (\(run.status)):\n\(run.stderr)")
        let console = run.stderr.split(separator: "\n").filter { $0.contains(":CONSOLE") }.map(String.init)
        return Page(dom: run.stdout, console: console)
    }

    /// Chromium's path; fails the test when it is missing.
    static func executable() throws -> String {
        try #require(
            ToolRun.find("chromium") ?? ToolRun.find("chromium-browser"),
            "chromium is not installed; run tools/setup --deps")
    }

    /// The headless flags every run shares. Without `resolveHosts` (file:// pages) any host
    /// name resolves to nothing; with it, local servers (`reel preview`) are reachable.
    static func arguments(profile: String, resolveHosts: Bool) -> [String] {
        [
            "--headless", "--no-sandbox",  // the sandbox cannot start as root (CI containers)
            "--disable-gpu", "--disable-dev-shm-usage",
            "--user-data-dir=\(profile)", "--no-first-run",
            // No background requests.
            "--disable-background-networking", "--disable-component-update", "--disable-sync",
            "--enable-logging=stderr", "--v=0",
            "--virtual-time-budget=10000"
        ] + (resolveHosts ? [] : ["--host-resolver-rules=MAP * ~NOTFOUND"])
    }

    /// `text` as Chromium serializes a text node: only `&`, `<`, `>` (and no-break spaces) escaped.
    public static func serialized(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\u{A0}", with: "&nbsp;")
    }

    public struct VideoCard {
        public var state: String?
        public var src: String?
        public var noteShown: Bool
    }

    /// The video output cards in a dumped DOM, in order.
    public static func videoCards(_ dom: String) -> [VideoCard] {
        dom.components(separatedBy: "<figure class=\"output-card\"").dropFirst().compactMap { chunk in
            let card = chunk.components(separatedBy: "</figure>")[0]
            guard card.contains("data-kind=\"video\"") else { return nil }
            return VideoCard(
                state: attribute("data-state", in: card), src: attribute("src", in: card),
                noteShown: card.contains("<span class=\"cannot-play\">"))
        }
    }

    private static func attribute(_ name: String, in text: String) -> String? {
        guard let start = text.range(of: " \(name)=\"") else { return nil }
        return text[start.upperBound...].split(separator: "\"", maxSplits: 1).first.map(String.init)
    }
}
