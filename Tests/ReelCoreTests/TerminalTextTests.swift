import Testing

@testable import ReelCore

/// Names from scene files are printed with their control characters shown, as Swift writes
/// them, so that printing a name cannot clear the screen, set the title or write the clipboard.
@Suite("Terminal text")
struct TerminalTextTests {
    @Test func controlCharactersAreShownAsSwiftEscapes() {
        #expect(TerminalText.escaped("box\u{1B}[2J") == #"box\u{1B}[2J"#)
        #expect(TerminalText.escaped("\u{1B}]0;title\u{07}") == #"\u{1B}]0;title\u{7}"#)
        #expect(TerminalText.escaped("\u{1B}]52;c;aGk=\u{07}") == #"\u{1B}]52;c;aGk=\u{7}"#)
        // NUL, DEL and a C1 control (CSI as one character).
        #expect(TerminalText.escaped("a\u{0}b\u{7F}c\u{9B}") == #"a\u{0}b\u{7F}c\u{9B}"#)
        #expect(TerminalText.escaped("cr\r") == #"cr\u{D}"#)
    }

    @Test func printableTextIsKept() {
        #expect(TerminalText.escaped("café → 東京 🎬\tx\ny") == "café → 東京 🎬\tx\ny")
        #expect(TerminalText.escaped("a\nb", keepNewlines: false) == #"a\u{A}b"#)
        // The first character past C1 is printable (a no-break space).
        #expect(TerminalText.escaped("\u{A0}") == "\u{A0}")
    }
}
