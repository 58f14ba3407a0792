import Foundation
import ReelCore
import ReelRender
import ReelScene
import Testing

/// Shapes, gradients, contents, shadows, masks and replicators: pixel rules plus golden frames.
@Suite("Drawing vocabulary")
struct DrawingTests {
    func render(_ yaml: String, at t: Double = 0) throws -> PixelBuffer { try renderScene(yaml, at: t) }
    func render(_ scene: Scene, at t: Double = 0) throws -> PixelBuffer { try renderScene(scene, at: t) }

    /// Counts pixels whose straight colour is within 40 of `rgb` and mostly opaque.
    func count(_ b: PixelBuffer, _ rgb: [Int], in rect: (Int, Int, Int, Int)? = nil) -> Int {
        let (x0, y0, w, h) = rect ?? (0, 0, b.width, b.height)
        var n = 0
        for y in y0..<(y0 + h) {
            for x in x0..<(x0 + w) {
                let c = b.color(x, y)
                if c[3] > 200 && abs(c[0] - rgb[0]) < 40 && abs(c[1] - rgb[1]) < 40 && abs(c[2] - rgb[2]) < 40 {
                    n += 1
                }
            }
        }
        return n
    }

    static let red = [255, 0, 0], white = [255, 255, 255], black = [0, 0, 0]

    // MARK: Shapes

    @Test(arguments: [0.0, 0.33, 1.0])
    func strokeEndTrimsACircleByArcLength(end: Double) throws {
        let b = try render(
            """
            reel: 1
            canvas: { size: [120, 120], duration: 1, background: black }
            layers:
              - { class: shape, frame: [0, 0, 120, 120], path: { ellipse: [10, 10, 100, 100] }, fillColor: null,
                  strokeColor: white, lineWidth: 8, strokeEnd: \(end) }
            """)
        // The circle starts at its rightmost point and runs clockwise: at 0.33 the stroke covers
        // the right end and the bottom, but not the left end or the top.
        let right = count(b, Self.white, in: (104, 56, 10, 8)), bottom = count(b, Self.white, in: (56, 104, 8, 10))
        let left = count(b, Self.white, in: (6, 56, 10, 8)), top = count(b, Self.white, in: (56, 6, 8, 10))
        switch end {
        case 0: #expect(right + bottom + left + top == 0)
        case 0.33: #expect(right > 20 && bottom > 20 && left == 0 && top == 0)
        default: #expect(right > 20 && bottom > 20 && left > 20 && top > 20)
        }
        try Golden.check(b, "shape-circle-strokeEnd-\(end)")
    }

    @Test(arguments: [0.0, 0.33, 1.0])
    func strokeEndOnACubicMeasuresTheCurve(end: Double) throws {
        // Seed 003's curve. Trimming at a third of its *arc length* (not its parameter).
        let path = try CGPath(svgPath: "M0 150 C75 0 225 300 300 150")
        let measure = PathMeasure(path)
        let b = try render(
            """
            reel: 1
            canvas: { size: [300, 300], duration: 1, background: black }
            layers:
              - { class: shape, frame: [0, 0, 300, 300], path: "M0 150 C75 0 225 300 300 150", fillColor: null,
                  strokeColor: white, lineWidth: 6, strokeEnd: \(end) }
            """)
        if end == 0.33 {
            let tip = measure.position(atLength: 0.33 * measure.length)!.point
            let beyond = measure.position(atLength: 0.40 * measure.length)!.point
            #expect(
                b.color(Int(tip.x.rounded()) - 2, Int(tip.y.rounded()))[3] > 0
                    || b.color(Int(tip.x.rounded()), Int(tip.y.rounded()))[3] > 0)
            #expect(b.color(Int(beyond.x), Int(beyond.y)) == [0, 0, 0, 255])
        }
        try Golden.check(b, "shape-cubic-strokeEnd-\(end)")
    }

    @Test func strokeStartWithRoundCapsAndDashes() throws {
        let b = try render(
            """
            reel: 1
            canvas: { size: [200, 80], duration: 1, background: black }
            layers:
              - { class: shape, frame: [0, 0, 200, 80], path: "M20 20 L180 20", fillColor: null, strokeColor: white,
                  lineWidth: 10, lineCap: round, strokeStart: 0.25 }
              - { class: shape, frame: [0, 0, 200, 80], path: "M20 60 L180 60", fillColor: null, strokeColor: red,
                  lineWidth: 6, lineDashPattern: [10, 10] }
            """)
        // Trimmed line starts at 20 + 0.25 × 160 = 60, with a round cap of radius 5 before it.
        #expect(b.color(50, 20) == [0, 0, 0, 255])
        #expect(b.color(57, 20)[0] > 128, "round cap reaches back 5 points")
        #expect(b.color(100, 20) == [255, 255, 255, 255])
        // Dashes: on 20…30, off 30…40, on 40…50.
        #expect(b.color(25, 60) == [255, 0, 0, 255])
        #expect(b.color(35, 60) == [0, 0, 0, 255])
        #expect(b.color(45, 60) == [255, 0, 0, 255])
        try Golden.check(b, "shape-strokeStart-round-dashed")
    }

    @Test func fillRulesDecideTheHole() throws {
        let yaml = { (rule: String) in
            """
            reel: 1
            canvas: { size: [100, 100], duration: 1, background: black }
            layers:
              - { class: shape, frame: [0, 0, 100, 100], fillColor: red, fillRule: \(rule),
                  path: "M10 10 H90 V90 H10 Z M30 30 H70 V70 H30 Z" }
            """
        }
        #expect(try render(yaml("nonZero")).color(50, 50) == [255, 0, 0, 255], "same winding: filled")
        #expect(try render(yaml("evenOdd")).color(50, 50) == [0, 0, 0, 255], "even-odd: a hole")
    }

    @Test func shapeDefaultsAreCoreAnimations() throws {
        // fillColor defaults to opaque black, strokeColor to none.
        let b = try render(
            """
            reel: 1
            canvas: { size: [40, 40], duration: 1, background: white }
            layers:
              - { class: shape, frame: [0, 0, 40, 40], path: { rect: [10, 10, 20, 20] } }
            """)
        #expect(b.color(20, 20) == [0, 0, 0, 255])
        #expect(b.color(5, 5) == [255, 255, 255, 255])
    }

    @Test func pathMorphsBetweenSameStructurePaths() throws {
        let b = try render(
            """
            reel: 1
            canvas: { size: [100, 100], duration: 2, background: black }
            layers:
              - { name: s, class: shape, frame: [0, 0, 100, 100], fillColor: red, path: "M0 0 H20 V20 H0 Z" }
            timeline:
              - at: 0
                add: { layer: s, key: morph, animation: { keyPath: path, toValue: "M0 0 H100 V100 H0 Z", duration: 2 } }
            """, at: 1)
        #expect(b.color(55, 55) == [255, 0, 0, 255] && b.color(65, 65) == [0, 0, 0, 255], "half-way: a 60×60 square")
    }

    // MARK: Scroll layers

    /// A clipping scroll layer scrolled by the timeline: what was 300 points down shows at its top.
    @Test func aScrollLayerShowsWhatItScrolledTo() throws {
        let scene = """
            reel: 1
            canvas: { size: [100, 100], duration: 2, background: black }
            layers:
              - name: list
                class: scroll
                scrollMode: vertically
                frame: [0, 0, 100, 100]
                masksToBounds: true
                sublayers:
                  - { frame: [0, 0, 100, 40], backgroundColor: red }
                  - { frame: [0, 300, 100, 40], backgroundColor: lime }
            timeline:
              - at: 1
                disableActions: true
                scroll: { list: [50, 300] }
            """
        let before = try render(scene, at: 0.5), after = try render(scene, at: 1.5)
        #expect(before.color(50, 20) == [255, 0, 0, 255] && before.color(50, 60) == [0, 0, 0, 255])
        #expect(after.color(50, 20) == [0, 255, 0, 255], "scrolled vertically only: x stays 0")
        #expect(after.color(50, 60) == [0, 0, 0, 255])
    }

    // MARK: Gradients

    @Test(arguments: ["axial", "radial", "conic"])
    func gradientTypes(type: String) throws {
        let b = try render(
            """
            reel: 1
            canvas: { size: [160, 120], duration: 1, background: black }
            layers:
              - { class: gradient, frame: [0, 0, 160, 120], type: \(type), colors: [red, blue],
                  startPoint: [\(type == "axial" ? "0, 0.5" : "0.5, 0.5")], endPoint: [\(type == "axial" ? "1, 0.5" : "1, 0.5")] }
            """)
        switch type {
        case "axial":
            #expect(b.color(1, 60)[0] > 240 && b.color(158, 60)[2] > 240)
            #expect(abs(b.color(80, 60)[0] - 128) < 4, "half-way")
            #expect(b.color(80, 5) == b.color(80, 115), "constant across the axis")
        case "radial":
            #expect(b.color(80, 60)[0] > 245, "centre: first colour")
            #expect(b.color(158, 60)[2] > 240, "at the end point's distance: last colour")
            #expect(abs(b.color(120, 60)[0] - 128) < 6, "half the radius: half-way")
        default:
            // Starts towards the end point (to the right) and turns clockwise: just below the
            // start direction is the beginning, just above it the end of the sweep.
            #expect(b.color(140, 62)[0] > 230, "start: red")
            #expect(b.color(140, 57)[2] > 230, "end of the turn: blue")
            #expect(abs(b.color(20, 60)[0] - 128) < 12, "half a turn: half-way")
        }
        try Golden.check(b, "gradient-\(type)")
    }

    @Test func gradientLocations() throws {
        let b = try render(
            """
            reel: 1
            canvas: { size: [100, 20], duration: 1, background: black }
            layers:
              - { class: gradient, frame: [0, 0, 100, 20], colors: [red, red, blue], locations: [0, 0.8, 1],
                  startPoint: [0, 0.5], endPoint: [1, 0.5] }
            """)
        #expect(b.color(70, 10) == [255, 0, 0, 255])
        #expect(b.color(99, 10)[2] > 230)
    }

    /// Locations outside 0…1 (Core Animation accepts them; the classic shimmer animates them from
    /// [-1, -0.5, 0] to [1, 1.5, 2]). Colours worked out by hand from straight interpolation
    /// between the stops, x at pixel centres: t = (x + 0.5) / 100.
    @Test(arguments: ["axial", "radial", "conic"])
    func gradientLocationsOutsideTheUnitRange(type: String) throws {
        func render(_ locations: String, at t: Double = 0, animated: Bool = false) throws -> PixelBuffer {
            try self.render(
                """
                reel: 1
                canvas: { size: [100, 20], duration: 2, background: black }
                layers:
                  - { name: g, class: gradient, frame: [0, 0, 100, 20], type: \(type), colors: [black, white, black], locations: \(locations),
                      startPoint: [0, 0.5], endPoint: [1, 0.5] }
                timeline:
                  - at: 0
                    add: { layer: g, key: shimmer, animation: { keyPath: locations, fromValue: [-1, -0.5, 0], toValue: [1, 1.5, 2], duration: \(animated ? 2 : 0.001) } }
                """, at: t)
        }
        // Stops at -0.5, 0.5, 1.5: black → white over -0.5…0.5, white → black over 0.5…1.5.
        let b = try render("[-0.5, 0.5, 1.5]", at: 1)
        func expected(_ t: Double) -> Double { 255 * (t < 0.5 ? t + 0.5 : 1.5 - t) }
        switch type {
        case "axial":
            for x in [0, 10, 25, 49, 50, 75, 99] {
                let want = expected((Double(x) + 0.5) / 100)
                #expect(abs(Double(b.color(x, 10)[0]) - want) <= 2, "x \(x): \(b.color(x, 10)) want \(want)")
            }
        case "radial":
            // Radius t × 100 from the left edge's middle: along the row, t = (x + 0.5)/100.
            for x in [0, 25, 50, 75, 99] {
                let want = expected(hypot((Double(x) + 0.5) / 100, 0.5 / 100))
                #expect(abs(Double(b.color(x, 10)[0]) - want) <= 3, "x \(x): \(b.color(x, 10)) want \(want)")
            }
        default:
            // Around the left edge's middle: straight right is t = 0, half-grey (0.5 · 255).
            #expect(abs(Double(b.color(80, 10)[0]) - expected(0)) <= 12, "\(b.color(80, 10))")
        }
        // The shimmer half-way: locations (0, 0.5, 1) — the same as writing them.
        let half = try render("[0, 0.5, 1]", at: 1), animated = try render("[0, 0.5, 1]", at: 1, animated: true)
        #expect((0..<100).allSatisfy { half.color($0, 10) == animated.color($0, 10) })
    }

    // MARK: Contents

    /// A 40×20 test image: left half red, right half blue, with a white top-left pixel block.
    static func testImage() -> CGImage {
        let p = PixelBuffer(width: 40, height: 20)
        for y in 0..<20 {
            for x in 0..<40 {
                let px = p.baseAddress.advanced(by: y * p.stride + x * 4).assumingMemoryBound(to: UInt8.self)
                let white = x < 4 && y < 4
                px[0] = white || x >= 20 ? 255 : 0  // B
                px[1] = white ? 255 : 0  // G
                px[2] = white || x < 20 ? 255 : 0  // R
                px[3] = 255
            }
        }
        return CGImage(pixels: p)
    }

    @Test(arguments: CALayerContentsGravity.allCases)
    func contentsGravity(gravity: CALayerContentsGravity) throws {
        let scene = Scene(canvas: Canvas(size: CGSize(width: 100, height: 100), duration: 1, background: .black))
        let layer = CALayer()
        layer.frame = CGRect(x: 10, y: 20, width: 80, height: 60)
        layer.contents = Self.testImage()
        layer.contentsGravity = gravity
        scene.rootLayer.addSublayer(layer)
        let b = try render(scene)
        let dest = ContentsDrawingProbe.destination(gravity: gravity)
        // The image's corners land where the gravity puts them.
        #expect(b.color(Int(dest.minX) + 1, Int(dest.midY)) == [255, 0, 0, 255], "\(gravity): left half red")
        #expect(b.color(Int(dest.maxX) - 2, Int(dest.midY)) == [0, 0, 255, 255], "\(gravity): right half blue")
        try Golden.check(b, "contents-\(gravity.rawValue)")
    }

    @Test func contentsRectAndScale() throws {
        let scene = Scene(canvas: Canvas(size: CGSize(width: 100, height: 100), duration: 1, background: .black))
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        layer.contents = Self.testImage()
        layer.contentsRect = CGRect(x: 0.5, y: 0, width: 0.5, height: 1)  // the blue half only
        scene.rootLayer.addSublayer(layer)
        let b = try render(scene)
        #expect(b.color(5, 50) == [0, 0, 255, 255] && b.color(95, 50) == [0, 0, 255, 255])
        let centered = CALayer()
        centered.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        centered.contents = Self.testImage()
        centered.contentsGravity = .center
        centered.contentsScale = 2  // 40×20 pixels at 2 px/pt: 20×10 points
        let scene2 = Scene(canvas: Canvas(size: CGSize(width: 100, height: 100), duration: 1, background: .black))
        scene2.rootLayer.addSublayer(centered)
        let c = try render(scene2)
        #expect(
            c.color(41, 50) == [255, 0, 0, 255] && c.color(38, 50) == [0, 0, 0, 255]
                && c.color(58, 50) == [0, 0, 255, 255])
    }

    // MARK: Shadows, masks, replicators

    @Test func shadowedRoundedCard() throws {
        let b = try render(
            """
            reel: 1
            canvas: { size: [200, 160], duration: 1, background: white }
            layers:
              - { frame: [40, 30, 120, 80], cornerRadius: 16, backgroundColor: "#3366FF",
                  shadowOpacity: 0.5, shadowRadius: 8, shadowOffset: [0, 10] }
            """)
        #expect(b.color(100, 70) == [0x33, 0x66, 0xFF, 255], "the card itself")
        let below = b.color(100, 116), above = b.color(100, 26)
        #expect(below[0] < 200, "the shadow falls below (offset +10): \(below)")
        #expect(above[0] > below[0], "and less above")
        #expect(b.color(100, 155) == [255, 255, 255, 255], "and fades out")
        try Golden.check(b, "shadow-rounded-card")
    }

    @Test func shadowPathAndNoShadowWhenClipping() throws {
        let b = try render(
            """
            reel: 1
            canvas: { size: [100, 100], duration: 1, background: white }
            layers:
              - { frame: [20, 20, 40, 40], backgroundColor: red, shadowOpacity: 1, shadowRadius: 0, shadowOffset: [30, 30],
                  shadowPath: { rect: [0, 0, 20, 20] } }
              - { frame: [0, 80, 10, 10], backgroundColor: red, shadowOpacity: 1, shadowOffset: [10, 0], masksToBounds: true }
            """)
        #expect(b.color(55, 55) == [255, 0, 0, 255], "the layer draws over its shadow")
        #expect(b.color(65, 65) == [0, 0, 0, 255], "shadowPath shape, offset, sharp")
        #expect(b.color(75, 75) == [255, 255, 255, 255], "only the 20×20 path casts it")
        #expect(b.color(15, 85) == [255, 255, 255, 255], "masksToBounds: no shadow")
    }

    @Test func maskedImage() throws {
        let scene = Scene(canvas: Canvas(size: CGSize(width: 100, height: 100), duration: 1, background: .black))
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        layer.contents = Self.testImage()
        let mask = CAShapeLayer()
        mask.frame = layer.bounds
        mask.path = CGPath(ellipseIn: CGRect(x: 10, y: 10, width: 80, height: 80))
        layer.mask = mask
        scene.rootLayer.addSublayer(layer)
        let b = try render(scene)
        #expect(b.color(30, 50) == [255, 0, 0, 255] && b.color(70, 50) == [0, 0, 255, 255], "inside the ellipse")
        #expect(b.color(3, 3) == [0, 0, 0, 255] && b.color(97, 97) == [0, 0, 0, 255], "outside: masked away")
        try Golden.check(b, "mask-image-ellipse")
    }

    static let spinner = """
        reel: 1
        canvas: { size: [100, 100], duration: 2, background: black }
        layers:
          - name: spinner
            class: replicator
            frame: [0, 0, 100, 100]
            instanceCount: 12
            instanceTransform: [{rotate: 30deg}]
            instanceDelay: 0.0833333333333
            sublayers:
              - { name: dot, frame: [45, 8, 10, 20], cornerRadius: 5, backgroundColor: white, opacity: 0.15 }
        timeline:
          - at: 0
            add: { layer: dot, key: pulse, animation: { keyPath: opacity, fromValue: 1, toValue: 0.15, duration: 1, repeatCount: infinity } }
        """

    @Test(arguments: [0.5, 1.25])
    func replicatorSpinner(time: Double) throws {
        let b = try render(Self.spinner, at: time)
        // Instance i is rotated i × 30° about the centre and shows the pulse i/12 s later.
        func brightness(_ i: Int) -> Int {
            let angle = Double(i) * Double.pi / 6
            let x = 50 + 32 * sin(angle), y = 50 - 32 * cos(angle)
            return b.color(Int(x.rounded()), Int(y.rounded()))[0]
        }
        let levels = (0..<12).map(brightness)
        #expect(levels.allSatisfy { $0 > 20 }, "every dot is drawn: \(levels)")
        // At t, instance i's dot has pulsed for t − i/12 s (the pulse repeats each second).
        let freshest = levels.enumerated().max { $0.element < $1.element }!.offset
        let expected = Int((time - floor(time)) * 12 + 0.5) % 12
        #expect(
            abs(freshest - expected) <= 1 || abs(freshest - expected) >= 11,
            "brightest dot \(freshest), expected near \(expected)")
        try Golden.check(b, "replicator-spinner-\(time)")
    }

    @Test func replicatorColorOffsets() throws {
        let b = try render(
            """
            reel: 1
            canvas: { size: [100, 20], duration: 1, background: black }
            layers:
              - class: replicator
                frame: [0, 0, 100, 20]
                instanceCount: 3
                instanceTransform: [{translate: [30, 0]}]
                instanceColor: white
                instanceGreenOffset: -0.5
                instanceBlueOffset: -0.5
                sublayers: [{ frame: [0, 0, 20, 20], backgroundColor: white }]
            """)
        #expect(b.color(10, 10) == [255, 255, 255, 255])
        #expect(near(b.color(40, 10), [255, 128, 128, 255], 2))
        #expect(near(b.color(70, 10), [255, 0, 0, 255], 2))
    }

    @Test func maskedCornersRoundOnlySomeCorners() throws {
        let b = try render(
            """
            reel: 1
            canvas: { size: [100, 100], duration: 1, background: black }
            layers:
              - { frame: [0, 0, 100, 100], backgroundColor: white, cornerRadius: 40, maskedCorners: [minXMinY, maxXMaxY] }
            """)
        #expect(b.color(2, 2) == [0, 0, 0, 255] && b.color(97, 97) == [0, 0, 0, 255], "rounded corners")
        #expect(b.color(98, 1) == [255, 255, 255, 255] && b.color(1, 98) == [255, 255, 255, 255], "square corners")
    }
}

/// Expected placement of the 40×20 test image in the 80×60 layer at (10, 20).
enum ContentsDrawingProbe {
    static func destination(gravity: CALayerContentsGravity) -> CGRect {
        let b = CGRect(x: 10, y: 20, width: 80, height: 60)
        let natural = CGSize(width: 40, height: 20)
        func place(_ h: Double, _ v: Double, _ s: CGSize = natural) -> CGRect {
            CGRect(
                x: b.minX + (b.width - s.width) * h, y: b.minY + (b.height - s.height) * v, width: s.width,
                height: s.height)
        }
        switch gravity {
        case .resize: return b
        case .resizeAspect: return place(0.5, 0.5, CGSize(width: 80, height: 40))
        case .resizeAspectFill: return CGRect(x: 10, y: 20, width: 80, height: 60)  // cropped to the bounds
        case .center: return place(0.5, 0.5)
        case .top: return place(0.5, 0)
        case .bottom: return place(0.5, 1)
        case .left: return place(0, 0.5)
        case .right: return place(1, 0.5)
        case .topLeft: return place(0, 0)
        case .topRight: return place(1, 0)
        case .bottomLeft: return place(0, 1)
        case .bottomRight: return place(1, 1)
        }
    }
}
