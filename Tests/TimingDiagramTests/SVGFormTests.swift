import Foundation
import Reel
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The SVG output parses as XML (names with markup characters included) and carries the same
/// drawing as the PNG.
@Suite("Timing diagrams and plots: SVG")
struct SVGFormTests {
    final class Collector: NSObject, XMLParserDelegate {
        var elements: [String: Int] = [:]
        var texts: [String] = []
        var titles: [String] = []
        private var inText = false, inTitle = false
        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            elements[name, default: 0] += 1
            if name == "text" { inText = true; texts.append("") }
            if name == "title" { inTitle = true; titles.append("") }
        }
        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == "text" { inText = false }
            if name == "title" { inTitle = false }
        }
        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if inText { texts[texts.count - 1] += string }
            if inTitle { titles[titles.count - 1] += string }
        }
    }

    func parse(_ svg: String) throws -> Collector {
        let parser = XMLParser(data: Data(svg.utf8))
        let collector = Collector()
        parser.delegate = collector
        let ok = parser.parse()
        try #require(ok, "SVG does not parse: \(parser.parserError.map { "\($0)" } ?? "?")")
        return collector
    }

    @Test func timingDiagramIsWellFormedAndEscapesNames() throws {
        let diagram = try TimingModelTests.diagram()
        let svg = diagram.svg()
        let parsed = try parse(svg)
        #expect(parsed.elements["svg"] == 1)
        // The layer named a<b & "c"> comes back whole through the XML escapes.
        #expect(parsed.texts.contains("a<b & \"c\">"))
        #expect(parsed.texts.contains("“ar”"))
        // Every bar, notch and marker the PNG has: rectangles and polylines are there.
        #expect((parsed.elements["rect"] ?? 0) > 10 && (parsed.elements["polyline"] ?? 0) > 10)
        // Tooltips describe bars, events and transactions in words.
        #expect(
            parsed.titles.contains {
                $0.contains("opacity “ar”") && $0.contains("active from 1.5 s to 4 s")
                    && $0.contains("repeats at 3.5 s")
            })
        #expect(parsed.titles.contains("didStop fast at 4 s, finished"))
        #expect(parsed.titles.contains("entry 4 at 2 s; 1 added"))
    }

    @Test func plotIsWellFormed() throws {
        let plot = try PropertyPlot(
            job: GoldenPicture.load("hello.yaml"), layers: ["card"], keyPaths: ["backgroundColor"])
        let parsed = try parse(plot.svg())
        #expect(parsed.texts.contains("card"))
        #expect(["red", "green", "blue", "alpha"].allSatisfy(parsed.texts.contains))
    }
}
