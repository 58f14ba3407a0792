#ifndef REEL_RESAMPLE_H
#define REEL_RESAMPLE_H
#include <stdint.h>

/// Premultiplied ARGB32 pixels onto a grid `k` times coarser: pixel (i, j) of `dst` is the
/// rounded mean of the source's k × k cell from (i·k, j·k), of those of its pixels that lie
/// inside the width × height source (a partial cell at the right or bottom edge averages what
/// it has, as if the edge were repeated). `dst` is ⌈width / k⌉ × ⌈height / k⌉. Integer
/// arithmetic only. Returns 0 when it could not allocate its row of sums (`dst` untouched).
int reel_downscale_argb32(const uint8_t *src, intptr_t width, intptr_t height, intptr_t srcStride, intptr_t k,
                          uint8_t *dst, intptr_t dstStride);

/// A coarse image (sw × sh, `k` device pixels a pixel, its pixel (0, 0) covering device pixels
/// 0 ≤ x, y < k) scaled back up bilinearly into the width × height window of device pixels
/// from (ox, oy): device pixel x samples the coarse image at (x + ½)/k − ½, beyond its edge the
/// edge pixel (cairo's bilinear filter with EXTEND_PAD, in 8-bit fixed-point weights).
/// Returns 0 when it could not allocate its tables (`dst` untouched).
int reel_upscale_argb32(const uint8_t *src, intptr_t sw, intptr_t sh, intptr_t srcStride, intptr_t k, intptr_t ox,
                        intptr_t oy, uint8_t *dst, intptr_t width, intptr_t height, intptr_t dstStride);
#endif
