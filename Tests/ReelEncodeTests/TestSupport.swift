import Foundation
import ReelCore
import ReelEncode

/// A fresh folder under the system temporary directory, removed by `remove()`.
struct TemporaryFolder {
    let path: String

    init() throws {
        path =
            FileManager.default.temporaryDirectory
            .appendingPathComponent("ReelEncodeTests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> String { path + "/" + name }

    func remove() { try? FileManager.default.removeItem(atPath: path) }

    func contents() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: path).sorted() }
}

func fileExists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

/// The test scene: a solid square moving diagonally over a coloured background.
///
/// The colours are chosen so BT.601 and BT.709 give clearly different luma (green weighs 0.587
/// vs 0.7152), so a wrong matrix anywhere shows up as a wrong number.
enum MovingSquare {
    static let background: RGB = RGB(r: 30, g: 200, b: 60)
    static let square: RGB = RGB(r: 230, g: 40, b: 150)
    static let side = 64
    static let width = 320
    static let height = 240

    /// Top-left corner of the square in frame `k`.
    static func origin(frame k: Int) -> (x: Int, y: Int) { (10 + 7 * k, 20 + 4 * k) }

    static func render(frame k: Int, into buffer: PixelBuffer) {
        let (sx, sy) = origin(frame: k)
        for y in 0..<buffer.height {
            let row = (buffer.baseAddress + y * buffer.stride).assumingMemoryBound(to: UInt8.self)
            for x in 0..<buffer.width {
                let inside = x >= sx && x < sx + side && y >= sy && y < sy + side
                let c = inside ? square : background
                row[x * 4] = c.b
                row[x * 4 + 1] = c.g
                row[x * 4 + 2] = c.r
                row[x * 4 + 3] = 255
            }
        }
    }

    /// Encodes `frames` frames of the scene, reusing one buffer as a renderer would.
    static func encode(to path: String, frames: Int, fps: Double) throws {
        let encoder = try VideoEncoderFactory.make(path: path, fps: fps)
        let buffer = PixelBuffer(width: width, height: height)
        for k in 0..<frames {
            render(frame: k, into: buffer)
            try encoder.append(buffer)
        }
        try encoder.finish()
    }
}

enum VideoEncoderFactory {
    static func make(path: String, fps: Double) throws -> VideoEncoder {
        try VideoEncoder(
            path: path, settings: VideoSettings(width: MovingSquare.width, height: MovingSquare.height, fps: fps))
    }
}

struct RGB: Equatable, CustomStringConvertible {
    var r: UInt8, g: UInt8, b: UInt8
    var description: String { "(\(r), \(g), \(b))" }

    /// The largest per-channel difference.
    func distance(to other: RGB) -> Int {
        max(abs(Int(r) - Int(other.r)), abs(Int(g) - Int(other.g)), abs(Int(b) - Int(other.b)))
    }
}

extension PixelBuffer {
    /// The colour at (x, y), ignoring alpha (all test videos are opaque).
    func rgb(_ x: Int, _ y: Int) -> RGB {
        let p = premultipliedRGBA(x: x, y: y)
        return RGB(r: p.r, g: p.g, b: p.b)
    }

    /// The bounding box of the pixels within `tolerance` of `color`, or nil if there are none.
    func boundingBox(of color: RGB, tolerance: Int) -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
        var box: (minX: Int, minY: Int, maxX: Int, maxY: Int)?
        for y in 0..<height {
            for x in 0..<width where rgb(x, y).distance(to: color) <= tolerance {
                if let b = box {
                    box = (min(b.minX, x), min(b.minY, y), max(b.maxX, x), max(b.maxY, y))
                } else {
                    box = (x, y, x, y)
                }
            }
        }
        return box
    }

    /// Every pixel's bytes without row padding, for exact comparisons.
    var pixelBytes: [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(width * height * 4)
        for y in 0..<height {
            let row = UnsafeRawBufferPointer(start: baseAddress + y * stride, count: width * 4)
            out.append(contentsOf: row)
        }
        return out
    }
}

/// The BT.709 or BT.601 limited-range YCbCr of an RGB colour, computed from the standards' formulas.
func limitedRangeYCbCr(_ c: RGB, kr: Double, kb: Double) -> (y: Double, cb: Double, cr: Double) {
    let r = Double(c.r), g = Double(c.g), b = Double(c.b)
    let luma = kr * r + (1 - kr - kb) * g + kb * b
    return (
        16 + 219 * luma / 255,
        128 + 224 * (b - luma) / (2 * (1 - kb)) / 255,
        128 + 224 * (r - luma) / (2 * (1 - kr)) / 255
    )
}
