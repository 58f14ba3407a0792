import CFFmpeg
import ReelCore

/// Maps rendered frames onto a GIF palette, dithered as `GIFDither` says (ordered by default),
/// on a worker thread.
///
/// Why ordered dithering is the default rather than error diffusion: its pattern depends only on the pixel's
/// position, so a part of the picture that does not change stays byte-identical from frame to
/// frame — no "crawling" noise around moving objects, and the GIF encoder can skip unchanged
/// pixels, which keeps files small. Colours that are exactly in the palette (the flat fills of
/// motion graphics) are never dithered; everything else is nudged by an 8×8 Bayer threshold of
/// ±8 levels before the nearest palette colour is taken, which turns gradients and antialiased
/// edges into fine, stable patterns instead of bands.
///
/// Nearest-colour search: the RGB cube is divided into 32³ cells; for each cell met, the palette
/// entries that can be nearest to some colour in it are listed once (usually a handful), so a
/// pixel is compared with those only. Ties go to the lowest index, so results are exact and
/// deterministic.
final class GIFConverter: FrameConverter, @unchecked Sendable {
    private let width: Int
    private let height: Int
    private let palette: GIFPalette
    private let dither: GIFDither
    /// Floyd–Steinberg's pending errors in 1/16 levels: (r, g, b) per column, this row and the
    /// next, with a column of margin on each side.
    private var errors: [Int32] = []
    /// Palette colours as (r, g, b), `palette.count` of them.
    private let colours: [(Int32, Int32, Int32)]
    /// Per cell: where its candidate list starts in `candidates` (-1: not computed yet), and its length.
    private var cellStart = [Int32](repeating: -1, count: 32 * 32 * 32)
    private var cellLength = [UInt16](repeating: 0, count: 32 * 32 * 32)
    private var candidates: [UInt8] = []

    /// The 8×8 Bayer matrix (each threshold 0…63 once, neighbours far apart).
    private static let bayer: [Int32] = [
        0, 32, 8, 40, 2, 34, 10, 42, 48, 16, 56, 24, 50, 18, 58, 26,
        12, 44, 4, 36, 14, 46, 6, 38, 60, 28, 52, 20, 62, 30, 54, 22,
        3, 35, 11, 43, 1, 33, 9, 41, 51, 19, 59, 27, 49, 17, 57, 25,
        15, 47, 7, 39, 13, 45, 5, 37, 63, 31, 55, 23, 61, 29, 53, 21
    ]

    init(width: Int, height: Int, palette: GIFPalette, dither: GIFDither = .bayer) {
        self.width = width
        self.height = height
        self.palette = palette
        self.dither = dither
        self.colours = palette.entries.prefix(palette.count).map {
            (Int32(($0 >> 16) & 0xFF), Int32(($0 >> 8) & 0xFF), Int32($0 & 0xFF))
        }
    }

    func prepare(_ buffer: PixelBuffer, index: Int, reusing recycled: PreparedFrame?) throws -> PreparedFrame {
        guard buffer.width == width, buffer.height == height else {
            throw EncodeError(
                "Frame \(index) is \(buffer.width)×\(buffer.height) pixels but the GIF is \(width)×\(height)")
        }
        // The encoder keeps the previous frame (to find unchanged pixels): making the picture
        // writable gives it fresh memory when that is this one, so it comes before the pointers.
        let (frame, picture) = try PreparedFrame.writable(
            reusing: recycled, index: index, width: width, height: height,
            format: AV_PIX_FMT_PAL8, colors: nil)
        guard let indices = picture.pointee.data.0, let paletteData = picture.pointee.data.1 else {
            throw EncodeError("Frame \(index) has no picture to convert into")
        }
        palette.entries.withUnsafeBytes {
            paletteData.update(from: $0.baseAddress!.assumingMemoryBound(to: UInt8.self), count: 1024)
        }
        let lineSize = Int(picture.pointee.linesize.0)
        let transparentIndex = palette.transparentIndex.map { UInt8($0) }
        // Without transparency a pixel is its colour over black (alpha ignored); with it, the
        // whole pixel matters. "No previous pixel" is a value no pixel has: alpha 0xFF never
        // follows the mask, and premultiplied colour never exceeds alpha.
        let mask: UInt32 = transparentIndex == nil ? 0xFF_FFFF : 0xFFFF_FFFF
        let none: UInt32 = transparentIndex == nil ? 0xFFFF_FFFF : 0x00FF_FFFF
        if dither == .floydSteinberg {
            diffuse(buffer, into: indices, lineSize: lineSize, transparentIndex: transparentIndex)
            return frame
        }
        let ordered = dither == .bayer
        UnpremultiplyTable.shared.withUnsafeBufferPointer { table in
            for y in 0..<height {
                let row = (buffer.baseAddress + y * buffer.stride).assumingMemoryBound(to: UInt32.self)
                let out = indices + y * lineSize
                var lastPixel = none
                var lastExact: UInt8 = 0
                for x in 0..<width {
                    let pixel = row[x] & mask
                    if pixel == lastPixel {
                        out[x] = lastExact
                        continue
                    }
                    var r = Int32((pixel >> 16) & 0xFF), g = Int32((pixel >> 8) & 0xFF), b = Int32(pixel & 0xFF)
                    if let transparentIndex {
                        guard let c = GIFPaletteAnalyzer.visibleColour(pixel, table) else {
                            out[x] = transparentIndex
                            lastPixel = pixel
                            lastExact = transparentIndex
                            continue
                        }
                        (r, g, b) = (Int32(c.r), Int32(c.g), Int32(c.b))
                    }
                    let (nearest, distance) = self.nearest(r, g, b)
                    if distance == 0 || !ordered {
                        out[x] = nearest
                        lastPixel = pixel
                        lastExact = nearest
                        continue
                    }
                    lastPixel = none
                    out[x] = mix(r, g, b, nearest: nearest, threshold: GIFConverter.bayer[(y & 7) << 3 | (x & 7)])
                }
            }
        }
        return frame
    }

    private func clamp(_ v: Int32) -> Int32 { min(max(v, 0), 255) }

    /// Ordered dithering between the two entries around (r, g, b): `nearest`, and the nearest to
    /// the colour as far beyond the pixel as `nearest` is before it. The pixel's position along
    /// the line between them, in 64ths, against the Bayer threshold picks one, so an area mixes the
    /// two in proportion. Unlike a fixed offset, the pattern's amplitude is the palette's own
    /// spacing there: no crosshatch where entries are close, no bands where they are far apart.
    /// (The same idea as Yliluoma's positional dithering and FFmpeg's paletteuse, simplified to
    /// two colours.)
    private func mix(_ r: Int32, _ g: Int32, _ b: Int32, nearest first: UInt8, threshold: Int32) -> UInt8 {
        let c = colours[Int(first)]
        let second = nearest(clamp(2 * r - c.0), clamp(2 * g - c.1), clamp(2 * b - c.2)).index
        guard second != first else { return first }
        let d = colours[Int(second)]
        let (vr, vg, vb) = (d.0 - c.0, d.1 - c.1, d.2 - c.2)
        let length = vr * vr + vg * vg + vb * vb
        let along = (r - c.0) * vr + (g - c.1) * vg + (b - c.2) * vb
        // second when along / length > (threshold + ½) / 64, in integers.
        return 128 * along > (2 * threshold + 1) * length ? second : first
    }

    /// Floyd–Steinberg over the frame, rows left to right: each pixel plus the error passed to it
    /// goes to its nearest entry, and the difference is passed on (7/16 right, 3/16 below left,
    /// 5/16 below, 1/16 below right). Transparent pixels neither take nor pass on any error.
    private func diffuse(
        _ buffer: PixelBuffer, into indices: UnsafeMutablePointer<UInt8>, lineSize: Int, transparentIndex: UInt8?
    ) {
        let rowLength = (width + 2) * 3
        errors = [Int32](repeating: 0, count: 2 * rowLength)
        UnpremultiplyTable.shared.withUnsafeBufferPointer { table in
            for y in 0..<height {
                let row = (buffer.baseAddress + y * buffer.stride).assumingMemoryBound(to: UInt32.self)
                let out = indices + y * lineSize
                let (current, next) = y & 1 == 0 ? (0, rowLength) : (rowLength, 0)
                for i in next..<next + rowLength { errors[i] = 0 }
                for x in 0..<width {
                    var r = Int32((row[x] >> 16) & 0xFF), g = Int32((row[x] >> 8) & 0xFF), b = Int32(row[x] & 0xFF)
                    if let transparentIndex {
                        guard let c = GIFPaletteAnalyzer.visibleColour(row[x], table) else {
                            out[x] = transparentIndex
                            continue
                        }
                        (r, g, b) = (Int32(c.r), Int32(c.g), Int32(c.b))
                    }
                    let e = current + (x + 1) * 3
                    // Rounded to whole levels (ties away from zero), so the result is exact integers.
                    func take(_ v: Int32, _ error: Int32) -> Int32 {
                        clamp(v + (error >= 0 ? (error + 8) >> 4 : -((8 - error) >> 4)))
                    }
                    let want = (take(r, errors[e]), take(g, errors[e + 1]), take(b, errors[e + 2]))
                    let index = nearest(want.0, want.1, want.2).index
                    out[x] = index
                    let c = colours[Int(index)]
                    func pass(_ channel: Int, _ error: Int32) {
                        errors[e + 3 + channel] += error * 7
                        let below = next + (x + 1) * 3 + channel
                        errors[below - 3] += error * 3
                        errors[below] += error * 5
                        errors[below + 3] += error
                    }
                    pass(0, want.0 - c.0)
                    pass(1, want.1 - c.1)
                    pass(2, want.2 - c.2)
                }
            }
        }
    }

    /// The palette entry nearest to (r, g, b) in squared RGB distance, lowest index on ties.
    func nearest(_ r: Int32, _ g: Int32, _ b: Int32) -> (index: UInt8, distance: Int32) {
        let cell = Int(r >> 3) << 10 | Int(g >> 3) << 5 | Int(b >> 3)
        if cellStart[cell] < 0 { fillCell(cell) }
        let start = Int(cellStart[cell])
        var best: UInt8 = 0
        var bestDistance = Int32.max
        for i in start..<start + Int(cellLength[cell]) {
            let entry = candidates[i]
            let c = colours[Int(entry)]
            let dr = c.0 - r, dg = c.1 - g, db = c.2 - b
            let distance = dr * dr + dg * dg + db * db
            if distance < bestDistance {
                bestDistance = distance
                best = entry
            }
        }
        return (best, bestDistance)
    }

    /// Lists the entries that can be nearest to some colour of the cell: those whose smallest
    /// distance to the cell is within the smallest "largest distance" of any entry.
    private func fillCell(_ cell: Int) {
        let low = (Int32(cell >> 10) << 3, Int32((cell >> 5) & 31) << 3, Int32(cell & 31) << 3)
        func span(_ v: Int32, _ lo: Int32) -> (near: Int32, far: Int32) {
            let hi = lo + 7
            let near = v < lo ? lo - v : v > hi ? v - hi : 0
            return (near, max(abs(v - lo), abs(v - hi)))
        }
        var nearDistances: [Int32] = []
        var bound = Int32.max
        for c in colours {
            let r = span(c.0, low.0), g = span(c.1, low.1), b = span(c.2, low.2)
            nearDistances.append(r.near * r.near + g.near * g.near + b.near * b.near)
            bound = min(bound, r.far * r.far + g.far * g.far + b.far * b.far)
        }
        cellStart[cell] = Int32(candidates.count)
        for (i, near) in nearDistances.enumerated() where near <= bound { candidates.append(UInt8(i)) }
        cellLength[cell] = UInt16(candidates.count - Int(cellStart[cell]))
    }
}
