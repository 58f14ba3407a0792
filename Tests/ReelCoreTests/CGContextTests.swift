import Foundation
import Testing

@testable import ReelCore

/// `CGContext` records Core Graphics' calls: state, transforms and paths resolved into base space.
@Suite("CGContext recording")
struct CGContextTests {
    /// The paints recorded (saves, restores and clips left out).
    func paints(_ ctx: CGContext) -> [DrawingCommand] {
        ctx.displayList.commands.filter {
            switch $0 {
            case .saveGState, .restoreGState, .clip: false;
            default: true
            }
        }
    }

    @Test func aLayerContextIsItsBoundsSpaceScaledToTheBackingStore() {
        let ctx = CGContext(bounds: CGRect(x: 10, y: 20, width: 100, height: 50), scale: 2)
        #expect(ctx.size == CGSize(width: 200, height: 100))
        #expect(ctx.ctm == CGAffineTransform(a: 2, b: 0, c: 0, d: 2, tx: -20, ty: -40))
        // The top-left of the bounds is the backing store's origin; y grows down.
        #expect(ctx.convertToDeviceSpace(CGPoint(x: 10, y: 20)) == .zero)
        #expect(ctx.convertToDeviceSpace(CGPoint(x: 110, y: 70)) == CGPoint(x: 200, y: 100))
        #expect(ctx.boundingBoxOfClipPath == CGRect(x: 10, y: 20, width: 100, height: 50))
    }

    @Test func transformsComposeAsInCoreGraphics() {
        let ctx = CGContext(size: CGSize(width: 100, height: 100))
        ctx.translateBy(x: 10, y: 0)
        ctx.scaleBy(x: 2, y: 3)
        // The newest operation applies first: (1, 1) → scale (2, 3) → translate (12, 3).
        #expect(ctx.convertToDeviceSpace(CGPoint(x: 1, y: 1)) == CGPoint(x: 12, y: 3))
        ctx.rotate(by: .pi / 2)
        // Rotating +90° turns +x towards +y (clockwise on a y-down screen).
        #expect(close(ctx.convertToDeviceSpace(CGPoint(x: 1, y: 0)), CGPoint(x: 10, y: 3), 1e-12))
        ctx.concatenate(CGAffineTransform(translationX: 0, y: 5))
        #expect(close(ctx.convertToDeviceSpace(.zero), CGPoint(x: 10 - 10, y: 0), 1e-12))
    }

    @Test func saveAndRestoreKeepTheStateButNotThePath() {
        let ctx = CGContext(size: CGSize(width: 100, height: 100))
        ctx.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        ctx.setLineWidth(4)
        ctx.move(to: CGPoint(x: 1, y: 1))
        ctx.saveGState()
        ctx.translateBy(x: 50, y: 50)
        ctx.setFillColor(gray: 0.5, alpha: 1)
        ctx.setLineWidth(9)
        ctx.setAlpha(0.5)
        ctx.setBlendMode(.multiply)
        ctx.clip(to: CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(ctx.boundingBoxOfClipPath == CGRect(x: 0, y: 0, width: 10, height: 10))
        ctx.restoreGState()
        #expect(ctx.ctm == .identity)
        #expect(ctx.boundingBoxOfClipPath == CGRect(x: 0, y: 0, width: 100, height: 100))
        // `clip(to:)` keeps the current path; save/restore do not touch it.
        #expect(ctx.currentPointOfPath == CGPoint(x: 1, y: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: 5, height: 5))
        ctx.stroke(CGRect(x: 0, y: 0, width: 5, height: 5))
        let p = paints(ctx)
        #expect(p.count == 2)
        guard case .fill(_, _, let color, let style) = p[0], case .stroke(_, let pen, _, _) = p[1] else {
            Issue.record("expected a fill and a stroke, got \(p)")
            return
        }
        #expect(color == CGColor(red: 1, green: 0, blue: 0) && style.alpha == 1 && style.blendMode == .normal)
        #expect(pen.width == 4)
        // An unmatched restore is ignored.
        ctx.restoreGState()
        #expect(ctx.displayList.commands.filter { $0 == .restoreGState }.count == 1)
    }

    @Test func pathPointsAreTransformedWhenAdded() {
        let ctx = CGContext(size: CGSize(width: 100, height: 100))
        ctx.translateBy(x: 10, y: 20)
        ctx.move(to: .zero)
        ctx.translateBy(x: 100, y: 0)  // does not move what is already in the path
        ctx.addLine(to: .zero)
        ctx.translateBy(x: -110, y: -20)
        #expect(ctx.path?.elements == [.moveTo(CGPoint(x: 10, y: 20)), .lineTo(CGPoint(x: 110, y: 20))])
        #expect(ctx.currentPointOfPath == CGPoint(x: 110, y: 20))
        #expect(ctx.boundingBoxOfPath == CGRect(x: 10, y: 20, width: 100, height: 0))
        ctx.strokePath()
        #expect(ctx.isPathEmpty && ctx.path == nil)
        guard case .stroke(let path, _, _, _) = paints(ctx).last else { Issue.record("no stroke"); return }
        #expect(path.elements == [.moveTo(CGPoint(x: 10, y: 20)), .lineTo(CGPoint(x: 110, y: 20))])
    }

    @Test func linesAndCurvesNeedACurrentPoint() {
        let ctx = CGContext(size: CGSize(width: 10, height: 10))
        ctx.addLine(to: CGPoint(x: 5, y: 5))
        ctx.addCurve(to: .zero, control1: .zero, control2: .zero)
        ctx.closePath()
        #expect(ctx.isPathEmpty)
        ctx.fillPath()
        #expect(paints(ctx).isEmpty)
    }

    @Test func arcsRunTheWayCoreGraphicsDraws() {
        let ctx = CGContext(size: CGSize(width: 100, height: 100))
        ctx.move(to: CGPoint(x: 50, y: 50))
        // clockwise: false = increasing angles = visually clockwise on a y-down screen: from
        // the right (90, 50) down to the bottom (50, 90).
        ctx.addArc(center: CGPoint(x: 50, y: 50), radius: 40, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        let elements = ctx.path!.elements
        #expect(elements.first == .moveTo(CGPoint(x: 50, y: 50)))
        #expect(elements[1] == .lineTo(CGPoint(x: 90, y: 50)))
        #expect(close(ctx.currentPointOfPath, CGPoint(x: 50, y: 90), 1e-9))
        let box = ctx.boundingBoxOfPath
        #expect(box.maxX <= 90 + 1e-9 && box.maxY <= 90 + 1e-9 && box.minX >= 50 - 1e-9 && box.minY >= 50 - 1e-9)
        // The other way round covers three quarters: its box reaches the left and the top.
        ctx.beginPath()
        ctx.addArc(center: CGPoint(x: 50, y: 50), radius: 40, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        #expect(ctx.path!.elements.first == .moveTo(CGPoint(x: 90, y: 50)))
        #expect(ctx.path!.boundingBoxOfPath.minX < 11 && ctx.path!.boundingBoxOfPath.minY < 11)
    }

    @Test func tangentArcsRoundACorner() {
        let ctx = CGContext(size: CGSize(width: 100, height: 100))
        ctx.move(to: CGPoint(x: 0, y: 0))
        ctx.addArc(tangent1End: CGPoint(x: 50, y: 0), tangent2End: CGPoint(x: 50, y: 50), radius: 10)
        let elements = ctx.path!.elements
        // A line to the first tangent point, then a quarter arc ending on the second leg.
        #expect(elements[1] == .lineTo(CGPoint(x: 40, y: 0)))
        #expect(close(ctx.currentPointOfPath, CGPoint(x: 50, y: 10), 1e-9))
        // The arc bulges towards the corner, never past it.
        let box = ctx.path!.boundingBoxOfPath
        #expect(box.maxX <= 50 + 1e-9 && box.minY >= -1e-9)
        // Collinear points: a straight line to the first one.
        ctx.addArc(tangent1End: CGPoint(x: 50, y: 20), tangent2End: CGPoint(x: 50, y: 30), radius: 5)
        #expect(ctx.path!.elements.last == .lineTo(CGPoint(x: 50, y: 20)))
    }

    @Test func drawPathModesAndFillRules() {
        let ctx = CGContext(size: CGSize(width: 10, height: 10))
        ctx.addRect(CGRect(x: 0, y: 0, width: 5, height: 5))
        ctx.drawPath(using: .eoFillStroke)
        ctx.addEllipse(in: CGRect(x: 0, y: 0, width: 5, height: 5))
        ctx.drawPath(using: .stroke)
        let p = paints(ctx)
        #expect(p.count == 3)
        if case .fill(_, let rule, _, _) = p[0] {
            #expect(rule == .evenOdd)
        } else {
            Issue.record("first paint is not a fill")
        }
        if case .stroke = p[1] {} else { Issue.record("second paint is not a stroke") }
        if case .stroke(let path, _, _, _) = p[2] {
            #expect(path.elements.count == 6)
        } else {
            Issue.record("third paint is not a stroke")
        }
    }

    @Test func paintsCarryTheirStyle() {
        let ctx = CGContext(size: CGSize(width: 10, height: 10), scale: 2)
        ctx.setAlpha(0.25)
        ctx.setBlendMode(.screen)
        ctx.setShadow(offset: CGSize(width: 1, height: 2), blur: 3, color: .black)
        ctx.setLineDash(phase: 1, lengths: [2, 3])
        ctx.setLineCap(.round)
        ctx.setLineJoin(.bevel)
        ctx.setMiterLimit(4)
        ctx.scaleBy(x: 3, y: 3)
        ctx.strokeEllipse(in: CGRect(x: 0, y: 0, width: 2, height: 2))
        ctx.clear(CGRect(x: 0, y: 0, width: 1, height: 1))
        let p = paints(ctx)
        guard case .stroke(_, let pen, _, let style) = p[0], case .fill(let cleared, _, _, let clear) = p[1] else {
            Issue.record("expected a stroke and a fill: \(p)")
            return
        }
        #expect(
            pen.dashes == [2, 3] && pen.dashPhase == 1 && pen.cap == .round && pen.join == .bevel && pen.miterLimit == 4
        )
        // The pen keeps the CTM it was stroked with (base scale 2 × user scale 3).
        #expect(pen.transform == CGAffineTransform(scaleX: 6, y: 6))
        // Shadows are in base units: points × contentsScale, unaffected by the CTM.
        #expect(
            style.alpha == 0.25 && style.blendMode == .screen
                && style.shadow == DrawingShadow(offset: CGSize(width: 2, height: 4), blur: 6, color: .black))
        // clear(_:) ignores alpha, blend mode and shadow.
        #expect(clear.blendMode == .clear && clear.alpha == 1 && clear.shadow == nil)
        #expect(cleared.boundingBox == CGRect(x: 0, y: 0, width: 6, height: 6))
    }

    @Test func gradientsAndTheirColours() throws {
        let space = CGColorSpaceCreateDeviceRGB()
        let g = try #require(CGGradient(colorsSpace: space, colors: [.black, .white], locations: [0, 1]))
        #expect(CGGradient(colorsSpace: space, colors: [.black, .white], locations: [0]) == nil)
        let fromComponents = try #require(
            CGGradient(colorSpace: space, colorComponents: [1, 0, 0, 1, 0, 0, 1, 0.5], locations: nil, count: 2))
        #expect(
            fromComponents.colors == [
                CGColor(red: 1, green: 0, blue: 0), CGColor(red: 0, green: 0, blue: 1, alpha: 0.5)
            ])
        #expect(fromComponents.locations == [0, 1])
        let ctx = CGContext(size: CGSize(width: 10, height: 10))
        ctx.translateBy(x: 1, y: 2)
        ctx.drawLinearGradient(g, start: .zero, end: CGPoint(x: 5, y: 0), options: [.drawsAfterEndLocation])
        guard case .linearGradient(let paint, _) = paints(ctx).first else { Issue.record("no gradient"); return }
        #expect(paint.transform == CGAffineTransform(translationX: 1, y: 2) && paint.options == .drawsAfterEndLocation)
    }

    @Test func makeImageWrapsTheRecording() throws {
        let ctx = CGContext(size: CGSize(width: 10.5, height: 4), scale: 2)
        ctx.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        let image = try #require(ctx.makeImage())
        #expect(image.width == 21 && image.height == 8 && image.displayList == ctx.displayList)
        #expect(CGContext(size: .zero).makeImage() == nil)
    }
}
