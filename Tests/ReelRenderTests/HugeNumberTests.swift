import CCairo
import Foundation
import ReelCore
import ReelScene
import Testing

@testable import ReelRender

/// Finite numbers of any size reach the renderer through the Swift API and through animations
/// (cumulative repeats multiply a byValue), whatever the file decoder accepts. Drawing clamps them:
/// these layers used to trap in `Int(Double)` ("Double value cannot be converted to Int").
@Suite("Huge numbers")
struct HugeNumberTests {
    /// A scene with one cached shape layer (with a shadow) set up by `configure`, rendered at `t`.
    func render(at t: Double = 0, _ configure: (Scene, CAShapeLayer) -> Void) throws -> PixelBuffer {
        let scene = Scene(canvas: Canvas(size: CGSize(width: 40, height: 30), duration: 1, background: .black))
        let shape = CAShapeLayer()
        shape.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        shape.path = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10))
        shape.fillColor = .white
        shape.shadowOpacity = 1
        scene.rootLayer.addSublayer(shape)
        configure(scene, shape)
        return try renderScene(scene, at: t)
    }

    @Test(arguments: [1e300, -1e300, 1e19, -1e19])
    func farPositionsDrawNothing(_ v: Double) throws {
        let b = try render { _, shape in shape.position = CGPoint(x: v, y: v) }
        #expect(b.color(5, 5) == [0, 0, 0, 255])
    }

    @Test(arguments: [1e6, 1e300])
    func hugeShadowRadiiAreCapped(_ radius: Double) throws {
        // 1e6 asked for a 36 TB blur buffer (abort); 1e300 trapped converting the margin to Int.
        let b = try render { _, shape in shape.shadowRadius = radius }
        #expect(b.color(5, 5) == [255, 255, 255, 255])
        #expect(b.color(20, 20) == [0, 0, 0, 255])
    }

    @Test func cumulativeRepeatsFarBeyondTheCanvas() throws {
        // 1e300 per repeat, cumulative: after half a second the layer is off by ~1e305.
        let b = try render(at: 0.5) { scene, shape in
            scene.at(0) {
                let a = CABasicAnimation(keyPath: "position.x")
                a.byValue = 1e300
                a.isCumulative = true
                a.repeatCount = 1e6
                a.duration = 1e-4
                shape.add(a, forKey: "run")
            }
        }
        #expect(b.color(5, 5) == [0, 0, 0, 255])
    }
}

/// Wide shadows are blurred on a coarser grid (ShadowDrawing.reduction) inside a buffer no
/// larger than the frame plus the blur's margin: `shadowRadius: 1e4` tried to allocate GBs and
/// 1e6 terabytes. The result must still be the Gaussian blur Core Animation draws.
@Suite("Wide shadows")
struct WideShadowTests {
    /// The shadow of a white 40 × 40 square at (100, 100) on black, offset by 120 down so that
    /// it shows beside the layer, with radius `sigma`.
    func render(sigma: Double, path: Bool) throws -> PixelBuffer {
        try renderScene(
            """
            reel: 1
            canvas: { size: [300, 400], duration: 1, background: black }
            layers:
              - { frame: [100, 100, 40, 40], backgroundColor: red, shadowOpacity: 1, shadowColor: white,
                  shadowRadius: \(sigma), shadowOffset: [0, 120]\(path ? ", shadowPath: { rect: [0, 0, 40, 40] }" : "") }
            """)
    }

    /// The exact value of a Gaussian-blurred square at (x, y): a product of two error-function
    /// differences (x and y separate).
    func expected(_ x: Double, _ y: Double, sigma: Double) -> Double {
        func along(_ v: Double, _ a: Double, _ b: Double) -> Double {
            0.5 * (erf((b - v) / (sigma * 2.squareRoot())) - erf((a - v) / (sigma * 2.squareRoot())))
        }
        return 255 * along(x + 0.5, 100, 140) * along(y + 0.5, 220, 260)
    }

    @Test(arguments: [
        (12.0, false), (17.0, false), (20.0, true), (24.0, false), (31.0, true), (40.0, false), (40.0, true),
        (100.0, false), (100.0, true)
    ])
    func wideBlursMatchTheGaussian(_ sigma: Double, _ path: Bool) throws {
        let b = try render(sigma: sigma, path: path)
        for (x, y) in [(120, 240), (120, 300), (200, 240), (60, 180), (250, 350)] {
            let found = Double(b.color(x, y)[0]), want = expected(Double(x), Double(y), sigma: sigma)
            // Three box blurs (what SVG and CSS specify) approach the Gaussian as σ grows: 6.5
            // levels off at σ 12 at full resolution, 3.7 at σ 24 both at full and reduced
            // resolution (measured), within 3 from σ 40.
            #expect(abs(found - want) <= (sigma < 40 ? 7 : 3), "at (\(x), \(y)) σ \(sigma): \(found), expected \(want)")
        }
    }

    /// A wide shadow drawn uncached scales up only the part of its mask that shows: the
    /// part must be those pixels of the whole, at any offset and any size, clipped or not.
    @Test(arguments: [(0, 0, 9999, 9999), (5, 7, 40, 33), (-20, 13, 3, 90), (37, 0, 38, 1), (60, 60, 50, 70)])
    func aPartOfAScaledUpMaskIsThosePixelsOfTheWhole(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int) throws {
        let target = cairo_image_surface_create(CAIRO_FORMAT_A8, 1, 1)!
        let cr = cairo_create(target)!
        defer { cairo_destroy(cr); cairo_surface_destroy(target) }
        let k = 5
        var image = try #require(
            AlphaImage.filling(
                .roundedRect(CGRect(x: 3, y: 4, width: 30, height: 20), radius: 6, corners: .all, curve: .circular),
                cr: CairoContext(cr), margin: 12, reduction: k))
        image.blur(sigma: 2.5)
        let whole = image.surface(scale: k)
        let part = image.surface(scale: k, within: (x0, y0, x1, y1))
        func pixel(_ s: CairoSurface, _ x: Int, _ y: Int) -> UInt8 { s.data![y * s.stride + x] }
        let (w, h) = (whole.width, whole.height)
        let (pw, ph) = (part.surface.width, part.surface.height)
        let cx0 = min(max(x0, 0), w), cy0 = min(max(y0, 0), h), cx1 = max(min(x1, w), cx0), cy1 = max(min(y1, h), cy0)
        if cx1 == cx0 || cy1 == cy0 {
            #expect(pixel(part.surface, 0, 0) == 0 && pw == 1 && ph == 1)
            return
        }
        #expect((part.x, part.y, pw, ph) == (cx0, cy0, cx1 - cx0, cy1 - cy0))
        var differing = 0, inked = 0
        for y in 0..<ph {
            for x in 0..<pw {
                if pixel(part.surface, x, y) != pixel(whole, cx0 + x, cy0 + y) { differing += 1 }
                if pixel(part.surface, x, y) > 0 { inked += 1 }
            }
        }
        #expect(differing == 0)
        #expect(inked > 0 || (x0, y0) == (37, 0), "the part holds some of the shadow")
    }

    @Test func aShadowWiderThanTheFrameIsAFaintTint() throws {
        // σ = 1000 spreads the square's 1600 px² of ink over millions of pixels: almost nothing.
        let b = try render(sigma: 1000, path: false)
        #expect(b.color(120, 240)[0] <= 1)
        #expect(b.color(120, 120) == [255, 0, 0, 255])
    }
}

/// Layers whose ink is larger than a raster may be (`Raster.maxPixels`) are drawn directly,
/// clipped to the frame: a 20 000-point shape made a 1.6 GB raster, and a larger one was dropped.
@Suite("Huge layers")
struct HugeLayerTests {
    @Test(arguments: [20_000.0, 40_000.0])
    func aHugeShapeIsDrawnWithoutAHugeRaster(_ side: Double) throws {
        let scene = try SceneLoader.decode(
            text: """
                reel: 1
                canvas: { size: [40, 30], duration: 1, background: black }
                layers:
                  - { class: shape, frame: [0, 0, 10, 10], path: { rect: [0, 0, \(side), \(side)] }, fillColor: red,
                      shadowOpacity: 1, shadowRadius: 2 }
                """, file: "huge.yaml"
        ).scene
        let timeline = try scene.compile()
        let renderer = FrameRenderer(canvas: timeline.canvas)
        let buffer = renderer.makeBuffer()
        for t in [0.0, 0.1, 0.2] { renderer.render(timeline, at: t, into: buffer) }
        #expect(buffer.color(20, 20) == [255, 0, 0, 255])
        #expect((renderer.cache?.storedBytes ?? 0) <= Raster.maxPixels * 4)
    }
}

/// Dash patterns that would make more than ShapeDrawing.maxDashes dashes (Cairo makes every
/// one, on screen or not: 5 s and 970 MB for 0.01-point dashes along a 10⁷-point line) are drawn
/// as the even tone they average to.
@Suite("Dense dashes")
struct DenseDashTests {
    @Test func denseDashesAreTheirAverageTone() throws {
        let b = try renderScene(
            """
            reel: 1
            canvas: { size: [40, 20], duration: 1, background: black }
            layers:
              - { class: shape, frame: [0, 0, 40, 20], path: "M0 10 L1000000 10", strokeColor: white, lineWidth: 4, lineDashPattern: [0.03, 0.01] }
            """)
        // Three quarters inked.
        #expect(abs(b.color(20, 10)[0] - 191) <= 2, "\(b.color(20, 10))")
        #expect(b.color(20, 2) == [0, 0, 0, 255])
    }
}
