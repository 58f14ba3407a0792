import CPango
import Foundation
import ReelCore

/// Everything a text layout depends on. Values that do not change the layout are left out (the
/// width of unwrapped, untruncated text; the alignment, which `TextLayout.origin` applies when
/// drawing) so that animating them reuses the cached layout.
struct TextLayoutKey: Hashable, Sendable {
    var string: String
    var font: String?
    /// The font's size in layout units (points).
    var size: Double
    /// The width lines wrap or are truncated at; nil when nothing depends on it.
    var width: Double?
    /// The height wrapped text is truncated at; nil when nothing depends on it.
    var height: Double?
    var isWrapped: Bool
    var truncation: CATextLayerTruncationMode
    var isJustified: Bool
    /// Whether the font's kerning applies (`LayerState.isKerned`).
    var isKerned: Bool

    /// Most Unicode scalars laid out, and most in one character (scene files are held to 20 000
    /// and 32 when decoded; this bounds what the Swift API can ask for): a letter with 10⁶
    /// combining accents took minutes to shape, and lines beyond about 40 000 characters were
    /// not drawn. Text beyond is cut, excess marks dropped.
    static let maxScalars = 20_000, maxScalarsPerCharacter = 32

    /// `text` within `maxScalars` and `maxScalarsPerCharacter` (unchanged when it already is).
    static func bounded(_ text: String) -> String {
        var scalars = 0, longest = 0, run = 0
        for scalar in text.unicodeScalars {
            scalars += 1
            // Combining marks (and joiners) extend a character; a cheap upper bound of its length.
            run =
                scalar.properties.canonicalCombiningClass.rawValue != 0 || scalar.value == 0x200D
                    || scalar.properties.isVariationSelector ? run + 1 : 1
            longest = max(longest, run)
            if scalars > maxScalars { break }
        }
        guard scalars > maxScalars || longest > maxScalarsPerCharacter else { return text }
        var out = String.UnicodeScalarView()
        var count = 0
        for character in text {
            guard count < maxScalars else { break }
            let kept = character.unicodeScalars.prefix(min(maxScalarsPerCharacter, maxScalars - count))
            out.append(contentsOf: kept)
            count += kept.count
        }
        return String(out)
    }

    /// The key for a layer whose text is laid out at `size` in a box of `width` × `height`.
    init(_ s: LayerState, size: Double, width: Double, height: Double) {
        // NUL ends a C string: keep what follows it rather than silently dropping the rest.
        string = Self.bounded(
            s.string.map { $0.contains("\0") ? $0.replacingOccurrences(of: "\0", with: "") : $0 } ?? "")
        font = s.font
        self.size = size
        isWrapped = s.isWrapped
        truncation = s.truncationMode
        let constrained = s.isWrapped || s.truncationMode != .none
        self.width = constrained ? width : nil
        self.height = s.isWrapped && s.truncationMode != .none ? height : nil
        // Justification needs a width to fill, so only wrapped text is justified (the last line
        // of each paragraph is not, as in Core Text).
        isJustified = s.alignmentMode == .justified && s.isWrapped
        isKerned = s.isKerned
    }
}

/// A Pango layout built for one key, with its lines measured once so drawing only positions
/// and shows them.
///
/// Not thread-safe (Pango layouts are not): a layout belongs to the `TextEngine` that built it
/// and is only used by the thread holding that engine.
final class TextLayout {
    /// One line: Pango's line and where it sits, in layout units.
    struct Line {
        let line: UnsafeMutablePointer<PangoLayoutLine>
        /// The line's advance: its glyphs run from its origin to origin + width.
        let width: Double
        /// Baseline, from the top of the layout (the top of the first line).
        let baseline: Double
        /// Whether the line's paragraph runs right to left.
        let isRightToLeft: Bool
    }

    private let layout: OpaquePointer
    let lines: [Line]

    /// Lays out `key.string` with Pango in `context` (which carries the font map, font options,
    /// resolution and language).
    init(_ key: TextLayoutKey, context: OpaquePointer, fonts: FontLibrary) {
        let layout: OpaquePointer = pango_layout_new(context)
        self.layout = layout

        let face = fonts.face(named: key.font)
        let description = pango_font_description_new()
        fonts.familyList(for: face).withCString { pango_font_description_set_family(description, $0) }
        pango_font_description_set_weight(description, PangoWeight(rawValue: face.weight))
        pango_font_description_set_style(description, PangoStyle(rawValue: face.style))
        pango_font_description_set_stretch(description, PangoStretch(rawValue: face.stretch))
        // Absolute size: Core Animation's fontSize is the em size in points, and one point is one
        // user unit here (the CTM scales points to pixels), whatever the context's resolution.
        pango_font_description_set_absolute_size(description, key.size * Double(PANGO_SCALE))
        pango_layout_set_font_description(layout, description)
        pango_font_description_free(description)

        key.string.withCString { pango_layout_set_text(layout, $0, -1) }

        // Each paragraph takes its direction from its first strong character (bidi); alignment
        // is applied per line when drawing, so Pango's own stays at its default.
        pango_layout_set_auto_dir(layout, 1)
        if let width = key.width {
            pango_layout_set_width(layout, Self.units(width))
        }
        if key.isWrapped {
            // Break between words; a word longer than the line breaks between characters.
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        }
        switch key.truncation {
        case .none: pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_NONE)
        case .start: pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_START)
        case .middle: pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_MIDDLE)
        case .end: pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
        }
        if let height = key.height {
            // Wrapped and truncated: keep the lines that fit and put the ellipsis in the last
            // of them, as Core Animation does. (Unwrapped text truncates each paragraph to one
            // line at the width; Pango's default height of -1 does exactly that.)
            pango_layout_set_height(layout, Self.units(max(height, 0)))
        }
        pango_layout_set_justify(layout, key.isJustified ? 1 : 0)
        // Core Text does not hyphenate when it breaks inside a word; Pango does by default.
        let attributes = pango_attr_list_new()
        pango_attr_list_insert(attributes, pango_attr_insert_hyphens_new(0))
        if !key.isKerned { pango_attr_list_insert(attributes, pango_attr_font_features_new("kern 0")) }
        pango_layout_set_attributes(layout, attributes)
        pango_attr_list_unref(attributes)

        Self.removeEllipsisPadding(layout)
        lines = Self.measure(layout)
    }

    deinit { reel_g_object_unref(UnsafeMutableRawPointer(layout)) }

    /// Where a line's origin (left end of its baseline) goes in a box `width` wide whose top-left
    /// is the layout's origin: Core Animation aligns every line in the bounds' width, whether
    /// or not the text is wrapped; `natural` follows the paragraph's direction.
    static func origin(of line: Line, alignment: CATextLayerAlignmentMode, width: Double) -> (x: Double, y: Double) {
        let free = width - line.width
        let left: Double =
            switch alignment {
            case .left: 0
            case .right: free
            case .center: free / 2
            // A justified line already fills the width; the last line of a paragraph is natural.
            case .natural, .justified: line.isRightToLeft ? free : 0
            }
        return (left, line.baseline)
    }

    /// Where the glyphs' ink lies, in layout units from the layout's top-left, with each line
    /// placed as `origin(of:alignment:width:)` places it.
    func inkBox(alignment: CATextLayerAlignmentMode, width: Double) -> CGRect {
        var box = CGRect.null
        for line in lines {
            var ink = PangoRectangle(), logical = PangoRectangle()
            pango_layout_line_get_extents(line.line, &ink, &logical)
            guard ink.width > 0, ink.height > 0 else { continue }
            let o = Self.origin(of: line, alignment: alignment, width: width)
            box = box.union(
                CGRect(
                    x: o.x + Self.points(ink.x), y: o.y + Self.points(ink.y),
                    width: Self.points(ink.width), height: Self.points(ink.height)))
        }
        return box
    }

    /// The family of the font Pango chose for each run, in visual order: which fonts the text
    /// and its fallback actually use (tests pin these so a font change cannot go unnoticed).
    var runFamilies: [String] {
        guard let iter = pango_layout_get_iter(layout) else { return [] }
        defer { pango_layout_iter_free(iter) }
        var families: [String] = []
        repeat {
            guard let run = pango_layout_iter_get_run_readonly(iter), let font = run.pointee.item.pointee.analysis.font,
                let description = pango_font_describe(font)
            else { continue }
            if let family = pango_font_description_get_family(description) { families.append(String(cString: family)) }
            pango_font_description_free(description)
        } while pango_layout_iter_next_run(iter) != 0
        return families
    }

    /// Pango widens the ellipsis of a truncated line until the line fills the width exactly
    /// (since 1.50), which leaves a gap after a leading "…" and defeats alignment. Core Text's
    /// ellipsis is just the glyph: give the ellipsis its own advance back.
    private static func removeEllipsisPadding(_ layout: OpaquePointer) {
        guard pango_layout_is_ellipsized(layout) != 0 else { return }
        forEachRun(layout) { run in
            let item = run.pointee.item.pointee
            guard item.analysis.flags & UInt8(PANGO_ANALYSIS_FLAG_IS_ELLIPSIS) != 0, let font = item.analysis.font,
                let glyphs = run.pointee.glyphs, glyphs.pointee.num_glyphs > 0
            else { return }
            let last = glyphs.pointee.glyphs + Int(glyphs.pointee.num_glyphs - 1)
            var logical = PangoRectangle()
            pango_font_get_glyph_extents(font, last.pointee.glyph, nil, &logical)
            last.pointee.geometry.width = min(last.pointee.geometry.width, logical.width)
        }
    }

    private static func forEachRun(_ layout: OpaquePointer, _ body: (UnsafeMutablePointer<PangoGlyphItem>) -> Void) {
        var lines = pango_layout_get_lines_readonly(layout)
        while let node = lines {
            var runs = node.pointee.data.assumingMemoryBound(to: PangoLayoutLine.self).pointee.runs
            while let run = runs {
                body(run.pointee.data.assumingMemoryBound(to: PangoGlyphItem.self))
                runs = run.pointee.next
            }
            lines = node.pointee.next
        }
    }

    private static func measure(_ layout: OpaquePointer) -> [Line] {
        guard let iter = pango_layout_get_iter(layout) else { return [] }
        defer { pango_layout_iter_free(iter) }
        var lines: [Line] = []
        repeat {
            guard let line = pango_layout_iter_get_line_readonly(iter) else { continue }
            // The width is the sum of the runs' advances rather than Pango's line extents, which
            // may have been cached before removeEllipsisPadding.
            // (Summed in 64 bits: a long line at a large size can pass Int32.max units.)
            var width = 0
            var runs = line.pointee.runs
            while let run = runs {
                width += Int(
                    pango_glyph_string_get_width(
                        run.pointee.data.assumingMemoryBound(to: PangoGlyphItem.self).pointee.glyphs))
                runs = run.pointee.next
            }
            lines.append(
                Line(
                    line: line, width: Double(width) / Double(PANGO_SCALE),
                    baseline: points(pango_layout_iter_get_baseline(iter)),
                    isRightToLeft: pango_layout_line_get_resolved_direction(line) == PANGO_DIRECTION_RTL))
        } while pango_layout_iter_next_line(iter) != 0
        return lines
    }

    /// Layout units (points) to Pango units, clamped to what Pango's 32-bit integers hold.
    static func units(_ value: Double) -> Int32 {
        let scaled = (value * Double(PANGO_SCALE)).rounded()
        return scaled.isFinite ? Int32(max(min(scaled, Double(Int32.max / 2)), 0)) : 0
    }

    static func points(_ units: Int32) -> Double { Double(units) / Double(PANGO_SCALE) }
}
