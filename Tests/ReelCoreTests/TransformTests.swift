import Foundation
import Testing

@testable import ReelCore

@Suite("CATransform3D")
struct TransformTests {
    @Test func rotationTurnsClockwiseOnAYDownScreen() {
        let r = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        // (1, 0) → (0, 1): right turns to down, i.e. clockwise with y pointing down.
        #expect(close(r.apply(to: CGPoint(x: 1, y: 0)), CGPoint(x: 0, y: 1)))
        #expect(r.m12 == 1 && r.m21 == -1 && r.m11 == 0)
    }

    @Test func concatAppliesLeftFirst() {
        let t = CATransform3DMakeTranslation(10, 0, 0)
        let r = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        // Translate then rotate: (0,0) → (10,0) → (0,10).
        #expect(close(CATransform3DConcat(t, r).apply(to: .zero), CGPoint(x: 0, y: 10)))
        // CATransform3DRotate(t, …) rotates first, in t's space: (0,0) stays, then moves by 10.
        #expect(close(CATransform3DRotate(t, .pi / 2, 0, 0, 1).apply(to: .zero), CGPoint(x: 10, y: 0)))
        #expect(close(CATransform3DRotate(t, .pi / 2, 0, 0, 1).apply(to: CGPoint(x: 1, y: 0)), CGPoint(x: 10, y: 1)))
    }

    @Test func inverseUndoes() {
        let m = CATransform3DRotate(
            CATransform3DScale(CATransform3DMakeTranslation(3, -4, 5), 2, 0.5, 1.5), 0.7, 1, 2, 3)
        #expect(close(m.concatenating(m.inverted!), .identity, 1e-12))
        #expect(CATransform3DMakeScale(0, 1, 1).inverted == nil)
        #expect(CATransform3DInvert(CATransform3DMakeScale(0, 1, 1)) == CATransform3DMakeScale(0, 1, 1))
    }

    @Test func decompositionRoundTrips() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            func r(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &generator) }
            var m = CATransform3DMakeTranslation(r(-100...100), r(-100...100), r(-10...10))
            m = CATransform3DRotate(m, r(-7...7), r(-1...1), r(-1...1), r(-1...1))
            m = CATransform3DScale(m, r(0.1...3) * (Bool.random() ? 1 : -1), r(0.1...3), r(0.1...3))
            if Bool.random() { m.m21 += r(-0.5...0.5) }
            if Bool.random() { m.m34 = -1 / r(100...1000) }
            guard let d = DecomposedTransform(m) else {
                Issue.record("could not decompose \(m)")
                continue
            }
            #expect(close(d.recomposed, m, 1e-7), "\(m) → \(d.recomposed)")
        }
    }

    @Test func fullTurnMatrixDoesNotMove() {
        // Seed 003: toValue = a 360° rotation matrix is the identity, so nothing turns.
        let full = AnimatableValue.transform(CATransform3DMakeRotation(2 * .pi, 0, 0, 1))
        let mid = AnimatableValue.transform(.identity).interpolated(to: full, fraction: 0.5)
        #expect(close(mid.transform!, .identity, 1e-9))
    }

    @Test func rotationInterpolatesAlongTheShortArc() {
        let a = AnimatableValue.transform(CATransform3DMakeRotation(0, 0, 0, 1))
        let b = AnimatableValue.transform(CATransform3DMakeRotation(.pi / 2, 0, 0, 1))
        #expect(close(a.interpolated(to: b, fraction: 0.5).transform!, CATransform3DMakeRotation(.pi / 4, 0, 0, 1)))
        // 270° is reached the short way: −90°, so half-way is −45°.
        let c = AnimatableValue.transform(CATransform3DMakeRotation(1.5 * .pi, 0, 0, 1))
        #expect(close(a.interpolated(to: c, fraction: 0.5).transform!, CATransform3DMakeRotation(-.pi / 4, 0, 0, 1)))
    }

    @Test func scalingToZeroInterpolatesSmoothly() {
        let a = AnimatableValue.transform(CATransform3DMakeRotation(0.5, 0, 0, 1))
        let b = AnimatableValue.transform(CATransform3DScale(CATransform3DMakeRotation(0.5, 0, 0, 1), 0, 0, 1))
        let mid = a.interpolated(to: b, fraction: 0.5).transform!
        #expect(close(mid, CATransform3DScale(CATransform3DMakeRotation(0.5, 0, 0, 1), 0.5, 0.5, 1), 1e-9))
    }

    @Test func translationAndScaleInterpolateComponentWise() {
        let a = AnimatableValue.transform(.identity)
        let b = AnimatableValue.transform(CATransform3DScale(CATransform3DMakeTranslation(100, 40, 0), 3, 3, 1))
        let mid = a.interpolated(to: b, fraction: 0.5).transform!
        #expect(close(mid, CATransform3DScale(CATransform3DMakeTranslation(50, 20, 0), 2, 2, 1)))
    }

    @Test func eulerAnglesOfAPlaneRotation() {
        var d = DecomposedTransform(CATransform3DMakeRotation(2.5, 0, 0, 1))!
        #expect(close(d.eulerAngles.z, 2.5))
        d.eulerAngles.z = -1
        #expect(close(d.recomposed, CATransform3DMakeRotation(-1, 0, 0, 1)))
        let x = DecomposedTransform(CATransform3DMakeRotation(0.3, 1, 0, 0))!
        #expect(close(x.eulerAngles.x, 0.3) && close(x.eulerAngles.z, 0))
    }
}
