import Foundation
import Testing

@testable import ReelCore
@testable import ReelScene

@Suite("Scene decoding")
struct SceneDecodingTests {
    @Test func yamlAndJSONDecodeToTheSameScene() throws {
        let yaml = """
            reel: 1
            canvas: { size: [200, 100], fps: 30, duration: 3, background: navy }
            layers:
              - { name: box, position: [50, 50], bounds: [0, 0, 20, 20], backgroundColor: "#FF0000" }
            timeline:
              - at: 1
                add: { layer: box, key: move, animation: { keyPath: position.x, toValue: 150, duration: 1 } }
            """
        let json = """
            {
              "$schema": "scene.schema.json",
              "reel": 1,
              "canvas": {"size": [200, 100], "fps": 30, "duration": 3, "background": "navy"},
              "layers": [{"name": "box", "position": [50, 50], "bounds": [0, 0, 20, 20], "backgroundColor": "#FF0000"}],
              "timeline": [{"at": 1, "add": {"layer": "box", "key": "move",
                            "animation": {"keyPath": "position.x", "toValue": 150, "duration": 1}}}]
            }
            """
        let (ys, yt) = try load(yaml)
        let (js, jt) = try load(json)
        #expect(ys.canvas == js.canvas)
        for t in [0, 1.25, 1.5, 2.5] { #expect(yt.state("box", at: t) == jt.state("box", at: t)) }
        #expect(close(jt.state("box", at: 1.5).position.x, 100))
    }

    @Test func frameComesFirstInALayerAndInOrderInASet() throws {
        // A layer entry: frame first (whatever the key order), so an explicit position, such as
        // one beside a merged template, overrides it. A set: in the order written, like code.
        let (_, t) = try load(
            """
            reel: 1
            canvas: { size: [200, 100], duration: 2 }
            layers:
              - &card { name: c, frame: [10, 20, 30, 40], backgroundColor: red }
              - { name: a, position: [1, 1], frame: [10, 20, 30, 40] }
              - { <<: *card, name: b, position: [100, 50] }
            timeline:
              - at: 1
                disableActions: true
                set: { a: { position: [2, 2], frame: [0, 0, 10, 10] }, b: { frame: [0, 0, 10, 10], position: [2, 2] } }
            """)
        #expect(
            t.state("a", at: 0).position == CGPoint(x: 1, y: 1)
                && t.state("a", at: 0).bounds.size == CGSize(width: 30, height: 40))
        #expect(
            t.state("b", at: 0).position == CGPoint(x: 100, y: 50)
                && t.state("b", at: 0).bounds.size == CGSize(width: 30, height: 40))
        #expect(t.state("a", at: 1.5).position == CGPoint(x: 5, y: 5), "frame written last wins")
        #expect(t.state("b", at: 1.5).position == CGPoint(x: 2, y: 2), "position written last wins")
    }

    @Test func canvasDefaults() throws {
        let (scene, _) = try load("reel: 1\ncanvas: { size: [64, 48], duration: 2 }\nlayers: []\n")
        #expect(
            scene.canvas
                == Canvas(size: CGSize(width: 64, height: 48), scale: 1, fps: 60, duration: 2, background: .black))
        #expect(scene.canvas.frameCount == 120)
    }

    @Test func templatesAreCopiedAndOverridden() throws {
        let (_, t) = try load(
            """
            reel: 1
            canvas: { size: [100, 100], duration: 10 }
            animations:
              slide: { class: CABasicAnimation, keyPath: position.x, fromValue: 0, toValue: 100, duration: 2 }
            layers:
              - { name: a, frame: [0, 0, 10, 10] }
              - { name: b, frame: [0, 0, 10, 10] }
            timeline:
              - at: 0
                add: [{ layer: a, key: s, animation: slide }, { layer: b, key: s, animation: { use: slide, duration: 4 } }]
            """)
        #expect(close(t.state("a", at: 1).position.x, 50))
        #expect(close(t.state("b", at: 1).position.x, 25))
    }

    @Test func beginTimeIsRelativeToTheMomentOfAdding() throws {
        // The seeds' `CACurrentMediaTime() + 2`: added at 1, begins at 3.
        let (_, t) = try load(
            sceneText(
                timeline: """
                      - at: 1
                        add: { layer: box, key: late, animation: { keyPath: opacity, fromValue: 0, toValue: 1, duration: 2, beginTime: 2 } }
                    """))
        #expect(t.state("box", at: 2.9).opacity == 1)
        #expect(close(t.state("box", at: 4).opacity, 0.5))
    }

    @Test func beginTimeIsRelativeToTheMomentOfAddingInTheLayersTime() throws {
        // Layer time = scene × 2 + 10: added at scene 1 (layer 12), begins 2 s of layer time
        // later (layer 14 = scene 2) and runs 2 s of layer time (1 s of scene time).
        let (_, t) = try load(
            sceneText(
                layer: "{ name: box, frame: [0, 0, 10, 10], speed: 2, timeOffset: 10 }",
                timeline: """
                      - at: 1
                        add: { layer: box, key: late, animation: { keyPath: opacity, fromValue: 0, toValue: 1, duration: 2, beginTime: 2 } }
                    """))
        #expect(t.state("box", at: 1.9).opacity == 1)
        #expect(close(t.state("box", at: 2.5).opacity, 0.5))
        #expect(t.events.map(\.time) == [2, 3])
    }

    @Test func setMakesImplicitAnimationsWithTheEntrysSettings() throws {
        let (_, t) = try load(
            sceneText(
                timeline: """
                      - at: 1
                        duration: 2
                        timingFunction: linear
                        set: { box: { position.x: 105, opacity: 0.5 } }
                      - at: 5
                        disableActions: true
                        set: { box: { position.x: 0 } }
                    """))
        #expect(close(t.state("box", at: 2).position.x, 55))
        #expect(close(t.state("box", at: 2).opacity, 0.75))
        #expect(t.state("box", at: 5).position.x == 0)
    }

    @Test func actionsNullDisablesOneKey() throws {
        let (_, t) = try load(
            sceneText(
                layer: "{ name: box, frame: [0, 0, 10, 10], actions: { opacity: null } }",
                timeline: """
                      - at: 1
                        set: { box: { opacity: 0.5, position.x: 100 } }
                    """))
        #expect(close(t.state("box", at: 1.1).opacity, 0.5))
        #expect(t.state("box", at: 1.1).position.x < 100)
    }

    /// An animation in `actions` runs instead of the implicit one: keyPath from the key, from
    /// and to from the change, duration from the transaction when it has none; `onOrderIn` runs
    /// when the layer is inserted.
    @Test func actionsHoldAnimations() throws {
        let (_, t) = try load(
            sceneText(
                layer: """
                    { name: box, frame: [0, 0, 10, 10], actions: {
                          opacity: { duration: 2 },
                          position: { class: CAKeyframeAnimation, values: [[5, 5], [5, 50], [50, 5]], duration: 2 },
                          cornerRadius: { timingFunction: easeIn } } }
                    """,
                timeline: """
                      - at: 1
                        duration: 4
                        set: { box: { opacity: 0, position: [50, 5], cornerRadius: 4 } }
                      - at: 2
                        insert: [{ parent: box, layer: { name: child, frame: [1, 1, 2, 2], backgroundColor: red,
                                                         actions: { onOrderIn: { keyPath: opacity, fromValue: 0, duration: 1 } } } }]
                    """))
        #expect(close(t.state("box", at: 2).opacity, 0.5), "linear over its own 2 s")
        #expect(close(t.state("box", at: 2).position.y, 50), "the keyframes' middle value half-way")
        // easeIn over the transaction's 4 s: a quarter of the time is well under a quarter of the way.
        let radius = t.state("box", at: 2).cornerRadius
        #expect(radius > 0 && radius < 1, "\(radius)")
        #expect(close(t.state("child", at: 2.5).opacity, 0.5), "fading in as it is inserted")
    }

    /// A layer inserted by the timeline keeps its sublayers and mask (they were dropped: the
    /// inserted layer was recorded without its subtree).
    @Test func anInsertedLayerBringsItsSubtree() throws {
        let (_, t) = try load(
            sceneText(
                timeline: """
                      - at: 1
                        insert: [{ parent: box, layer: { name: card, frame: [0, 0, 8, 8], mask: { name: cut, frame: [0, 0, 4, 8], backgroundColor: black },
                                                        sublayers: [{ name: label, class: text, frame: [0, 0, 8, 4], string: "Hi" },
                                                                    { name: dot, frame: [1, 1, 2, 2], sublayers: [{ name: inner, frame: [0, 0, 1, 1] }] }] } }]
                    """))
        let card = try #require(t.presentation(at: 1.5, layerNamed: "card"))
        #expect(card.sublayers.map(\.name) == ["label", "dot"])
        #expect(card.sublayers.last?.sublayers.map(\.name) == ["inner"])
        #expect(card.mask?.name == "cut")
        #expect(t.state("label", at: 1.5).string == "Hi")
    }

    /// `on:` entries hear of the animations a layer's actions run, under the key they run with,
    /// and a template without keyPath is an action (the key fills it in).
    @Test func handlersHearActionAnimationsAndTemplatesServeAsActions() throws {
        let text = """
            reel: 1
            canvas: { size: [100, 100], duration: 4 }
            animations:
              slow: { duration: 1 }
            layers:
              - { name: box, frame: [0, 0, 10, 10], actions: { opacity: slow } }
            timeline:
              - at: 1
                set: { box: { opacity: 0 } }
              - on: { layer: box, key: opacity, event: didStop }
                disableActions: true
                set: { box: { position: [80, 80] } }
            """
        let (_, t) = try load(text)
        #expect(close(t.state("box", at: 1.5).opacity, 0.5), "the template's 1 s, keyPath opacity")
        #expect(t.state("box", at: 1.9).position.x == 5)
        #expect(t.state("box", at: 2.1).position.x == 80, "the handler ran when the action's animation stopped")
    }

    @Test func insertRemoveAndRemoveLayers() throws {
        let (_, t) = try load(
            sceneText(
                timeline: """
                      - at: 1
                        insert: [{ parent: box, layer: { name: child, frame: [1, 1, 2, 2], backgroundColor: red } }]
                      - at: 2
                        add: { layer: box, key: fade, animation: { keyPath: opacity, fromValue: 0, toValue: 1, duration: 4 } }
                      - at: 3
                        remove: { layer: box, key: fade }
                      - at: 4
                        removeLayers: [child]
                    """))
        #expect(t.presentation(at: 0.5, layerNamed: "child") == nil)
        #expect(t.presentation(at: 1.5, layerNamed: "child") != nil)
        #expect(close(t.state("box", at: 2.5).opacity, 0.125))
        #expect(t.state("box", at: 3).opacity == 1)
        #expect(t.presentation(at: 4, layerNamed: "child") == nil)
    }

    @Test func pauseAndResumeFollowTheSeedRecipe() throws {
        let (_, t) = try load(
            sceneText(
                timeline: """
                      - at: 0
                        add: { layer: box, key: x, animation: { keyPath: position.x, fromValue: 0, toValue: 100, duration: 4 } }
                      - at: 1
                        pause: [box]
                      - at: 3
                        resume: [box]
                    """))
        #expect(close(t.state("box", at: 2).position.x, 25))
        #expect(close(t.state("box", at: 4).position.x, 50))
        #expect(t.events.map { $0.time } == [0, 6])
    }

    @Test func onHandlersRunAtTheEventTime() throws {
        // Seed 000's petal: at didStop, set the final position without a second animation.
        let (_, t) = try load(
            sceneText(
                timeline: """
                      - at: 2
                        add: { layer: box, key: fall, animation: { keyPath: position, toValue: [55, 90], duration: 5 } }
                      - on: { layer: box, key: fall, event: didStop, finished: true }
                        disableActions: true
                        set: { box: { position: [55, 90] } }
                    """))
        #expect(t.state("box", at: 7).position == CGPoint(x: 55, y: 90))
        #expect(t.presentation(at: 7.1, layerNamed: "box")?.animationKeys == [String]())
    }

    @Test func completionEntriesRunWhenTheAnimationsFinish() throws {
        let (_, t) = try load(
            sceneText(
                timeline: """
                      - at: 1
                        add: { layer: box, key: a, animation: { keyPath: opacity, fromValue: 0, toValue: 1, duration: 2 } }
                        completion:
                          - disableActions: true
                            set: { box: { zPosition: 5 } }
                    """))
        #expect(t.state("box", at: 2.9).zPosition == 0)
        #expect(t.state("box", at: 3).zPosition == 5)
    }
}
