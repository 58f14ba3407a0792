// bench-timeline: evaluation cost per frame follows the animations active at that moment, not
// the length of the timeline. Builds the same scene with a short and a very long history of
// sequential animations (one active at a time) and times presentation(at:) at random moments
// of each, in one run. Run it with tools/bench-timeline.
import Foundation
import Reel

/// A 1080p scene whose one layer gets `count` back-to-back 0.1 s animations.
func timeline(animations count: Int) throws -> Timeline {
    let duration = Double(count) * 0.1
    let scene = Scene(canvas: Canvas(size: CGSize(width: 1920, height: 1080), fps: 60, duration: duration))
    let box = CALayer()
    box.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
    scene.rootLayer.addSublayer(box)
    for i in 0..<count {
        scene.at(Double(i) * 0.1) {
            let a = CABasicAnimation(keyPath: "position.x")
            a.fromValue = 0.0
            a.toValue = 1000.0
            a.duration = 0.1
            box.add(a, forKey: "move\(i % 4)")
            CATransaction.setDisableActions(true)
            box.opacity = Float(i % 10) / 10 + 0.1
        }
    }
    return try scene.compile()
}

func measure(_ t: Timeline, evaluations: Int) -> Double {
    var generator = SystemRandomNumberGenerator()
    var sink = 0.0
    let start = Date()
    for _ in 0..<evaluations {
        let tree = t.presentation(at: Double.random(in: 0..<t.canvas.duration, using: &generator))
        sink += tree.sublayers[0].state.position.x
    }
    let seconds = Date().timeIntervalSince(start)
    if sink.isNaN { print(sink) }
    return seconds / Double(evaluations) * 1e6
}

let evaluations = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 200_000
print("bench-timeline: presentation(at:) at random times, \(evaluations) evaluations each, 1 thread")
let short = try timeline(animations: 100)
let long = try timeline(animations: 100_000)
let shortCost = measure(short, evaluations: evaluations)
let longCost = measure(long, evaluations: evaluations)
print(String(format: "  100 animations in 10 s:          %6.2f µs per frame", shortCost))
print(String(format: "  100000 animations in 10000 s:    %6.2f µs per frame", longCost))
print(
    String(
        format: "  ratio (long / short):            %6.2f×   (1000× the history; 1× would be ideal)",
        longCost / shortCost))
