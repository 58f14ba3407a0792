import Foundation
import ReelCore
import ReelLottie
import ReelScene
import Testing

/// Polystars, rounded corners, repeaters, gradient strokes and trim offsets. Expected geometry
/// follows from the Lottie format's definitions (a star's vertices on two circles, a repeater's
/// copies stepped by its transform, a trim offset in degrees of the whole outline), computed
/// here with cos/sin and by hand, not from Reel.
@Suite struct LottieShapeConstructTests {
    static let red = [255, 0, 0], blue = [0, 0, 255], white = [255, 255, 255]

    /// The end points of a path's elements (its vertices), in order; a closed Lottie path's
    /// last element returns to its first vertex.
    func vertices(_ path: CGPath?) -> [CGPoint] {
        (path?.elements ?? []).compactMap {
            switch $0 {
            case .moveTo(let p), .lineTo(let p), .quadCurveTo(let p, _), .curveTo(let p, _, _): p
            case .closeSubpath: nil
            }
        }
    }

    func close(_ a: [CGPoint], _ b: [CGPoint]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { abs($0.x - $1.x) < 1e-6 && abs($0.y - $1.y) < 1e-6 }
    }

    /// The path of the layer named `name` at time 0.
    func path(_ shapes: String, layer name: String) throws -> CGPath? {
        let timeline = try loadLottie(lottie(shapeLayer("shape", shapes: shapes))).scene.compile()
        return try #require(timeline.presentation(at: 0, layerNamed: name)).state.path
    }

    static func fill(_ name: String = "fill", rgb: [Double] = [1, 0, 0]) -> String {
        #"{"ty": "fl", "nm": "\#(name)", "c": {"a": 0, "k": [\#(rgb[0]), \#(rgb[1]), \#(rgb[2]), 1]}}"#
    }

    // MARK: Polystars

    @Test func aStarsVerticesAlternateBetweenItsOuterAndInnerRadiusFromTheTop() throws {
        let star = """
            {"ty": "sr", "sy": 1, "d": 1, "p": {"a": 0, "k": [100, 100]}, "pt": {"a": 0, "k": 5},
             "r": {"a": 0, "k": 0}, "or": {"a": 0, "k": 50}, "ir": {"a": 0, "k": 20},
             "os": {"a": 0, "k": 0}, "is": {"a": 0, "k": 0}}
            """
        // Outer points every 72° from straight up (-90° on screen), inner ones halfway between,
        // clockwise on screen, ending where it began (then closed back there).
        let expected = (0...11).map { n -> CGPoint in
            let k = min(n, 10)
            let radius = k % 2 == 0 ? 50.0 : 20.0
            let angle = (-90.0 + 36.0 * Double(k)) * .pi / 180
            return CGPoint(x: 100 + radius * cos(angle), y: 100 + radius * sin(angle))
        }
        let found = vertices(try path(star + "," + Self.fill(), layer: "fill"))
        #expect(close(found, expected), "\(found)")
        // Counter-clockwise (`d: 3`): the same points the other way round.
        let reversed = vertices(
            try path(star.replacingOccurrences(of: #""d": 1"#, with: #""d": 3"#) + "," + Self.fill(), layer: "fill"))
        #expect(close(reversed, expected.prefix(11).reversed() + [expected[0]]), "\(reversed)")
    }

    @Test func aStarIsFilledInsideItsPointsAndNotBetweenThem() throws {
        let star = """
            {"ty": "sr", "sy": 1, "p": {"a": 0, "k": [100, 100]}, "pt": {"a": 0, "k": 5}, "r": {"a": 0, "k": 0},
             "or": {"a": 0, "k": 80}, "ir": {"a": 0, "k": 30}, "os": {"a": 0, "k": 0}, "is": {"a": 0, "k": 0}}
            """
        let frame = try render(lottie(shapeLayer("star", shapes: star + "," + Self.fill())), at: 0)
        #expect(isColor(frame, 100, 100, Self.red), "the centre")
        #expect(isColor(frame, 100, 30, Self.red), "inside the top point (its tip is at y 20)")
        // Between the top point and the next, 60 from the centre: beyond the inner radius (30).
        let between = (-54.0) * .pi / 180
        #expect(frame.rgba(x: Int(100 + 60 * cos(between)), y: Int(100 + 60 * sin(between))).a == 0)
    }

    @Test func aPolygonHasOnlyOuterVertices() throws {
        // Four points turned 45°: the corners of the square from (50, 50) to (150, 150).
        let square = """
            {"ty": "sr", "sy": 2, "p": {"a": 0, "k": [100, 100]}, "pt": {"a": 0, "k": 4}, "r": {"a": 0, "k": 45},
             "or": {"a": 0, "k": \(50 * 2.0.squareRoot())}, "os": {"a": 0, "k": 0}}
            """
        let found = vertices(try path(square + "," + Self.fill(), layer: "fill"))
        let corners = [(150, 50), (150, 150), (50, 150), (50, 50), (150, 50), (150, 50)].map {
            CGPoint(x: $0.0, y: $0.1)
        }
        #expect(close(found, corners), "\(found)")
        let frame = try render(lottie(shapeLayer("square", shapes: square + "," + Self.fill())), at: 0)
        #expect(isColor(frame, 53, 53, Self.red))
        #expect(frame.rgba(x: 45, y: 100).a == 0)
    }

    @Test func anAnimatedStarMovesThroughItsKeyframes() throws {
        // The outer radius grows from 20 to 60 over frames 0…10 (1 s): 40 at 0.5 s.
        let star = """
            {"ty": "sr", "sy": 2, "p": {"a": 0, "k": [100, 100]}, "pt": {"a": 0, "k": 3}, "r": {"a": 0, "k": 0},
             "or": {"a": 1, "k": [{"t": 0, "s": [20]}, {"t": 10, "s": [60]}]}, "os": {"a": 0, "k": 0}}
            """
        let timeline = try loadLottie(lottie(shapeLayer("tri", shapes: star + "," + Self.fill()))).scene.compile()
        let path = try #require(timeline.presentation(at: 0.5, layerNamed: "fill")).state.path
        let top = try #require(vertices(path).first)
        #expect(abs(top.x - 100) < 1e-6 && abs(top.y - 60) < 1e-6, "\(top)")
    }

    // MARK: Rounded corners

    @Test func roundedCornersCutEachSharpCornerAndCurveTowardsIt() {
        let square = LottieBezier(
            vertices: [CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 0), CGPoint(x: 100, y: 100), CGPoint(x: 0, y: 100)],
            closed: true)
        let rounded = square.roundingCorners(radius: 10)
        // Each corner becomes two points 10 back along its edges, the previous edge first.
        let expected = [(0, 10), (10, 0), (90, 0), (100, 10), (100, 90), (90, 100), (10, 100), (0, 90)]
        #expect(close(rounded.vertices, expected.map { CGPoint(x: $0.0, y: $0.1) }), "\(rounded.vertices)")
        // The curve leaves (0, 10) towards the corner (0, 0), 0.5519 of the way.
        #expect(abs(rounded.outTangents[0].y + 5.519) < 1e-9 && rounded.outTangents[0].x == 0)
        #expect(abs(rounded.inTangents[1].x + 5.519) < 1e-9 && rounded.inTangents[1].y == 0)
        #expect(rounded.closed)
        // No more than half of an edge: a radius of 80 meets in the edges' middles.
        #expect(square.roundingCorners(radius: 80).vertices[0] == CGPoint(x: 0, y: 50))
        // An open path keeps its ends.
        let open = LottieBezier(vertices: Array(square.vertices.prefix(3)), closed: false).roundingCorners(radius: 10)
        #expect(close(open.vertices, [(0, 0), (90, 0), (100, 10), (100, 100)].map { CGPoint(x: $0.0, y: $0.1) }))
    }

    @Test func roundedCornersRoundThePathsAndRectanglesOfTheirGroup() throws {
        let corners = #"{"ty": "rd", "r": {"a": 0, "k": 30}}"#
        let path = """
            {"ty": "sh", "ks": {"a": 0, "k": {"c": true, "v": [[20, 20], [180, 20], [180, 90], [20, 90]]}}}
            """
        let rect =
            #"{"ty": "rc", "p": {"a": 0, "k": [100, 145]}, "s": {"a": 0, "k": [160, 70]}, "r": {"a": 0, "k": 0}}"#
        let group = #"{"ty": "gr", "it": [\#(path), \#(rect), \#(Self.fill()), \#(corners), {"ty": "tr"}]}"#
        let frame = try render(lottie(shapeLayer("rounded", shapes: group)), at: 0)
        for (x, y) in [(22, 22), (177, 22), (22, 112), (177, 177)] {
            #expect(frame.rgba(x: x, y: y).a == 0, "the corner at (\(x), \(y)) is cut")
        }
        #expect(isColor(frame, 100, 22, Self.red), "the edges stay")
        #expect(isColor(frame, 100, 177, Self.red))
    }

    // MARK: Repeaters

    @Test func aRepeaterDrawsCopiesSteppedByItsTransform() throws {
        // Three copies of a 20-point square at (20, 20), each 50 further right and turned 90°
        // more about its own corner (the anchor 0, 0 of the copy's layer).
        let repeater = """
            {"ty": "rp", "nm": "copies", "c": {"a": 0, "k": 3}, "o": {"a": 0, "k": 0}, "m": 1,
             "tr": {"ty": "tr", "p": {"a": 0, "k": [50, 0]}, "a": {"a": 0, "k": [0, 0]},
                    "s": {"a": 0, "k": [100, 100]}, "r": {"a": 0, "k": 0},
                    "so": {"a": 0, "k": 100}, "eo": {"a": 0, "k": 100}}}
            """
        let shapes = square(x: 20, y: 20, side: 20, rgb: [1, 0, 0]) + "," + repeater
        let frame = try render(lottie(shapeLayer("row", shapes: shapes)), at: 0)
        for x in [20, 70, 120] { #expect(isColor(frame, x, 20, Self.red), "a copy at x \(x)") }
        #expect(frame.rgba(x: 170, y: 20).a == 0, "no fourth copy")
        #expect(frame.rgba(x: 45, y: 20).a == 0, "nothing between copies")
        // The rotation adds up copy by copy: copy 2 is turned 180° about the origin.
        let turned = shapes.replacingOccurrences(
            of: #""p": {"a": 0, "k": [50, 0]}"#, with: #""p": {"a": 0, "k": [0, 0]}"#
        )
        .replacingOccurrences(of: #""r": {"a": 0, "k": 0},"#, with: #""r": {"a": 0, "k": 90},"#)
        let timeline = try loadLottie(lottie(shapeLayer("turned", shapes: turned))).scene.compile()
        let copies = try #require(timeline.presentation(at: 0, layerNamed: "turned")).sublayers
        #expect(copies.count == 3)
        let angles = copies.map { atan2($0.state.transform.m12, $0.state.transform.m11) * 180 / .pi }
        #expect(zip(angles, [0.0, 90, 180]).allSatisfy { abs(abs($0) - $1) < 1e-6 }, "\(angles)")
    }

    @Test func repeaterOpacitiesAndOffsetsAreWarnings() throws {
        let repeater = """
            {"ty": "rp", "c": {"a": 0, "k": 2}, "o": {"a": 0, "k": 1},
             "tr": {"ty": "tr", "p": {"a": 0, "k": [50, 0]}, "so": {"a": 0, "k": 100}, "eo": {"a": 0, "k": 20}}}
            """
        let loaded = try loadLottie(
            lottie(shapeLayer("row", shapes: square(x: 20, y: 20, side: 20, rgb: [1, 0, 0]) + "," + repeater)))
        let messages = loaded.warnings.map(\.message)
        #expect(messages.contains { $0.contains("shapes[1].o: repeater offsets are not supported") }, "\(messages)")
        #expect(
            messages.contains { $0.contains("shapes[1].tr.eo: repeater opacities are not supported") }, "\(messages)")
        #expect(!messages.contains { $0.contains("tr.so") }, "an opacity of 100 is no change")
    }

    // MARK: Gradient strokes

    @Test func aGradientStrokeShowsTheGradientAlongTheOutlineOnly() throws {
        // A square outline from x 50 to 150, 10 wide, red at the left to blue at the right.
        let shapes = """
            {"ty": "rc", "p": {"a": 0, "k": [100, 100]}, "s": {"a": 0, "k": [100, 100]}, "r": {"a": 0, "k": 0}},
            {"ty": "gs", "nm": "outline", "t": 1, "s": {"a": 0, "k": [50, 100]}, "e": {"a": 0, "k": [150, 100]},
             "g": {"p": 2, "k": {"a": 0, "k": [0, 1, 0, 0, 1, 0, 0, 1]}}, "o": {"a": 0, "k": 100},
             "w": {"a": 0, "k": 10}, "lc": 1, "lj": 1}
            """
        let frame = try render(lottie(shapeLayer("ring", shapes: shapes)), at: 0)
        #expect(isColor(frame, 50, 100, gradientRed), "the left edge")
        #expect(isColor(frame, 149, 100, gradientBlue), "the right edge")
        #expect(frame.rgba(x: 100, y: 100).a == 0, "not inside the outline")
        #expect(frame.rgba(x: 100, y: 40).a == 0, "not outside it")
    }

    // MARK: Trims

    /// A white line from (0, 100) to (200, 100), 10 wide, trimmed by `trim`.
    func trimmedLine(_ trim: String) throws -> PixelBuffer {
        let shapes = """
            {"ty": "sh", "ks": {"a": 0, "k": {"c": false, "v": [[0, 100], [200, 100]]}}},
            {"ty": "st", "c": {"a": 0, "k": [1, 1, 1, 1]}, "w": {"a": 0, "k": 10}, "lc": 1},
            \(trim)
            """
        return try render(lottie(shapeLayer("line", shapes: shapes)), at: 0)
    }

    @Test func aTrimOffsetMovesTheTrimmedStretchAlongThePath() throws {
        // 0…50 % moved by 90° (a quarter of the length): 25…75 %, x 50…150.
        let moved = try trimmedLine(
            #"{"ty": "tm", "s": {"a": 0, "k": 0}, "e": {"a": 0, "k": 50}, "o": {"a": 0, "k": 90}}"#)
        #expect(moved.rgba(x: 40, y: 100).a == 0)
        #expect(isColor(moved, 60, 100, Self.white))
        #expect(isColor(moved, 140, 100, Self.white))
        #expect(moved.rgba(x: 160, y: 100).a == 0)
        // Moved by 270°: 75…125 %, past the end and on from the start: x 150…200 and 0…50.
        let wrapped = try trimmedLine(
            #"{"ty": "tm", "s": {"a": 0, "k": 0}, "e": {"a": 0, "k": 50}, "o": {"a": 0, "k": 270}}"#)
        #expect(isColor(wrapped, 175, 100, Self.white))
        #expect(isColor(wrapped, 25, 100, Self.white))
        #expect(wrapped.rgba(x: 100, y: 100).a == 0)
    }

    @Test func eachPathIsTrimmedOnItsOwn() throws {
        // Two lines under one 0…50 % trim: the first half of each, not the first half of both.
        let shapes = """
            {"ty": "sh", "ks": {"a": 0, "k": {"c": false, "v": [[0, 50], [200, 50]]}}},
            {"ty": "sh", "ks": {"a": 0, "k": {"c": false, "v": [[0, 150], [200, 150]]}}},
            {"ty": "st", "c": {"a": 0, "k": [1, 1, 1, 1]}, "w": {"a": 0, "k": 10}, "lc": 1},
            {"ty": "tm", "s": {"a": 0, "k": 0}, "e": {"a": 0, "k": 50}, "o": {"a": 0, "k": 0}, "m": 2}
            """
        let frame = try render(lottie(shapeLayer("lines", shapes: shapes)), at: 0)
        #expect(isColor(frame, 50, 50, Self.white))
        #expect(frame.rgba(x: 150, y: 50).a == 0)
        #expect(isColor(frame, 50, 150, Self.white))
        #expect(frame.rgba(x: 150, y: 150).a == 0)
    }
}

extension LottieShapeConstructTests {
    @Test func gradientsReachPathsBeyondTheShapeLayersBounds() throws {
        // The layer's origin is at the canvas centre, so a square at (-50, -50) in its
        // coordinates is at (50, 50) on the canvas, outside the layer's 200 × 200 bounds; the
        // gradient (red to blue along x) still paints it, as lottie-ios's padded gradient does.
        let shapes = """
            {"ty": "rc", "p": {"a": 0, "k": [-50, -50]}, "s": {"a": 0, "k": [40, 40]}, "r": {"a": 0, "k": 0}},
            {"ty": "gf", "t": 1, "s": {"a": 0, "k": [-70, 0]}, "e": {"a": 0, "k": [-30, 0]},
             "g": {"p": 2, "k": {"a": 0, "k": [0, 1, 0, 0, 1, 0, 0, 1]}}, "o": {"a": 0, "k": 100}}
            """
        let ks = #"{"p": {"a": 0, "k": [100, 100]}, "a": {"a": 0, "k": [0, 0]}}"#
        let frame = try render(lottie(shapeLayer("offset", shapes: shapes, ks: ks)), at: 0)
        #expect(isColor(frame, 32, 50, gradientRed), "the square's left edge")
        #expect(isColor(frame, 68, 50, gradientBlue), "its right edge")
        #expect(frame.rgba(x: 50, y: 80).a == 0, "nothing below it")
    }
}

extension LottieShapeConstructTests {
    @Test func anEllipseStartsAtTheTopAndRunsClockwise() throws {
        // The first half of a circle's outline is its right half: from 12 o'clock through 3 to 6.
        let shapes = """
            {"ty": "el", "p": {"a": 0, "k": [100, 100]}, "s": {"a": 0, "k": [100, 100]}},
            {"ty": "st", "c": {"a": 0, "k": [1, 1, 1, 1]}, "w": {"a": 0, "k": 10}, "lc": 1},
            {"ty": "tm", "s": {"a": 0, "k": 0}, "e": {"a": 0, "k": 50}, "o": {"a": 0, "k": 0}}
            """
        let frame = try render(lottie(shapeLayer("arc", shapes: shapes)), at: 0)
        func onCircle(_ degrees: Double) -> (Int, Int) {
            (Int(100 + 50 * cos(degrees * .pi / 180)), Int(100 + 50 * sin(degrees * .pi / 180)))
        }
        for degrees in [-60.0, 0, 60] {
            let (x, y) = onCircle(degrees)
            #expect(isColor(frame, x, y, Self.white), "drawn at \(degrees)°")
        }
        for degrees in [-120.0, 180, 120] {
            let (x, y) = onCircle(degrees)
            #expect(frame.rgba(x: x, y: y).a == 0, "not drawn at \(degrees)°")
        }
    }
}

extension LottieShapeConstructTests {
    @Test func animatedPathsOfAGroupAreFilledAsOnePath() throws {
        // A square clockwise and a smaller one inside it counter-clockwise: filled as one path
        // with the non-zero rule the inner one is a hole, animated or not (lottie-ios draws a
        // group's Bézier paths in one layer).
        let inner = #"{"c": true, "v": [[60, 60], [60, 140], [140, 140], [140, 60]]}"#
        let moved = #"{"c": true, "v": [[70, 60], [70, 140], [150, 140], [150, 60]]}"#
        let shapes = """
            {"ty": "sh", "ks": {"a": 0, "k": {"c": true, "v": [[20, 20], [180, 20], [180, 180], [20, 180]]}}},
            {"ty": "sh", "ks": {"a": 1, "k": [{"t": 0, "s": [\(inner)]}, {"t": 10, "s": [\(moved)]}]}},
            \(Self.fill())
            """
        let frame = try render(lottie(shapeLayer("ring", shapes: shapes)), at: 0)
        #expect(isColor(frame, 40, 100, Self.red), "the ring")
        #expect(frame.rgba(x: 100, y: 100).a == 0, "the hole")
    }
}

extension LottieShapeConstructTests {
    @Test func opacityStopsBetweenColourStopsKeepTheirOwnLocations() throws {
        // White from x 0 to 200; opacity 0 at the start, 100 % from halfway on. Halfway is
        // opaque, a quarter of the way half transparent (not interpolated between the colour
        // stops' opacities, 0 and 1, which would give 50 % and 25 %).
        let shapes = """
            {"ty": "rc", "p": {"a": 0, "k": [100, 100]}, "s": {"a": 0, "k": [200, 200]}, "r": {"a": 0, "k": 0}},
            {"ty": "gf", "t": 1, "s": {"a": 0, "k": [0, 0]}, "e": {"a": 0, "k": [200, 0]},
             "g": {"p": 2, "k": {"a": 0, "k": [0, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0.5, 1, 1, 1]}}, "o": {"a": 0, "k": 100}}
            """
        let frame = try render(lottie(shapeLayer("fade", shapes: shapes)), at: 0)
        #expect(frame.rgba(x: 110, y: 100).a > 245)
        #expect(abs(Int(frame.rgba(x: 50, y: 100).a) - 128) < 12, "\(frame.rgba(x: 50, y: 100).a)")
    }
}
