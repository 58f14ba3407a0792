import CCairo

/// One reference to a Cairo pattern (`cairo_pattern_t`), released when the wrapper goes: a
/// group popped off a context, a gradient, or an image as a source. Its own type, so a pattern
/// cannot be passed where a context or a surface is meant, and nothing is destroyed twice.
final class CairoPattern {
    /// The pattern, for Cairo calls this wrapper does not cover; valid while the wrapper lives.
    let raw: OpaquePointer

    /// Takes over a reference the caller holds (from a `cairo_*_create` or `cairo_pop_group`).
    init(owning raw: OpaquePointer) { self.raw = raw }

    deinit { cairo_pattern_destroy(raw) }

    /// A surface as a source (its own reference to the surface).
    convenience init(surface: CairoSurface) { self.init(owning: cairo_pattern_create_for_surface(surface.raw)!) }

    /// A linear gradient along (x0, y0) → (x1, y1), no stops yet.
    static func linear(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> CairoPattern {
        CairoPattern(owning: cairo_pattern_create_linear(x0, y0, x1, y1)!)
    }

    /// A radial gradient between two circles, no stops yet.
    static func radial(_ cx0: Double, _ cy0: Double, _ r0: Double, _ cx1: Double, _ cy1: Double, _ r1: Double)
        -> CairoPattern
    {
        CairoPattern(owning: cairo_pattern_create_radial(cx0, cy0, r0, cx1, cy1, r1)!)
    }

    /// An empty mesh (see `addPatch`).
    static func mesh() -> CairoPattern { CairoPattern(owning: cairo_pattern_create_mesh()!) }

    func addColorStop(_ offset: Double, _ red: Double, _ green: Double, _ blue: Double, _ alpha: Double) {
        cairo_pattern_add_color_stop_rgba(raw, offset, red, green, blue, alpha)
    }

    func setExtend(_ extend: cairo_extend_t) { cairo_pattern_set_extend(raw, extend) }

    func setFilter(_ filter: cairo_filter_t) { cairo_pattern_set_filter(raw, filter) }

    /// The map from user space to pattern space.
    func setMatrix(_ m: cairo_matrix_t) {
        var m = m
        cairo_pattern_set_matrix(raw, &m)
    }

    /// The surface of a surface pattern (a popped group's pixels), nil for other kinds.
    var surface: CairoSurface? {
        var surface: OpaquePointer?
        guard cairo_pattern_get_surface(raw, &surface) == CAIRO_STATUS_SUCCESS, let surface else { return nil }
        return CairoSurface(retaining: surface)
    }

    /// Adds one mesh patch: `outline` draws its sides with `moveTo`/`lineTo` on the mesh, then
    /// its corners get their colours; begin and end are paired here.
    func addPatch(
        _ outline: (CairoPattern) -> Void, corners: [(red: Double, green: Double, blue: Double, alpha: Double)]
    ) {
        cairo_mesh_pattern_begin_patch(raw)
        outline(self)
        for (i, c) in corners.enumerated() {
            cairo_mesh_pattern_set_corner_color_rgba(raw, UInt32(i), c.red, c.green, c.blue, c.alpha)
        }
        cairo_mesh_pattern_end_patch(raw)
    }

    /// A mesh patch's first corner.
    func moveTo(_ x: Double, _ y: Double) { cairo_mesh_pattern_move_to(raw, x, y) }

    /// A mesh patch's next side.
    func lineTo(_ x: Double, _ y: Double) { cairo_mesh_pattern_line_to(raw, x, y) }
}
