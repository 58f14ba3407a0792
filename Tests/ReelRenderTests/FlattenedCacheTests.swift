import Foundation
import ReelCore
import ReelRender
import ReelScene
import Testing

/// A layer in perspective keeps its flattened raster while only its transform changes, and
/// never shows a stale one: the frame is byte-identical to one drawn by a fresh renderer.
@Suite("Flattened layers in the cache")
struct FlattenedCacheTests {
    static let scene = """
        reel: 1
        canvas: { size: [240, 160], duration: 2, background: "#0D1B2A" }
        layers:
          - name: stage
            frame: [0, 0, 240, 160]
            sublayerTransform: [{perspective: 400}]
            sublayers:
              - { name: card, frame: [60, 40, 120, 80], cornerRadius: 10, backgroundColor: "#E63946",
                  shadowOpacity: 0.5, shadowRadius: 8, shadowOffset: [0, 6],
                  sublayers: [{ name: dot, frame: [10, 10, 20, 20], cornerRadius: 10, backgroundColor: white }] }
        timeline:
          - at: 0
            add:
              - { layer: card, key: flip, animation: { keyPath: transform.rotation.y, fromValue: 0.3, toValue: 0.6, duration: 2 } }
          - at: 1
            add:
              - { layer: dot, key: tint, animation: { keyPath: backgroundColor, fromValue: white, toValue: "#2A9D8F", duration: 0.5 } }
        """

    @Test func reusedRastersNeverChangeAFrame() throws {
        let timeline = try SceneLoader.decode(text: Self.scene, file: "flat.yaml").scene.compile()
        let cached = FrameRenderer(canvas: timeline.canvas)
        // In order, so the card's raster is kept and reused; then the dot's colour changes inside
        // the flattened subtree, which must give a new raster.
        let times = stride(from: 0.0, through: 1.4, by: 1.0 / 30).map { $0 }
        var frames: [Double: [UInt8]] = [:]
        for t in times {
            let buffer = cached.makeBuffer()
            cached.render(timeline, at: t, into: buffer)
            frames[t] = bytes(buffer)
        }
        #expect(cached.cache!.statistics.hits > 0)
        for t in [0.5, 1.0 + 1.0 / 30, 1.2, 1.4] {
            let fresh = FrameRenderer(canvas: timeline.canvas), buffer = fresh.makeBuffer()
            fresh.render(timeline, at: t, into: buffer)
            let earlier = times.min { abs($0 - t) < abs($1 - t) }!
            let same = frames[earlier] == bytes(buffer)
            #expect(same, "t = \(t): the kept raster differs from a fresh one")
        }
    }

    private func bytes(_ b: PixelBuffer) -> [UInt8] {
        [UInt8](UnsafeRawBufferPointer(start: b.baseAddress, count: b.byteCount))
    }
}
