import CCairo
import Foundation
import Testing

@testable import ReelCore
@testable import ReelRender

/// CAEmitterLayer drawn: goldens of every emitter shape in every mode and of additive blending,
/// the direct compositor against Cairo's drawing of the same particles, and frames that are the
/// same bytes alone, in sequence, from a later start and on two threads.
@Suite("Drawing emitters")
struct EmitterDrawingTests {
    /// A white disc `size` pixels across with a soft edge (premultiplied BGRA), or a red-and-
    /// white one (not white: the tinting path that multiplies colours).
    static func dot(_ size: Int, white: Bool = true) -> CGImage {
        let buffer = PixelBuffer(width: size, height: size)
        let r = Double(size) / 2
        for y in 0..<size {
            for x in 0..<size {
                let d = ((Double(x) + 0.5 - r) * (Double(x) + 0.5 - r) + (Double(y) + 0.5 - r) * (Double(y) + 0.5 - r))
                    .squareRoot()
                let a = UInt8(max(0, min(1, r - d)) * 255)
                let p = buffer.baseAddress + y * buffer.stride + x * 4
                let g = white || x < size / 2 ? a : 0
                p.storeBytes(of: g, toByteOffset: 0, as: UInt8.self)
                p.storeBytes(of: g, toByteOffset: 1, as: UInt8.self)
                p.storeBytes(of: a, toByteOffset: 2, as: UInt8.self)
                p.storeBytes(of: a, toByteOffset: 3, as: UInt8.self)
            }
        }
        return CGImage(pixels: buffer)
    }

    /// A 100×100 scene with one emitter "e" centred, its cell from `configure`.
    static func scene(
        size: Int = 100, background: CGColor = CGColor(red: 0.05, green: 0.07, blue: 0.12),
        layer: (CAEmitterLayer) -> Void = { _ in }, cell configure: (inout EmitterCellState) -> Void
    ) -> Scene {
        let scene = Scene(canvas: Canvas(size: CGSize(width: size, height: size), fps: 30, duration: 4))
        scene.rootLayer.backgroundColor = background
        let emitter = CAEmitterLayer()
        emitter.name = "e"
        emitter.frame = CGRect(x: 0, y: 0, width: size, height: size)
        emitter.emitterPosition = CGPoint(x: Double(size) / 2, y: Double(size) / 2)
        var cell = EmitterCellState()
        cell.name = "c"
        cell.contents = dot(8)
        configure(&cell)
        emitter.emitterCells = [CAEmitterCell(state: cell)]
        layer(emitter)
        scene.rootLayer.addSublayer(emitter)
        return scene
    }

    static let shapesAndModes = CAEmitterLayerEmitterShape.allCases.flatMap { s in
        CAEmitterLayerEmitterMode.allCases.map { (s, $0) }
    }

    @Test("every emitter shape in every mode", arguments: shapesAndModes)
    func shapeAndMode(_ shape: CAEmitterLayerEmitterShape, _ mode: CAEmitterLayerEmitterMode) throws {
        // Motionless particles show where they are born: 300 of them over a second.
        let scene = Self.scene(
            layer: { e in
                e.emitterShape = shape
                e.emitterMode = mode
                e.emitterSize =
                    shape == .circle || shape == .sphere ? CGSize(width: 35, height: 0) : CGSize(width: 70, height: 40)
                e.emitterDepth = 30
            },
            cell: { c in
                c.birthRate = 300; c.lifetime = 10; c.scale = 0.5
                c.color = CGColor(red: 1, green: 0.8, blue: 0.3, alpha: 1)
            })
        try Golden.check(try renderScene(scene, at: 1), "emitter-\(shape.rawValue)-\(mode.rawValue)")
    }

    @Test func additiveParticlesAddUp() throws {
        let configure: (inout EmitterCellState) -> Void = { c in
            c.birthRate = 200; c.lifetime = 10; c.velocity = 20; c.emissionRange = .pi
            c.color = CGColor(red: 0.9, green: 0.3, blue: 0.1, alpha: 0.5)
        }
        let additive = try renderScene(Self.scene(layer: { $0.renderMode = .additive }, cell: configure), at: 1.5)
        let over = try renderScene(Self.scene(cell: configure), at: 1.5)
        try Golden.check(additive, "emitter-additive")
        // Where many overlap (the middle), adding goes past what compositing over can reach: over
        // tends to the colour itself (green 0.3), adding saturates towards white.
        let a = additive.color(50, 50), o = over.color(50, 50)
        #expect(o[1] < 100 && a[1] > o[1] + 60 && a[0] >= o[0], "additive \(a), over \(o)")
    }

    @Test func theCompositorDrawsWhatCairoDraws() throws {
        // White sprites (the fixed-point path) and coloured ones (the float path), turned and
        // scaled, over and added, at a fractional pixel scale.
        for (white, mode) in [
            (true, CAEmitterLayerRenderMode.unordered), (false, .unordered), (true, .additive), (false, .additive)
        ] {
            let scene = Self.scene(
                layer: { $0.renderMode = mode },
                cell: { c in
                    c.contents = Self.dot(12, white: white)
                    c.birthRate = 80; c.lifetime = 10; c.velocity = 25; c.velocityRange = 10; c.emissionRange = .pi
                    c.spin = 2; c.spinRange = 3; c.scale = 1.2; c.scaleRange = 0.8
                    c.color = CGColor(red: 0.4, green: 0.8, blue: 1, alpha: 0.8); c.redRange = 0.3; c.alphaRange = 0.2
                })
            try Self.expectCompositorMatchesCairo(scene, pixels: 150, minimumPainted: 2000, "white \(white), \(mode)")
        }
    }

    @Test func particlesFarUnderAPixelDrawNothing() throws {
        // Scale 1e-20: 16.16 steps along a row would not fit 64 bits (this trapped).
        let scene = Self.scene(cell: { c in
            c.birthRate = 50; c.lifetime = 10; c.scale = 1e-20
        })
        let layer = try #require(try scene.compile().presentation(at: 1, layerNamed: "e"))
        #expect(layer.particles.map { $0.particles.count } ?? 0 > 10)
        let buffer = PixelBuffer(width: 100, height: 100)
        let canvas = CairoCanvas(buffer: buffer)
        EmitterDrawing.draw(layer, canvas.context, alpha: 1, budget: DrawBudget(), context: RenderContext())
        canvas.surface.flush()
        #expect((0..<buffer.byteCount).allSatisfy { buffer.baseAddress.load(fromByteOffset: $0, as: UInt8.self) == 0 })
    }

    @Test func particlesCrossingBandsAreDrawnWholeAndInOrder() throws {
        // The compositor draws band by band (about 256 KB of rows each: 145 rows of this 450-px
        // frame). Large translucent particles of very different colours span several bands and
        // overlap, so a band left out, a row drawn twice or two particles swapped in a band
        // shows as a large difference from Cairo's one-by-one drawing.
        for (white, mode) in [(true, CAEmitterLayerRenderMode.unordered), (false, .oldestFirst), (true, .additive)] {
            let scene = Self.scene(
                size: 300, layer: { $0.renderMode = mode },
                cell: { c in
                    c.contents = Self.dot(40, white: white)
                    c.birthRate = 12; c.lifetime = 10; c.velocity = 40; c.velocityRange = 30; c.emissionRange = .pi
                    c.spin = 1; c.spinRange = 2; c.scale = 2; c.scaleRange = 1
                    c.color = CGColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 0.6)
                    c.redRange = 0.5; c.greenRange = 0.5; c.blueRange = 0.5
                })
            try Self.expectCompositorMatchesCairo(
                scene, pixels: 450, minimumPainted: 60_000, "band crossing, white \(white), \(mode)")
        }
    }

    /// Draws emitter "e" of `scene` at 2 s into a `pixels`-square buffer (1.5 pixels a point)
    /// through the direct compositor and through Cairo: off by at most 3 levels except for a
    /// few pixels (filter weights differ in the last bit), never by more than 12.
    private static func expectCompositorMatchesCairo(_ scene: Scene, pixels: Int, minimumPainted: Int, _ what: String)
        throws
    {
        let timeline = try scene.compile()
        let layer = try #require(timeline.presentation(at: 2, layerNamed: "e"))
        func draw(direct: Bool) -> PixelBuffer {
            let buffer = PixelBuffer(width: pixels, height: pixels)
            let canvas = CairoCanvas(buffer: buffer)
            canvas.context.scale(1.5, 1.5)
            EmitterDrawing.draw(
                layer, canvas.context, alpha: 1, budget: DrawBudget(), context: RenderContext(), direct: direct)
            canvas.surface.flush()
            return buffer
        }
        let fast = draw(direct: true), cairo = draw(direct: false)
        var worst = 0, off = 0, painted = 0
        for y in 0..<pixels {
            for x in 0..<pixels {
                let a = fast.premultipliedRGBA(x: x, y: y), b = cairo.premultipliedRGBA(x: x, y: y)
                let d = max(
                    abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)),
                    abs(Int(a.a) - Int(b.a)))
                worst = max(worst, d)
                if d > 3 { off += 1 }
                if b.a > 0 { painted += 1 }
            }
        }
        #expect(painted > minimumPainted, "\(what): the particles cover a good part of the frame (\(painted) pixels)")
        #expect(
            off <= painted / 200 && worst <= 12,
            "\(what): \(off) of \(painted) pixels off by more than 3, worst \(worst)")
    }

    @Test func aFrameIsTheSameBytesAloneInSequenceFromAnyStartAndOnTwoThreads() async throws {
        let scene = Self.scene(
            layer: {
                $0.emitterShape = .circle; $0.emitterSize = CGSize(width: 20, height: 0)
            },
            cell: { c in
                c.birthRate = 150; c.lifetime = 2; c.lifetimeRange = 0.5; c.velocity = 30; c.velocityRange = 10
                c.emissionRange = .pi; c.yAcceleration = 15; c.spin = 1; c.spinRange = 2; c.alphaSpeed = -0.3
                c.color = CGColor(red: 1, green: 0.6, blue: 0.2, alpha: 1); c.greenRange = 0.3
            })
        let timeline = try scene.compile()
        let frames = 0..<40
        func bytes(_ buffer: PixelBuffer) -> Data { Data(bytes: buffer.baseAddress, count: buffer.byteCount) }
        // In sequence on one renderer (as a render draws them).
        let renderer = FrameRenderer(canvas: timeline.canvas)
        var sequence: [Data] = []
        for i in frames {
            let b = renderer.makeBuffer()
            renderer.render(timeline, at: timeline.canvas.time(ofFrame: i), into: b)
            sequence.append(bytes(b))
        }
        #expect(Set(sequence).count > 30, "the particles move")
        // Alone: each frame on a fresh renderer; from a later start (a segment from frame 25).
        for i in [0, 17, 39] {
            let fresh = FrameRenderer(canvas: timeline.canvas), b = fresh.makeBuffer()
            fresh.render(timeline, at: timeline.canvas.time(ofFrame: i), into: b)
            #expect(bytes(b) == sequence[i], "frame \(i) alone")
        }
        let segment = FrameRenderer(canvas: timeline.canvas)
        for i in 25..<40 {
            let b = segment.makeBuffer()
            segment.render(timeline, at: timeline.canvas.time(ofFrame: i), into: b)
            #expect(bytes(b) == sequence[i], "frame \(i) of a segment starting at 25")
        }
        // Two threads sharing one renderer, frames in reverse.
        let shared = FrameRenderer(canvas: timeline.canvas)
        let threaded = await withTaskGroup(of: [(Int, Data)].self) { group in
            for lane in 0..<2 {
                group.addTask {
                    var out: [(Int, Data)] = []
                    for i in frames.reversed() where i % 2 == lane {
                        let b = shared.makeBuffer()
                        shared.render(timeline, at: timeline.canvas.time(ofFrame: i), into: b)
                        out.append((i, Data(bytes: b.baseAddress, count: b.byteCount)))
                    }
                    return out
                }
            }
            var all: [Int: Data] = [:]
            for await lane in group { for (i, d) in lane { all[i] = d } }
            return all
        }
        for i in frames { #expect(threaded[i] == sequence[i], "frame \(i) on two threads") }
    }
}
