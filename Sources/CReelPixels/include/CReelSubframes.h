#ifndef REEL_SUBFRAMES_H
#define REEL_SUBFRAMES_H
#include <stdint.h>

/// Adds `height` rows of `rowBytes` bytes from `pixels` (`stride` bytes a row), each times
/// `weight`, to `sums` (`rowBytes` sums a row). 16-bit sums wrap as Swift's &+ does; the caller
/// keeps weight × 255 summed over a frame within 65535.
void reel_subframe_add(uint16_t *sums, const uint8_t *pixels, intptr_t stride, intptr_t rowBytes, intptr_t height,
                       uint16_t weight);

/// Writes each of `sums` (`rowBytes` a row) divided by `count` (1…256), rounded half up, into
/// `height` rows of `out` (`stride` bytes a row). Exact for every sum up to 255 × `count`.
void reel_subframe_write(const uint16_t *sums, intptr_t rowBytes, intptr_t height, int32_t count, uint8_t *out,
                         intptr_t stride);
#endif
