import CCairo
import Foundation
import ReelTestSupport
import Testing

@testable import ReelCore
@testable import ReelRender

/// White particles' rows composited eight pixels at a time (AVX2) are the scalar rows' bytes:
/// row by row over random textures, coordinates, colours and backgrounds, and whole frames of
/// turned, scaled, translucent particles. The pixels must never depend on the CPU.
@Suite("Particle rows in vector instructions", .enabled(if: PixelLoops.vectorized, "the CPU has no AVX2"))
struct ParticleVectorRowTests {
    @Test func aRowIsTheScalarRowsBytes() {
        var random = SplitMix(seed: 15)
        for trial in 0..<400 {
            // A white sprite: every texel grey at its own alpha (premultiplied white).
            let w = Int.random(in: 1...48, using: &random), h = Int.random(in: 1...48, using: &random)
            var pixels = [UInt32](repeating: 0, count: w * h)
            for i in pixels.indices {
                let a = UInt32.random(in: 0...255, using: &random)
                pixels[i] = a << 24 | a << 16 | a << 8 | a
            }
            let texture = pixels.withUnsafeBytes {
                ParticleTexture(pixels: $0.baseAddress!, stride: w * 4, width: w, height: h)
            }
            #expect(texture.isWhite)
            // A row from one point to another anywhere the row may sample: x in 0…w+2 and y in
            // 0…h+2 (the border), the far neighbours inside the padded texture.
            let count = Int.random(in: 1...40, using: &random)
            func coordinate(_ size: Int) -> Int { Int.random(in: 0...((size + 2) << 16 | 0xFFFF), using: &random) }
            let fu = coordinate(w), fv = coordinate(h), eu = coordinate(w), ev = coordinate(h)
            var su = count > 1 ? (eu - fu) / (count - 1) : 0, sv = count > 1 ? (ev - fv) / (count - 1) : 0
            // A particle far smaller than a pixel: one pixel a row, steps past 32 bits.
            if count == 1 {
                (su, sv) = (
                    Int.random(in: -(1 << 40)...(1 << 40), using: &random),
                    Int.random(in: -(1 << 40)...(1 << 40), using: &random)
                )
            }
            // A premultiplied colour and background (each channel at most its alpha).
            let alpha = Float.random(in: 0...1, using: &random)
            let color = ParticleCompositor.WhiteColor(
                SIMD4(
                    Float.random(in: 0...alpha, using: &random), Float.random(in: 0...alpha, using: &random),
                    Float.random(in: 0...alpha, using: &random), alpha))
            let background = (0..<count).map { _ -> UInt32 in
                let a = UInt32.random(in: 0...255, using: &random)
                return a << 24 | UInt32.random(in: 0...a, using: &random) << 16 | UInt32.random(
                    in: 0...a, using: &random) << 8
                    | UInt32.random(in: 0...a, using: &random)
            }
            // A guard word after the row: the vector row writes nothing past it.
            var scalar = background + [0xDEAD_BEEF], vector = background + [0xDEAD_BEEF]
            scalar.withUnsafeMutableBytes {
                ParticleCompositor.overWhiteRow(
                    texture, $0.baseAddress!, count: count, fu: fu, fv: fv, su: su, sv: sv, color: color)
            }
            let drawn = vector.withUnsafeMutableBytes {
                ParticleCompositor.overWhiteRowVectorized(
                    texture, $0.baseAddress!, count: count, fu: fu, fv: fv, su: su, sv: sv, color: color)
            }
            #expect(drawn)
            #expect(
                vector == scalar,
                "trial \(trial): \(w)×\(h) texture, \(count) pixels from (\(fu), \(fv)) by (\(su), \(sv))")
            if vector != scalar { return }
        }
    }

    @Test func aFrameOfParticlesIsTheSameBytes() throws {
        // Turned, scaled, translucent white particles over one another and over the frame's
        // edges, at a fractional pixel scale: rows of every length and position.
        let scene = EmitterDrawingTests.scene(
            size: 200,
            cell: { c in
                c.contents = EmitterDrawingTests.dot(24)
                c.birthRate = 150; c.lifetime = 10; c.velocity = 60; c.velocityRange = 40; c.emissionRange = .pi
                c.spin = 2; c.spinRange = 3; c.scale = 0.8; c.scaleRange = 0.7
                c.color = CGColor(red: 0.9, green: 0.95, blue: 1, alpha: 0.7); c.alphaRange = 0.3
            })
        let timeline = try scene.compile()
        let layer = try #require(timeline.presentation(at: 2.5, layerNamed: "e"))
        func draw(vectorRows: Bool?) -> [UInt32] {
            let buffer = PixelBuffer(width: 300, height: 300)
            let canvas = CairoCanvas(buffer: buffer)
            canvas.context.setSource(0.1, 0.2, 0.3)
            canvas.context.paint()
            canvas.context.scale(1.5, 1.5)
            if let vectorRows {
                EmitterDrawing.draw(
                    layer, canvas.context, alpha: 0.9, budget: DrawBudget(), context: RenderContext(),
                    vectorRows: vectorRows)
            }
            canvas.surface.flush()
            return (0..<buffer.byteCount / 4).map { buffer.baseAddress.load(fromByteOffset: $0 * 4, as: UInt32.self) }
        }
        let scalar = draw(vectorRows: false), vector = draw(vectorRows: true), empty = draw(vectorRows: nil)
        let painted = zip(scalar, empty).filter { $0 != $1 }.count
        #expect(painted > 300 * 300 / 3, "the particles cover much of the frame (\(painted) pixels)")
        let differing = zip(vector, scalar).filter { $0 != $1 }.count
        #expect(
            differing == 0,
            "\(differing) pixels differ, the first at word \(vector.indices.first { vector[$0] != scalar[$0] } ?? -1)")
    }
}
