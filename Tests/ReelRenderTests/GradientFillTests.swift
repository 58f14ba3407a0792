import CReelPixels
import Foundation
import Testing

/// `reel_gradient_fill` (GradientField's pixel loops in C) against the Swift loops it replaced,
/// kept here as the reference: the same bytes for axial, radial and conic fields, including the
/// rows it fills or copies instead of evaluating, and pixels padded past either end.
@Suite("Gradient fill")
struct GradientFillTests {
    static let width = 97, height = 23, left: Int32 = -13, top: Int32 = 5
    /// A ramp whose every texel differs, so a texel off by one shows.
    static let texels = 300
    static let ramp: [UInt32] = (0..<texels).map { UInt32($0) &* 0x0101_0103 | 0xFF00_0000 }

    static func field(
        _ kind: ReelGradientKind, _ m: (Double, Double, Double, Double, Double, Double),
        conic: (Double, Double, Double) = (0, 0, 0)
    ) -> ReelGradientField {
        ReelGradientField(
            kind: kind, xx: m.0, yx: m.1, xy: m.2, yy: m.3, x0: m.4, y0: m.5, cx: conic.0, cy: conic.1,
            start: conic.2)
    }

    static let fields: [ReelGradientField] = [
        // Diagonal, crossing both ends of the ramp.
        field(REEL_GRADIENT_AXIAL, (0.013, 0, 0.021, 0, -0.2, 0)),
        // Along the rows (rows copied), and across them (rows filled).
        field(REEL_GRADIENT_AXIAL, (0.011, 0, 0, 0, 0.1, 0)),
        field(REEL_GRADIENT_AXIAL, (0, 0, -0.04, 0, 0.9, 0)),
        // An ellipse, turned.
        field(REEL_GRADIENT_RADIAL, (0.012, -0.007, 0.009, 0.016, -0.3, 0.1)),
        field(REEL_GRADIENT_CONIC, (0.8, 0.3, -0.3, 0.8, 4, -2), conic: (20, 3, 0.7)),
        field(REEL_GRADIENT_CONIC, (1, 0, 0, 1, 0, 0), conic: (30, 17, -2.5))
    ]

    @Test(arguments: 0..<fields.count) func theBytesAreTheSwiftLoops(_ index: Int) {
        var spec = Self.fields[index]
        var filled = [UInt32](repeating: 0, count: Self.width * Self.height)
        let stride = Self.width
        Self.ramp.withUnsafeBufferPointer { ramp in
            reel_gradient_fill(
                &spec, ramp.baseAddress, Self.texels, &filled, stride, Self.left, Self.top, Self.width, Self.height)
        }
        #expect(filled == Self.reference(spec))
        // Every field reaches several texels.
        #expect(Set(filled).count > 10)
    }

    @Test func turnsAreTheSwiftPolynomial() {
        for i in 0..<2000 {
            let a = Double(i) * 0.0031 - 3.1, r = 0.25 + Double(i % 5)
            #expect(reel_turns(r * sin(a), r * cos(a)) == Self.turns(r * sin(a), r * cos(a)))
        }
        #expect(reel_turns(0, 0) == 0)
    }

    // MARK: The Swift loops reel_gradient_fill replaced

    static func reference(_ f: ReelGradientField) -> [UInt32] {
        var out = [UInt32](repeating: 0, count: width * height)
        for row in 0..<height {
            let x = Double(left) + 0.5, y = Double(Int(top) + row) + 0.5
            let u = f.xx * x + f.xy * y + f.x0, v = f.yx * x + f.yy * y + f.y0
            // Stepped along the row: (u, v), or for a conic one its offset from the centre.
            var (p, q) = f.kind == REEL_GRADIENT_CONIC ? (u - f.cx, v - f.cy) : (u, v)
            for i in 0..<width {
                let value: UInt32
                switch f.kind {
                case REEL_GRADIENT_AXIAL: value = p > 0 ? texel(p) : ramp[0]
                case REEL_GRADIENT_RADIAL: value = texel((p * p + q * q).squareRoot())
                default:
                    var t = turns(q, p) - f.start / (2 * Double.pi)
                    if t < 0 { t += 1 }
                    value = texel(t)
                }
                (p, q) = (p + f.xx, q + f.yx)
                out[row * width + i] = value
            }
        }
        return out
    }

    static func texel(_ t: Double) -> UInt32 {
        let k = t * Double(texels)
        return ramp[k < Double(texels - 1) ? Int(k) : texels - 1]
    }

    static func turns(_ y: Double, _ x: Double) -> Double {
        let ax = abs(x), ay = abs(y)
        let big = max(ax, ay)
        guard big > 0 else { return 0 }
        let a = min(ax, ay) / big, s = a * a
        var r = a * (0.9998660 + s * (-0.3302995 + s * (0.1801410 + s * (-0.0851330 + s * 0.0208351))))
        if ay > ax { r = Double.pi / 2 - r }
        if x < 0 { r = Double.pi - r }
        if y < 0 { r = -r }
        return r / (2 * Double.pi)
    }
}
