import CCairo
import Foundation
import ReelCore
import Testing

@testable import ReelRender

/// Radial and conic gradients looked up per pixel from a ramp, against independent references:
/// Cairo's own radial gradient (pixman's per-pixel evaluation) and the conic sweep's definition
/// (the colour at the angle, interpolated between the stops), through turned and scaled user
/// spaces on a target with a device offset, as groups have.
@Suite("Gradient fields")
struct GradientFieldTests {
    typealias Stops = [(Double, CGColor)]
    static let width = 320, height = 240
    static let turn = 0.4, scale = 1.3

    static func rgba(_ r: Double, _ g: Double, _ b: Double, _ a: Double) -> CGColor {
        CGColor(red: r, green: g, blue: b, alpha: a)
    }
    static let threeStops: Stops = [
        (0, rgba(1, 0.8, 0.2, 1)), (0.45, rgba(0.1, 0.9, 0.2, 0.5)), (1, rgba(0, 0.3, 1, 0))
    ]

    /// A frame whose user space is turned and squashed, clipped to a rectangle, on a surface
    /// offset as a group's is; `paint` draws the gradient.
    private func frame(_ paint: (CairoContext) -> Void) -> [UInt8] {
        let surface = CairoSurface(CAIRO_FORMAT_ARGB32, width: Self.width, height: Self.height)
        surface.setDeviceOffset(-37, 11)
        surface.withContext { cr in
            cr.setSource(0.2, 0.2, 0.2)
            cr.paint()
            cairo_translate(cr.raw, 197, 109)
            cairo_rotate(cr.raw, Self.turn)
            cairo_scale(cr.raw, Self.scale, Self.scale * 0.8)
            cr.rectangle(-150, -100, 300, 200)
            cr.clip()
            paint(cr)
        }
        surface.flush()
        return Array(UnsafeBufferPointer(start: surface.data!, count: surface.stride * Self.height))
    }

    /// User space → the pattern space where an ellipse of radii 120 × 70 around (10, -5) is the unit circle.
    static var ellipse: cairo_matrix_t {
        var m = cairo_matrix_t()
        cairo_matrix_init_scale(&m, 1 / 120.0, 1 / 70.0)
        cairo_matrix_translate(&m, -10, 5)
        return m
    }

    @Test func aRadialFieldPaintsCairosRadialGradient() {
        let reference = frame { cr in
            let pattern = CairoPattern.radial(0, 0, 0, 0, 0, 1)
            pattern.setMatrix(Self.ellipse)
            for (offset, c) in Self.threeStops { pattern.addColorStop(offset, c.red, c.green, c.blue, c.alpha) }
            pattern.setExtend(CAIRO_EXTEND_PAD)
            cr.setSource(pattern)
            cr.paint()
        }
        let field = frame { cr in
            #expect(GradientField.paint(.radial(Self.ellipse), stops: Self.threeStops, alpha: 1, cr))
        }
        let worst = zip(reference, field).map { abs(Int($0) - Int($1)) }.max() ?? 0
        // Within two levels: a translucent stop is premultiplied and rounded in the texel, then
        // composited and rounded again.
        #expect(worst <= 2, "largest difference \(worst) levels")
        #expect(Set(reference).count > 20)  // a gradient, not a flat fill
    }

    @Test func anAxialFieldPaintsCairosLinearGradient() {
        let a = CGPoint(x: -90, y: -40), b = CGPoint(x: 80, y: 55)
        let reference = frame { cr in
            let line = CairoPattern.linear(a.x, a.y, b.x, b.y)
            for (offset, c) in Self.threeStops { line.addColorStop(offset, c.red, c.green, c.blue, c.alpha) }
            line.setExtend(CAIRO_EXTEND_PAD)
            cr.setSource(line)
            cr.paint()
        }
        let field = frame { cr in
            #expect(GradientField.paint(.axial(from: a, to: b), stops: Self.threeStops, alpha: 1, cr))
        }
        let worst = zip(reference, field).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(worst <= 2, "largest difference \(worst) levels")
        #expect(Set(reference).count > 20)
    }

    @Test func aConicFieldPaintsTheColourAtEachPixelsAngle() {
        // Red at the start direction, turning clockwise on screen to blue a full turn later.
        let center = CGPoint(x: -20, y: 15), start = 0.9
        let stops: Stops = [(0, Self.rgba(1, 0, 0, 1)), (1, Self.rgba(0, 0, 1, 1))]
        let field = frame { cr in
            #expect(GradientField.paint(.conic(center: center, start: start), stops: stops, alpha: 1, cr))
        }
        // Each pixel's centre taken back to user space, by the same turn and scale.
        var checked = 0
        for y in 0..<Self.height {
            for x in 0..<Self.width {
                let dx = Double(x) + 0.5 + 37 - 197, dy = Double(y) + 0.5 - 11 - 109
                let rx = cos(Self.turn) * dx + sin(Self.turn) * dy, ry = -sin(Self.turn) * dx + cos(Self.turn) * dy
                let ux = rx / Self.scale - center.x, uy = ry / (Self.scale * 0.8) - center.y
                // Inside the clip, away from the centre and from the seam where blue meets red.
                guard abs(rx / Self.scale) < 149, abs(ry / (Self.scale * 0.8)) < 99, hypot(ux, uy) > 3 else { continue }
                var t = (atan2(uy, ux) - start) / (2 * Double.pi)
                t -= t.rounded(.down)
                guard t > 0.003, t < 0.997 else { continue }
                let i = y * Self.width * 4 + x * 4
                // BGRA in memory.
                #expect(abs(Int(field[i + 2]) - Int((255 * (1 - t)).rounded())) <= 2, "red at \(x), \(y)")
                #expect(abs(Int(field[i]) - Int((255 * t).rounded())) <= 2, "blue at \(x), \(y)")
                checked += 1
            }
        }
        #expect(checked > 30_000)
    }

    @Test func turnsAreAtan2ToAMillionthOfATurn() {
        var worst = 0.0
        for i in 0..<4000 {
            let a = Double(i) * 0.00157, r = 0.5 + Double(i % 7)
            let (x, y) = (r * cos(a), r * sin(a))
            worst = max(worst, abs(GradientField.turns(y, x) - atan2(y, x) / (2 * Double.pi)))
        }
        #expect(worst < 2e-6, "worst \(worst) turns")
    }

    @Test func anUnclippedRecordingIsLeftToCairo() {
        let recording = CairoSurface.recording { cr in
            #expect(!GradientField.paint(.radial(Self.ellipse), stops: Self.threeStops, alpha: 1, cr))
        }
        _ = recording
    }

    @Test func aClippedRecordingReplaysAsTheImageIsPainted() {
        // A raster is made this way: recorded, then replayed onto pixels.
        let direct = frame { cr in
            #expect(GradientField.paint(.radial(Self.ellipse), stops: Self.threeStops, alpha: 1, cr))
        }
        let replayed = frame { cr in
            let recording = CairoSurface.recording { rc in
                rc.setMatrix(cr.matrix)
                rc.rectangle(-150, -100, 300, 200)
                rc.clip()
                #expect(GradientField.paint(.radial(Self.ellipse), stops: Self.threeStops, alpha: 1, rc))
            }
            cr.identityMatrix()
            cr.setSource(recording, 0, 0)
            cr.paint()
        }
        let worst = zip(direct, replayed).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(worst <= 1, "largest difference \(worst) levels")
    }
}
