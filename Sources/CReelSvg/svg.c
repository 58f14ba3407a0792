#include "CReelSvg.h"
#include <librsvg/rsvg.h>
#include <stdlib.h>
#include <string.h>

static void take_error(GError *e, char **error) {
    if (error) *error = strdup(e && e->message ? e->message : "unknown librsvg error");
    if (e) g_error_free(e);
}

reel_svg *reel_svg_open(const uint8_t *bytes, size_t length, char **error) {
    GInputStream *stream = g_memory_input_stream_new_from_data(bytes, (gssize)length, NULL);
    GError *e = NULL;
    // No base file: nothing outside these bytes can be loaded. No RSVG_HANDLE_FLAG_UNLIMITED:
    // librsvg keeps its limits on XML size and entity expansion.
    RsvgHandle *handle = rsvg_handle_new_from_stream_sync(stream, NULL, RSVG_HANDLE_FLAGS_NONE, NULL, &e);
    g_object_unref(stream);
    if (!handle) {
        take_error(e, error);
        return NULL;
    }
    rsvg_handle_set_dpi(handle, 96);
    return (reel_svg *)handle;
}

int reel_svg_size(reel_svg *svg, double *width, double *height) {
    RsvgHandle *handle = (RsvgHandle *)svg;
    if (rsvg_handle_get_intrinsic_size_in_pixels(handle, width, height)) return *width > 0 && *height > 0;
    gboolean has_width, has_height, has_viewbox;
    RsvgLength w, h;
    RsvgRectangle viewbox;
    rsvg_handle_get_intrinsic_dimensions(handle, &has_width, &w, &has_height, &h, &has_viewbox, &viewbox);
    if (!has_viewbox || !(viewbox.width > 0) || !(viewbox.height > 0)) return 0;
    *width = viewbox.width;
    *height = viewbox.height;
    return 1;
}

int reel_svg_render(reel_svg *svg, cairo_t *cr, double width, double height, char **error) {
    RsvgRectangle viewport = {0, 0, width, height};
    GError *e = NULL;
    if (rsvg_handle_render_document((RsvgHandle *)svg, cr, &viewport, &e)) return 1;
    take_error(e, error);
    return 0;
}

void reel_svg_close(reel_svg *svg) {
    if (svg) g_object_unref((RsvgHandle *)svg);
}
