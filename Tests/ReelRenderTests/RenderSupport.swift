import Foundation
import ReelCore
import ReelRender
import ReelScene

/// Decodes scene text, compiles it and renders the frame at `t` (shared by the drawing tests).
func renderScene(_ yaml: String, at t: Double = 0, file: String = "test.yaml", caching: Bool = true) throws
    -> PixelBuffer
{
    try renderScene(SceneLoader.decode(text: yaml, file: file).scene, at: t, caching: caching)
}

/// Compiles a scene built with the Swift API and renders the frame at `t`.
func renderScene(_ scene: Scene, at t: Double = 0, caching: Bool = true) throws -> PixelBuffer {
    let timeline = try scene.compile()
    let renderer = FrameRenderer(canvas: timeline.canvas, caching: caching)
    let buffer = renderer.makeBuffer()
    renderer.render(timeline, at: t, into: buffer)
    return buffer
}
