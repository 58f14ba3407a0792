#ifndef REEL_GIF_H
#define REEL_GIF_H
#include <stdint.h>

/// A GIF palette's nearest-colour lookup: exact (squared RGB distance, lowest index on ties),
/// memoized per 24-bit colour as colours are met. Not thread-safe: one per converter.
typedef struct ReelGIFLookup ReelGIFLookup;

/// How colours between palette entries are approximated (GIFDither's cases).
typedef enum { REEL_GIF_NEAREST = 0, REEL_GIF_BAYER = 1, REEL_GIF_FLOYD_STEINBERG = 2 } ReelGIFDither;

/// A lookup for `count` (1…256) entries, each 0x??RRGGBB; NULL when out of memory.
ReelGIFLookup *reel_gif_lookup_create(const uint32_t *entries, int32_t count);
void reel_gif_lookup_destroy(ReelGIFLookup *lookup);

/// The entry nearest to (r, g, b) (each 0…255); its squared distance in `*distance` if not NULL.
int32_t reel_gif_nearest(ReelGIFLookup *lookup, int32_t r, int32_t g, int32_t b, int32_t *distance);

/// Maps a frame of premultiplied BGRA pixels (`stride` bytes a row) onto palette indices
/// (`outStride` bytes a row). `transparentIndex` < 0: no transparency (colour over black, alpha
/// ignored); otherwise pixels under half opacity take it and the rest are unpremultiplied with
/// `unpremultiply` (256 × 256 bytes, alpha << 8 | channel). Returns 0 when out of memory.
int32_t reel_gif_map_frame(ReelGIFLookup *lookup, const uint8_t *bgra, intptr_t stride, int32_t width,
                           int32_t height, uint8_t *out, intptr_t outStride, ReelGIFDither dither,
                           int32_t transparentIndex, const uint8_t *unpremultiply);
#endif
