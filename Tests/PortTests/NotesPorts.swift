import Foundation
import ReelTestSupport
import ReelUIKit
import Testing

// Seed: 001_bd9100dcb2616f7c.txt ("理解Core Animation"), its snippets and its from/to/by table.
//
// Ports of the snippets in a set of notes, "理解Core Animation" (understanding Core Animation):
// keeping an animation's end state (`removedOnCompletion = NO` with `fillMode` forwards), the
// layer's local time (`convertTime(CACurrentMediaTime(), from: nil)`), an explicit animation
// inside a UIView animation block, and the table of which of fromValue / toValue / byValue give
// the start and end. The notes give only the lines; the layer and scene around them are ours.
// Edits, and why:
// - `kCAFillModeForwards` → `.forwards`, `anim.removedOnCompletion` → `isRemovedOnCompletion`
//   (Swift names); `self.layer` is a layer of ours; times are scene times.

enum KeepEndState {
    static func scene() -> Scene {
        let scene = Scene(canvas: Canvas(size: CGSize(width: 320, height: 240), fps: 30, duration: 1.5))
        let layer = CALayer()
        layer.name = "box"
        layer.frame = CGRect(x: 20, y: 95, width: 50, height: 50)  // position (45, 120)
        layer.backgroundColor = UIColor.orange.cgColor
        scene.rootLayer.addSublayer(layer)
        scene.at(0.25) {
            let anim = CABasicAnimation(keyPath: "position.x")
            anim.toValue = NSNumber(value: 275)
            anim.duration = 1
            // 保持动画结束时的状态 (keep the state the animation ends in)
            anim.isRemovedOnCompletion = false  // default YES: removed when it ends
            anim.fillMode = .forwards
            layer.add(anim, forKey: "move")
        }
        return scene
    }
}

enum LocalTime {
    final class Owner {
        let layer = CALayer()
        var localTimes: [Double] = []

        func sample() {
            // 将系统绝对时间转换为图层本地时间 (absolute time to the layer's own, speed included)
            let localTime = self.layer.convertTime(CACurrentMediaTime(), from: nil)
            localTimes.append(localTime)
        }
    }

    static func scene() -> (Scene, Owner) {
        let scene = Scene(canvas: Canvas(size: CGSize(width: 320, height: 240), fps: 30, duration: 1))
        let owner = Owner()
        owner.layer.speed = 2
        owner.layer.timeOffset = 0.5
        scene.rootLayer.addSublayer(owner.layer)
        scene.at(0.25) { owner.sample() }
        scene.at(0.75) { owner.sample() }
        return (scene, owner)
    }
}

enum ExplicitInBlock {
    static func scene() -> Scene {
        let scene = Scene(canvas: Canvas(size: CGSize(width: 320, height: 240), fps: 30, duration: 1))
        let view = UIView(frame: CGRect(x: 20, y: 20, width: 60, height: 60))
        view.layer.name = "view"
        view.backgroundColor = .systemBlue
        scene.addSubview(view)
        scene.at(0) {
            // "如果将显式动画放在animation block，一样可以执行。但其duration不会被覆盖，默认为0.25"
            // (an explicit animation in an animation block runs too, but keeps its own duration:
            // 0.25 s when not set)
            UIView.animate(withDuration: 2) {
                let fade = CABasicAnimation(keyPath: "opacity")
                fade.fromValue = NSNumber(value: 1)
                fade.toValue = NSNumber(value: 0)
                view.layer.add(fade, forKey: "fade")
            }
        }
        return scene
    }
}

/// The notes' table, one layer per row: model x 100; f = 20, t = 220, b = 60; 1 s, linear.
enum FromToByTable {
    static let rows: [(name: String, from: Double?, to: Double?, by: Double?)] = [
        ("ft", 20, 220, nil), ("fb", 20, nil, 60), ("tb", nil, 220, 60),
        ("f", 20, nil, nil), ("t", nil, 220, nil), ("b", nil, nil, 60)
    ]

    static func scene() -> Scene {
        let scene = Scene(canvas: Canvas(size: CGSize(width: 320, height: 240), fps: 30, duration: 1))
        for (i, row) in rows.enumerated() {
            let layer = CALayer()
            layer.name = row.name
            layer.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
            layer.position = CGPoint(x: 100, y: 20 + 40 * Double(i))
            layer.backgroundColor = UIColor.white.cgColor
            scene.rootLayer.addSublayer(layer)
            let anim = CABasicAnimation(keyPath: "position.x")
            anim.fromValue = row.from.map { NSNumber(value: $0) }
            anim.toValue = row.to.map { NSNumber(value: $0) }
            anim.byValue = row.by.map { NSNumber(value: $0) }
            anim.duration = 1
            layer.add(anim, forKey: nil)
        }
        return scene
    }
}

@Suite("Ports: notes on Core Animation")
struct NotesPortTests {
    @Test func forwardsFillKeepsTheEndButNotTheModel() throws {
        try expectRendersToMP4(KeepEndState.scene())
        let timeline = try KeepEndState.scene().compile()
        // 45 → 275 over 1 s from 0.25 s: at 0.75 s, 160. After 1.25 s the animation stays and
        // holds 275, while the model is still 45 ("冻结动画状态不代表修改了图层树中属性模型的值").
        #expect(close(timeline.state("box", at: 0.75).position.x, 160))
        #expect(close(timeline.state("box", at: 1.4).position.x, 275))
        #expect(timeline.model("box", at: 1.4)?.position.x == 45)
        #expect(timeline.presentation(at: 1.4, layerNamed: "box")?.animationKeys == ["move"])
    }

    @Test func convertTimeGivesTheLayersTime() throws {
        try expectRendersToMP4(LocalTime.scene().0)
        let (scene, owner) = LocalTime.scene()
        _ = try scene.compile()
        // local = (t − beginTime) × speed + timeOffset = 2t + 0.5: 1.0 at 0.25 s, 2.0 at 0.75 s.
        #expect(owner.localTimes.count == 2)
        #expect(close(owner.localTimes[0], 1.0) && close(owner.localTimes[1], 2.0))
    }

    @Test func explicitAnimationInABlockKeepsItsOwnDuration() throws {
        try expectRendersToMP4(ExplicitInBlock.scene())
        let timeline = try ExplicitInBlock.scene().compile()
        // 0.25 s, not the block's 2 s: linear 1 → 0, at 0.125 s, 0.5; over (model 1) by 0.3 s.
        #expect(close(timeline.state("view", at: 0.125).opacity, 0.5))
        #expect(close(timeline.state("view", at: 0.3).opacity, 1))
    }

    @Test func fromToByTableGivesStartAndEnd() throws {
        try expectRendersToMP4(FromToByTable.scene())
        let timeline = try FromToByTable.scene().compile()
        // Start and end per row (model 100): f+t 20→220, f+b 20→80, t+b 160→220, f 20→100,
        // t 100→220, b 100→160; at 0.5 s, the middle.
        let expected: [String: (Double, Double)] = [
            "ft": (20, 220), "fb": (20, 80), "tb": (160, 220), "f": (20, 100), "t": (100, 220), "b": (100, 160)
        ]
        for (name, (start, end)) in expected {
            #expect(close(timeline.state(name, at: 0).position.x, start), "\(name) starts at \(start)")
            #expect(close(timeline.state(name, at: 0.5).position.x, (start + end) / 2), "\(name) midway")
            #expect(
                close(timeline.state(name, at: 0.999).position.x, start + (end - start) * 0.999, 1e-6),
                "\(name) ends at \(end)")
        }
    }
}
