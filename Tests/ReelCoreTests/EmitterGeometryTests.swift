import Foundation
import Testing

@testable import ReelCore

/// Where particles are born on each emitter shape in each mode, and which way they leave.
@Suite("Emitter shapes and emission directions")
struct EmitterGeometryTests {
    /// 400 evenly spread draws (a 3D lattice, so every region of the unit cube is hit).
    var draws: [SIMD3<Double>] {
        (0..<400).map { (i: Int) -> SIMD3<Double> in
            let x: Double = Double(i % 20) / 20 + 0.025
            let y: Double = Double((i / 20) % 20) / 20 + 0.025
            let z: Double = Double((i * 7) % 19) / 19 + 0.02
            return SIMD3(x, y, z)
        }
    }

    func points(_ shape: CAEmitterLayerEmitterShape, _ mode: CAEmitterLayerEmitterMode) -> [SIMD3<Double>] {
        draws.map {
            EmitterGeometry.birthOffset(shape: shape, mode: mode, size: CGSize(width: 40, height: 20), depth: 10, $0)
        }
    }

    @Test func aPointIsAPointInEveryMode() {
        for mode in CAEmitterLayerEmitterMode.allCases { #expect(points(.point, mode).allSatisfy { $0 == .zero }) }
    }

    @Test func aLineRunsAlongXOrGivesItsEnds() {
        #expect(Set(points(.line, .points)) == [SIMD3(-20, 0, 0), SIMD3(20, 0, 0)])
        for mode in [CAEmitterLayerEmitterMode.outline, .surface, .volume] {
            let p = points(.line, mode)
            #expect(p.allSatisfy { abs($0.x) <= 20 && $0.y == 0 && $0.z == 0 })
            #expect(p.map(\.x).min()! < -18 && p.map(\.x).max()! > 18)
        }
    }

    @Test func aRectangleGivesCornersEdgesOrArea() {
        #expect(
            Set(points(.rectangle, .points)) == [
                SIMD3(-20, -10, 0), SIMD3(20, -10, 0), SIMD3(-20, 10, 0), SIMD3(20, 10, 0)
            ])
        let outline = points(.rectangle, .outline)
        #expect(
            outline.allSatisfy {
                (abs(abs($0.x) - 20) < 1e-9 && abs($0.y) <= 10) || (abs(abs($0.y) - 10) < 1e-9 && abs($0.x) <= 20)
            })
        // Every side has its share (by length: 40 : 20 : 40 : 20).
        #expect(
            outline.filter { abs($0.y + 10) < 1e-9 }.count > 100 && outline.filter { abs($0.x - 20) < 1e-9 }.count > 50)
        for mode in [CAEmitterLayerEmitterMode.surface, .volume] {
            let p = points(.rectangle, mode)
            #expect(p.allSatisfy { abs($0.x) <= 20 && abs($0.y) <= 10 && $0.z == 0 })
            #expect(p.contains { abs($0.x) < 5 && abs($0.y) < 3 }, "inside too, not only the edge")
        }
    }

    @Test func aCuboidGivesCornersEdgesFacesOrInside() {
        #expect(Set(points(.cuboid, .points)).count == 8)
        #expect(points(.cuboid, .points).allSatisfy { abs($0.x) == 20 && abs($0.y) == 10 && abs($0.z) == 5 })
        // On an edge: at least two coordinates on their faces.
        let onFace = { (p: SIMD3<Double>) in
            [abs(abs(p.x) - 20) < 1e-9, abs(abs(p.y) - 10) < 1e-9, abs(abs(p.z) - 5) < 1e-9]
        }
        #expect(points(.cuboid, .outline).allSatisfy { onFace($0).filter { $0 }.count >= 2 })
        let surface = points(.cuboid, .surface)
        #expect(
            surface.allSatisfy { onFace($0).contains(true) && abs($0.x) <= 20 && abs($0.y) <= 10 && abs($0.z) <= 5 })
        let volume = points(.cuboid, .volume)
        #expect(volume.allSatisfy { abs($0.x) <= 20 && abs($0.y) <= 10 && abs($0.z) <= 5 })
        #expect(volume.contains { !onFace($0).contains(true) })
    }

    @Test func aCircleHasTheWidthAsItsRadius() {
        #expect(points(.circle, .points).allSatisfy { $0 == .zero })
        let r = { (p: SIMD3<Double>) in (p.x * p.x + p.y * p.y).squareRoot() }
        #expect(points(.circle, .outline).allSatisfy { abs(r($0) - 40) < 1e-9 && $0.z == 0 })
        for mode in [CAEmitterLayerEmitterMode.surface, .volume] {
            let p = points(.circle, mode)
            #expect(p.allSatisfy { r($0) <= 40 + 1e-9 && $0.z == 0 } && p.contains { r($0) < 20 })
        }
    }

    @Test func aSphereGivesItsSurfaceOrItsBall() {
        let r = { (p: SIMD3<Double>) in (p * p).sum().squareRoot() }
        #expect(points(.sphere, .outline).allSatisfy { abs(r($0) - 40) < 1e-9 && $0.z == 0 })
        let surface = points(.sphere, .surface)
        #expect(surface.allSatisfy { abs(r($0) - 40) < 1e-9 } && surface.contains { abs($0.z) > 30 })
        let ball = points(.sphere, .volume)
        #expect(ball.allSatisfy { r($0) <= 40 + 1e-9 } && ball.contains { r($0) < 20 })
    }

    @Test func directionsFollowLongitudeLatitudeAndStayInTheCone() {
        let d = { (lat: Double, long: Double) in
            EmitterGeometry.direction(latitude: lat, longitude: long, range: 0, SIMD2(0.3, 0.7))
        }
        #expect(close(d(0, 0).x, 1) && close(d(0, .pi / 2).y, 1), "0 is +x; a quarter turn is +y, down the screen")
        #expect(close(d(.pi / 2, 0).z, 1), "latitude turns towards +z")
        let axis = d(0, -.pi / 2)
        for i in 0..<200 {
            let u = SIMD2(Double(i % 20) / 20, Double(i / 20) / 10)
            let v = EmitterGeometry.direction(latitude: 0, longitude: -.pi / 2, range: .pi / 6, u)
            #expect(close((v * v).sum(), 1, 1e-12), "unit length")
            #expect((v * axis).sum() >= cos(Double.pi / 6) - 1e-12, "within the range of the axis")
        }
    }
}
