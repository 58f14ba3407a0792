import Foundation
import Testing

@testable import ReelCore

/// Constraint layout (CAConstraintLayoutManager): frames worked out by hand from the rules,
/// relayout on geometry changes animating like any change, and cycles left alone.
@Suite("Constraint layout")
struct ConstraintLayoutTests {
    static func layer(_ name: String, _ frame: CGRect, _ constraints: [CAConstraint] = []) -> CALayer {
        let l = CALayer()
        l.name = name
        l.frame = frame
        l.constraints = constraints.isEmpty ? nil : constraints
        return l
    }

    static func superlayer(_ sublayers: [CALayer], width: CGFloat = 400) -> CALayer {
        let parent = layer("parent", CGRect(x: 0, y: 0, width: width, height: 200))
        parent.layoutManager = CAConstraintLayoutManager()
        for s in sublayers { parent.addSublayer(s) }
        return parent
    }

    @Test func positionsSizesAndStretches() {
        // Centred in the superlayer: (400 − 100)/2, (200 − 40)/2.
        let title = Self.layer(
            "title", CGRect(x: 0, y: 0, width: 100, height: 40),
            [
                CAConstraint(attribute: .midX, relativeTo: "superlayer", attribute: .midX),
                CAConstraint(attribute: .midY, relativeTo: "superlayer", attribute: .midY)
            ])
        // Half the superlayer's width, its right edge 10 in from the superlayer's.
        let panel = Self.layer(
            "panel", CGRect(x: 0, y: 0, width: 10, height: 30),
            [
                CAConstraint(attribute: .width, relativeTo: "superlayer", attribute: .width, scale: 0.5, offset: 0),
                CAConstraint(attribute: .maxX, relativeTo: "superlayer", attribute: .maxX, offset: -10)
            ])
        // Stretched from the title's left edge to the panel's left edge, 8 below the title.
        let rule = Self.layer(
            "rule", CGRect(x: 0, y: 0, width: 1, height: 2),
            [
                CAConstraint(attribute: .minX, relativeTo: "title", attribute: .minX),
                CAConstraint(attribute: .maxX, relativeTo: "panel", attribute: .minX),
                CAConstraint(attribute: .minY, relativeTo: "title", attribute: .maxY, offset: 8)
            ])
        // Declared before what it depends on: laid out after it all the same.
        let parent = Self.superlayer([rule, title, panel])
        parent.layoutSublayers()
        #expect(title.frame == CGRect(x: 150, y: 80, width: 100, height: 40))
        #expect(panel.frame == CGRect(x: 190, y: 0, width: 200, height: 30))
        #expect(rule.frame == CGRect(x: 150, y: 128, width: 40, height: 2))
        // A centre and an edge fix the size too: midX 100, maxX 160 → 40…160.
        let pair = Self.layer(
            "pair", CGRect(x: 0, y: 0, width: 5, height: 5),
            [
                CAConstraint(attribute: .midX, relativeTo: "superlayer", attribute: .minX, offset: 100),
                CAConstraint(attribute: .maxX, relativeTo: "superlayer", attribute: .minX, offset: 160)
            ])
        Self.superlayer([pair]).layoutSublayers()
        #expect(pair.frame == CGRect(x: 40, y: 0, width: 120, height: 5))
    }

    @Test func aCycleIsLeftWhereItIs() {
        let a = Self.layer(
            "a", CGRect(x: 1, y: 1, width: 10, height: 10),
            [CAConstraint(attribute: .minX, relativeTo: "b", attribute: .maxX)])
        let b = Self.layer(
            "b", CGRect(x: 2, y: 2, width: 10, height: 10),
            [CAConstraint(attribute: .minX, relativeTo: "a", attribute: .maxX)])
        let parent = Self.superlayer([a, b])
        #expect(CAConstraintLayoutManager.order([a, b]) == nil)
        parent.layoutSublayers()
        #expect(a.frame.minX == 1 && b.frame.minX == 2)
    }

    @Test func aGeometryChangeRelaysOutAndTheNewFramesAnimate() throws {
        let scene = Scene(canvas: Canvas(size: CGSize(width: 400, height: 200), fps: 10, duration: 4))
        let title = Self.layer(
            "title", CGRect(x: 0, y: 0, width: 100, height: 40),
            [
                CAConstraint(attribute: .midX, relativeTo: "superlayer", attribute: .midX)
            ])
        let parent = Self.superlayer([title])
        scene.rootLayer.addSublayer(parent)
        scene.at(1) {
            CATransaction.setAnimationDuration(2)
            CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
            parent.bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
        }
        let timeline = try scene.compile()
        // Laid out before the first frame: centred at 200; after: at 100, animated over 2 s.
        #expect(timeline.state("title", at: 0).position.x == 200)
        #expect(close(timeline.state("title", at: 2).position.x, 150))
        #expect(timeline.state("title", at: 3.5).position.x == 100)
        // The model is restored after compiling: compiling again gives the same.
        #expect(try scene.compile().state("title", at: 2).position.x == timeline.state("title", at: 2).position.x)
    }
}
