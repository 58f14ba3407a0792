#ifndef REEL_SVG_H
#define REEL_SVG_H
#include <cairo.h>
#include <stddef.h>
#include <stdint.h>

/// An SVG document parsed by librsvg (an `RsvgHandle`), opaque to Swift.
typedef struct reel_svg reel_svg;

/// Parses `length` bytes of SVG. Given bytes and no base file or URL, librsvg resolves no
/// external reference (`<image href="file:…">`, `xlink:href` to other files, XInclude): it
/// needs a base URL to allow any, so only `data:` URLs and fragments of the document load.
/// librsvg's own limits bound entity expansion and element count. On failure returns NULL and
/// sets `*error` to a message the caller frees with `free`.
reel_svg *reel_svg_open(const uint8_t *bytes, size_t length, char **error);

/// The document's intrinsic size in pixels (96 dpi): its `width` and `height`, or its viewBox
/// when those are missing or relative. Returns 0 when it has neither.
int reel_svg_size(reel_svg *svg, double *width, double *height);

/// Draws the whole document fitted into the rectangle (0, 0, width, height) of `cr`'s user
/// space, as `preserveAspectRatio` says. Returns 0 and sets `*error` (freed with `free`) on failure.
int reel_svg_render(reel_svg *svg, cairo_t *cr, double width, double height, char **error);

/// Releases the document.
void reel_svg_close(reel_svg *svg);

#endif
