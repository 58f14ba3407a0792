import Foundation
import ReelCore
import ReelRender
import Testing

/// `compositingFilter`: the layer, with its sublayers as one group, is combined with what is
/// beneath it. Expected colours come from the W3C Compositing and Blending formulas (the PDF
/// blend modes), worked by hand for the source Cs = (1, 0.5, 0) over the backdrop
/// Cb = (0.5, 0.5, 1).
@Suite struct CompositingFilterTests {
    /// The backdrop on the left half, and over the middle a layer of `top` (alpha `alpha`) with `filter`.
    func frame(_ filter: String, top: String = "[1, 0.5, 0, 1]", alpha: Double = 1, sublayers: String = "")
        throws -> PixelBuffer
    {
        try renderScene(
            """
            reel: 1
            canvas: { size: [40, 20], duration: 1, background: transparent }
            layers:
              - { name: backdrop, frame: [0, 0, 20, 20], backgroundColor: [0.5, 0.5, 1, 1] }
              - { name: top, frame: [10, 0, 20, 20], backgroundColor: \(top), opacity: \(alpha),
                  compositingFilter: \(filter)\(sublayers) }
            """)
    }

    /// Whether the pixel at (x, y) is within 2/255 of `rgba` (0…1).
    func expectPixel(
        _ buffer: PixelBuffer, _ x: Int, _ y: Int, _ rgba: [Double], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let p = buffer.rgba(x: x, y: y)
        let got = [p.r, p.g, p.b, p.a].map { Double($0) / 255 }
        #expect(
            zip(got, rgba).allSatisfy { abs($0 - $1) <= 2.0 / 255 }, "got \(got), expected \(rgba)",
            sourceLocation: sourceLocation)
    }

    @Test(arguments: [
        // B(Cb, Cs) per channel.
        ("multiplyBlendMode", [0.5, 0.25, 0]),  // Cb·Cs
        ("screenBlendMode", [1, 0.75, 1]),  // Cb + Cs − Cb·Cs
        ("overlayBlendMode", [1, 0.5, 1]),  // Cb ≤ ½: 2·Cb·Cs, else screen(Cs, 2·Cb − 1)
        ("darkenBlendMode", [0.5, 0.5, 0]),  // min
        ("lightenBlendMode", [1, 0.5, 1]),  // max
        ("differenceBlendMode", [0.5, 0, 1]),  // |Cb − Cs|
        ("exclusionBlendMode", [0.5, 0.5, 1]),  // Cb + Cs − 2·Cb·Cs
        ("hardLightBlendMode", [1, 0.5, 0]),  // Cs ≤ ½: 2·Cb·Cs, else screen(Cb, 2·Cs − 1)
        // SetLum(Cb, Lum(Cs)): Lum(Cs) = 0.595, Cb + 0.04 = (0.54, 0.54, 1.04), clipped towards 0.595.
        ("luminosityBlendMode", [0.545, 0.545, 1]),
        ("additionCompositing", [1, 1, 1]),  // min(1, Cb + Cs)
        ("sourceOverCompositing", [1, 0.5, 0])  // normal
    ])
    func anOpaqueLayerBlendsWithTheBackdrop(filter: String, expected: [Double]) throws {
        let buffer = try frame(filter)
        expectPixel(buffer, 15, 10, expected + [1])
        // Over nothing (transparent backdrop) the source shows unchanged; beside, the backdrop.
        expectPixel(buffer, 25, 10, [1, 0.5, 0, 1])
        expectPixel(buffer, 5, 10, [0.5, 0.5, 1, 1])
    }

    @Test func aTranslucentLayerMixesItsBlendWithTheBackdrop() throws {
        // Opaque backdrop: (1 − αs)·Cb + αs·B(Cb, Cs) with αs = ½ and B multiply.
        expectPixel(try frame("multiplyBlendMode", alpha: 0.5), 15, 10, [0.5, 0.375, 0.5, 1])
    }

    @Test func theLayerAndItsSublayersBlendAsOneGroup() throws {
        // A white sublayer covers the layer's left half: inside the group white is over orange,
        // and white multiplied leaves the backdrop as it is. Each part multiplied on its own
        // would leave the orange's product there instead.
        let buffer = try frame(
            "multiplyBlendMode", sublayers: ", sublayers: [{ frame: [0, 0, 5, 20], backgroundColor: [1, 1, 1, 1] }]")
        expectPixel(buffer, 12, 10, [0.5, 0.5, 1, 1])
        expectPixel(buffer, 17, 10, [0.5, 0.25, 0, 1])
    }

    @Test func xorClearsWhereBothAreOpaque() throws {
        // Porter–Duff xor: αo = αs·(1 − αb) + αb·(1 − αs).
        let buffer = try frame("xor")
        expectPixel(buffer, 15, 10, [0, 0, 0, 0])
        expectPixel(buffer, 25, 10, [1, 0.5, 0, 1])
        expectPixel(buffer, 5, 10, [0.5, 0.5, 1, 1])
    }

    @Test func sourceAtopDrawsOnlyOverWhatIsBeneath() throws {
        // Porter–Duff atop: αo = αb, co = αs·Cs + (1 − αs)·cb.
        let buffer = try frame("sourceAtopCompositing")
        expectPixel(buffer, 15, 10, [1, 0.5, 0, 1])
        expectPixel(buffer, 25, 10, [0, 0, 0, 0])
    }

    @Test func aFilteredRootBlendsWithNothingSoDrawsNormally() throws {
        // Over a transparent backdrop every blend leaves the source: the root's black background
        // with an orange box on it, as without the filter.
        let scene = Scene(canvas: Canvas(size: CGSize(width: 20, height: 20), fps: 10, duration: 1))
        scene.rootLayer.compositingFilter = "multiplyBlendMode"
        let box = CALayer()
        box.frame = CGRect(x: 0, y: 0, width: 10, height: 20)
        box.backgroundColor = CGColor(red: 1, green: 0.5, blue: 0)
        scene.rootLayer.addSublayer(box)
        let buffer = try renderScene(scene)
        expectPixel(buffer, 5, 10, [1, 0.5, 0, 1])
        expectPixel(buffer, 15, 10, [0, 0, 0, 1])
    }

    @Test func theSwiftPropertyTakesTheNamesCoreAnimationAccepts() {
        let layer = CALayer()
        #expect(layer.compositingFilter == nil)
        layer.compositingFilter = "screenBlendMode"
        #expect(layer.compositingFilter as? String == "screenBlendMode")
        #expect(layer.modelState.compositingFilter == .screenBlendMode)
        layer.compositingFilter = "noSuchBlendMode"
        #expect(layer.compositingFilter == nil)
    }
}
