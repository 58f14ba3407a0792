// Coarse grids for wide blurs (see CReelResample.h): a box average down and a bilinear
// scale back up, straight between pixel buffers. Cairo's GOOD filter (pixman's separable
// convolution) and its bilinear paint through a clip cost more than the blur they serve.
#include "CReelResample.h"
#include <stdlib.h>
#include <string.h>

int reel_downscale_argb32(const uint8_t *src, intptr_t width, intptr_t height, intptr_t srcStride, intptr_t k,
                          uint8_t *dst, intptr_t dstStride) {
    if (width <= 0 || height <= 0 || k <= 0) return 1;
    if (k == 1) {
        for (intptr_t y = 0; y < height; y++) memcpy(dst + y * dstStride, src + y * srcStride, (size_t)width * 4);
        return 1;
    }
    const intptr_t cells = (width + k - 1) / k;
    // A cell row's k rows are summed column by column first (two channels a word in 16-bit
    // lanes: k ≤ 257 values ≤ 255 cannot carry; a loop the compiler vectorizes), then each
    // cell's k columns.
    uint32_t *rb = malloc((size_t)width * 2 * sizeof(uint32_t)), *ag = rb + width;
    if (!rb) return 0;
    for (intptr_t j = 0; j * k < height; j++) {
        memset(rb, 0, (size_t)width * 2 * sizeof(uint32_t));
        const intptr_t rows = height - j * k < k ? height - j * k : k;
        for (intptr_t r = 0; r < rows; r++) {
            const uint32_t *in = (const uint32_t *)(src + (j * k + r) * srcStride);
            for (intptr_t x = 0; x < width; x++) {
                rb[x] += in[x] & 0xFF00FF;
                ag[x] += in[x] >> 8 & 0xFF00FF;
            }
        }
        uint32_t *out = (uint32_t *)(dst + j * dstStride);
        for (intptr_t c = 0; c < cells; c++) {
            const intptr_t x0 = c * k, x1 = x0 + k < width ? x0 + k : width;
            uint32_t s[4] = {0, 0, 0, 0};
            for (intptr_t x = x0; x < x1; x++) {
                s[0] += rb[x] & 0xFFFF; s[1] += ag[x] & 0xFFFF; s[2] += rb[x] >> 16; s[3] += ag[x] >> 16;
            }
            const uint64_t n = (uint64_t)(rows * (x1 - x0));
            // floor((s + n/2) / n) as a multiply, as filters.c's box pass divides.
            const uint64_t m = ((uint64_t)1 << 40) / n + 1, half = n / 2;
            out[c] = (uint32_t)(((s[0] + half) * m) >> 40) | (uint32_t)(((s[1] + half) * m) >> 40) << 8 |
                     (uint32_t)(((s[2] + half) * m) >> 40) << 16 | (uint32_t)(((s[3] + half) * m) >> 40) << 24;
        }
    }
    free(rb);
    return 1;
}

// Where device pixel `x` samples a coarse axis of `n` pixels: its two pixels (clamped: the edge
// repeats) and the second one's weight out of 256, at (x + ½)/k − ½ = (2x + 1 − k) / 2k.
static void taps(intptr_t x, intptr_t k, intptr_t n, intptr_t *i0, intptr_t *i1, uint32_t *w) {
    const intptr_t num = 2 * x + 1 - k, den = 2 * k;
    intptr_t i = num >= 0 ? num / den : -((-num + den - 1) / den);
    *w = (uint32_t)(((num - i * den) * 256 + k) / den);
    if (*w == 256) { i++; *w = 0; }
    *i0 = i < 0 ? 0 : i >= n ? n - 1 : i;
    *i1 = i + 1 < 0 ? 0 : i + 1 >= n ? n - 1 : i + 1;
}

// a·(256 − w) + b·w over 256, rounded, per channel: two channels a word in 16-bit lanes
// (≤ 255·256 + 128, no carry between them).
static inline uint32_t mix(uint32_t a, uint32_t b, uint32_t w) {
    const uint32_t rb = ((a & 0xFF00FF) * (256 - w) + (b & 0xFF00FF) * w + 0x800080) >> 8 & 0xFF00FF;
    const uint32_t ag = ((a >> 8 & 0xFF00FF) * (256 - w) + (b >> 8 & 0xFF00FF) * w + 0x800080) & 0xFF00FF00;
    return rb | ag;
}

// Coarse row `r` scaled up across the window's columns.
static void widen(const uint32_t *row, const intptr_t *columns, const uint32_t *weights, intptr_t width, uint32_t *out) {
    for (intptr_t x = 0; x < width; x++) out[x] = mix(row[columns[2 * x]], row[columns[2 * x + 1]], weights[x]);
}

int reel_upscale_argb32(const uint8_t *src, intptr_t sw, intptr_t sh, intptr_t srcStride, intptr_t k, intptr_t ox,
                        intptr_t oy, uint8_t *dst, intptr_t width, intptr_t height, intptr_t dstStride) {
    if (width <= 0 || height <= 0 || sw <= 0 || sh <= 0 || k <= 0) return 1;
    // Separable: each coarse row is widened once (two kept, the pair an output row blends),
    // then output rows blend that pair.
    intptr_t *columns = malloc((size_t)width * 2 * sizeof(intptr_t));
    uint32_t *weights = malloc((size_t)width * sizeof(uint32_t));
    uint32_t *wide = malloc((size_t)width * 2 * sizeof(uint32_t));
    if (!columns || !weights || !wide) {
        free(columns); free(weights); free(wide);
        return 0;
    }
    for (intptr_t x = 0; x < width; x++) taps(ox + x, k, sw, columns + 2 * x, columns + 2 * x + 1, weights + x);
    intptr_t held[2] = {-1, -1};  // which coarse row each half of `wide` holds
    for (intptr_t y = 0; y < height; y++) {
        intptr_t r[2];
        uint32_t wy;
        taps(oy + y, k, sh, r, r + 1, &wy);
        uint32_t *rows[2];
        for (int t = 0; t < 2; t++) {
            // Rows come in order: a needed row is held already, or replaces the one not needed.
            int slot = held[0] == r[t] ? 0 : held[1] == r[t] ? 1 : -1;
            if (slot < 0) {
                slot = held[0] == r[1 - t] ? 1 : 0;
                widen((const uint32_t *)(src + r[t] * srcStride), columns, weights, width, wide + slot * width);
                held[slot] = r[t];
            }
            rows[t] = wide + slot * width;
        }
        uint32_t *out = (uint32_t *)(dst + y * dstStride);
        if (wy == 0) {
            memcpy(out, rows[0], (size_t)width * 4);
        } else {
            for (intptr_t x = 0; x < width; x++) out[x] = mix(rows[0][x], rows[1][x], wy);
        }
    }
    free(columns); free(weights); free(wide);
    return 1;
}
