import Foundation
import Testing
@testable import ReelScene

/// Malformed scenes: each must be rejected with the exact line, column and message, and none
/// may crash. (The full table of the format's errors grows with the format.)
@Suite("Diagnostics")
struct DiagnosticTests {
    @Test(arguments: [
        // Structure
        ("", ["1:1: the file is empty; a scene needs at least 'reel', 'canvas' and 'layers'"]),
        ("- 1\n- 2\n", ["1:1: a scene file must be a map of keys to values, found a list of 2"]),
        ("reel: 2\ncanvas: { size: [10, 10], duration: 1 }\n", ["1:7: unsupported format version the number 2; this reel reads 'reel: 1'"]),
        ("canvas: { size: [10, 10], duration: 1 }\n", ["1:1: a scene file starts with 'reel: 1' (the format version)"]),
        ("reel: 1\n", ["1:1: the scene needs a 'canvas' with at least size and duration"]),
        ("reel: 1\ncanvas: { size: [10, 10], duration: 1 }\nlayer: []\n", ["3:1: unknown key 'layer' in the scene (did you mean 'layers'?)"]),
        ("reel: 1\ncanvas: { size: [10, 10], duration: 1 }\nlayers: {}\n", ["3:9: 'layers' must be a list of layers, back to front; found a map"]),
        // Canvas
        ("reel: 1\ncanvas: { duration: 1 }\n", ["2:9: 'canvas' needs 'size: [width, height]' in points"]),
        ("reel: 1\ncanvas: { size: [10, 10] }\n", ["2:9: 'canvas' needs 'duration' in seconds"]),
        ("reel: 1\ncanvas: { size: [10], duration: 1 }\n", ["2:17: canvas size must be a size [width, height] (2 numbers), found 1"]),
        ("reel: 1\ncanvas: { size: [0, 10], duration: 1 }\n", ["2:17: canvas size must be positive, found [0, 10]"]),
        ("reel: 1\ncanvas: { size: [10, 10], duration: -2 }\n", ["2:37: canvas duration must be greater than 0 seconds, found -2"]),
        ("reel: 1\ncanvas: { size: [10, 10], duration: 1, fps: 0 }\n", ["2:45: fps must be between 1 and 1000, found 0"]),
        ("reel: 1\ncanvas: { size: [10, 10], duration: 1, backgroud: red }\n", ["2:40: unknown key 'backgroud' in 'canvas' (did you mean 'background'?)"]),
        ("reel: 1\ncanvas: { size: [10, 10], duration: 60000 }\n", ["2:27: the scene would have 3600000 frames (fps × duration); the limit is 216000 (raise it with --max-frames)"]),
        ("reel: 1\ncanvas: { size: [100000, 10], duration: 1 }\n", ["2:11: the frame would be 100000×10 pixels (size × scale); the limit is 16384 per side and 40000000 pixels (raise it with --max-pixels)"]),
        // Values
        ("reel: 1\ncanvas: { size: [10, 10], duration: 1, background: \"#12\" }\n", ["2:52: background: '#12' is not a hex color; use #RGB, #RGBA, #RRGGBB or #RRGGBBAA"]),
        ("reel: 1\ncanvas: { size: [10, 10], duration: 1, background: reed }\n", ["2:52: background: unknown color name 'reed' (did you mean 'red'?)"]),
        ("reel: 1\ncanvas: { size: [10, 10], duration: \"2\" }\n", ["2:37: canvas duration must be a number, found the string \"2\" (remove the quotes)"]),
    ])
    func rejects(text: String, expected: [String]) {
        #expect(problems(text) == expected)
    }

    @Test(arguments: [
        ("{ name: box, positon: [1, 2] }", ["4:18: unknown key 'positon' in layer 'box' (did you mean 'position'?)"]),
        ("{ name: box, opacity: 1.5 }", ["4:27: opacity must be between 0 and 1, found 1.5"]),
        ("{ name: box, position: [1, 2, 3] }", ["4:28: position must be a point [x, y] (2 numbers), found 3"]),
        ("{ name: box, position: [1, x] }", ["4:32: each number of position must be a number, found 'x'"]),
        ("{ name: box, backgroundColor: [1, 0, 2] }", ["4:42: each component of backgroundColor must be between 0 and 1, found 2"]),
        ("{ name: box, hidden: yes }", ["4:26: hidden must be true or false, found 'yes'"]),
        ("{ name: box, transform: [{rotate: 90deg, scale: 2}] }", ["4:30: a transform step has one operation; found scale and rotate (write them as separate steps)"]),
        ("{ name: box, transform: [{spin: 1}] }", ["4:30: a transform step needs one of translate, scale, rotate, perspective or matrix", "4:31: unknown key 'spin' in a transform step"]),
        ("{ name: box, transform: [{perspective: -5}] }", ["4:44: perspective is the eye distance and must be positive, found -5"]),
        ("{ name: box, class: CAShapeLayr }", ["4:25: unknown layer class 'CAShapeLayr' (did you mean 'CAShapeLayer'?)"]),
        ("{ name: root }", ["4:13: 'root' is the name of the root layer; choose another name"]),
        ("{ name: box, borderWidth: -1 }", ["4:31: borderWidth must not be negative, found -1"]),
        ("{ name: box, actions: { opacity: 1 } }", ["4:38: an action is 'null' (disable the implicit animation for 'opacity'); found the number 1"]),
        ("{ name: box, sublayers: [{ name: box }] }", ["4:38: duplicate layer name 'box'; names must be unique"]),
    ])
    func rejectsLayerProblems(layer: String, expected: [String]) {
        #expect(problems(sceneText(layer: layer)) == expected)
    }

    @Test(arguments: [
        ("  - at: -1\n    set: { box: { opacity: 1 } }", ["6:9: 'at' is a scene time and must not be negative, found -1"]),
        ("  - set: { box: { opacity: 1 } }", ["6:5: a timeline entry needs 'at: SECONDS' or 'on: {layer, key, event}'"]),
        ("  - at: 1\n    sett: {}", ["7:5: unknown key 'sett' in a timeline entry (did you mean 'set'?)"]),
        ("  - at: 1\n    set: { bx: { opacity: 1 } }", ["7:12: unknown layer 'bx' (did you mean 'box'?)"]),
        ("  - at: 1\n    set: { box: { opacty: 1 } }", ["7:19: unknown property 'opacty' (did you mean 'opacity'?)"]),
        ("  - at: 1\n    add: { layer: box, animation: { keyPath: postion, toValue: 1 } }", ["7:46: unknown key path 'postion' (did you mean 'position'?)"]),
        ("  - at: 1\n    add: { layer: box, animation: { keyPath: position, toValue: 1 } }", ["7:65: toValue must be a point [x, y], found the number 1"]),
        ("  - at: 1\n    add: { layer: box, animation: { keyPath: opacity, duration: -1 } }", ["7:65: duration must not be negative, found -1"]),
        ("  - at: 1\n    add: { layer: box, animation: { keyPath: opacity, fillMode: forward } }", ["7:65: fillMode must be one of 'removed', 'forwards', 'backwards', 'both'; found 'forward' (did you mean 'forwards'?)"]),
        ("  - at: 1\n    add: { layer: box, animation: { keyPath: opacity, timingFunction: easeInOut } }", ["7:71: timingFunction must be one of 'linear', 'easeIn', 'easeOut', 'easeInEaseOut', 'default'; found 'easeInOut' (did you mean 'easeOut'?)"]),
        ("  - at: 1\n    add: { layer: box, animation: { keyPath: opacity, timingFunction: [2, 0, 0.5, 1] } }", ["7:71: timingFunction: the control points' x values must be within 0…1 (y may leave it), found 2 and 0.5"]),
        ("  - at: 1\n    add: { layer: box, animation: spin }", ["7:35: unknown animation template 'spin'"]),
        ("  - at: 1\n    add: { layer: box, animation: { toValue: 1 } }", ["7:35: a CABasicAnimation needs a 'keyPath' (the property it animates)"]),
        ("  - on: { layer: box, key: never, event: didStop }\n    set: { box: { opacity: 1 } }", ["6:28: this event can never fire: no animation is added to layer 'box' under key 'never' in this file"]),
        ("  - on: { layer: box, event: didEnd }\n    set: {}", ["6:30: event must be one of 'didStart', 'didStop'; found 'didEnd'"]),
        ("  - at: 1\n    on: { layer: box, event: didStop }", ["6:5: a timeline entry has either 'at' (a time) or 'on' (an animation event), not both"]),
    ])
    func rejectsTimelineProblems(timeline: String, expected: [String]) {
        #expect(problems(sceneText(timeline: timeline)) == expected)
    }

    @Test func everyProblemIsReportedInOneRun() {
        let found = problems("""
            reel: 1
            canvas: { size: [10, 10], duration: 1 }
            layers:
              - { name: a, opacity: 3 }
              - { name: b, positon: [0, 0] }
            timeline:
              - at: 0
                set: { c: { opacity: 1 } }
            """)
        #expect(found.count == 3)
        #expect(found.map { $0.prefix(4) } == ["4:25", "5:16", "8:12"])
    }

    @Test func yamlSyntaxErrorsCarryTheirLocation() {
        let found = problems("reel: 1\ncanvas: [1, 2\nlayers: []\n")
        #expect(found.count == 1)
        #expect(found.first?.hasPrefix("3:") == true || found.first?.hasPrefix("2:") == true, "\(found)")
        #expect(found.first?.contains("syntax error") == true)
        let dup = problems("reel: 1\nreel: 1\n")
        #expect(dup.first?.contains("duplicate key 'reel'") == true, "\(dup)")
    }

    @Test func aliasBombsAreStopped() {
        var text = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for i in 1..<9 { text += "a\(i): &a\(i) [*a\(i - 1), *a\(i - 1), *a\(i - 1), *a\(i - 1), *a\(i - 1), *a\(i - 1), *a\(i - 1), *a\(i - 1), *a\(i - 1), *a\(i - 1)]\n" }
        let found = problems(text)
        #expect(found == ["1:1: the document expands to more than 1000000 nodes (YAML aliases nested too deeply?)"])
    }
}
