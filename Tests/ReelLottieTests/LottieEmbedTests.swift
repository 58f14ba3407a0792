import Foundation
import ReelCore
import ReelLottie
import ReelScene
import Testing

/// A scene layer `lottie: FILE` plays the animation as `LottieAnimationView` does: fitted by the
/// layer's contentsGravity, played by fromProgress/toProgress/loopMode and the layer's own
/// timing, with values overridden by lottie-ios keypaths. Expected pixels come from the
/// definitions (gravity arithmetic, Core Animation's timing), not from Reel's output.
@Suite struct LottieEmbedTests {
    /// A 100 × 50 animation whose layer "Badge" holds group "Box": a red 20-point square centred
    /// on (25, 25), its fill "Fill 1". The layer's opacity runs linearly from 0 % at frame 0 to
    /// 100 % at frame 10 (10 fps: one second) when `fading`.
    static func badge(fading: Bool = false) -> String {
        let opacity = fading ? #"{"a": 1, "k": [{"t": 0, "s": [0]}, {"t": 10, "s": [100]}]}"# : #"{"a": 0, "k": 100}"#
        return lottie(
            shapeLayer("Badge", shapes: Self.square, ks: #"{"o": \#(opacity)}"#, op: 10), w: 100, h: 50, fr: 10, op: 10)
    }

    /// Group "Box": a red 20-point square centred on (25, 25), its fill "Fill 1".
    static let square = """
        {"ty": "gr", "nm": "Box", "it": [
          {"ty": "rc", "nm": "Rect", "p": {"a": 0, "k": [25, 25]}, "s": {"a": 0, "k": [20, 20]}, "r": {"a": 0, "k": 0}},
          {"ty": "fl", "nm": "Fill 1", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}},
          {"ty": "tr", "p": {"a": 0, "k": [0, 0]}, "a": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]},
           "r": {"a": 0, "k": 0}, "o": {"a": 0, "k": 100}}]}
        """

    /// A folder holding `badge.json`, removed after `body`.
    func withFolder<T>(lottie text: String = badge(), _ body: (URL) throws -> T) throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reel-embed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try text.write(to: folder.appendingPathComponent("badge.json"), atomically: true, encoding: .utf8)
        return try body(folder)
    }

    /// A 400 × 300 white scene with one layer at [100, 50, 200, 200] playing badge.json.
    func scene(_ layerKeys: String, duration: Double = 4) -> String {
        """
        reel: 1
        canvas: {size: [400, 300], duration: \(duration), background: "#FFFFFF"}
        layers:
          - {name: host, frame: [100, 50, 200, 200], lottie: badge.json\(layerKeys.isEmpty ? "" : ", " + layerKeys)}
        """
    }

    func load(_ text: String, in folder: URL, strict: Bool = false) throws -> LoadedScene {
        var limits = SceneLimits()
        limits.strict = strict
        return try SceneLoader.decode(text: text, file: "scene.yaml", limits: limits, baseDirectory: folder)
    }

    /// "LINE:COLUMN: severity: message" of every diagnostic of a scene.
    func diagnostics(_ text: String, lottie: String = badge(), strict: Bool = false) throws -> [String] {
        func line(_ d: Diagnostic) -> String {
            "\(d.file):\(d.location.line):\(d.location.column): \(d.severity): \(d.message)"
        }
        return try withFolder(lottie: lottie) { folder in
            do {
                return try load(text, in: folder, strict: strict).warnings.map(line)
            } catch let error as SceneLoadError {
                return error.diagnostics.map(line)
            }
        }
    }

    // MARK: - Fitting and overrides

    @Test func aColourOverrideFillsTheShapeWhereTheGravityPutsIt() throws {
        try withFolder { folder in
            // resizeAspect: the 100 × 50 animation scaled by min(200/100, 200/50) = 2 to 200 × 100,
            // centred in the layer: x 100…300, y 100…200. The square: centre (150, 150), side 40.
            let loaded = try load(
                scene(##"contentsGravity: resizeAspect, values: {"**.Fill 1.Color": "#0000FF"}"##), in: folder)
            #expect(loaded.warnings.isEmpty, "\(loaded.warnings)")
            let frame = try render(loaded, at: 0)
            #expect(isColor(frame, 150, 150, [0, 0, 255]))
            #expect(isColor(frame, 132, 132, [0, 0, 255]))
            #expect(isColor(frame, 167, 167, [0, 0, 255]))
            // Outside the square (it ends at 170), and where resize would have stretched it to y 190.
            #expect(isColor(frame, 174, 150, [255, 255, 255]))
            #expect(isColor(frame, 150, 185, [255, 255, 255]))
        }
    }

    @Test func withoutTheOverrideTheFileSColourShows() throws {
        try withFolder { folder in
            let frame = try render(load(scene("contentsGravity: resizeAspect"), in: folder), at: 0)
            #expect(isColor(frame, 150, 150, [255, 0, 0]))
        }
    }

    @Test(arguments: [
        // resize: scale (2, 4): the square spans x 130…170, y 110…190.
        ("resize", (150, 185), (150, 105)),
        // center: natural size, centred: origin (150, 125); square 165…185, 140…160.
        ("center", (175, 150), (160, 150)),
        // top: natural size, centred horizontally at the top: origin (150, 50); square 165…185, 65…85.
        ("top", (175, 75), (175, 95)),
        // resizeAspectFill: scale max(2, 4) = 4 to 400 × 200, centred: origin (0, 50); square 60…140, 110…190
        // (overflowing the layer, which does not clip).
        ("resizeAspectFill", (100, 150), (150, 100))
    ])
    func gravityPlacesTheAnimation(gravity: String, inside: (Int, Int), outside: (Int, Int)) throws {
        try withFolder { folder in
            let frame = try render(load(scene("contentsGravity: \(gravity)"), in: folder), at: 0)
            #expect(isColor(frame, inside.0, inside.1, [255, 0, 0]), "\(gravity) inside")
            #expect(isColor(frame, outside.0, outside.1, [255, 255, 255]), "\(gravity) outside")
        }
    }

    @Test func theLottieFileIsAnInputOfTheScene() throws {
        // Listed with the images and fonts, so a render part made with another version of it
        // does not join the others.
        try withFolder { folder in
            let loaded = try load(scene(""), in: folder)
            let expected = folder.standardizedFileURL.resolvingSymlinksInPath().appendingPathComponent("badge.json")
                .path
            #expect(loaded.lottieFiles == [expected])
        }
    }

    @Test func keypathsFollowLottieIOSWildcards() throws {
        func matches(_ keypath: String, _ path: [String]) -> Bool { LottieKeypath(keypath)!.matches(path) }
        #expect(matches("**.Color", ["Color"]))
        #expect(matches("**.Color", ["Badge", "Box", "Fill 1", "Color"]))
        #expect(matches("*.Color", ["Fill 1", "Color"]))
        #expect(!matches("*.Color", ["Box", "Fill 1", "Color"]))
        #expect(!matches("*.Color", ["Color"]))
        #expect(matches("Badge.*.Fill 1.Color", ["Badge", "Box", "Fill 1", "Color"]))
        #expect(!matches("Badge.*.Fill 1.Color", ["Badge", "Fill 1", "Color"]))
        #expect(matches("Badge.**.Color", ["Badge", "A", "B", "Fill 1", "Color"]))
        #expect(!matches("Fill.Color", ["Fill 1", "Color"]))
        #expect(LottieKeypath("a..b") == nil)
    }

    @Test func anOverrideReachesOnlyTheUseOfAPrecompItsKeypathNames() throws {
        // Two precomp layers show asset "p"; only the one named Left is recoloured.
        let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        let fill = LottieShapeItem.fill(LottieFill(name: "Fill 1", color: LottieAnimatable(red)))
        let inner = LottieLayer(
            name: "Inner", content: .shapes([.group(name: "G", items: [fill], transform: LottieTransform())]),
            inPoint: 0, outPoint: 30)
        let document = LottieDocument(
            width: 50, height: 50, frameRate: 10, inPoint: 0, outPoint: 30,
            layers: ["Left", "Right"].map {
                LottieLayer(name: $0, content: .precomp(id: "p", width: 50, height: 50), inPoint: 0, outPoint: 30)
            }, precomps: ["p": [inner]])
        let (result, matched) = document.applying([
            LottieOverride(keypath: LottieKeypath("Left.**.Color")!, value: .color(blue))
        ])
        #expect(matched == [true])
        func color(_ layer: LottieLayer) -> CGColor? {
            guard case .precomp(let id, _, _) = layer.content,
                case .shapes(let items)? = result.precomps[id]?.first?.content,
                case .group(_, let inner, _)? = items.first, case .fill(let fill)? = inner.first
            else { return nil }
            return fill.color.initial
        }
        #expect(color(result.layers[0]) == blue)
        #expect(color(result.layers[1]) == red)
    }

    // MARK: - Playback

    /// The square's colour at scene time `t`: red at the layer's opacity over white.
    func squareGreen(_ keys: String, at t: Double) throws -> Int {
        try withFolder(lottie: Self.badge(fading: true)) { folder in
            let frame = try render(load(scene("contentsGravity: resizeAspect, " + keys), in: folder), at: t)
            return Int(frame.rgba(x: 150, y: 150).g)
        }
    }

    /// Green of red at opacity `a` over white.
    func green(_ a: Double) -> Int { Int((255 * (1 - a)).rounded()) }

    @Test(arguments: [
        // Once through the second half (0.5 s), then holding the end.
        ("fromProgress: 0.5", 0.25, 0.75),
        ("fromProgress: 0.5", 2.0, 1.0),
        // Looping the second half: 0.6 s is 0.1 s into the second pass.
        ("fromProgress: 0.5, loopMode: loop", 0.6, 0.6),
        // Back and forth over the first half: 0.6 s is 0.1 s into the way back.
        ("toProgress: 0.5, loopMode: autoReverse", 0.6, 0.4),
        // Twice through the first half, then holding its end.
        ("toProgress: 0.5, loopMode: {repeat: 2}", 0.7, 0.2),
        ("toProgress: 0.5, loopMode: {repeat: 2}", 1.5, 0.5),
        // Backwards from the end.
        ("fromProgress: 1, toProgress: 0", 0.25, 0.75),
        ("fromProgress: 1, toProgress: 0", 0.0, 1.0),
        ("fromProgress: 1, toProgress: 0", 0.5, 0.5),
        ("fromProgress: 1, toProgress: 0", 2, 0),
        // The layer's own timing: begins 1 s late (holding the first frame before), twice as fast.
        ("beginTime: 1", 0.5, 0.0),
        ("beginTime: 1", 1.25, 0.25),
        ("speed: 2", 0.2, 0.4),
        ("speed: 0, timeOffset: 0.3", 2.0, 0.3)
    ])
    func playbackFollowsCoreAnimationTiming(keys: String, t: Double, opacity: Double) throws {
        let found = try squareGreen(keys, at: t)
        #expect(abs(found - green(opacity)) <= 4, "\(keys) at \(t): green \(found), expected \(green(opacity))")
    }

    // MARK: - Problems

    @Test func anOverrideMatchingNothingIsALocatedWarning() throws {
        let found = try diagnostics(scene(##"values: {"**.Fill 9.Color": "#0000FF"}"##))
        #expect(
            found == [
                "scene.yaml:4:75: warning: keypath '**.Fill 9.Color' matches no property of 'badge.json'; it changes nothing"
            ], "\(found)")
    }

    @Test(arguments: [
        (#"values: {"**.Fill 1.Color": 5}"#, "error: the value of '**.Fill 1.Color' must be a color"),
        (##"values: {"**.Fill 1.Colour": "#0000FF"}"##, "error: 'Colour' is not a property Reel overrides"),
        (#"values: {"**.Fill 1.Opacity": 150}"#, "error: the value of '**.Fill 1.Opacity' must be between 0 and 100"),
        ("loopMode: forever", "error: loopMode"),
        ("loopMode: {repeat: 0}", "error: repeat must be more than 0"),
        ("fromProgress: 0.5, toProgress: 0.5", "error: fromProgress and toProgress are both 0.5"),
        ("toProgress: 2", "error: toProgress must be between 0 and 1")
    ])
    func badPlaybackAndValuesAreLocatedErrors(keys: String, message: String) throws {
        let found = try diagnostics(scene(keys))
        #expect(found.contains { $0.hasPrefix("scene.yaml:4:") && $0.contains(message) }, "\(found)")
    }

    @Test func playbackWithoutALottieIsAnError() throws {
        let text = """
            reel: 1
            canvas: {size: [10, 10], duration: 1}
            layers:
              - {name: plain, loopMode: loop}
            """
        let found = try diagnostics(text)
        #expect(
            found.contains { $0.hasPrefix("scene.yaml:4:19: error: 'loopMode' says how a Lottie plays") }, "\(found)")
    }

    @Test func aLottieSAnimationsCountAgainstTheScenesBudget() throws {
        // The fading badge has one animation (its opacity); two layers play it.
        let text = scene("") + "\n  - {name: again, frame: [0, 0, 10, 10], lottie: badge.json}"
        var limits = SceneLimits()
        limits.maxAnimations = 1
        let found: [String] = try withFolder(lottie: Self.badge(fading: true)) { folder in
            do {
                _ = try SceneLoader.decode(text: text, file: "scene.yaml", limits: limits, baseDirectory: folder)
                return []
            } catch let error as SceneLoadError {
                return error.diagnostics.map(\.description)
            }
        }
        #expect(
            found == ["scene.yaml:5:50: error: with this Lottie the scene builds more than 1 animations"], "\(found)")
    }

    @Test func lottieFilesAreReadOnlyFromInsideTheScenesFolder() throws {
        let found = try diagnostics(
            scene("").replacingOccurrences(of: "lottie: badge.json", with: "lottie: ../badge.json"))
        #expect(
            found.contains { $0.contains("error: Lottie file '../badge.json' is outside the scene's folder") },
            "\(found)")
        let missing = try diagnostics(scene("").replacingOccurrences(of: "badge.json", with: "gone.json"))
        #expect(missing.contains { $0.contains("error: Lottie file 'gone.json' is missing") }, "\(missing)")
    }

    @Test func aLottieFileSProblemsAreLocatedInIt() throws {
        let broken = Self.badge().replacingOccurrences(of: #""fr": 10.0"#, with: #""fr": "fast""#)
        let found = try diagnostics(scene(""), lottie: broken)
        #expect(
            found.contains { $0.hasPrefix("badge.json:1:") && $0.contains("error: fr must be a number") }, "\(found)")
    }

    // MARK: - --strict

    /// The badge with merge paths (not mapped yet) in its group.
    static let merged = badge().replacingOccurrences(
        of: #"{"ty": "fl", "nm": "Fill 1""#, with: #"{"ty": "mm", "mm": 1}, {"ty": "fl", "nm": "Fill 1""#)

    @Test func strictMakesCompatibilityWarningsErrors() throws {
        let lenient = try diagnostics(scene(""), lottie: Self.merged)
        #expect(
            lenient.contains {
                $0.hasPrefix("badge.json:") && $0.contains("warning: layers[0].shapes[0].it[1]: merge paths")
            }, "\(lenient)")
        let strict = try diagnostics(scene(""), lottie: Self.merged, strict: true)
        #expect(
            strict.contains {
                $0.hasPrefix("badge.json:") && $0.contains("error: layers[0].shapes[0].it[1]: merge paths")
                    && $0.hasSuffix("(--strict)")
            }, "\(strict)")
        var limits = SceneLimits()
        limits.strict = true
        #expect(throws: SceneLoadError.self) {
            try SceneLoader.decode(text: Self.merged, file: "anim.json", limits: limits)
        }
    }
}
