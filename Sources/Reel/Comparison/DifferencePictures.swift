import Foundation
import ReelCore
import ReelRender

/// Pictures of how two frames differ: a heatmap of the difference, and the two frames beside it
/// with labels (`reel diff -o`, and the thumbnails of `reel batch --baseline`'s report).
public enum DifferencePictures {
    /// How much a difference is amplified before it is coloured: a change of 64 levels (a quarter
    /// of the range) is already white, one of 2 levels a visible dark red.
    public static let amplification = 4

    /// The per-pixel difference of two frames as a heatmap: the largest difference of any channel
    /// (alpha included), amplified, from black (equal) through red and yellow to white.
    public static func heatmap(_ a: PixelBuffer, _ b: PixelBuffer) -> PixelBuffer {
        precondition(a.width == b.width && a.height == b.height, "frames of different sizes")
        let out = PixelBuffer(width: a.width, height: a.height)
        for y in 0..<a.height {
            let ra = a.baseAddress.advanced(by: y * a.stride).assumingMemoryBound(to: UInt8.self)
            let rb = b.baseAddress.advanced(by: y * b.stride).assumingMemoryBound(to: UInt8.self)
            let ro = out.baseAddress.advanced(by: y * out.stride).assumingMemoryBound(to: UInt8.self)
            for x in 0..<a.width {
                let p = x &* 4
                var d = 0
                for c in 0..<4 { d = max(d, abs(Int(ra[p &+ c]) - Int(rb[p &+ c]))) }
                let (r, g, bl) = color(heat: min(255 * 3, d * amplification * 3))
                // BGRA, opaque.
                (ro[p], ro[p &+ 1], ro[p &+ 2], ro[p &+ 3]) = (bl, g, r, 255)
            }
        }
        return out
    }

    /// The heat scale: 0…255 black to red, …510 red to yellow, …765 yellow to white.
    static func color(heat h: Int) -> (UInt8, UInt8, UInt8) {
        if h <= 255 { return (UInt8(h), 0, 0) }
        if h <= 510 { return (255, UInt8(h - 255), 0) }
        return (255, 255, UInt8(min(h - 510, 255)))
    }

    /// `buffer` made at most `width` pixels wide by averaging the pixels each output pixel covers.
    public static func shrink(_ buffer: PixelBuffer, toWidth width: Int) -> PixelBuffer {
        guard buffer.width > width, width > 0 else { return buffer }
        let factor = Double(buffer.width) / Double(width)
        let height = max(1, Int((Double(buffer.height) / factor).rounded()))
        let out = PixelBuffer(width: width, height: height)
        for y in 0..<height {
            let y0 = Int(Double(y) * factor), y1 = max(y0 + 1, min(buffer.height, Int(Double(y + 1) * factor)))
            let ro = out.baseAddress.advanced(by: y * out.stride).assumingMemoryBound(to: UInt8.self)
            for x in 0..<width {
                let x0 = Int(Double(x) * factor), x1 = max(x0 + 1, min(buffer.width, Int(Double(x + 1) * factor)))
                var sums = (0, 0, 0, 0)
                for sy in y0..<y1 {
                    let row = buffer.baseAddress.advanced(by: sy * buffer.stride).assumingMemoryBound(to: UInt8.self)
                    for sx in x0..<x1 {
                        let p = sx * 4
                        sums = (
                            sums.0 + Int(row[p]), sums.1 + Int(row[p + 1]), sums.2 + Int(row[p + 2]),
                            sums.3 + Int(row[p + 3])
                        )
                    }
                }
                let n = (y1 - y0) * (x1 - x0)
                (ro[x * 4], ro[x * 4 + 1], ro[x * 4 + 2], ro[x * 4 + 3]) = (
                    UInt8(sums.0 / n), UInt8(sums.1 / n), UInt8(sums.2 / n), UInt8(sums.3 / n)
                )
            }
        }
        return out
    }

    /// The widest a frame is shown in a side-by-side picture: three 640-pixel panels make a
    /// picture under 2000 pixels wide, which any player and encoder take.
    public static let panelWidth = 640

    /// Frames narrower than this are enlarged (by whole pixels) so their labels fit under them.
    public static let minimumPanelWidth = 320

    /// `buffer` at a size for a panel: shrunk to `panelWidth`, or enlarged pixel by pixel (at most
    /// 4×) to at least `minimumPanelWidth`.
    static func panel(_ buffer: PixelBuffer) -> PixelBuffer {
        if buffer.width > panelWidth { return shrink(buffer, toWidth: panelWidth) }
        let factor = min(4, (minimumPanelWidth + buffer.width - 1) / max(buffer.width, 1))
        guard factor > 1 else { return buffer }
        let out = PixelBuffer(width: buffer.width * factor, height: buffer.height * factor)
        for y in 0..<out.height {
            let ri = buffer.baseAddress.advanced(by: (y / factor) * buffer.stride).assumingMemoryBound(to: UInt32.self)
            let ro = out.baseAddress.advanced(by: y * out.stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<out.width { ro[x] = ri[x / factor] }
        }
        return out
    }

    /// A, B and their heatmap side by side, each labelled underneath, as one opaque picture of even
    /// width and height (what H.264 needs). `labels`: A's, B's and the difference's.
    public static func sideBySide(_ a: PixelBuffer, _ b: PixelBuffer, labels: [String], title: String? = nil)
        -> PixelBuffer
    {
        let difference = heatmap(a, b)
        let tiles = zip([a, b, difference], labels).map { (image: panel($0), label: $1) }
        return evenSized(ContactSheet(columns: 3, title: title).render(tiles))
    }

    /// Rows of side-by-side pictures under a title (`reel diff -o NAME.png`).
    public static func sheet(_ rows: [(a: PixelBuffer, b: PixelBuffer, labels: [String])], title: String) -> PixelBuffer
    {
        let tiles = rows.flatMap { row in
            zip([row.a, row.b, heatmap(row.a, row.b)], row.labels).map { (image: panel($0), label: $1) }
        }
        return ContactSheet(columns: 3, title: title).render(tiles)
    }

    /// `picture` with a row or column of the sheet's background added when a side is odd.
    static func evenSized(_ picture: PixelBuffer) -> PixelBuffer {
        guard picture.width % 2 != 0 || picture.height % 2 != 0 else { return picture }
        let out = PixelBuffer(width: picture.width + picture.width % 2, height: picture.height + picture.height % 2)
        let background: [UInt8] = [0x21, 0x1F, 0x1F, 0xFF]  // ContactSheet's dark grey, BGRA
        for y in 0..<out.height {
            let ro = out.baseAddress.advanced(by: y * out.stride).assumingMemoryBound(to: UInt8.self)
            for x in 0..<out.width {
                if y < picture.height && x < picture.width {
                    let ri = picture.baseAddress.advanced(by: y * picture.stride).assumingMemoryBound(to: UInt8.self)
                    for c in 0..<4 { ro[x * 4 + c] = ri[x * 4 + c] }
                } else {
                    for c in 0..<4 { ro[x * 4 + c] = background[c] }
                }
            }
        }
        return out
    }
}
