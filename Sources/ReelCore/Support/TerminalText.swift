/// Text from files Reel was given (layer names, keys, file names, messages quoting them), made
/// safe to print on a terminal.
///
/// A name holding `ESC [2J` would clear the screen, `ESC ]0;…BEL` set the window title and
/// `ESC ]52;c;…BEL` write the clipboard, just by being printed. Control characters are shown
/// as Swift writes them (`\u{1B}`); printable Unicode is kept as it is.
public enum TerminalText {
    /// `text` with every control character (C0, DEL, C1) written as `\u{XX}`; tab and, unless
    /// `keepNewlines` is false, line feed kept, as they only lay text out.
    public static func escaped(_ text: String, keepNewlines: Bool = true) -> String {
        guard text.unicodeScalars.contains(where: { needsEscape($0, keepNewlines) }) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if needsEscape(scalar, keepNewlines) {
                out.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// Whether `scalar` is a control character: C0 (below U+0020), DEL or C1 (U+0080–U+009F).
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    private static func needsEscape(_ scalar: Unicode.Scalar, _ keepNewlines: Bool) -> Bool {
        switch scalar.value {
        case 0x09: false
        case 0x0A: !keepNewlines
        default: isControl(scalar)
        }
    }
}
