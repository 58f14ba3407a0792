import Foundation
import ReelCore
import ReelRender
import Testing

/// A layer that draws with a closure (what tutorials write as `override func draw(in:)`).
final class ClosureLayer: CALayer {
    var body: (CGContext, CALayer) -> Void = { _, _ in }
    override func draw(in ctx: CGContext) { body(ctx, self) }
}

/// A 100×100 canvas, blue background, one drawn layer at (10, 10, 80, 60).
func drawnScene(
    scale: Double = 1, duration: Double = 1, layer: ClosureLayer = ClosureLayer(),
    _ body: @escaping (CGContext, CALayer) -> Void
) -> (Scene, ClosureLayer) {
    let scene = Scene(
        canvas: Canvas(
            size: CGSize(width: 100, height: 100), scale: scale, fps: 10, duration: duration,
            background: CGColor(red: 0, green: 0, blue: 1)))
    layer.name = "drawn"
    layer.frame = CGRect(x: 10, y: 10, width: 80, height: 60)
    layer.body = body
    layer.setNeedsDisplay()
    scene.rootLayer.addSublayer(layer)
    return (scene, layer)
}

let red = CGColor(red: 1, green: 0, blue: 0)
let blueBackground = [0, 0, 255, 255]

@Suite("Custom drawing: replayed pixels")
struct CustomDrawingTests {
    @Test func aFilledRectLandsOnItsPixelsYDown() throws {
        let (scene, _) = drawnScene { ctx, _ in
            ctx.setFillColor(red)
            ctx.fill(CGRect(x: 5, y: 0, width: 10, height: 5))  // the top edge of the layer
        }
        let frame = try renderScene(scene)
        // Layer origin (10, 10) + (5, 0): pixels 15…24 × 10…14.
        #expect(frame.color(15, 10) == [255, 0, 0, 255] && frame.color(24, 14) == [255, 0, 0, 255])
        #expect(frame.color(14, 12) == blueBackground && frame.color(25, 12) == blueBackground)
        #expect(frame.color(20, 15) == blueBackground && frame.color(20, 9) == blueBackground)
        // Nothing at the bottom of the layer: y grows down.
        #expect(frame.color(20, 66) == blueBackground)
    }

    @Test func clipsLimitPaintsUntilRestored() throws {
        let (scene, _) = drawnScene { ctx, layer in
            ctx.setFillColor(red)
            ctx.saveGState()
            ctx.clip(to: CGRect(x: 0, y: 0, width: 40, height: 60))
            ctx.fill(layer.bounds)
            ctx.restoreGState()
            ctx.setFillColor(CGColor(red: 0, green: 1, blue: 0))
            ctx.fill(CGRect(x: 60, y: 50, width: 20, height: 10))
            // An even-odd clip: a ring.
            ctx.addEllipse(in: CGRect(x: 40, y: 0, width: 40, height: 40))
            ctx.addEllipse(in: CGRect(x: 50, y: 10, width: 20, height: 20))
            ctx.clip(using: .evenOdd)
            ctx.setFillColor(.white)
            ctx.fill(layer.bounds)
        }
        let frame = try renderScene(scene)
        #expect(frame.color(20, 40) == [255, 0, 0, 255] && frame.color(49, 40) == [255, 0, 0, 255])
        #expect(frame.color(51, 60) == blueBackground)
        // Painted after the restore: not clipped.
        #expect(frame.color(80, 65) == [0, 255, 0, 255])
        // The ring: white between the ellipses, nothing in the hole.
        #expect(frame.color(70, 13) == [255, 255, 255, 255] && frame.color(70, 30) == blueBackground)
    }

    @Test func lineWidthAndDashes() throws {
        let (scene, _) = drawnScene { ctx, _ in
            ctx.setStrokeColor(.white)
            ctx.setLineWidth(6)
            ctx.strokeLineSegments(between: [CGPoint(x: 0, y: 10), CGPoint(x: 80, y: 10)])
            ctx.setLineWidth(2)
            ctx.setLineDash(phase: 0, lengths: [10, 10])
            ctx.move(to: CGPoint(x: 0, y: 40))
            ctx.addLine(to: CGPoint(x: 80, y: 40))
            ctx.strokePath()
        }
        let frame = try renderScene(scene)
        // 6 wide about y = 20 (canvas): rows 17…22.
        #expect(frame.color(50, 17) == [255, 255, 255, 255] && frame.color(50, 22) == [255, 255, 255, 255])
        #expect(frame.color(50, 16) == blueBackground && frame.color(50, 23) == blueBackground)
        // 2 wide about y = 50, dashed: on 10…19, off 20…29 (canvas x).
        #expect(frame.color(15, 49) == [255, 255, 255, 255] && frame.color(15, 50) == [255, 255, 255, 255])
        #expect(frame.color(15, 51) == blueBackground && frame.color(25, 49) == blueBackground)
        #expect(frame.color(35, 50) == [255, 255, 255, 255])
    }

    @Test func linearGradientEndsAndOptions() throws {
        let g = CGGradient(
            colorsSpace: CGColorSpaceCreateDeviceRGB(), colors: [red, CGColor(red: 0, green: 1, blue: 0)],
            locations: [0, 1])!
        for options in [
            CGGradientDrawingOptions(), [.drawsBeforeStartLocation, .drawsAfterEndLocation], .drawsAfterEndLocation
        ] {
            let (scene, _) = drawnScene { ctx, _ in
                ctx.drawLinearGradient(g, start: CGPoint(x: 20, y: 0), end: CGPoint(x: 60, y: 0), options: options)
            }
            let frame = try renderScene(scene)
            // Start at canvas x = 30 (red), end at x = 70 (green), halfway between at 50.
            #expect(near(frame.color(30, 40), [255, 0, 0, 255], 8) && near(frame.color(69, 40), [0, 255, 0, 255], 8))
            #expect(near(frame.color(50, 40), [128, 128, 0, 255], 8))
            let before = frame.color(20, 40), after = frame.color(80, 40)
            #expect(before == (options.contains(.drawsBeforeStartLocation) ? [255, 0, 0, 255] : blueBackground))
            #expect(after == (options.contains(.drawsAfterEndLocation) ? [0, 255, 0, 255] : blueBackground))
        }
    }

    @Test func radialGradientFillsBetweenItsCircles() throws {
        let g = CGGradient(colorsSpace: nil, colors: [.white, .black], locations: nil)!
        let (scene, _) = drawnScene { ctx, _ in
            ctx.drawRadialGradient(
                g, startCenter: CGPoint(x: 40, y: 30), startRadius: 0, endCenter: CGPoint(x: 40, y: 30), endRadius: 20,
                options: [])
        }
        let frame = try renderScene(scene)
        #expect(near(frame.color(50, 40), [255, 255, 255, 255], 16))
        #expect(near(frame.color(60, 40), [128, 128, 128, 255], 16))
        #expect(frame.color(75, 40) == blueBackground)
    }

    @Test func alphaAndLayerOpacityApplyToTheDrawing() throws {
        let (scene, layer) = drawnScene { ctx, _ in
            ctx.setAlpha(0.5)
            ctx.setFillColor(red)
            ctx.fill(CGRect(x: 0, y: 0, width: 40, height: 60))
            ctx.setAlpha(1)
            ctx.fill(CGRect(x: 40, y: 0, width: 40, height: 60))
            ctx.fill(CGRect(x: 40, y: 0, width: 40, height: 60))
        }
        let frame = try renderScene(scene)
        #expect(near(frame.color(20, 40), [128, 0, 127, 255], 2))
        #expect(frame.color(60, 40) == [255, 0, 0, 255])
        // Opacity applies to the drawing as a whole: the doubled fill is not darker.
        layer.opacity = 0.5
        let faded = try renderScene(scene)
        #expect(near(faded.color(60, 40), [128, 0, 127, 255], 2))
    }

    @Test func clearAndCopyWorkOnTheLayersOwnBackingStore() throws {
        let (scene, layer) = drawnScene { ctx, layer in
            ctx.setFillColor(red)
            ctx.fill(layer.bounds)
            ctx.clear(CGRect(x: 0, y: 0, width: 20, height: 20))
            ctx.setBlendMode(.copy)
            ctx.setFillColor(CGColor(red: 1, green: 1, blue: 1, alpha: 0.5))
            ctx.fill(CGRect(x: 40, y: 0, width: 20, height: 20))
            ctx.setBlendMode(.multiply)
            ctx.setFillColor(CGColor(red: 0.5, green: 0, blue: 0))
            ctx.fill(CGRect(x: 0, y: 40, width: 20, height: 20))
        }
        layer.backgroundColor = CGColor(red: 0, green: 1, blue: 0)
        let frame = try renderScene(scene)
        // The cleared hole shows the layer's background, not a hole through to the canvas.
        #expect(frame.color(15, 15) == [0, 255, 0, 255])
        // copy replaces the red with half-transparent white, over the green background.
        #expect(near(frame.color(55, 15), [128, 255, 128, 255], 2))
        // multiply darkens the red only.
        #expect(near(frame.color(15, 55), [128, 0, 0, 255], 2))
        #expect(frame.color(75, 55) == [255, 0, 0, 255])
    }

    @Test func imagesDrawAsCoreGraphicsDoes() throws {
        // A 1×2 image: top row red, bottom row white.
        let pixels = PixelBuffer(width: 1, height: 2)
        let p = pixels.baseAddress.assumingMemoryBound(to: UInt8.self)
        (p[0], p[1], p[2], p[3]) = (0, 0, 255, 255)
        (p[pixels.stride], p[pixels.stride + 1], p[pixels.stride + 2], p[pixels.stride + 3]) = (255, 255, 255, 255)
        let image = CGImage(pixels: pixels)
        let (scene, _) = drawnScene { ctx, _ in
            ctx.draw(image, in: CGRect(x: 0, y: 0, width: 20, height: 40))
            // Flipped first, as iOS code does, it is upright.
            ctx.translateBy(x: 0, y: 40)
            ctx.scaleBy(x: 1, y: -1)
            ctx.draw(image, in: CGRect(x: 40, y: 0, width: 20, height: 40))
        }
        let frame = try renderScene(scene)
        // Unflipped: upside down, as Core Graphics draws in a y-down context.
        #expect(frame.color(20, 12) == [255, 255, 255, 255] && frame.color(20, 47) == [255, 0, 0, 255])
        #expect(frame.color(60, 12) == [255, 0, 0, 255] && frame.color(60, 47) == [255, 255, 255, 255])
    }

    @Test func shadowsFallUnderEachPaint() throws {
        let (scene, _) = drawnScene { ctx, _ in
            ctx.setShadow(offset: CGSize(width: 10, height: 10), blur: 0, color: .black)
            ctx.setFillColor(.white)
            ctx.fill(CGRect(x: 10, y: 10, width: 20, height: 20))
        }
        let frame = try renderScene(scene)
        #expect(frame.color(30, 30) == [255, 255, 255, 255])
        // Below and right of the square, inside the offset copy: the shadow's black.
        #expect(frame.color(45, 45) == [0, 0, 0, 255])
        #expect(frame.color(25, 45) == blueBackground)
    }

    @Test func textDrawsInItsColourBelowThePoint() throws {
        let (scene, _) = drawnScene { ctx, _ in
            ctx.drawText("MMMM", at: CGPoint(x: 10, y: 20), size: 16, color: .white)
        }
        let frame = try renderScene(scene)
        var inked: [Int] = []
        for y in 0..<100 where (0..<100).contains(where: { frame.color($0, y)[1] > 128 }) { inked.append(y) }
        // Ink within the line box below (layer y 20 = canvas y 30), about a 16-point line high.
        #expect(!inked.isEmpty && inked.first! >= 30 && inked.last! < 30 + 20)
    }

    @Test func drawingIsResolutionIndependent() throws {
        let body: (CGContext, CALayer) -> Void = { ctx, _ in
            ctx.setFillColor(.white)
            ctx.fillEllipse(in: CGRect(x: 10, y: 10, width: 40, height: 40))
        }
        let one = try renderScene(drawnScene(scale: 1, body).0)
        let two = try renderScene(drawnScene(scale: 2, body).0)
        #expect(two.width == 200)
        // At scale 2 the edge is as crisp in device pixels as at scale 1 (replayed, not a 1×
        // bitmap stretched): count the pixels part-covered by the edge, over the same band of
        // the circle (twice the rows at scale 2). A stretched bitmap would have twice as many per row.
        func partial(_ f: PixelBuffer, rows: Range<Int>) -> Int {
            rows.reduce(0) { sum, y in
                sum
                    + (0..<f.width).filter {
                        let g = f.color($0, y)[1]; return g > 10 && g < 245
                    }.count
            }
        }
        let edgeOne = partial(one, rows: 25..<35), edgeTwo = partial(two, rows: 50..<70)
        #expect(edgeOne > 0 && edgeTwo > 0)
        #expect(Double(edgeTwo) <= 2.5 * Double(edgeOne), "scale 1: \(edgeOne), scale 2: \(edgeTwo)")
    }

    @Test func gravityPlacesTheDrawingAtItsNaturalSize() throws {
        let (scene, layer) = drawnScene { ctx, layer in
            ctx.setFillColor(.white)
            ctx.fill(layer.bounds)
        }
        layer.contentsScale = 2  // a 160×120 backing store: still 80×60 points
        layer.contentsGravity = .topLeft
        layer.actions = ["bounds": NSNull()]
        scene.at(0) { layer.bounds = CGRect(x: 0, y: 0, width: 90, height: 80) }
        let frame = try renderScene(scene, at: 0.5)
        // The layer now spans (5, 0)…(95, 80); the drawing keeps 80×60 at its top-left.
        #expect(frame.color(6, 1) == [255, 255, 255, 255] && frame.color(84, 59) == [255, 255, 255, 255])
        #expect(frame.color(86, 30) == blueBackground && frame.color(40, 61) == blueBackground)
    }

    @Test func aRedrawCrossFadesOnScreen() throws {
        let (scene, layer) = drawnScene(duration: 2) { ctx, layer in
            ctx.setFillColor(layer.opacity < 1 ? .black : .white)  // opacity stands in for app state
            ctx.fill(layer.bounds)
        }
        scene.at(1) {
            CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
            layer.opacity = 0.999
            layer.setNeedsDisplay()
        }
        let before = try renderScene(scene, at: 0.9), mid = try renderScene(scene, at: 1.125),
            after = try renderScene(scene, at: 1.5)
        #expect(before.color(50, 40) == [255, 255, 255, 255])
        #expect(near(mid.color(50, 40), [128, 128, 128, 255], 4))
        #expect(near(after.color(50, 40), [0, 0, 0, 255], 1))
    }

    @Test func aBoundsAnimationStretchesTheDrawing() throws {
        let (scene, layer) = drawnScene(duration: 2) { ctx, layer in
            ctx.setFillColor(.white)
            ctx.fill(CGRect(x: 0, y: 0, width: layer.bounds.width / 2, height: layer.bounds.height))
        }
        scene.at(0.5) {
            CATransaction.setAnimationDuration(1)
            CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
            layer.bounds = CGRect(x: 0, y: 0, width: 40, height: 60)
        }
        let mid = try renderScene(scene, at: 1)
        // Halfway the bounds are 60 wide about the centre x = 50: the left half (20…50) is white.
        #expect(mid.color(22, 40) == [255, 255, 255, 255] && mid.color(48, 40) == [255, 255, 255, 255])
        #expect(mid.color(52, 40) == blueBackground && mid.color(18, 40) == blueBackground)
    }
}

/// A shape layer that also draws: its drawing is contents, under the path (Core Animation's order).
final class BadgeShapeLayer: CAShapeLayer {
    override func draw(in ctx: CGContext) {
        ctx.setFillColor(.white)
        ctx.fill(bounds)
    }
}

@Suite("Custom drawing: subclasses and hostile input")
struct CustomDrawingSubclassTests {
    func scene(_ layer: CALayer) -> Scene {
        let scene = Scene(
            canvas: Canvas(
                size: CGSize(width: 100, height: 100), fps: 10, duration: 1,
                background: CGColor(red: 0, green: 0, blue: 1)))
        layer.frame = CGRect(x: 10, y: 10, width: 80, height: 80)
        scene.rootLayer.addSublayer(layer)
        return scene
    }

    @Test func shapeLayersDrawOnlyWhenTheyOverride() throws {
        let plain = CAShapeLayer()
        plain.path = CGPath(rect: CGRect(x: 20, y: 20, width: 40, height: 40))
        plain.fillColor = red
        plain.setNeedsDisplay()  // draws nothing: contents stay empty, the shape is unchanged
        let a = try renderScene(scene(plain))
        #expect(a.color(50, 50) == [255, 0, 0, 255] && a.color(15, 15) == blueBackground)
        let badge = BadgeShapeLayer()
        badge.path = plain.path
        badge.fillColor = red
        badge.setNeedsDisplay()
        let b = try renderScene(scene(badge))
        #expect(b.color(50, 50) == [255, 0, 0, 255] && b.color(15, 15) == [255, 255, 255, 255])
    }

    /// The time limit only guards against a hang (10¹² dashes); the averaged colour shows the bound.
    @Test(.timeLimit(.minutes(5))) func denseDashesAndHugeValuesDoNotHang() throws {
        let layer = ClosureLayer()
        layer.body = { ctx, _ in
            ctx.setStrokeColor(.white)
            ctx.setLineDash(phase: 0, lengths: [1e-6, 1e-6])
            ctx.strokeLineSegments(between: [CGPoint(x: 0, y: 40.5), CGPoint(x: 1e6, y: 40.5)])
            ctx.setLineDash(phase: 0, lengths: [])
            ctx.setShadow(offset: CGSize(width: 1e9, height: 0), blur: 1e9, color: .black)
            ctx.fill(CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 10))
            ctx.scaleBy(x: 0, y: 0)
            ctx.strokeEllipse(in: CGRect(x: 0, y: 0, width: 10, height: 10))
        }
        layer.setNeedsDisplay()
        let frame = try renderScene(scene(layer))
        // The dense dashes are drawn as their average: half-covered white.
        #expect(near(frame.color(50, 50), [128, 128, 255, 255], 3))
    }
}
