import Foundation
import ReelCore
import ReelRender
import Testing

/// `filters` and `backgroundFilters`. Expected values come from the filters' definitions, not
/// from Reel: a Gaussian of σ blurs a hard edge into the normal distribution's CDF
/// Φ(d / σ) = ½(1 + erf(d / (σ√2))); CIColorMatrix is a dot product per channel plus a bias;
/// CIColorControls at saturation 0 gives the grey of the colour's luminance (Rec. 709 weights).
@Suite struct LayerFilterTests {
    /// Whether the pixel at (x, y) is within `tolerance`/255 of `rgba` (0…1).
    func expectPixel(
        _ buffer: PixelBuffer, _ x: Int, _ y: Int, _ rgba: [Double], tolerance: Double = 2,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let p = buffer.rgba(x: x, y: y)
        let got = [p.r, p.g, p.b, p.a].map { Double($0) / 255 }
        #expect(
            zip(got, rgba).allSatisfy { abs($0 - $1) <= tolerance / 255 }, "(\(x), \(y)): got \(got), expected \(rgba)",
            sourceLocation: sourceLocation)
    }

    /// Φ: the fraction of a unit edge a Gaussian of σ leaves at distance d inside it.
    func phi(_ d: Double, sigma: Double) -> Double { 0.5 * (1 + erf(d / (sigma * 2.0.squareRoot()))) }

    @Test(arguments: [(1.0, 4.0), (2.0, 4.0), (1.0, 1.5), (1.0, 12.0), (1.0, 40.0)])
    func aBlurredEdgeHasTheGaussiansProfile(scale: Double, radius: Double) throws {
        // A white layer whose right edge is at x = 50 (its other edges far outside the frame),
        // blurred by σ = radius points: a row across the edge is Φ((50 − x) / σ).
        let buffer = try renderScene(
            """
            reel: 1
            canvas: { size: [100, 10], duration: 1, background: black, scale: \(scale) }
            layers:
              - { frame: [-200, -200, 250, 410], backgroundColor: white,
                  filters: [{ name: gaussianBlur, inputRadius: \(radius) }] }
            """)
        var worst = 0.0
        for px in 0..<buffer.width {
            let x = (Double(px) + 0.5) / scale
            let expected = phi(50 - x, sigma: radius)
            let got = Double(buffer.rgba(x: px, y: buffer.height / 2).g) / 255
            worst = max(worst, abs(got - expected))
        }
        // Three box blurs approximate the Gaussian to within 2 % of the edge's height (1.7 % at
        // σ = 4 px, the worst; wide blurs, run on a coarser grid, stay within it too).
        #expect(worst <= 0.02, "largest difference from Φ: \(worst)")
    }

    /// A 10 × 10 frame filled by a layer of `color` with `filters`.
    func swatch(_ color: String, filters: String) throws -> PixelBuffer {
        try renderScene(
            """
            reel: 1
            canvas: { size: [10, 10], duration: 1, background: black }
            layers:
              - { frame: [0, 0, 10, 10], backgroundColor: \(color), filters: [\(filters)] }
            """)
    }

    @Test func aColorMatrixMapsEachChannel() throws {
        // r' = b, g' = ½ r, b' = 0.25 (the bias), a' = a.
        let buffer = try swatch(
            "[0.2, 0.4, 0.6, 1]",
            filters: """
                { name: colorMatrix, inputRVector: [0, 0, 1, 0], inputGVector: [0.5, 0, 0, 0],
                  inputBVector: [0, 0, 0, 0], inputBiasVector: [0, 0, 0.25, 0] }
                """)
        expectPixel(buffer, 5, 5, [0.6, 0.1, 0.25, 1])
    }

    @Test func saturationZeroGivesTheLuminance() throws {
        // Y = 0.2126·1 + 0.7152·0.5 + 0.0722·0 = 0.5702 (Rec. 709).
        for filter in ["{ name: colorControls, inputSaturation: 0 }", "{ name: colorSaturate, inputAmount: 0 }"] {
            let buffer = try swatch("[1, 0.5, 0, 1]", filters: filter)
            expectPixel(buffer, 5, 5, [0.5702, 0.5702, 0.5702, 1])
        }
    }

    @Test func brightnessAddsAndContrastScalesAboutTheMiddle() throws {
        // CIColorControls: (c + brightness − ½)·contrast + ½ = (0.4 + 0.1 − 0.5)·2 + 0.5 = 0.5 for
        // c = 0.4; 0.8 → 1.3, clamped to 1; 0.2 → 0.1.
        let buffer = try swatch(
            "[0.4, 0.8, 0.2, 1]", filters: "{ name: colorControls, inputBrightness: 0.1, inputContrast: 2 }")
        expectPixel(buffer, 5, 5, [0.5, 1, 0.1, 1])
    }

    /// Red on the left of x = 50, blue on the right; `glass` over them.
    func backdrop(_ glass: String, scale: Double = 1) throws -> PixelBuffer {
        try renderScene(
            """
            reel: 1
            canvas: { size: [100, 20], duration: 1, background: black, scale: \(scale) }
            layers:
              - { frame: [0, 0, 50, 20], backgroundColor: [1, 0, 0, 1] }
              - { frame: [50, 0, 50, 20], backgroundColor: [0, 0, 1, 1] }
              - \(glass)
            """)
    }

    @Test func aBackgroundBlurBlursWhatIsBehindInsideTheBounds() throws {
        let buffer = try backdrop(
            "{ frame: [40, -20, 30, 60], backgroundFilters: [{ name: gaussianBlur, inputRadius: 3 }] }")
        // Outside the glass the backdrop is as drawn, however close to the edge.
        expectPixel(buffer, 39, 10, [1, 0, 0, 1])
        expectPixel(buffer, 70, 10, [0, 0, 1, 1])
        // Inside, the red–blue edge follows Φ.
        for x in [44, 48, 50, 53] {
            let red = phi(50 - (Double(x) + 0.5), sigma: 3)
            expectPixel(buffer, x, 10, [red, 0, 1 - red, 1], tolerance: 5)
        }
    }

    @Test func aBackgroundBlurIsDrawnUnderTheLayersContentAndInItsCorners() throws {
        // A translucent white tint over the blurred backdrop; the rounded corner leaves the
        // backdrop untouched outside the curve.
        let buffer = try backdrop(
            """
            { frame: [40, 0, 30, 20], cornerRadius: 10, backgroundColor: [1, 1, 1, 0.5],
                backgroundFilters: [{ name: gaussianBlur, inputRadius: 3 }] }
            """)
        let red = phi(50 - 50.5, sigma: 3)
        expectPixel(buffer, 50, 10, [0.5 + red / 2, 0.5, 0.5 + (1 - red) / 2, 1], tolerance: 4)
        expectPixel(buffer, 40, 0, [1, 0, 0, 1])
    }

    /// A blurred layer [20, 80] whose white sublayer covers [20, 50].
    func blurredBand(masksToBounds: Bool) throws -> PixelBuffer {
        try renderScene(
            """
            reel: 1
            canvas: { size: [100, 10], duration: 1, background: black }
            layers:
              - { frame: [20, -20, 60, 50], masksToBounds: \(masksToBounds),
                  filters: [{ name: gaussianBlur, inputRadius: 4 }],
                  sublayers: [{ frame: [0, 0, 30, 50], backgroundColor: white }] }
            """)
    }

    @Test func aMaskingLayerKeepsItsBlurInsideItsBounds() throws {
        let buffer = try blurredBand(masksToBounds: true)
        // Inside, the white sublayer's right edge (x = 50) is blurred: Φ(−0.5 / 4) at pixel 50.
        let edge = phi(50 - 50.5, sigma: 4)
        expectPixel(buffer, 19, 5, [0, 0, 0, 1])
        expectPixel(buffer, 50, 5, [edge, edge, edge, 1], tolerance: 5)
        // Without the clip the blur spreads past the layer's left edge.
        let open = try blurredBand(masksToBounds: false)
        // The white band [20, 50] seen at x = 19.5: Φ(30.5 / 4) − Φ(0.5 / 4).
        let spread = phi(30.5, sigma: 4) - phi(0.5, sigma: 4)
        expectPixel(open, 19, 5, [spread, spread, spread, 1], tolerance: 5)
    }

    @Test func theBlurRadiusAnimatesByKeyPath() throws {
        // inputRadius 0 → 8 over 1 s, linear: at 0.5 s the edge is that of σ = 4.
        let yaml = """
            reel: 1
            canvas: { size: [100, 10], duration: 1, background: black }
            layers:
              - { frame: [-200, -200, 250, 410], backgroundColor: white,
                  name: box, filters: [{ name: gaussianBlur, inputRadius: 0 }] }
            timeline:
              - at: 0
                add: { layer: box, animation: { keyPath: filters.gaussianBlur.inputRadius, fromValue: 0, toValue: 8,
                       duration: 1, timingFunction: linear } }
            """
        let sharp = try renderScene(yaml, at: 0)
        expectPixel(sharp, 49, 5, [1, 1, 1, 1])
        expectPixel(sharp, 50, 5, [0, 0, 0, 1])
        let half = try renderScene(yaml, at: 0.5)
        for x in [44, 50, 56] {
            let v = phi(50 - (Double(x) + 0.5), sigma: 4)
            expectPixel(half, x, 5, [v, v, v, 1], tolerance: 4)
        }
    }

    @Test func goldenFrostedCardOverAGradient() throws {
        let buffer = try renderScene(
            """
            reel: 1
            canvas: { size: [240, 160], duration: 1, background: white }
            layers:
              - { class: gradient, frame: [0, 0, 240, 160], colors: ["#FF5F6D", "#FFC371", "#24C6DC"],
                  startPoint: [0, 0], endPoint: [1, 1] }
              - { frame: [30, 20, 60, 60], cornerRadius: 30, backgroundColor: "#1E3A8A" }
              - { frame: [150, 90, 70, 40], backgroundColor: "#10B981", cornerRadius: 8 }
              - { frame: [40, 50, 160, 80], cornerRadius: 20, cornerCurve: continuous,
                  backgroundColor: [1, 1, 1, 0.3],
                  backgroundFilters: [{ name: gaussianBlur, inputRadius: 10 }, { name: colorSaturate, inputAmount: 1.8 }] }
              - { frame: [190, 10, 40, 40], backgroundColor: "#7C3AED", cornerRadius: 6,
                  filters: [{ name: gaussianBlur, inputRadius: 5 }] }
            """)
        try Golden.check(buffer, "filters-frosted-card")
    }

    @Test func theSwiftAPIPortsCoreImageAndCoreAnimationFilters() throws {
        let layer = CALayer()
        let blur = try #require(CIFilter(name: "CIGaussianBlur"))
        blur.setValue(20, forKey: "inputRadius")
        layer.filters = [blur]
        #expect(layer.modelState.filters == [LayerFilter(kind: .gaussianBlur, inputs: ["inputRadius": [20]])])
        layer.setValue(6, forKeyPath: "filters.gaussianBlur.inputRadius")
        #expect(layer.modelState.filters?.first?.blurRadius == 6)
        #expect(layer.value(forKeyPath: "filters.gaussianBlur.inputRadius") as? Double == 6)
        let saturate = try #require(CAFilter(type: "colorSaturate"))
        saturate.setValue(0.5, forKey: "inputAmount")
        layer.backgroundFilters = [saturate]
        #expect(layer.modelState.backgroundFilters?.first?.scalar("inputAmount") == 0.5)
        #expect(CAFilter(type: "noSuchFilter") == nil)
        let animation = CABasicAnimation(keyPath: "filters.gaussianBlur.inputRadius")
        #expect(LayerKeyPath(animation.keyPath ?? "")?.isAnimatable == true)
    }
}
