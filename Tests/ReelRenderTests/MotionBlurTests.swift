import Foundation
import ReelCore
import ReelRender
import ReelScene
import Testing

/// `canvas.motionBlur`: frames averaged over a shutter centred on the frame's time.
@Suite("Motion blur")
struct MotionBlurTests {
    func timeline(_ yaml: String) throws -> Timeline {
        try SceneLoader.decode(text: yaml, file: "blur.yaml").scene.compile()
    }

    func render(_ timeline: Timeline, at t: Double) -> PixelBuffer {
        let renderer = FrameRenderer(canvas: timeline.canvas)
        let buffer = renderer.makeBuffer()
        renderer.render(timeline, at: t, into: buffer)
        return buffer
    }

    /// The frame drawn the slow way: every sub-frame whole, averaged in floating point; at
    /// `times`, else at all `samples` of the shutter.
    func naiveAverage(_ timeline: Timeline, at t: Double, times: [Double]? = nil) -> PixelBuffer {
        var sharp = timeline.canvas
        let blur = try! #require(sharp.motionBlur)
        sharp.motionBlur = nil
        let renderer = FrameRenderer(canvas: sharp, caching: false)
        let times = times ?? blur.subframeTimes(frameTime: t, fps: sharp.fps, duration: sharp.duration)
        var sums = [Double](repeating: 0, count: renderer.makeBuffer().byteCount)
        for time in times {
            let frame = renderer.makeBuffer()
            renderer.render(timeline.drawnPresentation(at: time), into: frame)
            let bytes = frame.baseAddress.assumingMemoryBound(to: UInt8.self)
            for i in sums.indices { sums[i] += Double(bytes[i]) }
        }
        let out = renderer.makeBuffer()
        let bytes = out.baseAddress.assumingMemoryBound(to: UInt8.self)
        for i in sums.indices { bytes[i] = UInt8((sums[i] / Double(times.count)).rounded()) }
        return out
    }

    func largestDifference(_ a: PixelBuffer, _ b: PixelBuffer) -> Int {
        let x = a.baseAddress.assumingMemoryBound(to: UInt8.self), y = b.baseAddress.assumingMemoryBound(to: UInt8.self)
        return (0..<a.byteCount).reduce(0) { max($0, abs(Int(x[$1]) - Int(y[$1]))) }
    }

    func same(_ a: PixelBuffer, _ b: PixelBuffer) -> Bool {
        a.byteCount == b.byteCount && memcmp(a.baseAddress, b.baseAddress, a.byteCount) == 0
    }

    /// A white bar 60 pt wide crossing a black canvas at 600 pt/s, linearly.
    static let bar = """
        reel: 1
        canvas: { size: [400, 20], fps: 30, duration: 1, background: black, motionBlur: { shutterAngle: 180, samples: 64 } }
        layers:
          - { name: bar, position: [100, 10], bounds: [0, 0, 60, 20], backgroundColor: white }
        timeline:
          - at: 0
            add: { layer: bar, key: move, animation: { keyPath: position.x, fromValue: 100, toValue: 400, duration: 0.5, timingFunction: linear } }
        """

    /// Where the row of red values falls through `level` (0…1) after `from`, pixel centres
    /// interpolated linearly.
    func crossing(_ row: [Double], below level: Double, from: Int) -> Double? {
        for x in from..<(row.count - 1) where row[x] >= level && row[x + 1] < level {
            return Double(x) + 0.5 + (row[x] - level) / (row[x] - row[x + 1])
        }
        return nil
    }

    @Test func aMovingEdgeRampsOverSpeedTimesShutterTime() throws {
        // By hand: 600 pt/s × (180°/360° × 1/30 s) = 10 pt of ramp, centred on the edge's
        // position at the frame's time (x = 250 + 30 = 280 at t = 0.25). Between its 90 % and
        // 10 % levels a linear ramp is 0.8 of its width: 8 pt.
        let frame = render(try timeline(Self.bar), at: 0.25)
        let row = (0..<400).map { Double(frame.premultipliedRGBA(x: $0, y: 10).r) / 255 }
        let high = try #require(crossing(row, below: 0.9, from: 260))
        let low = try #require(crossing(row, below: 0.1, from: 260))
        #expect(abs((low - high) - 8) < 0.35, "ramp from \(high) to \(low)")
        #expect(abs((low + high) / 2 - 280) < 0.35, "the ramp is centred on the edge at the frame's time")
        // The trailing edge ramps up over the same width.
        let rising = row.map { 1 - $0 }
        let up10 = try #require(crossing(rising, below: 0.9, from: 200))
        let up90 = try #require(crossing(rising, below: 0.1, from: 200))
        #expect(abs((up90 - up10) - 8) < 0.35 && abs((up10 + up90) / 2 - 220) < 0.35)
    }

    @Test func aShutterOfTheSameSpeedTwiceAsOpenRampsTwiceAsWide() throws {
        let wide = Self.bar.replacingOccurrences(of: "shutterAngle: 180", with: "shutterAngle: 360")
        let frame = render(try timeline(wide), at: 0.25)
        let row = (0..<400).map { Double(frame.premultipliedRGBA(x: $0, y: 10).r) / 255 }
        let high = try #require(crossing(row, below: 0.9, from: 260))
        let low = try #require(crossing(row, below: 0.1, from: 260))
        #expect(abs((low - high) - 16) < 0.35, "ramp from \(high) to \(low)")
    }

    static let still = """
        reel: 1
        canvas: { size: [120, 80], fps: 30, duration: 2, background: "#203040", motionBlur: { samples: 16 } }
        layers:
          - { name: card, position: [60, 40], bounds: [0, 0, 70, 40], backgroundColor: orange, cornerRadius: 9, transform: { rotate: 20deg } }
          - { name: label, class: text, frame: [10, 5, 100, 20], string: Still, fontSize: 14, foregroundColor: white }
        timeline:
          - at: 0
            add: { layer: card, key: fade, animation: { keyPath: opacity, fromValue: 0.2, toValue: 1, duration: 0.5 } }
        """

    @Test func aStillFrameIsTheSameBytesWithAndWithoutBlur() throws {
        let blurred = try timeline(Self.still)
        var canvas = blurred.canvas
        canvas.motionBlur = nil
        let sharp = blurred.with(canvas: canvas)
        // At 1 s nothing moves within the shutter (the fade ended at 0.5 s).
        #expect(same(render(blurred, at: 1), render(sharp, at: 1)))
        #expect(!same(render(blurred, at: 0.25), render(sharp, at: 0.25)), "while the fade runs, the frame differs")
    }

    /// Still layers below and above one that moves and turns: what the renderer draws once and
    /// what it draws per sub-frame must add up to every sub-frame drawn whole.
    static let mixed = """
        reel: 1
        canvas: { size: [160, 100], fps: 24, duration: 2, background: "#101820", motionBlur: { shutterAngle: 270, samples: 8 } }
        layers:
          - { name: floor, frame: [0, 60, 160, 40], backgroundColor: "#2A6F97" }
          - { name: card, position: [40, 50], bounds: [0, 0, 40, 30], backgroundColor: "#F2AA4CCC", cornerRadius: 6, borderWidth: 2, borderColor: white }
          - { name: glass, frame: [90, 10, 50, 80], backgroundColor: "#FFFFFF40" }
        timeline:
          - at: 0
            add: { layer: card, key: go, animation: { keyPath: position.x, toValue: 140, duration: 1, timingFunction: easeIn } }
          - at: 0
            add: { layer: card, key: turn, animation: { keyPath: transform.rotation.z, toValue: 3, duration: 1 } }
        """

    @Test(arguments: ["", "zPosition: 1, "])
    func theSplitFrameEqualsTheNaiveAverage(_ extra: String) throws {
        // With a zPosition the sublayers are reordered: nothing is split, every sub-frame is drawn whole.
        let scene = Self.mixed.replacingOccurrences(of: "{ name: glass, ", with: "{ name: glass, \(extra)")
        let timeline = try timeline(scene)
        for t in [0.0, 0.4, 0.7, 0.99] {
            let times = timeline.subframeTimes(at: t, blur: try #require(timeline.canvas.motionBlur))
            let difference = largestDifference(render(timeline, at: t), naiveAverage(timeline, at: t, times: times))
            #expect(difference <= 1, "at \(t): differs by \(difference)")
        }
    }

    /// A still panel seen through a mask that slides: the panel changes only through its mask,
    /// so the renderer must compare masks to tell it from the still layers it draws once.
    static let slidingMask = """
        reel: 1
        canvas: { size: [160, 60], fps: 24, duration: 2, background: "#101820", motionBlur: { shutterAngle: 180, samples: 8 } }
        layers:
          - name: panel
            frame: [0, 0, 160, 60]
            backgroundColor: "#F2AA4C"
            mask: { name: window, position: [30, 30], bounds: [0, 0, 40, 40], cornerRadius: 8, backgroundColor: black }
        timeline:
          - at: 0
            add: { layer: window, key: slide, animation: { keyPath: position.x, toValue: 130, duration: 1, timingFunction: linear } }
        """

    @Test func aMaskThatMovesBlursWhatItReveals() throws {
        let timeline = try timeline(Self.slidingMask)
        let t = 0.5
        let times = timeline.subframeTimes(at: t, blur: try #require(timeline.canvas.motionBlur))
        #expect(times.count > 1, "the mask moves, so the frame has sub-frames")
        let difference = largestDifference(render(timeline, at: t), naiveAverage(timeline, at: t, times: times))
        #expect(difference <= 1, "differs from every sub-frame drawn whole by \(difference)")
    }

    @Test func subframeTimesAreCentredAndClampedToTheClip() {
        let blur = MotionBlur(shutterAngle: 180, samples: 4)
        // 1/60 s open around 0.5 s: midpoints of four parts.
        let times = blur.subframeTimes(frameTime: 0.5, fps: 30, duration: 1)
        let expected = [-3.0, -1, 1, 3].map { 0.5 + $0 / 480 }
        #expect(zip(times, expected).allSatisfy { abs($0 - $1) < 1e-12 })
        #expect(blur.subframeTimes(frameTime: 0, fps: 30, duration: 1).prefix(2).allSatisfy { $0 == 0 })
        // Two frames open around the end: the later half sees the end held.
        let end = MotionBlur(shutterAngle: 720, samples: 2).subframeTimes(frameTime: 1, fps: 30, duration: 1)
        #expect(abs(end[0] - (1 - 1.0 / 60)) < 1e-12 && end[1] == 1)
    }

    static let spring = """
        reel: 1
        canvas: { size: [240, 160], fps: 30, duration: 1.5, background: "#101820", motionBlur: { shutterAngle: 180, samples: 16 } }
        layers:
          - { name: card, position: [120, 80], bounds: [0, 0, 120, 70], backgroundColor: "#F2AA4C", cornerRadius: 12 }
        timeline:
          - at: 0
            add: { layer: card, key: enter, animation: { class: CASpringAnimation, keyPath: position.y, fromValue: 260, toValue: 80, damping: 12, stiffness: 170 } }
        """

    static let rotation = """
        reel: 1
        canvas: { size: [160, 160], fps: 30, duration: 1, background: "#101820", motionBlur: { shutterAngle: 180, samples: 16 } }
        layers:
          - { name: blade, position: [80, 80], bounds: [0, 0, 110, 16], backgroundColor: white, cornerRadius: 8 }
        timeline:
          - at: 0
            add: { layer: blade, key: spin, animation: { keyPath: transform.rotation.z, fromValue: 0, toValue: 6.2832, duration: 1, timingFunction: linear } }
        """

    @Test func goldenBlurredSpringEntrance() throws {
        try Golden.check(render(try timeline(Self.spring), at: 4.0 / 30), "motion-blur-spring")
    }

    @Test func goldenBlurredRotation() throws {
        try Golden.check(render(try timeline(Self.rotation), at: 0.5), "motion-blur-rotation")
    }

    /// The bar at `speed` pt/s (linear), with a shutter of `samples` at most.
    func bar(speed: Double, samples: Int = 16) throws -> Timeline {
        try timeline(
            Self.bar.replacingOccurrences(of: "samples: 64", with: "samples: \(samples)")
                .replacingOccurrences(of: "toValue: 400, duration: 0.5", with: "byValue: \(speed), duration: 1"))
    }

    @Test func aFrameGetsTheSubframesItsMotionNeedsUpToTheLimit() throws {
        // By hand, at 30 fps and 180° (1/60 s open): 30 pt/s moves 0.5 px (at least 2 sub-frames),
        // 300 pt/s 5 px (5, one a pixel), 6000 pt/s 100 px (the limit, 16).
        for (speed, expected) in [(30.0, 2), (300, 5), (6000, 16)] {
            let timeline = try bar(speed: speed)
            let blur = try #require(timeline.canvas.motionBlur)
            #expect(timeline.subframeTimes(at: 0.25, blur: blur).count == expected, "at \(speed) pt/s")
        }
        // Doubled by the canvas's scale: 300 pt/s at 2× moves 10 device pixels.
        let scaled = try timeline(Self.bar.replacingOccurrences(of: "fps: 30,", with: "fps: 30, scale: 2,"))
        #expect(scaled.subframeTimes(at: 0.25, blur: MotionBlur(samples: 64)).count == 20)
        // Once the fade has ended nothing changes: one sub-frame; while it runs, opacity alone
        // moves nothing: two.
        let still = try timeline(Self.still)
        #expect(still.subframeTimes(at: 1, blur: MotionBlur()).count == 1)
        #expect(still.subframeTimes(at: 0.25, blur: MotionBlur()).count == 2)
    }

    @Test func aSlowMoverStaysCloseToTheFullShuttersAverage() throws {
        // 60 pt/s: one pixel in the shutter, two sub-frames half a pixel apart. Against the
        // average of 16, an edge's coverage (linear across a pixel) differs by at most 1/32 (at a
        // quarter pixel: (0 + ½)/2 against ∫₀^¾ x dx = 9/32), 8 levels; elsewhere it is the same.
        let timeline = try bar(speed: 60)
        for t in [0.1, 0.25, 0.4] {
            let difference = largestDifference(render(timeline, at: t), naiveAverage(timeline, at: t))
            #expect(difference <= 9, "at \(t): differs by \(difference)")
        }
    }

    @Test func aStrokeDrawnOnCountsItsEndsTravelAlongThePath() throws {
        // A 300-pt line drawn on in 1 s: its end moves 300 pt/s, 5 px in a 1/60 s shutter.
        let scene = """
            reel: 1
            canvas: { size: [400, 20], fps: 30, duration: 1, motionBlur: { samples: 16 } }
            layers:
              - { name: line, class: shape, frame: [0, 0, 400, 20], path: "M50 10 L350 10", strokeColor: white, lineWidth: 4, fillColor: null }
            timeline:
              - at: 0
                add: { layer: line, key: draw, animation: { keyPath: strokeEnd, fromValue: 0, toValue: 1, duration: 1, timingFunction: linear } }
            """
        let line = try timeline(scene)
        #expect(line.subframeTimes(at: 0.5, blur: MotionBlur()).count == 5)
        // A change whose reach is unknown (the line's width) takes the limit.
        let widening = scene.replacingOccurrences(
            of: "keyPath: strokeEnd, fromValue: 0, toValue: 1", with: "keyPath: lineWidth, fromValue: 1, toValue: 9")
        #expect(try timeline(widening).subframeTimes(at: 0.5, blur: MotionBlur()).count == 16)
    }
}
