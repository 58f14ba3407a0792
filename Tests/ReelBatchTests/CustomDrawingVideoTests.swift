import Foundation
import Reel
import ReelTestSupport
import Testing

/// A clock face drawn with `draw(in:)`, its hand redrawn every half second.
final class ClockLayer: CALayer {
    var tick = 0

    override func draw(in ctx: CGContext) {
        let c = CGPoint(x: bounds.midX, y: bounds.midY), r = bounds.width / 2 - 4
        ctx.setFillColor(.white)
        ctx.fillEllipse(in: CGRect(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r))
        ctx.setStrokeColor(CGColor(gray: 0.3))
        ctx.setLineWidth(2)
        for hour in 0..<12 {
            ctx.saveGState()
            ctx.translateBy(x: c.x, y: c.y)
            ctx.rotate(by: CGFloat(hour) * .pi / 6)
            ctx.move(to: CGPoint(x: 0, y: -r))
            ctx.addLine(to: CGPoint(x: 0, y: -r + 8))
            ctx.strokePath()
            ctx.restoreGState()
        }
        // The hand: a quarter turn per tick, from 12 o'clock.
        ctx.translateBy(x: c.x, y: c.y)
        ctx.rotate(by: CGFloat(tick) * .pi / 2)
        ctx.setStrokeColor(CGColor(red: 1, green: 0, blue: 0))
        ctx.setLineWidth(6)
        ctx.setLineCap(.round)
        ctx.move(to: .zero)
        ctx.addLine(to: CGPoint(x: 0, y: -r + 14))
        ctx.strokePath()
    }
}

@Suite(
    "Custom drawing to video", .serialized,
    .enabled(if: MediaTools.available, "needs ffmpeg and ffprobe (tools/setup installs them)"))
struct CustomDrawingVideoTests {
    @Test func aClockDrawnWithDrawInRendersToMP4() throws {
        let scene = Scene(
            canvas: Canvas(size: CGSize(width: 160, height: 120), fps: 10, duration: 2, background: CGColor(gray: 0.1)))
        let clock = ClockLayer()
        clock.frame = CGRect(x: 30, y: 10, width: 100, height: 100)
        clock.actions = ["contents": NSNull()]  // tick, don't cross-fade
        clock.setNeedsDisplay()
        scene.rootLayer.addSublayer(clock)
        for k in 1...3 {
            scene.at(Double(k) * 0.5) {
                clock.tick = k
                clock.setNeedsDisplay()
            }
        }
        let folder = try ScratchFolder()
        let path = folder.path + "/clock.mp4"
        let result = try scene.render(to: path)
        #expect(result.frames == 20)
        let probe = try StreamProbe.read(path)
        #expect(
            probe.codec == "h264" && probe.width == 160 && probe.height == 120 && probe.frames == 20
                && abs(probe.duration - 2) < 1e-6)
        // The hand, in the decoded frames: up at 0.2 s, right at 0.7 s, down at 1.2 s.
        let frames = try MediaTools.frames(path, width: 160, height: 120)
        #expect(frames.count == 20)
        func isRed(_ frame: Int, _ x: Int, _ y: Int) -> Bool {
            let i = (y * 160 + x) * 4, p = frames[frame]
            return p[i] > 180 && p[i + 1] < 90 && p[i + 2] < 90
        }
        #expect(isRed(2, 80, 35) && !isRed(2, 105, 60))
        #expect(isRed(7, 105, 60) && !isRed(7, 80, 35))
        #expect(isRed(12, 80, 85) && !isRed(12, 105, 60))
    }
}
