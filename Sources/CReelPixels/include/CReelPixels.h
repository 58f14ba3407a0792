#ifndef REEL_PIXELS_H
#define REEL_PIXELS_H
#include <stdint.h>
#include "CReelYUV420.h"
#include "CReelFilters.h"
#include "CReelYUV10.h"
#include "CReelGIF.h"
#include "CReelGradient.h"
#include "CReelResample.h"
#include "CReelSubframes.h"
#include "CReelProjective.h"

/// Whether the loops below run vectorized (the CPU has AVX2). When 0, each of them returns 0
/// without touching anything.
int reel_pixels_vectorized(void);

/// One row of a white particle composited over premultiplied BGRA pixels, eight at a time on
/// AVX2 CPUs. Bit for bit the arithmetic of ParticleCompositor's scalar row (its reference):
/// bilinear coverage from 8-bit alphas at 16.16 texel coordinates (fu, fv, stepping by su, sv),
/// the colour's two channel pairs (colorRB = R<<16|B, colorAG = A<<16|G, premultiplied 0…255)
/// scaled by it, then over. The alphas come as quads, `pitch` a row: texel k's word holds
/// alpha[k], alpha[k + 1], alpha[k + pitch] and alpha[k + pitch + 1] from its low byte up; every
/// texel the row samples must have one. Coordinates and texel offsets must stay below 2³¹
/// (callers use it for sprites under 16384 texels a side). Returns 0 without touching anything
/// when AVX2 is missing.
int reel_over_white_row(const uint32_t *quads, intptr_t pitch, uint32_t *pixels, intptr_t count,
                        int32_t fu, int32_t fv, int32_t su, int32_t sv, uint32_t colorRB, uint32_t colorAG);

/// A white particle placed on the target, as ParticleCompositor places it.
typedef struct {
    /// Pixels → texels: u = ia·x + ic·y + ie, v = ib·x + id·y + iff.
    double ia, ib, ic, id, ie, iff;
    /// The texture's size in texels, and 1 / ia, 1 / ib.
    double width, height, reciprocalU, reciprocalV;
    /// Steps along a row in 16.16 texels (ia and ib rounded).
    int32_t su, sv;
    /// The pixels it may touch: columns x0…x1 − 1, rows y0…y1 − 1.
    int32_t x0, x1, y0, y1;
    /// The texture's alpha quads (see reel_over_white_row; two zero texels around) and row pitch.
    const uint32_t *quads;
    intptr_t pitch;
    /// The premultiplied colour, two channels a word: R<<16|B and A<<16|G.
    uint32_t colorRB, colorAG;
} ReelWhiteParticle;

/// Composites a white particle over the pixels of rows bandLow…bandHigh − 1 inside the clip
/// boxes (x0, y0, x1, y1 each): ParticleCompositor's row walk and `reel_over_white_row`, with
/// the same double arithmetic, so the bytes are those of its scalar path. Returns 0 without
/// touching anything when AVX2 is missing.
int reel_over_white_particle(const ReelWhiteParticle *particle, uint8_t *data, intptr_t stride,
                             const int32_t *clips, intptr_t clipCount, int32_t bandLow, int32_t bandHigh);

/// TurnSampler's sampling of one row span (a turned raster, bilinear, composited over the
/// target), four pixels at a time on AVX2 CPUs, bit for bit TurnSampler's scalar loop (its
/// reference): pixel k samples at (sx + k·stepX, sy + k·stepY), texel coordinates in 32.32 fixed
/// point; texels outside the `imageWidth` × `imageHeight` raster are transparent; the filtered
/// pixel at `alpha` (of 255) goes over `out[k]`, for k in 0 ..< count. Returns 0 without
/// touching anything when AVX2 is missing.
int reel_turn_span(const uint32_t *image, intptr_t imageStride, intptr_t imageWidth, intptr_t imageHeight,
                   uint32_t *out, intptr_t count, int64_t sx, int64_t sy, int64_t stepX, int64_t stepY, uint16_t alpha);

/// A premultiplied `color` over `count` premultiplied pixels (pixman's rounding), eight at a time
/// on AVX2 CPUs. Returns 0 without touching anything when AVX2 is missing.
int reel_over_run(uint32_t color, uint32_t *out, intptr_t count);
#endif
