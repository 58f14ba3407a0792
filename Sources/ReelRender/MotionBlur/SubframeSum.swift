import CReelPixels
import ReelCore

/// A rectangle of pixels in a frame.
struct PixelRegion: Equatable {
    var x: Int, y: Int, width: Int, height: Int

    var isEmpty: Bool { width <= 0 || height <= 0 }

    func intersection(_ other: PixelRegion) -> PixelRegion {
        let x0 = max(x, other.x), y0 = max(y, other.y)
        let x1 = min(x + width, other.x + other.width), y1 = min(y + height, other.y + other.height)
        return PixelRegion(x: x0, y: y0, width: max(x1 - x0, 0), height: max(y1 - y0, 0))
    }
}

/// Sub-frame trees with consecutive equal ones merged (an animation that ends within the
/// shutter leaves the rest of it still): each run is drawn once and weighs its count.
struct SubframeRuns {
    private(set) var runs: [(tree: PresentationLayer, count: Int)] = []
    var total: Int { runs.reduce(0) { $0 + $1.count } }

    init(_ trees: [PresentationLayer]) {
        for tree in trees {
            if let last = runs.last, SameDrawing.equal(last.tree, tree) {
                runs[runs.count - 1].count += 1
            } else {
                runs.append((tree, 1))
            }
        }
    }
}

/// Sums of premultiplied 8-bit channels in 16 bits (256 samples of 255 fit), divided with
/// rounding half up at the end: exact, so the average is the same on every machine and thread.
/// The loops are C's (`reel_subframe_add`, `reel_subframe_write`), which the compiler
/// vectorises: in Swift the sum of a 1080p sub-frame cost more than drawing it.
struct SubframeSum {
    let width: Int, height: Int
    private var sums: [UInt16]

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        sums = [UInt16](repeating: 0, count: width * height * 4)
    }

    /// Adds the first `width × height` pixels of `buffer`, `weight` times.
    mutating func add(_ buffer: PixelBuffer, weight: Int) {
        let base = buffer.baseAddress.assumingMemoryBound(to: UInt8.self)
        sums.withUnsafeMutableBufferPointer { sums in
            reel_subframe_add(sums.baseAddress, base, buffer.stride, width * 4, height, UInt16(weight))
        }
    }

    /// Writes the sums divided by `count` (rounded half up) into `buffer` at `region`.
    func write(count: Int, into buffer: PixelBuffer, at region: PixelRegion) {
        let row = buffer.baseAddress.assumingMemoryBound(to: UInt8.self) + region.y * buffer.stride + region.x * 4
        sums.withUnsafeBufferPointer { sums in
            reel_subframe_write(sums.baseAddress, width * 4, height, Int32(count), row, buffer.stride)
        }
    }
}

extension PixelBuffer {
    /// Copies `region` of `source` to this buffer's top-left corner.
    func copy(_ region: PixelRegion, from source: PixelBuffer) {
        let rowBytes = region.width * 4
        for y in 0..<region.height {
            (baseAddress + y * stride).copyMemory(
                from: source.baseAddress + (region.y + y) * source.stride + region.x * 4, byteCount: rowBytes)
        }
    }
}
