import CCairo
import Foundation
import ReelCore

/// A contact sheet: frames laid out in a grid, each with a label (its timecode) underneath and
/// an optional title above — a whole animation at a glance, for design review (`reel sheet`).
///
/// Transparent frames are shown over a checkerboard, so what is see-through stays visible on
/// the dark sheet. Labels use Cairo's simple text API with a monospaced font: timecodes line up,
/// and the sheet needs nothing of the scene's own text machinery.
public struct ContactSheet: Sendable {
    /// Tiles per row.
    public var columns: Int
    /// A line above the grid (e.g. the scene's name and format), or nil for none.
    public var title: String?

    /// Space around and between tiles, in pixels.
    static let gutter = 16
    /// Height of the label line under each tile.
    static let labelHeight = 26
    /// Height of the title line.
    static let titleHeight = 36

    public init(columns: Int, title: String? = nil) {
        self.columns = max(1, columns)
        self.title = title
    }

    /// Composes `tiles` (frames of one size, with their labels) into one opaque image.
    public func render(_ tiles: [(image: PixelBuffer, label: String)]) -> PixelBuffer {
        let tileWidth = tiles.first?.image.width ?? 1, tileHeight = tiles.first?.image.height ?? 1
        let columns = min(self.columns, max(tiles.count, 1))
        let rows = (tiles.count + columns - 1) / columns
        let g = Self.gutter
        let top = title == nil ? 0 : Self.titleHeight
        let width = columns * tileWidth + (columns + 1) * g
        let height = top + rows * (tileHeight + Self.labelHeight) + (rows + 1) * g
        let sheet = PixelBuffer(width: width, height: max(height, 1))
        let canvas = CairoCanvas(buffer: sheet)
        let cr = canvas.context

        cr.setSource(0.12, 0.12, 0.13)
        cr.paint()
        cr.selectFontFace("DejaVu Sans Mono", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        if let title {
            cr.setFontSize(16)
            cr.setSource(0.93, 0.93, 0.94)
            cr.moveTo(Double(g), Double(g + 18))
            cr.showText(title)
        }
        cr.setFontSize(13)
        for (i, tile) in tiles.enumerated() {
            let x = Double(g + (i % columns) * (tileWidth + g))
            let y = Double(top + g + (i / columns) * (tileHeight + Self.labelHeight + g))
            Self.checkerboard(cr, x: x, y: y, width: Double(tileWidth), height: Double(tileHeight))
            let image = CairoCanvas(buffer: tile.image)
            cr.setSource(image.surface, x, y)
            cr.paint()
            cr.setSource(0.78, 0.78, 0.80)
            cr.moveTo(x, y + Double(tileHeight) + 18)
            cr.showText(tile.label)
        }
        canvas.surface.flush()
        return sheet
    }

    /// Light and mid grey 8-pixel squares under a tile (visible only through transparent pixels).
    private static func checkerboard(_ cr: CairoContext, x: Double, y: Double, width: Double, height: Double) {
        cr.save()
        cr.rectangle(x, y, width, height)
        cr.clip()
        cr.setSource(0.85, 0.85, 0.85)
        cr.paint()
        cr.setSource(0.65, 0.65, 0.65)
        let size = 8.0
        var row = 0
        var cy = y
        while cy < y + height {
            var cx = x + (row.isMultiple(of: 2) ? 0 : size)
            while cx < x + width {
                cr.rectangle(cx, cy, size, size)
                cx += 2 * size
            }
            cy += size
            row += 1
        }
        cr.fill()
        cr.restore()
    }
}
