import Foundation
import Testing

@testable import ReelCore
@testable import ReelScene

/// UIKit's system colours by name, with `canvas.appearance` choosing the variant. Expected
/// values: Apple's HIG colour table (systemBlue (0, 122, 255) light, (10, 132, 255) dark) and
/// UIKit's resolved element colours (secondaryLabel (60, 60, 67) / (235, 235, 245) at 60 %).
@Suite("System colours in scene files")
struct SystemColorDecodingTests {
    func colors(appearance: String?) throws -> (CGColor?, CGColor?, CGColor?) {
        let canvas = appearance.map { ", appearance: \($0)" } ?? ""
        let text = """
            reel: 1
            canvas: { size: [100, 100], duration: 1\(canvas), background: systemBackground }
            layers:
              - { name: box, frame: [0, 0, 10, 10], backgroundColor: systemBlue, borderColor: secondaryLabel }
            """
        let t = try load(text).1
        let box = t.state("box", at: 0)
        return (box.backgroundColor, box.borderColor, t.canvas.background)
    }

    func expect(_ c: CGColor?, _ rgb: [Double], alpha: Double = 1, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let c else {
            Issue.record("no colour", sourceLocation: sourceLocation)
            return
        }
        let got = [c.red, c.green, c.blue].map { Double($0) * 255 }
        #expect(
            zip(got, rgb).allSatisfy { abs($0 - $1) < 1e-9 } && abs(Double(c.alpha) - alpha) < 1e-9,
            "got \(got) at \(c.alpha)", sourceLocation: sourceLocation)
    }

    @Test func lightIsTheDefault() throws {
        let (blue, label, background) = try colors(appearance: nil)
        expect(blue, [0, 122, 255])
        expect(label, [60, 60, 67], alpha: 0.6)
        expect(background, [255, 255, 255])
        let (lightBlue, _, _) = try colors(appearance: "light")
        expect(lightBlue, [0, 122, 255])
    }

    @Test func darkTakesTheDarkVariants() throws {
        let (blue, label, background) = try colors(appearance: "dark")
        expect(blue, [10, 132, 255])
        expect(label, [235, 235, 245], alpha: 0.6)
        expect(background, [0, 0, 0])
    }

    @Test func misspellingsSuggestTheSystemName() {
        let found = problems(
            """
            reel: 1
            canvas: { size: [100, 100], duration: 1, appearance: dusk }
            layers:
              - { name: box, frame: [0, 0, 10, 10], backgroundColor: systemBlu }
            """)
        #expect(
            found == [
                "2:54: appearance must be one of 'light', 'dark'; found 'dusk' (did you mean 'dark'?)",
                "4:58: backgroundColor: unknown color name 'systemBlu' (did you mean 'systemBlue'?)"
            ])
    }
}
