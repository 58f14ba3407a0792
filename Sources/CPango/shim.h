#ifndef REEL_CPANGO_SHIM_H
#define REEL_CPANGO_SHIM_H
// Pango through PangoCairo, plus the fontconfig font map Reel configures itself. GObject's cast
// macros (PANGO_FC_FONT_MAP, G_OBJECT) do not import into Swift; these wrappers stand in for them.
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include <fontconfig/fontconfig.h>

/// A new PangoCairo font map on the FreeType/fontconfig backend that uses `config` (may be NULL:
/// fontconfig's current configuration), or NULL if PangoCairo was built without that backend.
static inline PangoFontMap *reel_pango_font_map_new(FcConfig *config) {
    PangoFontMap *map = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT);
    if (map != NULL && config != NULL) {
        pango_fc_font_map_set_config(PANGO_FC_FONT_MAP(map), config);
    }
    return map;
}

/// Releases a GObject (font map, context, layout) without Swift needing the G_OBJECT cast.
static inline void reel_g_object_unref(void *object) {
    if (object != NULL) g_object_unref(object);
}

#endif
