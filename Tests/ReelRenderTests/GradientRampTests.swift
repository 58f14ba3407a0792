import CCairo
import Foundation
import ReelCore
import Testing

@testable import ReelRender

/// Axial gradients painted from a ramp against Cairo's own linear gradient (pixman's per-pixel
/// evaluation, the reference): the same colours within two levels, through turned and scaled user
/// spaces, steep and shallow gradients, translucent stops. (Within two levels: a translucent
/// stop's colour is premultiplied and rounded in the texel, then composited and rounded again.)
@Suite("Gradient ramps")
struct GradientRampTests {
    typealias Stops = [(Double, CGColor)]
    static let width = 320, height = 240

    /// The frame painted by the ramp (`ramp`) or by a Cairo linear pattern.
    private func frame(ramp: Bool, from a: CGPoint, to b: CGPoint, stops: Stops, turn: Double, scale: Double)
        -> [UInt8]
    {
        let surface = CairoSurface(CAIRO_FORMAT_ARGB32, width: Self.width, height: Self.height)
        surface.withContext { cr in
            cr.setSource(0.2, 0.2, 0.2)
            cr.paint()
            cairo_translate(cr.raw, 160, 120)
            cairo_rotate(cr.raw, turn)
            cairo_scale(cr.raw, scale, scale * 0.8)
            cr.rectangle(-150, -100, 300, 200)
            cr.clip()
            if ramp {
                #expect(GradientRamp.paint(from: a, to: b, stops: stops, alpha: 1, cr))
            } else {
                let line = CairoPattern.linear(a.x, a.y, b.x, b.y)
                for (offset, c) in stops { line.addColorStop(offset, c.red, c.green, c.blue, c.alpha) }
                line.setExtend(CAIRO_EXTEND_PAD)
                cr.setSource(line)
                cr.paint()
            }
        }
        surface.flush()
        return Array(UnsafeBufferPointer(start: surface.data!, count: surface.stride * Self.height))
    }

    static func rgba(_ r: Double, _ g: Double, _ b: Double, _ a: Double) -> CGColor {
        CGColor(red: r, green: g, blue: b, alpha: a)
    }
    static let threeStops: Stops = [(0, rgba(1, 0, 0, 1)), (0.4, rgba(0.1, 0.9, 0.2, 0.5)), (1, rgba(0, 0.3, 1, 1))]

    @Test(arguments: [
        // (from, to, turn, scale): shallow and steep, along and across the axes, turned.
        (CGPoint(x: -100, y: 0), CGPoint(x: 100, y: 0), 0.0, 1.0),
        (CGPoint(x: -100, y: -60), CGPoint(x: 90, y: 70), 0.7, 1.3),
        (CGPoint(x: 0, y: -5), CGPoint(x: 0, y: 5), 2.1, 0.9),
        (CGPoint(x: -3, y: 0), CGPoint(x: 4, y: 1), -0.3, 2.5),
        (CGPoint(x: -2000, y: 0), CGPoint(x: 3000, y: 500), 0.2, 1.0)
    ])
    func theRampPaintsCairosGradient(from a: CGPoint, to b: CGPoint, turn: Double, scale: Double) {
        let reference = frame(ramp: false, from: a, to: b, stops: Self.threeStops, turn: turn, scale: scale)
        let ramp = frame(ramp: true, from: a, to: b, stops: Self.threeStops, turn: turn, scale: scale)
        let worst = zip(reference, ramp).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(worst <= 2, "largest difference \(worst) levels")
        #expect(Set(reference).count > 20)  // a gradient, not a flat fill
    }

    @Test func aHardStopMovesByNoMoreThanAPixelsEdge() {
        // Two stops at 0.5: red up to the middle, blue after it.
        let red = Self.rgba(1, 0, 0, 1), blue = Self.rgba(0, 0, 1, 1)
        let stops: Stops = [(0, red), (0.5, red), (0.5, blue), (1, blue)]
        let a = CGPoint(x: -100, y: -37), b = CGPoint(x: 100, y: 41)
        let reference = frame(ramp: false, from: a, to: b, stops: stops, turn: 0.3, scale: 1.1)
        let ramp = frame(ramp: true, from: a, to: b, stops: stops, turn: 0.3, scale: 1.1)
        // Pixels whose centre lies within 1/16 pixel of the edge may fall on either side: a few
        // out of the ~240 the edge crosses.
        let differing = stride(from: 0, to: reference.count, by: 4).filter {
            reference[$0..<$0 + 4] != ramp[$0..<$0 + 4]
        }
        #expect(differing.count <= 40, "\(differing.count) pixels differ")
    }

    @Test func aGradientWithoutLengthIsLeftToCairo() {
        let surface = CairoSurface(CAIRO_FORMAT_ARGB32, width: 8, height: 8)
        surface.withContext { cr in
            #expect(
                !GradientRamp.paint(
                    from: CGPoint(x: 3, y: 3), to: CGPoint(x: 3, y: 3), stops: Self.threeStops, alpha: 1, cr))
        }
    }
}
