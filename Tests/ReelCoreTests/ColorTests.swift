import Testing

@testable import ReelCore

@Suite("CGColor parsing")
struct ColorTests {
    @Test func hexForms() {
        #expect(CGColor(cssString: "#F00") == CGColor(red: 1, green: 0, blue: 0))
        #expect(CGColor(cssString: "#00ff0080") == CGColor(red: 0, green: 1, blue: 0, alpha: 128.0 / 255))
        #expect(CGColor(cssString: "#336699")?.green == 0x66 / 255.0)
        #expect(CGColor(cssString: "#12345") == nil)
        #expect(CGColor(cssString: "#GGGGGG") == nil)
    }

    @Test func namesAndTransparent() {
        #expect(
            CGColor(cssString: "rebeccapurple") == CGColor(red: 0x66 / 255.0, green: 0x33 / 255.0, blue: 0x99 / 255.0))
        #expect(CGColor(cssString: "Transparent") == .clear)
        #expect(CGColor(cssString: "notacolor") == nil)
    }
}
