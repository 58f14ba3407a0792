import Foundation
import ReelCore

/// A tutorial-style custom-drawn layer: a pie chart of `values`, each slice an `addArc` wedge
/// filled and stroked in white, with a drop shadow under the pie and a label in the middle.
final class PieChartLayer: CALayer {
    var values: [CGFloat] = [5, 3, 2]
    var colors: [CGColor] = [
        CGColor(red: 0.91, green: 0.30, blue: 0.24), CGColor(red: 0.95, green: 0.77, blue: 0.06),
        CGColor(red: 0.16, green: 0.50, blue: 0.73)
    ]
    var label = "Q3"

    override func draw(in ctx: CGContext) {
        let center = CGPoint(x: bounds.midX, y: bounds.midY)
        let radius = min(bounds.width, bounds.height) / 2 - 12
        let total = values.reduce(0, +)
        // The shadow, once, under the whole pie.
        ctx.saveGState()
        ctx.setShadow(offset: CGSize(width: 0, height: 4), blur: 8, color: CGColor(gray: 0, alpha: 0.5))
        ctx.setFillColor(.white)
        ctx.fillEllipse(in: CGRect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius))
        ctx.restoreGState()
        var start = -CGFloat.pi / 2  // 12 o'clock, slices run clockwise
        ctx.setStrokeColor(.white)
        ctx.setLineWidth(3)
        ctx.setLineJoin(.round)
        for (value, color) in zip(values, colors) {
            let end = start + 2 * .pi * value / total
            ctx.move(to: center)
            ctx.addArc(center: center, radius: radius, startAngle: start, endAngle: end, clockwise: false)
            ctx.closePath()
            ctx.setFillColor(color)
            ctx.drawPath(using: .fillStroke)
            start = end
        }
        // A hole and a label: a donut chart's centre.
        ctx.setFillColor(.white)
        ctx.fillEllipse(
            in: CGRect(
                x: center.x - radius / 2.5, y: center.y - radius / 2.5, width: radius / 1.25, height: radius / 1.25))
        ctx.drawText(label, at: CGPoint(x: center.x - 13, y: center.y - 11), size: 16, color: CGColor(gray: 0.2))
    }
}
