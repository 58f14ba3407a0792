import Foundation

/// Text helpers shared by the JUnit and HTML writers: both embed strings we do not control
/// (scene paths, diagnostics, a crashed renderer's error output) in markup.
enum ReportText {
    /// `text` made safe to embed in XML 1.0 or HTML: ANSI colour sequences (a renderer's coloured
    /// stderr) are removed, and control characters XML 1.0 forbids — a document holding one is not
    /// well-formed, so a CI server would reject the whole report — become their visible Control
    /// Pictures (ESC → ␛). Tab, line feed and carriage return are kept; U+FFFE/U+FFFF become U+FFFD.
    static func printable(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        var scalars = text.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            switch scalar.value {
            case 0x1B:
                // CSI (ESC [ … final byte 0x40–0x7E): colours and cursor moves, meaningless in a report.
                var lookahead = scalars
                if lookahead.next() == "[" {
                    while let next = lookahead.next(), !(0x40...0x7E).contains(next.value) {}
                    scalars = lookahead
                } else {
                    result.append(Unicode.Scalar(0x241B)!)
                }
            case 0x09, 0x0A, 0x0D:
                result.append(scalar)
            case 0x00...0x1F:
                result.append(Unicode.Scalar(0x2400 + scalar.value)!)
            case 0xFFFE, 0xFFFF:
                result.append("\u{FFFD}")
            default:
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// `text` escaped for XML or HTML element content, or with `attribute` for a double-quoted
    /// attribute value: there quotes, line breaks and tabs become character references too, as a
    /// parser would otherwise normalise the breaks to spaces (and JUnit messages are often
    /// multi-line). Content keeps its quotes, so the raw XML stays readable.
    static func escaped(_ text: String, attribute: Bool = false) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in printable(text).unicodeScalars {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"  // also keeps "]]>" out of content
            case "\"" where attribute: result += "&quot;"
            case "'" where attribute: result += "&#39;"
            case "\n" where attribute: result += "&#10;"
            case "\r": result += "&#13;"  // a bare CR in content would be normalised to LF
            case "\t" where attribute: result += "&#9;"
            default: result.unicodeScalars.append(character)
            }
        }
        return result
    }

    /// Seconds with millisecond precision and a dot, whatever the locale (`1.250`).
    static func seconds(_ value: Double) -> String {
        String(format: "%.3f", locale: Locale(identifier: "en_US_POSIX"), value.isFinite ? max(0, value) : 0)
    }

    /// A byte count for people: `812 B`, `14.2 KB`, `3.1 MB` (powers of 1000, like Finder).
    static func bytes(_ count: Int) -> String {
        let units = ["B", "KB", "MB", "GB", "TB"]
        var value = Double(count), unit = 0
        while value >= 1000, unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        return unit == 0 ? "\(count) B" : "\(decimal(value)) \(units[unit])"
    }

    /// One decimal, dot-separated (`29.9`), or the value's own text for infinity (identical frames).
    static func decimal(_ value: Double, places: Int = 1) -> String {
        if value.isInfinite { return value > 0 ? "∞" : "-∞" }
        if value.isNaN { return "–" }
        return String(format: "%.\(places)f", locale: Locale(identifier: "en_US_POSIX"), value)
    }

    /// The last `limit` lines of `log`: the log is already the end of the renderer's output, but
    /// a report with many crashes should stay readable.
    static func tail(_ log: String, lines limit: Int = 200) -> String {
        let lines = log.split(separator: "\n", omittingEmptySubsequences: false)
        let trimmed =
            lines.count > limit ? ["… (\(lines.count - limit) earlier lines)"] + lines.suffix(limit) : lines[...]
        return trimmed.joined(separator: "\n").trimmingCharacters(in: .newlines)
    }

    /// What the baseline comparison found, in one line: "3 of 60 frames changed; worst frame 12 at 31.2 dB".
    static func baselineSummary(_ baseline: BaselineResult) -> String {
        switch baseline.status {
        case .unchanged:
            return "unchanged: \(baseline.framesCompared) frames compared"
        case .new:
            return "new: no \(baseline.baselinePath) in the baseline"
        case .missing:
            return "missing: \(baseline.output) was not written, the baseline has \(baseline.baselinePath)"
        case .changed:
            var text = "\(baseline.framesChanged) of \(baseline.framesCompared) frames changed"
            if let frame = baseline.worstFrame {
                text += "; worst frame \(frame)"
                if let psnr = baseline.worstPSNR { text += " at \(decimal(psnr)) dB PSNR" }
                if let ssim = baseline.worstSSIM { text += String(format: ", SSIM %.4f", ssim) }
                if let block = baseline.worstBlockDifference { text += ", block difference \(decimal(block))" }
            }
            if let note = baseline.note { text += " (\(note))" }
            return text
        }
    }
}
