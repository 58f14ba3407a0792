import CCairo
import CPango
import Foundation

/// A Pango font map and context with the layouts recently built in them.
///
/// Pango's font maps, fonts, contexts and layouts are not thread-safe, so an engine is used by
/// one thread at a time: `TextEnginePool` hands it out and takes it back. Engines are never shared
/// concurrently; a pool's live as long as it (at most as many as threads that ever drew text
/// with it at once). Every engine is configured identically, so which one draws a frame
/// cannot change it.
final class TextEngine {
    /// Layouts kept per engine. Enough for every text layer of a busy scene; text whose layout
    /// changes every frame (an animated fontSize or width) cycles through without growing it.
    static let capacity = 64

    private let fontMap: UnsafeMutablePointer<PangoFontMap>
    let context: OpaquePointer
    let fonts: FontLibrary
    private var layouts: [TextLayoutKey: (layout: TextLayout, used: UInt64)] = [:]
    private var clock: UInt64 = 0

    init(fonts: FontLibrary) {
        self.fonts = fonts
        fontMap = reel_pango_font_map_new(fonts.config)
        context = pango_font_map_create_context(fontMap)

        // Explicit font options rather than the surface's or the machine's: grey antialiasing,
        // no hinting, unhinted metrics. Glyph outlines and advances then scale linearly, so the
        // same layout serves every scale and transform and the pixels do not depend on settings.
        let options = cairo_font_options_create()
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_subpixel_order(options, CAIRO_SUBPIXEL_ORDER_DEFAULT)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        // Positions in fractions of a unit, not rounded to whole ones: the layout is computed
        // once in points and drawn at any scale.
        pango_context_set_round_glyph_positions(context, 0)
        // Sizes are absolute (see TextLayout), but 72 dpi makes a point one unit for anything
        // Pango measures in points.
        pango_cairo_context_set_resolution(context, 72)
        // "und" (undetermined) names no script, so Pango tags each run with it instead of
        // deriving a language from the environment (LANG, LANGUAGE, PANGO_LANGUAGE), which would
        // change font choice and localized glyph forms (Han in Japanese vs Chinese shapes) from
        // one machine to the next. The fallback order in FontLibrary decides instead.
        pango_context_set_language(context, pango_language_from_string("und"))
        pango_context_set_base_dir(context, PANGO_DIRECTION_LTR)
    }

    deinit {
        layouts.removeAll()  // layouts hold the context; release them first for clarity
        reel_g_object_unref(UnsafeMutableRawPointer(context))
        reel_g_object_unref(UnsafeMutableRawPointer(fontMap))
    }

    /// The layout for `key`, from the cache or built now.
    func layout(for key: TextLayoutKey) -> TextLayout {
        clock &+= 1
        if let entry = layouts[key] {
            layouts[key] = (entry.layout, clock)
            return entry.layout
        }
        if layouts.count >= Self.capacity, let oldest = layouts.min(by: { $0.value.used < $1.value.used })?.key {
            layouts[oldest] = nil
        }
        let layout = TextLayout(key, context: context, fonts: fonts)
        layouts[key] = (layout, clock)
        return layout
    }

    /// How many layouts are cached (for tests of the cache).
    var cachedLayoutCount: Int { layouts.count }
}

/// Hands out engines of one font library so that no two threads use one at the same time.
final class TextEnginePool: @unchecked Sendable {
    // @unchecked: `idle` is only touched under `lock`, and an engine is reachable from at most
    // one thread between `withEngine`'s take and give-back.

    /// The pool of the installed fonts, for every scene that ships none (engines are a cache:
    /// sharing them keeps their layouts warm from one renderer to the next).
    static let installed = TextEnginePool(fonts: .installed)

    /// The fonts every engine of the pool sets text in.
    let fonts: FontLibrary
    private let lock = NSLock()
    private var idle: [TextEngine] = []

    init(fonts: FontLibrary) { self.fonts = fonts }

    /// The pool for a scene's font files (`canvas.fonts`): the shared one when there are none.
    static func with(files: [String]) -> TextEnginePool {
        files.isEmpty
            ? installed : TextEnginePool(fonts: FontLibrary(directories: FontLibrary.directories, files: files))
    }

    /// Runs `body` with an engine no other thread is using; makes a new one when all are busy.
    func withEngine<R>(_ body: (TextEngine) throws -> R) rethrows -> R {
        // The most recently returned engine first: a single rendering thread keeps its cache warm.
        let engine = lock.withLock { idle.popLast() } ?? TextEngine(fonts: fonts)
        defer { lock.withLock { idle.append(engine) } }
        return try body(engine)
    }
}
