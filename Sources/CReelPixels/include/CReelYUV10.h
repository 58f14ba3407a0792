#ifndef REEL_YUV10_H
#define REEL_YUV10_H
#include <stdint.h>
#include "CReelYUV420.h"

/// The three 16-bit planes of a 10-bit picture (yuv420p10le or yuv422p10le); strides in bytes.
typedef struct {
    uint16_t *y, *u, *v;
    intptr_t yStride, uStride, vStride;
} ReelYUV16Planes;

/// Reel's BGRA → 10-bit YCbCr conversion: the yuv420p matrix (`coefficients`, as
/// reel_yuv420_convert_scalar takes them) at four times the scale, limited range (Y′ 64…940,
/// Cb and Cr 64…960), chroma the box average of 2×`chromaRows` pixels (2: 4:2:0, 1: 4:2:2).
///
/// Reel draws in 8 bits, so each value is dithered before it is rounded: an 8×8 ordered (Bayer)
/// offset of −½…+½ of an 8-bit step, by position only, so the result is deterministic and a
/// still area stays still. Thread-safe (no state).
void reel_yuv10_convert(const ReelYUVCoefficients *coefficients, const uint8_t *bgra, intptr_t stride,
                        int32_t width, int32_t height, const ReelYUV16Planes *planes, int32_t chromaRows);
#endif
