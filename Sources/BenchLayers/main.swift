// bench-layers: how fast Reel draws a busy 1080p frame, with and without the raster cache, in one
// run. Drawing only (no encoding): it renders the same frames twice, single-threaded, and prints
// frames per second for each and their ratio. Run it with tools/bench-layers.
import Foundation
import Reel

let arguments = CommandLine.arguments.dropFirst()
let scenePath = arguments.first ?? "tools/bench-layers.yaml"
let frames = arguments.dropFirst().first.flatMap { Int($0) } ?? 120

let timeline: Timeline
do {
    timeline = try SceneLoader.load(path: scenePath, images: FFmpegImageLoader()).scene.compile()
} catch {
    FileHandle.standardError.write(Data("bench-layers: \(error)\n".utf8))
    exit(2)
}

func measure(caching: Bool) -> (fps: Double, seconds: Double, hits: Int, misses: Int) {
    let renderer = FrameRenderer(canvas: timeline.canvas, caching: caching)
    let buffer = renderer.makeBuffer()
    // One warm-up frame so both runs start with fonts and images loaded.
    renderer.render(timeline, at: 0, into: buffer)
    let start = Date()
    for i in 0..<frames {
        renderer.render(timeline, at: timeline.canvas.time(ofFrame: i % timeline.canvas.frameCount), into: buffer)
    }
    let seconds = Date().timeIntervalSince(start)
    let stats = renderer.cache?.statistics ?? (hits: 0, misses: 0)
    return (Double(frames) / seconds, seconds, stats.hits, stats.misses)
}

let layerCount = { () -> Int in
    func count(_ l: PresentationLayer) -> Int { 1 + l.sublayers.map(count).reduce(0, +) }
    return count(timeline.presentation(at: 0)) - 1
}()
print("bench-layers: \(scenePath), \(timeline.canvas.pixelWidth)×\(timeline.canvas.pixelHeight), \(layerCount) layers, \(frames) frames, 1 thread")
// "cached" as a third argument skips the run without the cache (for profiling the usual path).
let cachedOnly = arguments.dropFirst(2).first == "cached"
let direct = cachedOnly ? nil : measure(caching: false)
if let direct { print(String(format: "  without cache: %7.1f fps  (%.2f s, %.2f ms a frame)", direct.fps, direct.seconds, 1000 / direct.fps)) }
let cached = measure(caching: true)
print(String(format: "  with cache:    %7.1f fps  (%.2f s, %.2f ms a frame; %d raster hits, %d made)",
             cached.fps, cached.seconds, 1000 / cached.fps, cached.hits, cached.misses))
if let direct { print(String(format: "  cache speed-up: %.2f×", cached.fps / direct.fps)) }
