import Foundation
import ReelCore
import ReelScene
import Testing

/// Malformed and hostile Lottie files are located errors; constructs not mapped yet are located
/// warnings naming them, and the rest is drawn.
@Suite struct LottieDiagnosticsTests {
    /// "LINE:COLUMN: severity: message" of every diagnostic, or of the load's warnings.
    func diagnostics(_ text: String) -> [String] {
        func line(_ d: Diagnostic) -> String { "\(d.location.line):\(d.location.column): \(d.severity): \(d.message)" }
        do {
            return try SceneLoader.decode(text: text, file: "anim.json").warnings.map(line)
        } catch let error as SceneLoadError {
            return error.diagnostics.map(line)
        } catch {
            return ["\(error)"]
        }
    }

    @Test func aMalformedValueIsALocatedError() {
        let text = """
            {"v": "5.7.4", "fr": "fast", "ip": 0, "op": 30, "w": 100, "h": 100,
             "layers": [{"ty": 4, "nm": "a", "ip": 0, "op": 30, "ks": {"o": {"a": 0, "k": [true]}}, "shapes": []}]}
            """
        let found = diagnostics(text)
        #expect(found.contains("1:22: error: fr must be a number, found the string \"fast\""), "\(found)")
        #expect(found.contains("2:80: error: layers[0].ks.o.k must be a number, found true"), "\(found)")
    }

    @Test(arguments: [
        (#""fr": 0"#, "fr is 0; the frame rate must be above 0"),
        (#""w": 100000"#, "w is 100000; the width must be 1 to 16384 points"),
        (#""op": -5"#, "op is -5; the end frame must come after the first frame"),
        (#""op": 1e400"#, "op must be a number, found 1e400, which is not a finite number")
    ])
    func unsafeSizesAndTimesAreRefused(field: String, message: String) {
        var keys = [#""fr": 30"#, #""w": 100"#, #""h": 100"#, #""ip": 0"#, #""op": 30"#]
        let name = field.split(separator: ":")[0]
        keys = keys.filter { !$0.hasPrefix(name + ":") } + [field]
        let text = #"{"v": "5.7.4", "layers": [], "# + keys.joined(separator: ", ") + "}"
        let found = diagnostics(text)
        #expect(found.contains { $0.contains("error: \(message)") }, "\(found)")
    }

    @Test func precompsThatContainThemselvesAreRefused() {
        let text = """
            {"v": "5.7.4", "fr": 30, "ip": 0, "op": 30, "w": 100, "h": 100,
             "assets": [{"id": "a", "layers": [{"ty": 0, "refId": "b", "ip": 0, "op": 30, "ks": {}}]},
                        {"id": "b", "layers": [{"ty": 0, "refId": "a", "ip": 0, "op": 30, "ks": {}}]}],
             "layers": [{"ty": 0, "refId": "a", "ip": 0, "op": 30, "ks": {}}]}
            """
        let found = diagnostics(text)
        #expect(found.contains { $0.contains("error: precomp 'a' contains itself") }, "\(found)")
    }

    @Test func precompsUsedManyTimesInsideOthersAreBounded() {
        // Ten levels of precomps, each using the next one 10 times: 10¹⁰ layers from a few KB.
        let uses = (0..<10).map { _ in #"{"ty": 0, "refId": "NEXT", "ip": 0, "op": 30, "ks": {}}"# }.joined(
            separator: ",")
        var assets: [String] = []
        for level in 0..<10 {
            assets.append(
                #"{"id": "p\#(level)", "layers": ["# + uses.replacingOccurrences(of: "NEXT", with: "p\(level + 1)")
                    + "]}")
        }
        assets.append(#"{"id": "p10", "layers": [{"ty": 3, "ip": 0, "op": 30, "ks": {}}]}"#)
        let text = lottie(
            #"{"ty": 0, "refId": "p0", "ip": 0, "op": 30, "ks": {}}"#, assets: "[" + assets.joined(separator: ",") + "]"
        )
        let found = diagnostics(text)
        #expect(
            found.contains { $0.contains("error: the animation makes") && $0.contains("the limit is 100000") },
            "\(found)")
    }

    @Test func unsupportedConstructsAreLocatedWarningsNamingThem() throws {
        let text = """
            {"v": "5.7.4", "fr": 30, "ip": 0, "op": 30, "w": 100, "h": 100,
             "layers": [{"ty": 4, "nm": "a", "ip": 0, "op": 30, "ks": {}, "shapes": [
               {"ty": "el", "p": {"a": 0, "k": [50, 50]}, "s": {"a": 0, "k": [20, 20]}},
               {"ty": "mm", "mm": 1},
               {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}}]},
              {"ty": 5, "nm": "label", "ip": 0, "op": 30, "ks": {}}]}
            """
        let found = diagnostics(text)
        #expect(
            found == [
                "4:4: warning: layers[0].shapes[1]: merge paths are not supported yet; drawn without them",
                "6:3: warning: layers[1]: the text layer has no text document ('t.d.k[0].s'); not drawn"
            ])
    }

    @Test func aPrecompThatIsNotInTheAssetsIsAWarningAndNotDrawn() throws {
        let text = lottie(#"{"ty": 0, "nm": "ghost", "refId": "missing", "ip": 0, "op": 30, "ks": {}}"#)
        let found = diagnostics(text)
        #expect(
            found.count == 1 && found[0].contains("warning: refId the string \"missing\" names no precomp"), "\(found)")
    }

    @Test func nullTangentsAndEasingsAreAbsentOnes() throws {
        // Some exporters write every keyframe field, null when unused.
        let ks = """
            {"o": {"a": 1, "k": [{"t": 0, "s": [0], "i": null, "o": null, "ti": null, "to": null, "h": 0},
                                 {"t": 10, "s": [100], "i": null, "o": null, "ti": null, "to": null}]}}
            """
        #expect(diagnostics(lottie(shapeLayer("a", shapes: "", ks: ks))).isEmpty)
    }
}
