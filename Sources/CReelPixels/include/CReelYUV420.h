#ifndef REEL_YUV420_H
#define REEL_YUV420_H
#include <stdint.h>

/// Reel's BGRA → yuv420p conversion (docs/color.md; the reference is ReelEncode's YUV420Reference,
/// which these functions match byte for byte): premultiplied BGRA, full range, to limited-range
/// YCbCr with the given 15-bit coefficients; chroma is the 2×2 box average, edges replicated.
typedef struct {
    /// Y = (yR·R + yG·G + yB·B + (16 << 15) + (1 << 14)) >> 15.
    int16_t yR, yG, yB;
    /// Cb = (uR·ΣR + uG·ΣG + uB·ΣB + (128 << 17) + (1 << 16)) >> 17, Σ over the 2×2 block.
    int16_t uR, uG, uB;
    /// Cr, as Cb.
    int16_t vR, vG, vB;
} ReelYUVCoefficients;

/// The three planes written: Y is width × height, U and V ⌈width/2⌉ × ⌈height/2⌉.
typedef struct {
    uint8_t *y, *u, *v;
    intptr_t yStride, uStride, vStride;
} ReelYUVPlanes;

/// The conversion in plain loops (which the compiler vectorises for the baseline CPU): the path
/// on CPUs without AVX2. `bgra` rows must be 4-byte aligned. Thread-safe (no state).
void reel_yuv420_convert_scalar(const ReelYUVCoefficients *coefficients, const uint8_t *bgra, intptr_t stride,
                                int32_t width, int32_t height, const ReelYUVPlanes *planes);

/// The same bytes sixteen pixels at a time with AVX2. Returns 0 without touching anything when
/// the CPU has no AVX2. Thread-safe (no state).
int reel_yuv420_convert_avx2(const ReelYUVCoefficients *coefficients, const uint8_t *bgra, intptr_t stride,
                             int32_t width, int32_t height, const ReelYUVPlanes *planes);
#endif
