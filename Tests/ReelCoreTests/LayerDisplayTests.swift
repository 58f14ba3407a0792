import Foundation
import Testing

@testable import ReelCore

/// A layer subclass that draws a rectangle in its current `hue` and counts its drawings.
final class SwatchLayer: CALayer {
    var hue: CGFloat = 0
    var drawings = 0

    override func draw(in ctx: CGContext) {
        drawings += 1
        ctx.setFillColor(red: hue, green: 0, blue: 0, alpha: 1)
        ctx.fill(CGRect(x: 0, y: 0, width: bounds.width, height: bounds.height))
    }
}

/// Draws for a plain layer, as a delegate does on iOS.
final class DrawingDelegate: CALayerDelegate {
    var calls: [String] = []
    func draw(_ layer: CALayer, in ctx: CGContext) {
        calls.append("draw \(layer.bounds.size.width)")
        ctx.setFillColor(.white)
        ctx.fillEllipse(in: layer.bounds)
    }
    func layerWillDraw(_ layer: CALayer) { calls.append("will") }
}

/// The red component of the fill a drawn image's first paint uses.
func drawnRed(_ image: CGImage?) -> CGFloat? {
    guard let list = image?.displayList, case .fill(_, _, let color, _)? = list.commands.first else { return nil }
    return color.red
}

@Suite("Layer display (setNeedsDisplay, draw(in:), delegates)")
struct LayerDisplayTests {
    func scene(_ layer: CALayer, duration: Double = 4) -> Scene {
        let scene = Scene(canvas: Canvas(size: CGSize(width: 100, height: 100), fps: 10, duration: duration))
        layer.name = "drawn"
        layer.frame = CGRect(x: 10, y: 10, width: 40, height: 20)
        scene.rootLayer.addSublayer(layer)
        return scene
    }

    @Test func aLayerDrawsOnlyWhenAskedTo() throws {
        let layer = SwatchLayer()
        let timeline = try scene(layer).compile()
        #expect(layer.drawings == 0 && timeline.state("drawn", at: 1).contents == nil)
        layer.setNeedsDisplay()
        #expect(layer.needsDisplay())
        let again = try scene(layer).compile()
        #expect(layer.drawings == 1)
        let contents = try #require(again.state("drawn", at: 0).contents)
        // The backing store is the bounds × contentsScale.
        #expect(
            contents.width == 40 && contents.height == 20 && contents.displayList?.size == CGSize(width: 40, height: 20)
        )
        // Compiling restores the mark, so compiling again draws again.
        #expect(layer.needsDisplay())
    }

    @Test func setNeedsDisplayAtTimeTChangesTheContentsFromT() throws {
        let layer = SwatchLayer()
        layer.actions = ["contents": NSNull()]
        layer.hue = 0.2
        layer.setNeedsDisplay()
        let s = scene(layer)
        s.at(2) {
            layer.hue = 0.8
            layer.setNeedsDisplay()
            // Displayed at the end of the transaction, not at once.
            #expect(layer.drawings == 1)
        }
        let timeline = try s.compile()
        #expect(layer.drawings == 2)
        #expect(drawnRed(timeline.state("drawn", at: 0).contents) == 0.2)
        #expect(drawnRed(timeline.state("drawn", at: 1.99).contents) == 0.2)
        #expect(drawnRed(timeline.state("drawn", at: 2).contents) == 0.8)
        #expect(drawnRed(timeline.state("drawn", at: 3.5).contents) == 0.8)
    }

    @Test func newContentsCrossFadeOnALayerOnScreenAsInCoreAnimation() throws {
        let layer = SwatchLayer()
        layer.hue = 0.2
        layer.setNeedsDisplay()
        let s = scene(layer)
        s.at(1) {
            layer.hue = 0.8
            layer.setNeedsDisplay()
        }
        let timeline = try s.compile()
        let fade = try #require(timeline.state("drawn", at: 1.1).contentsFade)
        #expect(drawnRed(fade.from) == 0.2 && drawnRed(fade.to) == 0.8 && fade.progress > 0 && fade.progress < 1)
        #expect(timeline.state("drawn", at: 1.3).contentsFade == nil)
        // The first display, before the first frame, is not animated.
        #expect(timeline.state("drawn", at: 0).contentsFade == nil)
        // A transaction with actions disabled switches at once.
        let quiet = SwatchLayer()
        quiet.setNeedsDisplay()
        let q = scene(quiet)
        q.at(1) {
            CATransaction.setDisableActions(true)
            quiet.hue = 1
            quiet.setNeedsDisplay()
        }
        #expect(try q.compile().state("drawn", at: 1.1).contentsFade == nil)
    }

    @Test func boundsChangesRedrawOnlyWithNeedsDisplayOnBoundsChange() throws {
        for redraws in [false, true] {
            let layer = SwatchLayer()
            layer.needsDisplayOnBoundsChange = redraws
            layer.setNeedsDisplay()
            let s = scene(layer)
            s.at(1) { layer.bounds = CGRect(x: 0, y: 0, width: 80, height: 20) }
            let timeline = try s.compile()
            #expect(layer.drawings == (redraws ? 2 : 1))
            let after = try #require(timeline.state("drawn", at: 2).contents)
            #expect(after.width == (redraws ? 80 : 40))
            // While the bounds animate, the presentation keeps the (new or old) drawing: it is
            // stretched by contentsGravity, not redrawn per frame.
            #expect(
                timeline.state("drawn", at: 1.1).bounds.width > 40 && timeline.state("drawn", at: 1.1).bounds.width < 80
            )
        }
    }

    @Test func needsDisplayForKeyRedrawsOnThoseModelChanges() throws {
        final class RadiusLayer: CALayer {
            var drawings = 0
            override class func needsDisplay(forKey key: String) -> Bool {
                key == "cornerRadius" || super.needsDisplay(forKey: key)
            }
            override func draw(in ctx: CGContext) {
                drawings += 1
                ctx.setFillColor(CGColor(red: cornerRadius / 10, green: 0, blue: 0))
                ctx.fill(bounds)
            }
        }
        let layer = RadiusLayer()
        layer.actions = ["contents": NSNull()]
        layer.setNeedsDisplay()
        let s = scene(layer)
        s.at(1) { layer.cornerRadius = 5 }
        s.at(2) { layer.opacity = 0.5 }
        s.at(3) { layer.cornerRadius = 5 }  // no change: no drawing
        let timeline = try s.compile()
        #expect(layer.drawings == 2)
        #expect(
            drawnRed(timeline.state("drawn", at: 0.5).contents) == 0
                && drawnRed(timeline.state("drawn", at: 1).contents) == 0.5)
    }

    @Test func aDelegateDrawsAPlainLayer() throws {
        let delegate = DrawingDelegate()
        let layer = CALayer()
        layer.delegate = delegate
        layer.setNeedsDisplay()
        let timeline = try scene(layer).compile()
        #expect(delegate.calls == ["will", "draw 40.0"])
        let list = try #require(timeline.state("drawn", at: 0).contents?.displayList)
        guard case .fill(let path, _, let color, _)? = list.commands.first else { Issue.record("no fill"); return }
        #expect(color == .white && path.boundingBox == CGRect(x: 0, y: 0, width: 40, height: 20))
    }

    @Test func aDelegateDisplayReplacesDrawing() throws {
        final class Displayer: CALayerDelegate {
            let image = CGContext(size: CGSize(width: 2, height: 2)).makeImage()
            func display(_ layer: CALayer) { layer.contents = image }
            func draw(_ layer: CALayer, in ctx: CGContext) {
                Issue.record("draw(_:in:) is not called when the delegate displays")
            }
        }
        let delegate = Displayer()
        let layer = CALayer()
        layer.delegate = delegate
        layer.setNeedsDisplay()
        let timeline = try scene(layer).compile()
        #expect(timeline.state("drawn", at: 0).contents === delegate.image)
    }

    @Test func layersMarkedOffScreenAreDisplayedWhenInserted() throws {
        let layer = SwatchLayer()
        layer.hue = 0.5
        layer.name = "late"
        layer.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        layer.setNeedsDisplay()
        let s = Scene(canvas: Canvas(size: CGSize(width: 100, height: 100), fps: 10, duration: 3))
        s.at(1) { s.rootLayer.addSublayer(layer) }
        let timeline = try s.compile()
        #expect(layer.drawings == 1)
        #expect(drawnRed(timeline.state("late", at: 1).contents) == 0.5)
        // Restored afterwards: compiling again draws again.
        #expect(layer.needsDisplay() && layer.contents == nil)
    }

    @Test func displayIfNeededOutsideATimelineDrawsAtOnce() {
        let layer = SwatchLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 3, height: 3)
        layer.contentsScale = 2
        layer.displayIfNeeded()
        #expect(layer.contents == nil)
        layer.setNeedsDisplay(CGRect(x: 0, y: 0, width: 1, height: 1))
        layer.displayIfNeeded()
        #expect(layer.drawings == 1 && !layer.needsDisplay() && layer.contents?.width == 6)
        // Empty bounds have no backing store.
        layer.bounds = .zero
        layer.display()
        #expect(layer.contents == nil)
    }
}
