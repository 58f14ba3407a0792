// What a user's program does with Reel, through the public API only: a scene built in Swift with
// Core Animation, UIKit-style views and a custom-drawn layer; rendered to a video and a still;
// a scene file rendered through the render job; presentation values printed for the test.
import Foundation
import ReelUIKit

/// A layer that draws itself, as tutorials do.
final class PieLayer: CALayer {
    override func draw(in ctx: CGContext) {
        let centre = CGPoint(x: bounds.midX, y: bounds.midY)
        ctx.setFillColor(UIColor.systemBlue.cgColor)
        ctx.move(to: centre)
        ctx.addArc(center: centre, radius: bounds.width / 2, startAngle: 0, endAngle: .pi * 1.2, clockwise: false)
        ctx.closePath()
        ctx.fillPath()
    }
}

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write("usage: ReelConsumer OUTPUT-FOLDER SCENE-FILE\n".data(using: .utf8)!)
    exit(2)
}
let folder = URL(fileURLWithPath: arguments[1])

let scene = Scene(canvas: Canvas(size: CGSize(width: 320, height: 240), fps: 30, duration: 1))
let card = UIView(frame: CGRect(x: 20, y: 20, width: 100, height: 60))
card.backgroundColor = .systemOrange
scene.addSubview(card)

let pie = PieLayer()
pie.frame = CGRect(x: 200, y: 120, width: 80, height: 80)
pie.setNeedsDisplay()
scene.rootLayer.addSublayer(pie)

let ring = CAShapeLayer()
ring.path = UIBezierPath(ovalIn: CGRect(x: 40, y: 120, width: 80, height: 80)).cgPath
ring.strokeColor = UIColor.white.cgColor
ring.fillColor = nil
ring.lineWidth = 6
scene.rootLayer.addSublayer(ring)

scene.at(0) {
    UIView.animate(withDuration: 0.5) { card.center = CGPoint(x: 220, y: 50) }
    let draw = CABasicAnimation(keyPath: "strokeEnd")
    draw.fromValue = 0
    draw.toValue = 1
    draw.duration = 1
    ring.add(draw, forKey: "draw")
}

do {
    // Linear timing would give 0.5 at 0.5 s; the stroke's default timing is linear.
    let timeline = try scene.compile()
    let strokeEnd = timeline.presentation(at: 0.5).first { $0.className == "CAShapeLayer" }?.state.strokeEnd ?? -1
    print("strokeEnd@0.5 \(strokeEnd)")
    let cardX =
        timeline.presentation(at: 0.75).first { $0.state.backgroundColor == UIColor.systemOrange.cgColor }?.state
        .position.x ?? -1
    print("card.x@0.75 \(cardX)")

    let video = try scene.render(
        to: folder.appendingPathComponent("consumer.mp4").path,
        options: RenderOptions(crf: 30))
    print("frames \(video.frames)")
    let still: PixelBuffer = try scene.still(at: 1)
    let p = still.rgba(x: 220, y: 160)  // left of the pie's centre: inside its 216° slice whichever way it turns
    print("pie \(p.r) \(p.g) \(p.b) \(p.a)")

    let job = RenderJob(scene: arguments[2], options: RenderOptions(fps: 10, scale: 0.25))
    _ = try job.load().plan(output: folder.appendingPathComponent("file.mp4").path).run()
    print("scene file rendered")
} catch {
    FileHandle.standardError.write("ReelConsumer: \(error)\n".data(using: .utf8)!)
    exit(1)
}
