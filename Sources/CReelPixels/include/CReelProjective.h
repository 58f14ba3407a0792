#ifndef REEL_PROJECTIVE_H
#define REEL_PROJECTIVE_H
#include <stdint.h>

/// An image drawn through a projective map, as ProjectiveSampler draws it.
typedef struct {
    /// The image (premultiplied ARGB32), its row stride in pixels and its size.
    const uint32_t *image;
    intptr_t imageStride, imageWidth, imageHeight;
    /// The coverage mask (A8), the output's size, and its row stride in bytes.
    const uint8_t *mask;
    intptr_t maskStride;
    /// The output (premultiplied ARGB32) and its row stride in pixels.
    uint32_t *out;
    intptr_t outStride;
    /// Output pixels → image pixels, row vectors: [x y 1] · m, m row by row.
    double m[9];
} ReelProjective;

/// ProjectiveSampler's loop over rows rowLow…rowHigh − 1 and columns columnLow…columnHigh − 1
/// (inside the output): where the mask covers a pixel, its centre mapped through `m` samples the
/// image bilinearly (edges padded), scaled by the coverage, written over the pixel (`over`,
/// pixman's rounding) or in its place. The homogeneous point is stepped along each row in double
/// precision, four pixels at a time on AVX2 CPUs; every CPU makes the same bytes. `vectorized`
/// 0 keeps to the scalar loop (the tests' reference).
void reel_projective_warp(const ReelProjective *warp, intptr_t rowLow, intptr_t rowHigh, intptr_t columnLow,
                          intptr_t columnHigh, int over, int vectorized);
#endif
