import Foundation
import ReelCore
import ReelRender
import ReelScene
import Testing

/// Trees nested deeper than a thread's stack allows to recurse: building the presentation tree
/// overflowed the 8 MB main-thread stack at about 240 levels (SIGSEGV), although `--max-depth`
/// accepts 400 and the Swift API any depth. Deep levels now continue on fresh stacks (DeepStack).
@Suite("Deep layer trees")
struct DeepTreeTests {
    /// `depth` nested layers, each faded slightly (a group per level), the innermost one a red
    /// square over the left half.
    func nested(_ depth: Int) -> Scene {
        let scene = Scene(canvas: Canvas(size: CGSize(width: 40, height: 20), duration: 1, background: .black))
        var parent = scene.rootLayer
        for i in 0..<depth {
            let layer = CALayer()
            layer.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
            layer.opacity = 0.9999
            if i == depth - 1 { layer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1) }
            parent.addSublayer(layer)
            parent = layer
        }
        return scene
    }

    @Test(arguments: [SceneLimits.maxDepthCeiling, 2_000])
    func deepTreesRenderOnEveryThread(_ depth: Int) throws {
        let timeline = try nested(depth).compile()
        #expect(timeline.presentation(at: 0.5).sublayers.count == 1)
        // On the test's thread, and on a small-stack thread (like the frame pipeline's workers).
        let renderer = FrameRenderer(canvas: timeline.canvas)
        let buffer = renderer.makeBuffer()
        renderer.render(timeline, at: 0, into: buffer)
        // 0.9999 per level: 0.82 after 2000 levels.
        #expect(buffer.color(10, 10)[0] > 200 && buffer.color(30, 10) == [0, 0, 0, 255])
        let done = DispatchSemaphore(value: 0)
        let small = Thread {
            renderer.render(timeline, at: 0.5, into: buffer)
            done.signal()
        }
        small.stackSize = 1 << 20
        small.start()
        done.wait()
        #expect(buffer.color(10, 10)[0] > 200 && buffer.color(30, 10) == [0, 0, 0, 255])
    }
}
