import Foundation
import Testing

@testable import ReelCore

@Suite("CAKeyframeAnimation")
struct KeyframeTests {
    /// Runs `animation` on the box from t = 0 and returns the timeline.
    func run(_ animation: CAKeyframeAnimation) throws -> Timeline {
        let (scene, box) = makeScene()
        scene.at(0) { box.add(animation, forKey: "k") }
        return try scene.compile()
    }

    func keyframes(
        _ path: String, values: [Any]? = nil, duration: Double = 4, configure: (CAKeyframeAnimation) -> Void = { _ in }
    ) -> CAKeyframeAnimation {
        let a = CAKeyframeAnimation(keyPath: path)
        a.values = values
        a.duration = duration
        configure(a)
        return a
    }

    @Test func linearEvenlySpacedByDefault() throws {
        let t = try run(keyframes("position.x", values: [0.0, 100.0, 400.0]))
        #expect(t.state("box", at: 1).position.x == 50)
        #expect(t.state("box", at: 2).position.x == 100)
        #expect(t.state("box", at: 3).position.x == 250)
    }

    @Test func keyTimesPlaceTheKeyframes() throws {
        let t = try run(keyframes("position.x", values: [0.0, 100.0, 200.0]) { $0.keyTimes = [0, 0.75, 1] })
        #expect(close(t.state("box", at: 1.5).position.x, 50))
        #expect(close(t.state("box", at: 3).position.x, 100))
        #expect(close(t.state("box", at: 3.5).position.x, 150))
    }

    @Test func segmentTimingFunctionsApplyAfterTheAnimationsOwn() throws {
        let ease = CAMediaTimingFunction(name: .easeIn)
        let t = try run(
            keyframes("position.x", values: [0.0, 100.0, 200.0]) {
                $0.timingFunctions = [ease, .linear]
            })
        // Segment 0 spans 0…2 s: at 1 s its local fraction 0.5 is eased.
        #expect(close(t.state("box", at: 1).position.x, 100 * ease.progress(at: 0.5)))
        #expect(close(t.state("box", at: 3).position.x, 150))
        // The animation's own function maps time first, then the segment's.
        let both = try run(
            keyframes("position.x", values: [0.0, 100.0, 200.0]) {
                $0.timingFunction = ease
                $0.timingFunctions = [.linear, .linear]
            })
        #expect(close(both.state("box", at: 2).position.x, 200 * ease.progress(at: 0.5)))
    }

    @Test func discreteHoldsEachValueUntilTheNextKeyTime() throws {
        // Discrete: keyTimes has n + 1 entries.
        let t = try run(
            keyframes("opacity", values: [0.2, 0.6, 1.0]) {
                $0.calculationMode = .discrete
                $0.keyTimes = [0, 0.5, 0.75, 1]
            })
        #expect(t.state("box", at: 0).opacity == 0.2)
        #expect(t.state("box", at: 1.99).opacity == 0.2)
        #expect(t.state("box", at: 2).opacity == 0.6)
        #expect(t.state("box", at: 2.99).opacity == 0.6)
        #expect(t.state("box", at: 3).opacity == 1)
        let even = try run(keyframes("opacity", values: [0.2, 0.6, 1.0]) { $0.calculationMode = .discrete })
        #expect(even.state("box", at: 1.3).opacity == 0.2)
        #expect(even.state("box", at: 1.4).opacity == 0.6)
        #expect(even.state("box", at: 2.7).opacity == 1)
    }

    @Test func pacedMovesAtConstantSpeedOnUnequalSegments() throws {
        // Segments of length 100 and 300: at constant speed the first takes a quarter of the time.
        let points = [CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 0), CGPoint(x: 100, y: 300)]
        let t = try run(
            keyframes("position", values: points) {
                $0.calculationMode = .paced
                $0.keyTimes = [0, 0.9, 1]  // ignored when paced
                $0.timingFunctions = [.init(name: .easeIn), .init(name: .easeOut)]  // ignored too
            })
        #expect(close(t.state("box", at: 0.5).position, CGPoint(x: 50, y: 0)))
        #expect(close(t.state("box", at: 1).position, CGPoint(x: 100, y: 0)))
        #expect(close(t.state("box", at: 2.5).position, CGPoint(x: 100, y: 150)))
        // Equal distance in equal time everywhere.
        var previous = t.state("box", at: 0).position
        for i in 1..<40 {
            let p = t.state("box", at: Double(i) / 10).position
            #expect(close(hypot(p.x - previous.x, p.y - previous.y), 10, 1e-9))
            previous = p
        }
    }

    @Test func cubicPassesThroughTheKeyframesSmoothly() throws {
        let t = try run(
            keyframes("position.y", values: [0.0, 100.0, 0.0, 100.0]) {
                $0.calculationMode = .cubic
                $0.duration = 3
            })
        for (time, y) in [(0.0, 0.0), (1.0, 100.0), (2.0, 0.0), (3 - 1e-12, 100.0)] {
            #expect(close(t.state("box", at: time).position.y, y, 1e-6))
        }
        // Catmull-Rom: the tangent at keyframe 1 is (P2 − P0)/2 = 0, so the curve peaks there
        // and its slope is continuous across it (linear would jump from +100/s to −100/s).
        let h = 1e-4
        let slopeBefore = (100 - t.state("box", at: 1 - h).position.y) / h
        let slopeAfter = (t.state("box", at: 1 + h).position.y - 100) / h
        #expect(abs(slopeBefore) < 0.1 && abs(slopeAfter) < 0.1, "\(slopeBefore) \(slopeAfter)")
        // Half-way along the first segment: h00·0 + h10·m0 + h01·100 + h11·0 with m0 = 50.
        #expect(close(t.state("box", at: 0.5).position.y, 0.125 * 50 + 0.5 * 100))
    }

    @Test func tensionOneMakesTheSplineLinearAtAKeyframe() throws {
        let t = try run(
            keyframes("position.y", values: [0.0, 100.0, 0.0]) {
                $0.calculationMode = .cubic
                $0.duration = 2
                $0.tensionValues = [1, 1, 1]
            })
        // With tension 1 all tangents vanish: p(u) = h01 × 100 on the first segment.
        #expect(close(t.state("box", at: 0.5).position.y, 50))
        #expect(close(t.state("box", at: 0.25).position.y, 100 * (3 * 0.0625 - 2 * 0.015625)))
    }

    @Test func cubicPacedHasConstantSpeed() throws {
        let t = try run(
            keyframes("position", values: [CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 0), CGPoint(x: 100, y: 300)]) {
                $0.calculationMode = .cubicPaced
                $0.duration = 4
            })
        var steps: [Double] = []
        var previous = t.state("box", at: 0).position
        for i in 1..<40 {
            let p = t.state("box", at: Double(i) / 10).position
            steps.append(hypot(p.x - previous.x, p.y - previous.y))
            previous = p
        }
        let mean = steps.reduce(0, +) / Double(steps.count)
        #expect(steps.allSatisfy { abs($0 - mean) / mean < 0.02 }, "\(steps)")
        #expect(close(t.state("box", at: 4 - 1e-9).position, CGPoint(x: 100, y: 300), 1e-3))
    }

    @Test func valuesOfEveryKind() throws {
        let colors = [
            CGColor(red: 0, green: 0, blue: 1), CGColor(red: 1, green: 0, blue: 0), CGColor(red: 0, green: 1, blue: 0)
        ]
        let c = try run(keyframes("backgroundColor", values: colors))
        #expect(c.state("box", at: 1).backgroundColor == CGColor(red: 0.5, green: 0, blue: 0.5))
        let r = try run(
            keyframes(
                "bounds", values: [CGRect(x: 0, y: 0, width: 10, height: 10), CGRect(x: 0, y: 0, width: 30, height: 50)]
            ))
        #expect(r.state("box", at: 2).bounds == CGRect(x: 0, y: 0, width: 20, height: 30))
        let m = try run(keyframes("transform", values: [CATransform3D.identity, CATransform3DMakeScale(3, 3, 1)]))
        #expect(close(m.state("box", at: 2).transform, CATransform3DMakeScale(2, 2, 1)))
    }

    @Test func pathKeyframesFollowTheCurve() throws {
        // Seed 000: the petal on "M50 150 C160 280 -30 300 55 400" — one curve segment, so the
        // layer follows the Bézier by its parameter over the whole duration.
        let path = try CGPath(svgPath: "M50 150 C160 280 -30 300 55 400")
        let t = try run(keyframes("position", duration: 8) { $0.path = path })
        let segment = PathGeometry.segments(of: path)[0]
        for time in [0.0, 2, 4, 6] {
            #expect(close(t.state("box", at: time).position, segment.point(at: time / 8), 1e-9))
        }
        #expect(t.state("box", at: 8).position == CGPoint(x: 50, y: 50), "not filled: back to the model value")
    }

    @Test func eachNonMovePointIsAKeyframe() throws {
        // Two line segments of different lengths: linear mode gives each half the time.
        let path = try CGPath(svgPath: "M0 0 L100 0 L100 300")
        let t = try run(keyframes("position", duration: 4) { $0.path = path })
        #expect(close(t.state("box", at: 1).position, CGPoint(x: 50, y: 0)))
        #expect(close(t.state("box", at: 3).position, CGPoint(x: 100, y: 150)))
        let paced = try run(
            keyframes("position", duration: 4) {
                $0.path = path; $0.calculationMode = .paced
            })
        #expect(close(paced.state("box", at: 1).position, CGPoint(x: 100, y: 0)))
    }

    @Test func ellipsePathStartsAtTheRightAndRunsClockwise() throws {
        let path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 200, height: 100))
        let t = try run(keyframes("position", duration: 4) { $0.path = path })
        #expect(close(t.state("box", at: 0).position, CGPoint(x: 200, y: 50)))
        #expect(close(t.state("box", at: 1).position, CGPoint(x: 100, y: 100)), "a quarter later: the bottom (y down)")
        #expect(close(t.state("box", at: 2).position, CGPoint(x: 0, y: 50)))
        #expect(close(t.state("box", at: 3).position, CGPoint(x: 100, y: 0)))
    }

    @Test func rotationModeTurnsTheLayerToTheTangent() throws {
        let path = try CGPath(svgPath: "M0 0 L100 0 L100 100")
        let auto = try run(
            keyframes("position", duration: 2) {
                $0.path = path; $0.rotationMode = .rotateAuto
            })
        #expect(close(auto.state("box", at: 0.5).transform, .identity))
        #expect(
            close(auto.state("box", at: 1.5).transform, CATransform3DMakeRotation(.pi / 2, 0, 0, 1)), "heading down")
        let reverse = try run(
            keyframes("position", duration: 2) {
                $0.path = path; $0.rotationMode = .rotateAutoReverse
            })
        #expect(close(reverse.state("box", at: 0.5).transform, CATransform3DMakeRotation(.pi, 0, 0, 1)))
    }

    @Test func valueFunctionsWorkOnKeyframesToo() throws {
        let t = try run(
            keyframes("transform", values: [0.0, 2 * Double.pi, 3 * Double.pi]) {
                $0.valueFunction = CAValueFunction(name: .rotateZ)
            })
        // Values are angles, interpolated as numbers: past 180° with no shortest-arc shortcut.
        #expect(close(t.state("box", at: 1).transform, CATransform3DMakeRotation(Double.pi, 0, 0, 1), 1e-12))
        #expect(close(t.state("box", at: 3).transform, CATransform3DMakeRotation(2.5 * Double.pi, 0, 0, 1), 1e-12))
        let bad = keyframes("opacity", values: [0.0, 1.0]) { $0.valueFunction = CAValueFunction(name: .scale) }
        #expect(throws: AnimationError("a valueFunction makes a transform; 'opacity' is not a transform key path")) {
            try bad.validate()
        }
    }

    @Test func invalidKeyTimesAreRejected() {
        let bad = keyframes("opacity", values: [0.0, 1.0]) { $0.keyTimes = [0, 0.5, 1] }
        #expect(throws: AnimationError("keyTimes has 3 entries; 2 values needs 2")) { try bad.validate() }
        let order = keyframes("opacity", values: [0.0, 1.0, 0.5]) { $0.keyTimes = [0, 0.8, 0.5] }
        #expect(throws: AnimationError("keyTimes must not decrease: keyTimes[2] = 0.5 < 0.8")) { try order.validate() }
        let empty = keyframes("opacity")
        #expect(throws: AnimationError("a CAKeyframeAnimation needs values or a path")) { try empty.validate() }
    }
}
