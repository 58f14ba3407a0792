import Foundation
import ReelCore
import ReelRender
import ReelScene
import Testing

/// CATransition rendering: old (red, with a white mark at its left edge) gives way to new (blue,
/// mark on the right) in a 100×60 layer.
@Suite("Transitions")
struct TransitionTests {
    static func scene(_ animation: String) -> String {
        """
        reel: 1
        canvas: { size: [120, 80], duration: 2, background: black }
        layers:
          - name: view
            frame: [10, 10, 100, 60]
            backgroundColor: red
            sublayers: [{ name: mark, frame: [0, 20, 10, 20], backgroundColor: white }]
        timeline:
          - at: 0
            disableActions: true
            set: { view: { backgroundColor: blue }, mark: { position: [95, 30] } }
            add: { layer: view, key: change, animation: { class: transition, duration: 1, \(animation) } }
        """
    }

    func frame(_ animation: String, at t: Double) throws -> PixelBuffer {
        try renderScene(Self.scene(animation), at: t, file: "t.yaml")
    }

    static let red = [255, 0, 0, 255], blue = [0, 0, 255, 255]

    @Test func pushMovesBothAppearances() throws {
        let b = try frame("type: push, subtype: fromRight", at: 0.5)
        // Half-way: old (red) pushed half out to the left, new (blue) half in from the right.
        #expect(b.color(30, 40) == Self.red)
        #expect(b.color(90, 40) == Self.blue)
        // Old's white mark (at its left edge) has been pushed out; new's (at its right edge) is
        // still outside the layer.
        #expect(!(0..<120).contains { b.color($0, 40) == [255, 255, 255, 255] })
    }

    @Test func moveInMovesOnlyTheNewAndRevealOnlyTheOld() throws {
        let m = try frame("type: moveIn, subtype: fromLeft", at: 0.25)
        // New comes from the left: after a quarter it covers the leftmost quarter; old stays put.
        #expect(m.color(20, 40) == Self.blue)
        #expect(m.color(60, 40) == Self.red)
        let r = try frame("type: reveal, subtype: fromTop", at: 0.5)
        // Old slides down out of the way, revealing new in the top half.
        #expect(r.color(60, 20) == Self.blue)
        #expect(r.color(60, 60) == Self.red)
    }

    @Test func fadeIsADissolve() throws {
        let b = try frame("type: fade", at: 0.5)
        #expect(near(b.color(60, 40), [128, 0, 128, 255], 3))
    }

    @Test func startAndEndProgressLimitTheEffect() throws {
        // A push held at half-way for its whole duration.
        let b = try frame("type: push, subtype: fromRight, startProgress: 0.5, endProgress: 0.5", at: 0.1)
        #expect(b.color(30, 40) == Self.red && b.color(90, 40) == Self.blue)
        let late = try frame("type: push, subtype: fromRight, startProgress: 0.5, endProgress: 1", at: 0)
        #expect(late.color(30, 40) == Self.red && late.color(90, 40) == Self.blue, "starts half-way")
    }

    @Test func flipShowsTheNewOnTheBack() throws {
        let quarter = try frame("type: oglFlip, subtype: fromRight", at: 0.25)
        let threeQuarters = try frame("type: oglFlip, subtype: fromRight", at: 0.75)
        #expect(quarter.color(60, 40) == Self.red)
        #expect(threeQuarters.color(60, 40) == Self.blue)
        let edgeOn = try frame("type: oglFlip, subtype: fromRight, timingFunction: linear", at: 0.5)
        #expect(
            (0..<120).filter { edgeOn.premultipliedRGBA(x: $0, y: 40).a > 0 && edgeOn.color($0, 40) != [0, 0, 0, 255] }
                .count < 6, "edge-on at half-way")
    }

    @Test func cubeTurnsTheNewFaceIn() throws {
        let b = try frame("type: cube, subtype: fromRight", at: 0.5)
        // Half-way through a turn to the left: old on the left face, new on the right.
        #expect(b.color(35, 40)[0] > 200 && b.color(35, 40)[2] < 50)
        #expect(b.color(85, 40)[2] > 200 && b.color(85, 40)[0] < 50)
    }

    @Test func irisClosesOnOldAndOpensOnNew() throws {
        let closing = try frame("type: cameraIris", at: 0.25)
        #expect(closing.color(60, 40) == Self.red)
        #expect(closing.color(12, 12)[0] < 40, "corners behind the blades")
        let opening = try frame("type: cameraIris", at: 0.75)
        #expect(opening.color(60, 40) == Self.blue)
    }

    @Test func pageCurlRevealsTheNewPageBehindTheCurl() throws {
        // A quarter of the way (linear): the curl line is at 100 − ¼ × (100 + π × 10) ≈ 67 in the
        // layer; left of it the old page lies flat, right of the cylinder (≈ 77) the new shows.
        let b = try frame("type: pageCurl, subtype: fromRight, timingFunction: linear", at: 0.25)
        #expect(b.color(10 + 30, 40) == Self.red, "the flat part of the old page")
        let revealed = b.color(10 + 84, 40)
        #expect(
            revealed[2] > 150 && revealed[0] < 30,
            "the new page (in the curl's shadow) where the old has curled away: \(revealed)")
        // Half-way, the turned-over part lies on top of the left side, its back (pale) up.
        let half = try frame("type: pageCurl, subtype: fromRight, timingFunction: linear", at: 0.5)
        let back = half.color(10 + 20, 40)
        #expect(back[1] > 100 && back[0] > 200, "paper back over the page: \(back)")
    }

    @Test func startAndEndProgressGolden() throws {
        // A push run from 20 % to 60 % of the effect: at its start, middle and end.
        let spec = "type: push, subtype: fromRight, startProgress: 0.2, endProgress: 0.6, timingFunction: linear"
        let frames = try [0.0, 0.5, 0.999].map { try frame(spec, at: $0) }
        let sheet = PixelBuffer(width: 360, height: 80)
        for (column, b) in frames.enumerated() {
            for y in 0..<80 {
                sheet.baseAddress.advanced(by: y * sheet.stride + column * 480).copyMemory(
                    from: b.baseAddress.advanced(by: y * b.stride), byteCount: 480)
            }
        }
        // At the start the new side has come in 20 % of the width, at the end 60 %.
        #expect(frames[0].color(10 + 85, 40) == Self.blue && frames[0].color(10 + 75, 40) == Self.red)
        #expect(frames[2].color(10 + 45, 40) == Self.blue && frames[2].color(10 + 35, 40) == Self.red)
        try Golden.check(sheet, "transition-push-start-end-progress")
    }

    /// One sheet per type: rows are the subtypes, columns 25 %, 50 % and 75 % of the way.
    @Test(arguments: CATransitionType.allCases)
    func goldenSheet(type: CATransitionType) throws {
        let subtypes = type.hasDirection ? CATransitionSubtype.allCases : [CATransitionSubtype.fromLeft]
        let cell = (w: 120, h: 80)
        let sheet = PixelBuffer(width: cell.w * 3, height: cell.h * subtypes.count)
        for (row, subtype) in subtypes.enumerated() {
            for (column, progress) in [0.25, 0.5, 0.75].enumerated() {
                let b = try frame(
                    "type: \(type.rawValue), subtype: \(subtype.rawValue), timingFunction: linear", at: progress)
                for y in 0..<cell.h {
                    let src = b.baseAddress.advanced(by: y * b.stride)
                    let dst = sheet.baseAddress.advanced(by: (row * cell.h + y) * sheet.stride + column * cell.w * 4)
                    dst.copyMemory(from: src, byteCount: cell.w * 4)
                }
            }
        }
        try Golden.check(sheet, "transition-\(type.rawValue)")
    }
}
