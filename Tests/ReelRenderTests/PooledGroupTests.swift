import CCairo
import CReelCairo
import Foundation
import ReelCore
import Testing

@testable import ReelRender

/// Groups drawn on buffers kept per thread (`CairoContext.pushGroup`) against Cairo's own
/// `cairo_push_group`, the independent reference: the same pixels, byte for byte, through a
/// transformed user space, a clip of several pixel rectangles, nesting and blend operators.
@Suite("Pooled groups")
struct PooledGroupTests {
    static let width = 1024, height = 768

    /// A frame drawn with groups: `pooled` uses Reel's groups, otherwise Cairo's.
    private func frame(pooled: Bool, insideCairoGroup: Bool = false, exactClip: Bool = false) -> [UInt8] {
        let surface = CairoSurface(CAIRO_FORMAT_ARGB32, width: Self.width, height: Self.height)
        surface.withContext { cr in
            cr.setSource(0.1, 0.2, 0.3)
            cr.paint()
            if insideCairoGroup { cairo_push_group(cr.raw) }
            // Two pixel rectangles (a clip Cairo lists), or a disc (one it cannot).
            if exactClip {
                cairo_arc(cr.raw, 500, 380, 330, 0, 2 * .pi)
            } else {
                cr.rectangle(40, 30, 700, 600)
                cr.rectangle(600, 100, 400, 500)
            }
            cr.clip()
            cairo_translate(cr.raw, 120.5, 80.25)
            cairo_rotate(cr.raw, 0.3)
            cairo_scale(cr.raw, 1.5, 1.2)
            func draw(_ cr: CairoContext) {
                cr.setSource(0.9, 0.3, 0.1, 0.7)
                cairo_arc(cr.raw, 200, 200, 180, 0, 2 * .pi)
                cairo_fill(cr.raw)
                // A nested group, added over the first.
                let inner = group(cr, pooled: pooled) { cr in
                    cr.setSource(0.1, 0.8, 0.4, 0.6)
                    cr.rectangle(100, 50, 400, 300)
                    cairo_fill(cr.raw)
                }
                cr.setOperator(CAIRO_OPERATOR_ADD)
                cr.setSource(inner)
                cr.paint(alpha: 0.8)
            }
            let outer = group(cr, pooled: pooled, draw)
            cr.setSource(outer)
            cr.paint(alpha: 0.9)
            if insideCairoGroup {
                cairo_pop_group_to_source(cr.raw)
                cr.paint()
            }
        }
        surface.flush()
        let data = surface.data!
        return Array(UnsafeBufferPointer(start: data, count: surface.stride * Self.height))
    }

    private func group(_ cr: CairoContext, pooled: Bool, _ body: (CairoContext) -> Void) -> CairoPattern {
        guard pooled else {
            cairo_push_group(cr.raw)
            body(cr)
            return CairoPattern(owning: cairo_pop_group(cr.raw)!)
        }
        return cr.withGroup(body)
    }

    @Test(arguments: [false, true])
    func pooledGroupsDrawWhatCairoGroupsDraw(insideCairoGroup: Bool) {
        let reference = frame(pooled: false, insideCairoGroup: insideCairoGroup)
        let pooled = frame(pooled: true, insideCairoGroup: insideCairoGroup)
        #expect(reference.count == pooled.count)
        let differing = zip(reference, pooled).filter { $0 != $1 }.count
        #expect(differing == 0)
        // The frame is not blank where the groups go: the comparison compares something.
        #expect(Set(reference).count > 10)
    }

    @Test func aClipThatIsNotWholePixelsIsLeftToCairo() {
        let surface = CairoSurface(CAIRO_FORMAT_ARGB32, width: Self.width, height: Self.height)
        surface.withContext { cr in
            cairo_arc(cr.raw, 500, 380, 330, 0, 2 * .pi)
            cr.clip()
            let group = cr.pushGroup()
            #expect(group.raw == cr.raw)
            _ = cr.popGroup(group)
            cr.resetClip()
            cr.rectangle(10, 10, 1000, 700)
            cr.clip()
            let pooled = cr.pushGroup()
            #expect(pooled.raw != cr.raw)
            _ = cr.popGroup(pooled)
        }
        #expect(frame(pooled: true, exactClip: true) == frame(pooled: false, exactClip: true))
    }

    /// Runs `body` on a thread of its own: a pool of its own, which no other test has used.
    private func onFreshThread(_ body: @escaping @Sendable () -> Void) {
        let done = DispatchSemaphore(value: 0)
        Thread {
            body()
            done.signal()
        }.start()
        done.wait()
    }

    @Test func aBufferIsReusedAndStartsClear() {
        onFreshThread {
            #expect(reel_group_pool_bytes() == 0)
            let surface = CairoSurface(CAIRO_FORMAT_ARGB32, width: Self.width, height: Self.height)
            surface.withContext { cr in
                let first = cr.pushGroup()
                let firstPixels = first.groupTarget.data
                first.setSource(1, 0, 0)
                first.paint()
                _ = cr.popGroup(first)  // the pattern is released at once: its buffer goes back
                #expect(reel_group_pool_bytes() >= Self.width * Self.height * 4)
                let second = cr.pushGroup()
                let target = second.groupTarget
                #expect(firstPixels != nil && target.data == firstPixels)
                if let data = target.data {
                    let bytes = UnsafeBufferPointer(start: data, count: target.stride * target.height)
                    #expect(bytes.allSatisfy { $0 == 0 })
                }
                _ = cr.popGroup(second)
            }
        }
    }

    @Test func theBuffersKeptAreBounded() {
        onFreshThread {
            let surface = CairoSurface(CAIRO_FORMAT_ARGB32, width: 4000, height: 3000)
            surface.withContext { cr in
                // Twenty groups of 48 000 000 bytes (kept as 46 MB, whole megabytes) alive at
                // once, then all let go: two fit under the 128 MB a thread keeps.
                var patterns: [CairoPattern] = []
                for _ in 0..<20 {
                    let group = cr.pushGroup()
                    #expect(group.raw != cr.raw)
                    patterns.append(cr.popGroup(group))
                }
                patterns.removeAll()
            }
            #expect(reel_group_pool_bytes() == 2 * (46 << 20))
        }
    }
}
