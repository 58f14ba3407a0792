// The renderer target (tools/fuzz --target render, the default): an accepted scene is compiled
// and a few of its frames drawn, as `reel render` draws them — the compiled timeline on the
// job's canvas, one `FrameRenderer` (and so one raster cache) for every frame.
//
// One input must stay cheap, whatever canvas it asks for, or the fuzzer spends its time filling
// pixels: the canvas is scaled down to fit `maxSize` (keeping its aspect) and only `frameCount`
// frames are drawn, spread over the duration so animations are caught mid-way too. The scene's
// own sizes, radii and counts are left as they are: bounding those is the decoder's job.
import Foundation
import ReelCore
import ReelRender
import ReelScene

/// At most 160×90 pixels: a 1920×1080 scene is drawn at a scale of 1/12.
private let maxSize = (width: 160.0, height: 90.0)
/// Frames drawn per input: the first, the middle and the last.
private let frameCount = 3

func fuzzRenderTarget(_ bytes: [UInt8]) {
    // The schema check is the decoder target's: here the time goes to drawing.
    guard let loaded = fuzzDecode(bytes, checkSchema: false),
        let timeline = try? loaded.scene.compile()
    else { return }
    let small = timeline.with(canvas: fuzzCanvas(timeline.canvas))
    let canvas = small.canvas
    let renderer = FrameRenderer(canvas: canvas)
    let buffer = renderer.makeBuffer()
    let last = max(canvas.frameCount - 1, 0)
    for frame in Set((0..<frameCount).map { last * $0 / max(frameCount - 1, 1) }).sorted() {
        renderer.render(small, at: canvas.time(ofFrame: frame), into: buffer)
    }
}

/// `canvas` scaled down (never up) to fit `maxSize`.
func fuzzCanvas(_ canvas: Canvas) -> Canvas {
    var small = canvas
    let fit = min(maxSize.width / max(canvas.pixelWidthExact, 1), maxSize.height / max(canvas.pixelHeightExact, 1))
    if fit < 1 { small.scale = canvas.scale * fit }
    return small
}

private extension Canvas {
    var pixelWidthExact: Double { size.width * scale }
    var pixelHeightExact: Double { size.height * scale }
}
