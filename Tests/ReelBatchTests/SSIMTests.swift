import Foundation
import Reel
import Testing

/// SSIM against values computed by hand from Wang et al.'s formula, and the tolerance that judges frames.
@Suite struct SSIMTests {
    static let c1 = 6.5025, c2 = 58.5225  // (0.01·255)², (0.03·255)²

    /// A frame of grey pixels (R = G = B, opaque), whose luma is exactly that grey.
    static func grey(_ width: Int, _ height: Int, _ value: (Int, Int) -> Int) -> PixelBuffer {
        let buffer = PixelBuffer(width: width, height: height)
        for y in 0..<height {
            let row = buffer.baseAddress.advanced(by: y * buffer.stride).assumingMemoryBound(to: UInt8.self)
            for x in 0..<width {
                let v = UInt8(value(x, y))
                (row[x * 4], row[x * 4 + 1], row[x * 4 + 2], row[x * 4 + 3]) = (v, v, v, 255)
            }
        }
        return buffer
    }

    @Test func constantsAreThePapers() {
        #expect(abs(SSIM.c1 - Self.c1) < 1e-9 && abs(SSIM.c2 - Self.c2) < 1e-9)
        #expect(SSIM.windowSize == 11 && SSIM.sigma == 1.5)
    }

    @Test(arguments: [(40, 30), (6, 5)])
    func identicalFramesAreOne(width: Int, height: Int) {
        let frame = Self.grey(width, height) { x, y in (x * 37 + y * 91) % 256 }
        #expect(abs(SSIM.mean(frame, frame) - 1) < 1e-12)
    }

    /// Constant frames 100 and 110: no variance, so SSIM is the luminance term alone,
    /// (2·100·110 + C1) / (100² + 110² + C1) — in every Gaussian window, and in the one window
    /// of a frame smaller than 11 pixels.
    @Test(arguments: [(30, 20), (11, 11), (4, 3)])
    func aConstantOffsetIsTheLuminanceTerm(width: Int, height: Int) {
        let expected = (2 * 100 * 110 + Self.c1) / (100 * 100 + 110 * 110 + Self.c1)  // 0.995476…
        let ssim = SSIM.mean(Self.grey(width, height) { _, _ in 100 }, Self.grey(width, height) { _, _ in 110 })
        #expect(abs(ssim - expected) < 1e-9, "\(ssim) ≠ \(expected)")
        #expect(abs(expected - 0.9954764) < 1e-6)
    }

    /// x = [0 0; 255 255], y = [0 255; 0 255]: equal means (127.5) and variances (127.5²),
    /// covariance 0, so SSIM = C2 / (2·127.5² + C2) = 58.5225 / 32571.0225.
    @Test func aTinyImageByHand() {
        let x = Self.grey(2, 2) { _, y in y == 0 ? 0 : 255 }, y = Self.grey(2, 2) { x, _ in x == 0 ? 0 : 255 }
        let expected = Self.c2 / (2 * 127.5 * 127.5 + Self.c2)
        #expect(abs(SSIM.mean(x, y) - expected) < 1e-12)
        #expect(abs(expected - 0.0017968) < 1e-7)
        // A frame against its negative: perfectly anti-correlated structure pulls SSIM below 0.
        let negative = Self.grey(2, 2) { _, y in y == 0 ? 255 : 0 }
        let anti =
            (2 * 127.5 * 127.5 + Self.c1) * (-2 * 127.5 * 127.5 + Self.c2)
            / ((2 * 127.5 * 127.5 + Self.c1) * (2 * 127.5 * 127.5 + Self.c2))
        #expect(abs(SSIM.mean(x, negative) - anti) < 1e-12 && anti < 0)
    }

    /// In the Gaussian path a window's statistics are weighted: one bright pixel in the middle of
    /// an 11×11 frame weighs the centre weight w₅² (the only window is centred on it).
    @Test func theWindowIsGaussianAboutItsCentre() {
        let x = Self.grey(11, 11) { _, _ in 0 }, y = Self.grey(11, 11) { a, b in a == 5 && b == 5 ? 200 : 0 }
        let g = (-5...5).map { exp(-Double($0 * $0) / (2 * 1.5 * 1.5)) }
        let w = pow(1 / g.reduce(0, +), 2)  // the centre's weight: its 1-D weight (1/Σg) squared
        let my = 200 * w, vy = 200 * 200 * w - my * my
        let expected = (Self.c1 / (my * my + Self.c1)) * (Self.c2 / (vy + Self.c2))
        #expect(abs(SSIM.mean(x, y) - expected) < 1e-9)
        // The same pixel in a corner barely matters (weight w₀²).
        let corner = Self.grey(11, 11) { a, b in a == 0 && b == 0 ? 200 : 0 }
        #expect(SSIM.mean(x, corner) > SSIM.mean(x, y) + 0.5)
    }

    @Test func ssimTellsStructureFromAShift() {
        let base = Self.grey(48, 48) { x, y in ((x / 4 + y / 4) % 2) * 120 + 60 }
        let lighter = Self.grey(48, 48) { x, y in ((x / 4 + y / 4) % 2) * 120 + 63 }
        let flat = Self.grey(48, 48) { _, _ in 120 }
        #expect(SSIM.mean(base, lighter) > 0.99, "a small brightness shift keeps the structure")
        #expect(SSIM.mean(base, flat) < 0.1, "the pattern gone is a change")
        #expect(FrameDifference(base, flat).ssim == SSIM.mean(base, flat))
    }
}

@Suite struct FrameToleranceTests {
    static let noise = FrameDifference(psnr: 45, worstBlock: 3, meanShift: 0.4, ssim: 0.998)

    @Test func theStandardToleranceIsTheBaselines() {
        let t = FrameTolerance.standard
        #expect(t.minimumPSNR == 40 && t.maximumBlock == 24 && t.maximumMeanShift == 1 && t.minimumSSIM == nil)
        #expect(t.accepts(Self.noise))
        #expect(!t.accepts(FrameDifference(psnr: 39, worstBlock: 3, meanShift: 0.4, ssim: 0.999)))
        #expect(!t.accepts(FrameDifference(psnr: 45, worstBlock: 25, meanShift: 0.4, ssim: 0.999)))
        #expect(!t.accepts(FrameDifference(psnr: 45, worstBlock: 3, meanShift: 1.5, ssim: 0.999)))
    }

    @Test func parsing() throws {
        let t = try FrameTolerance(parsing: "ssim=0.999, psnr=none")
        #expect(t.minimumSSIM == 0.999 && t.minimumPSNR == nil && t.maximumBlock == 24 && t.maximumMeanShift == 1)
        #expect(!t.accepts(Self.noise), "SSIM 0.998 is under 0.999")
        #expect(
            try FrameTolerance(parsing: "psnr=30,block=none,shift=none").accepts(
                FrameDifference(psnr: 31, worstBlock: 90, meanShift: 9, ssim: 0.5)))
        #expect(try FrameTolerance(parsing: "exact") == .exact)
        #expect(!FrameTolerance.exact.accepts(Self.noise))
        #expect(FrameTolerance.exact.accepts(FrameDifference(psnr: .infinity, worstBlock: 0, meanShift: 0, ssim: 1)))
        for bad in ["psnr", "psnr=x", "ssim=2", "gamma=1", "psnr=-3", ""] {
            #expect(throws: ToleranceError.self, "\(bad)") { try FrameTolerance(parsing: bad) }
        }
    }
}
