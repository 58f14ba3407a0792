import Foundation
import Testing

@testable import ReelCore

/// CAScrollLayer: scrolling sets bounds.origin along the allowed axes (values by hand), layers
/// scroll their closest scroll layer, and a scroll in a transaction animates.
@Suite("CAScrollLayer")
struct ScrollLayerTests {
    func list() -> (CAScrollLayer, CALayer) {
        let list = CAScrollLayer()
        list.name = "list"
        list.bounds = CGRect(x: 0, y: 0, width: 100, height: 200)
        list.position = CGPoint(x: 50, y: 100)
        let row = CALayer()
        row.name = "row"
        row.frame = CGRect(x: 0, y: 600, width: 100, height: 50)
        list.addSublayer(row)
        return (list, row)
    }

    @Test func scrollToMovesTheOriginAlongTheAllowedAxes() {
        let (list, _) = list()
        list.scroll(to: CGPoint(x: 30, y: 400))
        #expect(list.bounds.origin == CGPoint(x: 30, y: 400), "both by default")
        list.scrollMode = .vertically
        list.scroll(to: CGPoint(x: 0, y: 10))
        #expect(list.bounds.origin == CGPoint(x: 30, y: 10))
        list.scrollMode = .horizontally
        list.scroll(to: CGPoint(x: 5, y: 99))
        #expect(list.bounds.origin == CGPoint(x: 5, y: 10))
        list.scrollMode = .none
        list.scroll(to: CGPoint(x: 1, y: 1))
        #expect(list.bounds.origin == CGPoint(x: 5, y: 10))
        #expect(list.bounds.size == CGSize(width: 100, height: 200), "the size never changes")
    }

    @Test func scrollingToARectMovesAsLittleAsNeeded() {
        let (list, row) = list()
        // The row (y 600…650) below a 200-point view: its bottom edge comes to the view's bottom.
        row.scrollRectToVisible(row.bounds)
        #expect(list.bounds.origin == CGPoint(x: 0, y: 450))
        #expect(row.visibleRect == CGRect(x: 0, y: 0, width: 100, height: 50))
        // Already visible: nothing moves.
        list.scroll(to: CGRect(x: 0, y: 500, width: 10, height: 10))
        #expect(list.bounds.origin == CGPoint(x: 0, y: 450))
        // Above: its top edge comes to the view's top.
        list.scroll(to: CGRect(x: 0, y: 100, width: 10, height: 10))
        #expect(list.bounds.origin == CGPoint(x: 0, y: 100))
        // A sublayer's point scrolls to the top-left.
        row.scroll(CGPoint(x: 0, y: 20))
        #expect(list.bounds.origin == CGPoint(x: 0, y: 620))
        #expect(row.visibleRect == CGRect(x: 0, y: 20, width: 100, height: 30))
    }

    @Test func aScrollInATransactionAnimatesTheBounds() throws {
        let scene = Scene(canvas: Canvas(size: CGSize(width: 100, height: 200), fps: 10, duration: 3))
        let (list, _) = list()
        scene.rootLayer.addSublayer(list)
        scene.at(1) {
            CATransaction.setAnimationDuration(1)
            CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
            list.scroll(to: CGPoint(x: 0, y: 400))
        }
        let timeline = try scene.compile()
        #expect(close(timeline.state("list", at: 1.5).bounds.origin.y, 200))
        #expect(timeline.state("list", at: 2.5).bounds.origin.y == 400)
    }
}
