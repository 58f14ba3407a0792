#ifndef REEL_YUV420_H
#define REEL_YUV420_H
#include <stdint.h>

/// A BGRA → yuv420p converter that writes, byte for byte, what libswscale 6 (FFmpeg 5.1) writes
/// for the same frame with SWS_BICUBIC | SWS_FULL_CHR_H_INP | SWS_BITEXACT | SWS_ACCURATE_RND,
/// full-range RGB to limited-range YUV: the same 15-bit intermediates, the same bicubic
/// coefficients (swscale's filter construction, repeated), the same rounding; but in one pass
/// over the frame and eight or sixteen pixels at a time with AVX2. Callers check it against
/// swscale itself once before relying on it (another swscale may round differently).
typedef struct ReelYUV420 ReelYUV420;

/// A converter for `width` × `height` frames (both even, width ≥ 32, height ≥ 16), with
/// swscale's colour table for the YUV side (`sws_getCoefficients`: vr, ub, ug, vg), and whether
/// that table is swscale's default one (swscale then uses its literal BT.601 constants).
/// NULL when the CPU has no AVX2, the size is not supported, or memory is short.
ReelYUV420 *reel_yuv420_create(int32_t width, int32_t height, const int32_t table[4], int32_t isDefaultTable);

void reel_yuv420_destroy(ReelYUV420 *converter);

/// Converts one premultiplied BGRA frame (`stride` bytes a row, rows 4-byte aligned) into the
/// three planes. Not thread-safe: a converter owns its row buffers.
void reel_yuv420_convert(ReelYUV420 *converter, const uint8_t *bgra, intptr_t stride,
                         uint8_t *y, intptr_t yStride, uint8_t *u, intptr_t uStride, uint8_t *v, intptr_t vStride);
#endif
