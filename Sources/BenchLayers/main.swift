// bench-layers: how fast Reel draws a scene, drawing only (no encoding), on one thread.
//
//   bench-layers SCENE [FRAMES]          with and without the raster cache, and their ratio
//   bench-layers SCENE FRAMES cached     the usual path (with the cache) alone, for profiling
//   bench-layers SCENE FRAMES layers     also where the time goes: each top-level layer's cost
//                                        (the frame time without it, subtracted), by name and class
//
// Frames run 0, 1, 2, … as a render draws them, so the cache sees what it sees in a render.
// Run it with tools/bench-layers.
import Foundation
import Reel

let arguments = Array(CommandLine.arguments.dropFirst())
let scenePath = arguments.first ?? "tools/bench-layers.yaml"
let frames = arguments.dropFirst().first.flatMap { Int($0) } ?? 120
let mode = arguments.count > 2 ? arguments[2] : "both"

let scene: Scene
let timeline: Timeline
do {
    scene = try SceneLoader.load(path: scenePath, images: FFmpegImageLoader(), fonts: FontCatalog()).scene
    timeline = try scene.compile()
} catch {
    FileHandle.standardError.write(Data("bench-layers: \(error)\n".utf8))
    exit(2)
}

/// What the last cached run's raster cache held at its end, in bytes.
nonisolated(unsafe) var heldBytes = 0

func measure(_ timeline: Timeline, caching: Bool) -> (fps: Double, seconds: Double, hits: Int, misses: Int) {
    let renderer = FrameRenderer(canvas: timeline.canvas, caching: caching)
    let buffer = renderer.makeBuffer()
    // One warm-up frame so every run starts with fonts and images loaded.
    renderer.render(timeline, at: 0, into: buffer)
    let start = Date()
    for i in 0..<frames {
        renderer.render(timeline, at: timeline.canvas.time(ofFrame: i % timeline.canvas.frameCount), into: buffer)
    }
    let seconds = Date().timeIntervalSince(start)
    let stats = renderer.cache?.statistics ?? (hits: 0, misses: 0)
    if let cache = renderer.cache { heldBytes = cache.storedBytes }
    return (Double(frames) / seconds, seconds, stats.hits, stats.misses)
}

let layerCount = { () -> Int in
    func count(_ l: PresentationLayer) -> Int { 1 + l.sublayers.map(count).reduce(0, +) }
    return count(timeline.presentation(at: 0)) - 1
}()
print(
    "bench-layers: \(scenePath), \(timeline.canvas.pixelWidth)×\(timeline.canvas.pixelHeight), \(layerCount) layers, \(frames) frames, 1 thread"
)
let direct = mode == "both" ? measure(timeline, caching: false) : nil
if let direct {
    print(
        String(
            format: "  without cache: %7.1f fps  (%.2f s, %.2f ms a frame)", direct.fps, direct.seconds,
            1000 / direct.fps))
}
let cached = measure(timeline, caching: true)
print(
    String(
        format:
            "  with cache:    %7.1f fps  (%.2f s, %.2f ms a frame; %d raster hits, %d made; %.0f MB held at the end)",
        cached.fps, cached.seconds, 1000 / cached.fps, cached.hits, cached.misses, Double(heldBytes) / 1048576))
if let direct { print(String(format: "  cache speed-up: %.2f×", cached.fps / direct.fps)) }

if mode == "layers" {
    // Each top-level layer hidden in turn: what the frame saves without it is what it costs.
    // (Shared costs — the frame clear, the background — stay in "the rest".) The best of two
    // runs each, as this machine's speed wanders by more than a small layer costs.
    func best(_ timeline: Timeline) -> Double {
        (0..<2).map { _ in 1000 / measure(timeline, caching: true).fps }.min()!
    }
    // The whole frame is measured again beside each layer's run, so the machine's drift cancels.
    let whole = best(timeline)
    var costs: [(String, Double)] = []
    for layer in scene.rootLayer.sublayers ?? [] where !layer.isHidden {
        layer.isHidden = true
        defer { layer.isHidden = false }
        guard let without = try? scene.compile() else { continue }
        let label = "\(layer.name ?? "(unnamed)") (\(type(of: layer)))"
        costs.append((label, best(timeline) - best(without)))
    }
    print(
        String(
            format:
                "  by top-level layer, ms a frame (best of 2 runs each, beside the whole frame, %.2f ms; on a shared machine ±1 ms: give more frames):",
            whole))
    for (label, ms) in costs.sorted(by: { $0.1 > $1.1 }) { print(String(format: "    %7.2f  %@", ms, label)) }
    print(
        String(
            format: "    %7.2f  the rest (clearing, background, layers' shared costs)",
            whole - costs.map(\.1).reduce(0, +)))
}
