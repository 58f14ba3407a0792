import Foundation
import Testing

@testable import ReelCore

/// A frame draws nothing of a hidden or fully transparent layer (Core Animation's rule), so the
/// tree it draws leaves out what such a layer holds instead of evaluating it.
@Suite("Drawn presentation")
struct DrawnPresentationTests {
    /// A hidden group, a group whose opacity animates to 0 by t = 1, and a visible one, each
    /// holding two sublayers and a mask.
    static func timeline() throws -> Timeline {
        let scene = Scene(canvas: Canvas(size: CGSize(width: 40, height: 30), duration: 2))
        for name in ["hidden", "fading", "shown"] {
            let group = CALayer()
            group.name = name
            group.isHidden = name == "hidden"
            for _ in 0..<2 { group.addSublayer(CALayer()) }
            group.mask = CALayer()
            if name == "fading" {
                let fade = CABasicAnimation(keyPath: "opacity")
                (fade.fromValue, fade.toValue, fade.duration) = (1.0, 0.0, 1)
                fade.fillMode = .forwards
                fade.isRemovedOnCompletion = false
                group.add(fade, forKey: "fade")
            }
            scene.rootLayer.addSublayer(group)
        }
        return try scene.compile()
    }

    static func groups(_ tree: PresentationLayer) -> [String: PresentationLayer] {
        Dictionary(uniqueKeysWithValues: tree.sublayers.map { ($0.name ?? "", $0) })
    }

    @Test func invisibleLayersKeepNothingInTheDrawnTree() throws {
        let timeline = try Self.timeline()
        let drawn = Self.groups(timeline.drawnPresentation(at: 1.5))
        for name in ["hidden", "fading"] {
            let group = try #require(drawn[name])
            #expect(group.sublayers.isEmpty && group.mask == nil, "\(name): nothing of it is drawn")
        }
        let shown = try #require(drawn["shown"])
        #expect(shown.sublayers.count == 2 && shown.mask != nil)
        // Halfway through its fade the group is still drawn, with all it holds.
        let fading = try #require(Self.groups(timeline.drawnPresentation(at: 0.5))["fading"])
        #expect(fading.sublayers.count == 2 && fading.mask != nil)
        // The full tree (inspect's) keeps everything.
        for group in timeline.presentation(at: 1.5).sublayers {
            #expect(group.sublayers.count == 2 && group.mask != nil, "\(group.name ?? "")")
        }
    }

    /// Counted by the budget every evaluated layer takes from: the root, three groups and the
    /// visible one's sublayers and mask; the full tree evaluates all 13.
    @Test func invisibleSubtreesAreNotEvaluated() throws {
        let timeline = try Self.timeline()
        func evaluated(drawing: Bool) -> Int {
            let budget = Timeline.LayerBudget(limit: 1_000, drawing: drawing)
            _ = timeline.presentation(
                of: timeline.rootID, sceneTime: 1.5, parentTime: 1.5, parentClock: nil, budget: budget)
            return 1_000 - budget.remaining
        }
        #expect(evaluated(drawing: false) == 13)
        #expect(evaluated(drawing: true) == 7)
    }
}
