import CCairo
import CReelCairo
import ReelCore

/// A Cairo context (`cairo_t`) to draw with: a typed handle, no ownership. Contexts are owned
/// by whatever made them — `CairoSurface.withContext` (destroyed when its closure returns) or
/// `CairoCanvas` (a frame) — and this handle is valid while its owner is; being a plain struct,
/// passing it down the layer tree costs nothing. Saves and groups are paired by closures
/// (`withSavedState`, `withGroup`), so an early return cannot leave one open.
struct CairoContext {
    /// The context, for Cairo calls this wrapper does not cover.
    let raw: OpaquePointer

    init(_ raw: OpaquePointer) { self.raw = raw }

    // MARK: State

    func save() { cairo_save(raw) }
    func restore() { cairo_restore(raw) }

    /// Runs `body` between a save and its restore.
    func withSavedState<R>(_ body: () throws -> R) rethrows -> R {
        cairo_save(raw)
        defer { cairo_restore(raw) }
        return try body()
    }

    /// What `body` draws on the context it is given, as a pattern of its own instead of on the
    /// target (a group). The group's context starts with this one's matrix, clip and settings;
    /// large groups draw on buffers reused per thread (`reel_group_begin` says why).
    func withGroup(_ body: (CairoContext) -> Void) -> CairoPattern {
        let group = pushGroup()
        body(group)
        return popGroup(group)
    }

    /// Starts a group and returns the context to draw it with; `popGroup` ends it. `withGroup`
    /// pairs them itself: these are for the layer recursion, where the closures' stack frames at
    /// every level of a deep tree overflowed.
    func pushGroup() -> CairoContext { CairoContext(reel_group_begin(raw)!) }

    /// The group `pushGroup` started (drawn with `group`), as a pattern.
    func popGroup(_ group: CairoContext) -> CairoPattern { CairoPattern(owning: reel_group_end(raw, group.raw)!) }

    /// What `body` draws on the context it is given, made the source instead of drawn on the
    /// target (a group).
    func withGroupAsSource(_ body: (CairoContext) -> Void) {
        setSource(withGroup(body))
    }

    /// The surface drawn on: the innermost group's, or the target's.
    var groupTarget: CairoSurface { CairoSurface(retaining: cairo_get_group_target(raw)!) }
    /// The frame's surface, whatever group is being drawn.
    var target: CairoSurface { CairoSurface(retaining: reel_base_target(raw)!) }

    var status: cairo_status_t { cairo_status(raw) }

    func setOperator(_ op: cairo_operator_t) { cairo_set_operator(raw, op) }
    var `operator`: cairo_operator_t { cairo_get_operator(raw) }
    func setAntialias(_ antialias: cairo_antialias_t) { cairo_set_antialias(raw, antialias) }
    func setFillRule(_ rule: cairo_fill_rule_t) { cairo_set_fill_rule(raw, rule) }
    func setLineWidth(_ width: Double) { cairo_set_line_width(raw, width) }
    func setLineCap(_ cap: cairo_line_cap_t) { cairo_set_line_cap(raw, cap) }
    func setLineJoin(_ join: cairo_line_join_t) { cairo_set_line_join(raw, join) }
    func setMiterLimit(_ limit: Double) { cairo_set_miter_limit(raw, limit) }

    /// A stroke's pen as Core Graphics names it; a miter limit under 1 is taken as 1 (Cairo's
    /// least, and what a limit below 1 draws like anyway: every join beveled).
    func setPen(width: Double, cap: CGLineCap, join: CGLineJoin, miterLimit: Double) {
        setLineWidth(width)
        switch cap {
        case .butt: setLineCap(CAIRO_LINE_CAP_BUTT)
        case .round: setLineCap(CAIRO_LINE_CAP_ROUND)
        case .square: setLineCap(CAIRO_LINE_CAP_SQUARE)
        }
        switch join {
        case .miter: setLineJoin(CAIRO_LINE_JOIN_MITER)
        case .round: setLineJoin(CAIRO_LINE_JOIN_ROUND)
        case .bevel: setLineJoin(CAIRO_LINE_JOIN_BEVEL)
        }
        setMiterLimit(max(miterLimit, 1))
    }

    /// Dash lengths from `offset` into the pattern; an empty list draws solid lines.
    func setDash(_ dashes: [Double], offset: Double) {
        dashes.withUnsafeBufferPointer { cairo_set_dash(raw, $0.baseAddress, Int32($0.count), offset) }
    }

    // MARK: Transforms

    func translate(_ x: Double, _ y: Double) { cairo_translate(raw, x, y) }
    func scale(_ x: Double, _ y: Double) { cairo_scale(raw, x, y) }
    func transform(_ m: cairo_matrix_t) {
        var m = m
        cairo_transform(raw, &m)
    }
    func identityMatrix() { cairo_identity_matrix(raw) }

    /// User space to device space.
    var matrix: cairo_matrix_t {
        var m = cairo_matrix_t()
        cairo_get_matrix(raw, &m)
        return m
    }

    func setMatrix(_ m: cairo_matrix_t) {
        var m = m
        cairo_set_matrix(raw, &m)
    }

    func userToDeviceDistance(_ dx: inout Double, _ dy: inout Double) { cairo_user_to_device_distance(raw, &dx, &dy) }

    // MARK: Paths

    func newPath() { cairo_new_path(raw) }
    func newSubPath() { cairo_new_sub_path(raw) }
    func closePath() { cairo_close_path(raw) }
    func moveTo(_ x: Double, _ y: Double) { cairo_move_to(raw, x, y) }
    func lineTo(_ x: Double, _ y: Double) { cairo_line_to(raw, x, y) }
    func curveTo(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ x3: Double, _ y3: Double) {
        cairo_curve_to(raw, x1, y1, x2, y2, x3, y3)
    }
    func arc(_ cx: Double, _ cy: Double, _ radius: Double, _ angle1: Double, _ angle2: Double) {
        cairo_arc(raw, cx, cy, radius, angle1, angle2)
    }
    func rectangle(_ x: Double, _ y: Double, _ width: Double, _ height: Double) {
        cairo_rectangle(raw, x, y, width, height)
    }

    // MARK: Sources

    func setSource(_ red: Double, _ green: Double, _ blue: Double, _ alpha: Double = 1) {
        cairo_set_source_rgba(raw, red, green, blue, alpha)
    }
    func setSource(_ pattern: CairoPattern) { cairo_set_source(raw, pattern.raw) }
    /// A surface as the source, its origin at (x, y) in user space.
    func setSource(_ surface: CairoSurface, _ x: Double, _ y: Double) {
        cairo_set_source_surface(raw, surface.raw, x, y)
    }
    /// Sets how the current source is sampled. On the context itself, without a pattern wrapper:
    /// transitions set it once per row or strip, thousands of times a frame.
    func setSourceFilter(_ filter: cairo_filter_t) { cairo_pattern_set_filter(cairo_get_source(raw), filter) }
    /// Sets what the current source shows outside its surface (see `setSourceFilter`).
    func setSourceExtend(_ extend: cairo_extend_t) { cairo_pattern_set_extend(cairo_get_source(raw), extend) }

    // MARK: Drawing

    func paint() { cairo_paint(raw) }
    func paint(alpha: Double) { cairo_paint_with_alpha(raw, alpha) }
    func fill() { cairo_fill(raw) }
    func fillPreserve() { cairo_fill_preserve(raw) }
    func stroke() { cairo_stroke(raw) }
    func strokePreserve() { cairo_stroke_preserve(raw) }
    func mask(_ pattern: CairoPattern) { cairo_mask(raw, pattern.raw) }
    func mask(_ surface: CairoSurface, _ x: Double, _ y: Double) { cairo_mask_surface(raw, surface.raw, x, y) }

    // MARK: Clipping

    func clip() { cairo_clip(raw) }
    func clipPreserve() { cairo_clip_preserve(raw) }
    func resetClip() { cairo_reset_clip(raw) }

    /// The clip's box in user space.
    var clipExtents: (x0: Double, y0: Double, x1: Double, y1: Double) {
        var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
        cairo_clip_extents(raw, &x0, &y0, &x1, &y1)
        return (x0, y0, x1, y1)
    }

    /// The clip as rectangles in user space; nil when it is not made of rectangles. An unclipped
    /// context lists none.
    var clipRectangles: [cairo_rectangle_t]? {
        guard let list = cairo_copy_clip_rectangle_list(raw) else { return nil }
        defer { cairo_rectangle_list_destroy(list) }
        guard list.pointee.status == CAIRO_STATUS_SUCCESS else { return nil }
        return Array(UnsafeBufferPointer(start: list.pointee.rectangles, count: Int(list.pointee.num_rectangles)))
    }

    /// The current path's fill box in user space.
    var fillExtents: (x0: Double, y0: Double, x1: Double, y1: Double) {
        var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
        cairo_fill_extents(raw, &x0, &y0, &x1, &y1)
        return (x0, y0, x1, y1)
    }
}

// MARK: Toy text (labels in diagnostics, not scene text)

extension CairoContext {
    func selectFontFace(_ family: String, _ slant: cairo_font_slant_t, _ weight: cairo_font_weight_t) {
        cairo_select_font_face(raw, family, slant, weight)
    }
    func setFontSize(_ size: Double) { cairo_set_font_size(raw, size) }

    /// Font options; nil leaves Cairo's default for that option.
    func setFontOptions(
        hintStyle: cairo_hint_style_t? = nil, hintMetrics: cairo_hint_metrics_t, antialias: cairo_antialias_t? = nil
    ) {
        let options = cairo_font_options_create()
        defer { cairo_font_options_destroy(options) }
        if let hintStyle { cairo_font_options_set_hint_style(options, hintStyle) }
        cairo_font_options_set_hint_metrics(options, hintMetrics)
        if let antialias { cairo_font_options_set_antialias(options, antialias) }
        cairo_set_font_options(raw, options)
    }
    func showText(_ text: String) { cairo_show_text(raw, text) }
    func textExtents(_ text: String) -> cairo_text_extents_t {
        var extents = cairo_text_extents_t()
        cairo_text_extents(raw, text, &extents)
        return extents
    }
}
