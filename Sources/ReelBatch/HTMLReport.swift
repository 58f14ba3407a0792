import Foundation
import Reel

/// `reel batch --html`: one self-contained page for design review.
///
/// Everything but the outputs is inside the file (CSS, script, contact sheets and baseline
/// pictures as `data:` URLs), so the page can be mailed or archived as a CI artifact; the outputs
/// and their posters (`OutputPoster`: the middle frame, shown before a video plays, scripts on or
/// off) are linked relative to the page, so the page keeps working when the folder holding both
/// moves.
/// A Content-Security-Policy forbids anything else (fonts, scripts, requests).
///
/// Each video reports whether this browser can play it: its card (`figure.output-card`) gets
/// `data-state="loaded"` once a frame has decoded, or `data-state="error"` and a visible
/// "cannot play in this browser" note (HEVC, for example, plays in Safari but rarely elsewhere).
public enum HTMLReport {
    /// The page for `report`, with output links relative to `htmlDirectory` (the folder the page
    /// will be written to; relative paths are taken from the current directory, like the outputs').
    public static func html(_ report: BatchReport, relativeTo htmlDirectory: String) -> String {
        var page = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta http-equiv="Content-Security-Policy" content="\(contentSecurityPolicy)">
            <link rel="icon" href="data:,">
            <title>reel batch · \(text(report.started))</title>
            <style>\(style)</style>
            </head>
            <body data-filter="all">

            """
        page += summary(report)
        page += "<main>\n"
        for (index, job) in report.jobs.enumerated() {
            page += card(job, number: index + 1, htmlDirectory: htmlDirectory)
        }
        if report.jobs.isEmpty { page += "<p class=\"empty\">No jobs.</p>\n" }
        page += "</main>\n<script>\(script)</script>\n</body>\n</html>\n"
        return page
    }

    // MARK: Parts of the page

    private static func summary(_ report: BatchReport) -> String {
        let failures = report.jobs.filter { $0.status.isFailure }.count
        let changed = report.jobs.filter { $0.baseline?.status == .changed }.count
        var html = "<header class=\"summary\">\n<h1>reel batch</h1>\n<ul class=\"counts\">\n"
        for (status, count) in report.counts {
            html +=
                "<li class=\"badge status-\(status.rawValue)\(count == 0 ? " zero" : "")\">"
                + "<b>\(count)</b> \(status.rawValue)</li>\n"
        }
        html += "</ul>\n<dl class=\"facts\">\n"
        html += fact("Started", report.started)
        html += fact(
            "Time",
            "\(ReportText.seconds(report.seconds)) s for \(report.jobs.count) job\(report.jobs.count == 1 ? "" : "s")")
        html += fact("Reel", report.version)
        html += fact("Outputs", report.outputDirectory)
        if let baseline = report.baselineDirectory { html += fact("Baseline", baseline) }
        html += "</dl>\n"
        // The filter needs the script; without it every card shows, which is the right fallback.
        html += "<nav class=\"filters\" aria-label=\"Show\">\n"
        for (filter, label, count) in [
            ("all", "All", report.jobs.count), ("failures", "Failures", failures), ("changed", "Changed", changed)
        ] {
            html +=
                "<button type=\"button\" data-filter=\"\(filter)\" aria-pressed=\"\(filter == "all")\">"
                + "\(label) <span class=\"count\">\(count)</span></button>\n"
        }
        html += "</nav>\n</header>\n"
        return html
    }

    private static func fact(_ name: String, _ value: String) -> String {
        "<div><dt>\(text(name))</dt><dd>\(text(value))</dd></div>\n"
    }

    private static func card(_ job: JobReport, number: Int, htmlDirectory: String) -> String {
        let changed = job.baseline?.status == .changed
        var html =
            "<article class=\"job status-\(job.status.rawValue)\" id=\"job-\(number)\" "
            + "data-status=\"\(job.status.rawValue)\" data-failure=\"\(job.status.isFailure)\" data-changed=\"\(changed)\">\n"
        html +=
            "<header class=\"job-head\"><h2 class=\"scene\">\(text(job.scene))</h2>"
            + "<span class=\"badge status-\(job.status.rawValue)\">\(job.status.rawValue)</span></header>\n"
        html += "<p class=\"reason\">\(text(job.reason))</p>\n"
        html += numbers(job)
        if !job.diagnostics.isEmpty {
            html += "<ul class=\"diagnostics\">\n"
            for problem in job.diagnostics {
                html +=
                    "<li class=\"severity-\(problem.severity.rawValue)\"><code>\(text(problem.description))</code></li>\n"
            }
            html += "</ul>\n"
        }
        if job.status.isFailure, let log = job.log, !log.isEmpty {
            html += "<h3>Log (end)</h3>\n<pre class=\"log\">\(text(ReportText.tail(log)))</pre>\n"
        }
        if job.sheetPNG != nil || !job.outputs.isEmpty {
            html += "<div class=\"media\">\n"
            if let sheet = job.sheetPNG {
                html +=
                    "<figure class=\"sheet\"><img src=\"\(dataURL(sheet))\" alt=\"Contact sheet of \(attribute(job.scene))\">"
                    + "<figcaption>contact sheet</figcaption></figure>\n"
            }
            for output in job.outputs {
                // A failed job's outputs are usually absent (outputs are written atomically): a
                // player would only say "cannot play", which blames the browser.
                html +=
                    job.status.isFailure
                    ? "<figure class=\"output-card\" data-kind=\"link\">\(outputLink(output, htmlDirectory: htmlDirectory))"
                        + "<p class=\"note\">\(notWritten(job.status))</p></figure>\n"
                    : outputCard(output, htmlDirectory: htmlDirectory)
            }
            html += "</div>\n"
        }
        if let baseline = job.baseline { html += baselineSection(baseline) }
        html += "</article>\n"
        return html
    }

    private static func notWritten(_ status: JobStatus) -> String {
        switch status {
        case .invalid: "Not written: the scene is invalid."
        case .timeout: "Probably not written: the job timed out."
        case .interrupted: "Probably not written: the job was interrupted."
        default: "Probably not written: the job failed."
        }
    }

    /// Timings and sizes, leaving out what does not apply (a skipped job took no time, an
    /// invalid one rendered nothing).
    private static func numbers(_ job: JobReport) -> String {
        var parts: [String] = []
        if job.status == .rendered || (job.status != .skipped && job.seconds > 0) {
            parts.append("\(ReportText.seconds(job.seconds)) s")
        }
        if job.frames > 0 || !job.status.isFailure { parts.append("\(job.frames) frame\(job.frames == 1 ? "" : "s")") }
        if job.fps > 0 { parts.append("\(ReportText.decimal(job.fps)) fps") }
        if job.bytes > 0 { parts.append(ReportText.bytes(job.bytes)) }
        if job.attempts > 1 { parts.append("\(job.attempts) attempts") }
        if parts.isEmpty { return "" }
        return "<p class=\"numbers\">" + parts.map { "<span>\(text($0))</span>" }.joined() + "</p>\n"
    }

    /// One output, shown the way this browser can: videos inline, GIFs as images, and a link
    /// with a note for what browsers cannot show (ProRes `.mov`, PNG sequences, raw frames).
    private static func outputCard(_ output: String, htmlDirectory: String) -> String {
        let name = (output as NSString).lastPathComponent
        let href = attribute(relativeURL(from: htmlDirectory, to: output))
        let link = outputLink(output, htmlDirectory: htmlDirectory)
        switch (name as NSString).pathExtension.lowercased() {
        case "mp4", "webm":
            let poster = OutputPoster.path(for: output)
            let posterAttribute =
                FileManager.default.fileExists(atPath: poster)
                ? " poster=\"\(attribute(relativeURL(from: htmlDirectory, to: poster)))\"" : ""
            return """
                <figure class="output-card" data-kind="video" data-state="loading">\
                <video controls muted preload="auto"\(posterAttribute) src="\(href)"></video>\
                <figcaption>\(link) <span class="cannot-play" hidden>cannot play in this browser</span></figcaption></figure>

                """
        case "gif":
            return "<figure class=\"output-card\" data-kind=\"image\"><img src=\"\(href)\" alt=\"\(attribute(name))\">"
                + "<figcaption>\(link)</figcaption></figure>\n"
        case "png":
            // A sequence's path is a pattern (shot-%04d.png): link its folder, which holds the frames.
            let folder = (output as NSString).deletingLastPathComponent
            let folderHref = attribute(
                relativeURL(from: htmlDirectory, to: folder.isEmpty ? "." : folder, folder: true))
            return
                "<figure class=\"output-card\" data-kind=\"link\"><a href=\"\(folderHref)\" title=\"\(attribute(output))\">"
                + "\(text(name))</a><p class=\"note\">PNG sequence: one file per frame in this folder.</p></figure>\n"
        case "mov":
            return
                "<figure class=\"output-card\" data-kind=\"link\">\(link)<p class=\"note\">QuickTime movie (ProRes by default): "
                + "browsers cannot play ProRes; open it in QuickTime Player, VLC or an editor.</p></figure>\n"
        case "bgra":
            return
                "<figure class=\"output-card\" data-kind=\"link\">\(link)<p class=\"note\">Raw BGRA frames, no header: "
                + "for other tools, not for viewing.</p></figure>\n"
        default:
            return "<figure class=\"output-card\" data-kind=\"link\">\(link)</figure>\n"
        }
    }

    /// A link to the output named by its file name, with the full path as its tooltip.
    private static func outputLink(_ output: String, htmlDirectory: String) -> String {
        let name = (output as NSString).lastPathComponent
        return
            "<a href=\"\(attribute(relativeURL(from: htmlDirectory, to: output)))\" title=\"\(attribute(output))\">\(text(name))</a>"
    }

    private static func baselineSection(_ baseline: BaselineResult) -> String {
        var html =
            "<section class=\"baseline\">\n<h3>Baseline <span class=\"badge baseline-\(baseline.status.rawValue)\">"
            + "\(baseline.status.rawValue)</span></h3>\n"
        html += "<p>\(text(ReportText.baselineSummary(baseline)))</p>\n"
        html +=
            "<p class=\"paths\"><code>\(text(baseline.output))</code> against <code>\(text(baseline.baselinePath))</code></p>\n"
        let pictures = [
            ("baseline", baseline.baselinePNG), ("new", baseline.currentPNG), ("difference", baseline.differencePNG)
        ]
        if pictures.contains(where: { $0.1 != nil }) {
            let frame = baseline.worstFrame.map { " (frame \($0))" } ?? ""
            html += "<div class=\"compare\">\n"
            for (label, png) in pictures {
                html += "<figure>"
                html +=
                    png.map { "<img src=\"\(dataURL($0))\" alt=\"\(attribute(label + frame))\">" }
                    ?? "<div class=\"absent\">none</div>"
                html += "<figcaption>\(label)\(text(frame))</figcaption></figure>\n"
            }
            html += "</div>\n"
        }
        html += "</section>\n"
        return html
    }

    // MARK: Paths and escaping

    /// The URL of `path` relative to the folder `directory`, percent-encoded: `../out/intro%20v2.mp4`.
    ///
    /// Both are made absolute against the current directory and normalised lexically (`.` and
    /// `..` removed) — the way a browser resolves a relative URL, so the link reaches the file
    /// even through symbolic links.
    static func relativeURL(from directory: String, to path: String, folder: Bool = false) -> String {
        let base = components(directory), target = components(path)
        var common = 0
        while common < base.count, common < target.count, base[common] == target[common] { common += 1 }
        let parts = Array(repeating: "..", count: base.count - common) + target[common...].map(percentEncoded)
        if parts.isEmpty { return "./" }
        return parts.joined(separator: "/") + (folder ? "/" : "")
    }

    private static func components(_ path: String) -> [String] {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var result: [String] = []
        for part in absolute.split(separator: "/") {
            switch part {
            case ".": continue
            case "..": if !result.isEmpty { result.removeLast() }
            default: result.append(String(part))
            }
        }
        return result
    }

    /// Only unreserved characters stay: `%`, `#` and `?` would cut the path, and `:` in a first
    /// segment would read as a URL scheme.
    private static func percentEncoded(_ segment: String) -> String {
        var allowed = CharacterSet()
        allowed.insert(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
        return segment.addingPercentEncoding(withAllowedCharacters: allowed) ?? segment
    }

    private static func dataURL(_ png: Data) -> String { "data:image/png;base64," + png.base64EncodedString() }

    private static func text(_ string: String) -> String { ReportText.escaped(string) }

    private static func attribute(_ string: String) -> String { ReportText.escaped(string, attribute: true) }

    // MARK: Style and script

    /// Inline styles and scripts only, pictures from `data:`, media and links from anywhere
    /// (the outputs, relative to the page); no requests, fonts, frames or plug-ins.
    private static let contentSecurityPolicy =
        "default-src 'none'; img-src data: *; media-src *; "
        + "style-src 'unsafe-inline'; script-src 'unsafe-inline'; base-uri 'none'; form-action 'none'"

    private static let style = """

        :root { color-scheme: light; --ink: #1f2328; --muted: #59636e; --line: #d1d9e0; --paper: #f6f8fa; }
        * { box-sizing: border-box; }
        body { margin: 0; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", "Noto Sans", sans-serif; color: var(--ink); background: var(--paper); }
        code, pre { font: 12.5px/1.45 ui-monospace, "SF Mono", "Noto Sans Mono", "DejaVu Sans Mono", monospace; }
        .summary { background: #fff; border-bottom: 1px solid var(--line); padding: 16px 24px; }
        h1 { font-size: 20px; margin: 0 0 10px; }
        .counts { display: flex; flex-wrap: wrap; gap: 6px; list-style: none; margin: 0 0 10px; padding: 0; }
        .facts { display: flex; flex-wrap: wrap; gap: 4px 20px; margin: 0 0 10px; color: var(--muted); }
        .facts div { display: flex; gap: 6px; min-width: 0; }
        .facts dt { font-weight: 600; } .facts dd { margin: 0; overflow-wrap: anywhere; }
        .filters { display: flex; gap: 6px; }
        .filters button { font: inherit; padding: 3px 12px; border: 1px solid var(--line); border-radius: 14px; background: #fff; cursor: pointer; }
        .filters button[aria-pressed="true"] { background: var(--ink); border-color: var(--ink); color: #fff; }
        .filters .count { opacity: .75; }
        main { padding: 16px 24px 48px; display: grid; gap: 14px; max-width: 1280px; }
        .job { background: #fff; border: 1px solid var(--line); border-left: 5px solid var(--status, #6e7781); border-radius: 6px; padding: 12px 16px; min-width: 0; }
        body[data-filter="failures"] .job:not([data-failure="true"]),
        body[data-filter="changed"] .job:not([data-changed="true"]) { display: none; }
        .job-head { display: flex; align-items: center; gap: 10px; }
        .scene { font-size: 16px; margin: 0; overflow-wrap: anywhere; }
        h3 { font-size: 13px; margin: 12px 0 4px; }
        .reason { margin: 4px 0; }
        .numbers { margin: 4px 0; color: var(--muted); display: flex; flex-wrap: wrap; gap: 4px 14px; }
        .badge { display: inline-block; padding: 1px 9px; border-radius: 10px; font-size: 12px; font-weight: 600; color: #fff; background: var(--status, #6e7781); white-space: nowrap; }
        .badge.zero { opacity: .35; }
        .status-rendered { --status: #1a7f37; } .status-skipped { --status: #6e7781; } .status-invalid { --status: #bc4c00; }
        .status-failed { --status: #cf222e; } .status-timeout { --status: #8250df; } .status-interrupted { --status: #9a6700; }
        .baseline-unchanged { --status: #1a7f37; } .baseline-changed { --status: #bf3989; }
        .baseline-new { --status: #0969da; } .baseline-missing { --status: #cf222e; }
        .diagnostics { margin: 6px 0; padding-left: 18px; }
        .diagnostics .severity-error code { color: #cf222e; } .diagnostics .severity-warning code { color: #9a6700; }
        .diagnostics code, .paths code { overflow-wrap: anywhere; }
        .log { background: #1f2328; color: #e6edf3; padding: 10px 12px; border-radius: 6px; max-height: 320px; overflow: auto; margin: 4px 0; white-space: pre-wrap; overflow-wrap: anywhere; }
        .media { display: flex; flex-wrap: wrap; gap: 12px; margin-top: 10px; align-items: flex-start; }
        figure { margin: 0; }
        figcaption { font-size: 12px; color: var(--muted); margin-top: 3px; overflow-wrap: anywhere; }
        .sheet img { display: block; max-width: 100%; height: auto; border: 1px solid var(--line); background: #fff; }
        .output-card { width: 560px; max-width: 100%; border: 1px solid var(--line); border-radius: 6px; padding: 6px; background: var(--paper); }
        .output-card video, .output-card img { display: block; width: 100%; max-height: 360px; object-fit: contain; background: #000; border-radius: 3px; }
        .output-card[data-state="error"] { border-color: #cf222e; }
        .cannot-play { color: #cf222e; font-weight: 600; }
        .note { margin: 4px 0 0; font-size: 12px; color: var(--muted); }
        .baseline { border-top: 1px solid var(--line); margin-top: 12px; }
        .baseline p { margin: 2px 0; }
        .compare { display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: 10px; margin-top: 8px; }
        .compare img { display: block; max-width: 100%; height: auto; border: 1px solid var(--line); background: repeating-conic-gradient(#ddd 0 25%, #fff 0 50%) 0 0 / 16px 16px; }
        .compare .absent { display: grid; place-items: center; aspect-ratio: 16 / 9; border: 1px dashed var(--line); color: var(--muted); }
        .empty { color: var(--muted); }

        """

    /// The filter bar, and each video's playability on its card. Listeners are added after the
    /// videos started loading, so states already reached are read from the element too.
    /// A video without a poster image (an output rendered before posters were written) is
    /// seeked to its middle frame, not left on frame 0 (empty for any entrance animation); the
    /// first play starts from the beginning.
    private static let script = """

        (function () {
          "use strict";
          function mark(video, state) {
            var card = video.closest(".output-card");
            if (!card) return;
            card.setAttribute("data-state", state);
            var note = card.querySelector(".cannot-play");
            if (note) note.hidden = state !== "error";
          }
          function poster(video) {
            if (video.getAttribute("poster") || video.played.length || video.currentTime > 0 || !(video.duration > 0)) return;
            video.setAttribute("data-poster", String(video.duration / 2));
            video.currentTime = video.duration / 2;
          }
          document.querySelectorAll("video").forEach(function (video) {
            video.addEventListener("loadeddata", function () { mark(video, "loaded"); poster(video); });
            video.addEventListener("error", function () { mark(video, "error"); });
            video.addEventListener("play", function () {
              var at = parseFloat(video.getAttribute("data-poster"));
              video.removeAttribute("data-poster");
              if (Math.abs(video.currentTime - at) < 1e-3) video.currentTime = 0;
            }, { once: true });
            if (video.error) mark(video, "error");
            else if (video.readyState >= 2) { mark(video, "loaded"); poster(video); }
          });
          document.querySelectorAll(".filters button").forEach(function (button) {
            button.addEventListener("click", function () {
              document.body.setAttribute("data-filter", button.getAttribute("data-filter"));
              document.querySelectorAll(".filters button").forEach(function (other) {
                other.setAttribute("aria-pressed", String(other === button));
              });
            });
          });
        })();

        """
}
