import CCairo
import ReelCore

/// Colours multiplied into premultiplied pixels: a replicator's instanceColor, a particle's
/// colour on an image that is not white.
enum SurfaceTint {
    /// Multiplies every premultiplied pixel of an image surface by a colour (alpha included;
    /// the colour channels take the alpha factor too, as they are premultiplied).
    static func multiply(_ surface: CairoSurface, by c: CGColor) {
        guard let data = surface.data else { return }
        surface.flush()
        let w = surface.width, h = surface.height
        let stride = surface.stride
        // BGRA in memory.
        let a = Double(c.alpha)
        let factors = [Double(c.blue) * a, Double(c.green) * a, Double(c.red) * a, a].map {
            UInt32(($0 * 256).rounded())
        }
        for y in 0..<h {
            let row = data + y * stride
            for x in 0..<w {
                let p = row + x * 4
                guard p[3] != 0 else { continue }
                for ch in 0..<4 { p[ch] = UInt8((UInt32(p[ch]) * factors[ch] + 128) >> 8) }
            }
        }
        surface.markDirty()
    }
}
