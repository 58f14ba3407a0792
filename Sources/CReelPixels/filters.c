// Layer filters on premultiplied ARGB32: the Gaussian blur and the colour matrix (see CReelFilters.h).
#include "CReelFilters.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

// One box pass along lines: `count` lines of `length` pixels; pixel i of line l is at
// l·lineStep + i·pixelStep (in 32-bit words). The window is [i − left, i + right].
// floor(n / size) = (n · m) >> 40 for the sums here (see ShadowDrawing's box blur).
static inline uint32_t at(const uint32_t *in, intptr_t j, intptr_t length, intptr_t pixelStep, int clamp) {
    if (j < 0) return clamp ? in[0] : 0;
    if (j >= length) return clamp ? in[(length - 1) * pixelStep] : 0;
    return in[j * pixelStep];
}

// Moves a window's four channel sums: pixel q enters, p leaves. (Added before subtracting:
// the sums are unsigned and hold the leaving pixel.)
static inline void slide(uint64_t *s0, uint64_t *s1, uint64_t *s2, uint64_t *s3, uint32_t p, uint32_t q) {
    *s0 = *s0 + (q & 255) - (p & 255); *s1 = *s1 + ((q >> 8) & 255) - ((p >> 8) & 255);
    *s2 = *s2 + ((q >> 16) & 255) - ((p >> 16) & 255); *s3 = *s3 + (q >> 24) - (p >> 24);
}

static inline uint32_t boxed(uint64_t s0, uint64_t s1, uint64_t s2, uint64_t s3, uint64_t half, uint64_t m) {
    return (uint32_t)(((s0 + half) * m) >> 40) | (uint32_t)(((s1 + half) * m) >> 40) << 8 |
           (uint32_t)(((s2 + half) * m) >> 40) << 16 | (uint32_t)(((s3 + half) * m) >> 40) << 24;
}

static void box_pass(const uint32_t *src, uint32_t *dst, intptr_t count, intptr_t length, intptr_t lineStep,
                     intptr_t pixelStep, intptr_t left, intptr_t right, int clamp) {
    const intptr_t size = left + right + 1;
    const uint64_t m = ((uint64_t)1 << 40) / (uint64_t)size + 1, half = (uint64_t)size / 2;
    for (intptr_t l = 0; l < count; l++) {
        const uint32_t *in = src + l * lineStep;
        uint32_t *out = dst + l * lineStep;
        uint64_t s0 = 0, s1 = 0, s2 = 0, s3 = 0;
        for (intptr_t i = -left; i <= right; i++) {
            uint32_t p = at(in, i, length, pixelStep, clamp);
            s0 += p & 255; s1 += (p >> 8) & 255; s2 += (p >> 16) & 255; s3 += p >> 24;
        }
        for (intptr_t i = 0; i < length; i++) {
            out[i * pixelStep] = boxed(s0, s1, s2, s3, half, m);
            intptr_t leaving = i - left, entering = i + right + 1;
            // Inside the line (the common case) the edge rule is not needed.
            uint32_t p = leaving >= 0 && entering < length ? in[leaving * pixelStep] : at(in, leaving, length, pixelStep, clamp);
            uint32_t q = leaving >= 0 && entering < length ? in[entering * pixelStep] : at(in, entering, length, pixelStep, clamp);
            slide(&s0, &s1, &s2, &s3, p, q);
        }
    }
}

// The same box pass down the columns, a row at a time with a running sum per column and
// channel: walking down a column touches a new cache line every pixel (ShadowDrawing's box blur
// found the same); rows are read in order. The sums and results are box_pass's exactly.
static void box_pass_columns(const uint32_t *src, uint32_t *dst, intptr_t width, intptr_t height, intptr_t words,
                             intptr_t left, intptr_t right, int clamp, uint64_t *sums) {
    const intptr_t size = left + right + 1;
    const uint64_t m = ((uint64_t)1 << 40) / (uint64_t)size + 1, half = (uint64_t)size / 2;
    // Row j of the source, or what stands beyond the edge: the edge row, or nothing (transparent).
    #define ROW(j) ((j) < 0 ? (clamp ? src : NULL) : (j) >= height ? (clamp ? src + (height - 1) * words : NULL) \
                                                                    : src + (j) * words)
    memset(sums, 0, (size_t)width * 4 * sizeof(uint64_t));
    for (intptr_t j = -left; j <= right; j++) {
        const uint32_t *row = ROW(j);
        if (!row) continue;
        for (intptr_t x = 0; x < width; x++) slide(sums + 4 * x, sums + 4 * x + 1, sums + 4 * x + 2, sums + 4 * x + 3, 0, row[x]);
    }
    for (intptr_t y = 0; y < height; y++) {
        uint32_t *out = dst + y * words;
        for (intptr_t x = 0; x < width; x++) out[x] = boxed(sums[4 * x], sums[4 * x + 1], sums[4 * x + 2], sums[4 * x + 3], half, m);
        const uint32_t *leaving = ROW(y - left), *entering = ROW(y + right + 1);
        if (!leaving && !entering) continue;
        for (intptr_t x = 0; x < width; x++)
            slide(sums + 4 * x, sums + 4 * x + 1, sums + 4 * x + 2, sums + 4 * x + 3, leaving ? leaving[x] : 0,
                  entering ? entering[x] : 0);
    }
    #undef ROW
}

// An exact Gaussian for small σ: weights in 16-bit fixed point summing to 65536.
static void kernel_pass(const uint32_t *src, uint32_t *dst, intptr_t count, intptr_t length, intptr_t lineStep,
                        intptr_t pixelStep, const uint32_t *weights, intptr_t radius, int clamp) {
    for (intptr_t l = 0; l < count; l++) {
        const uint32_t *in = src + l * lineStep;
        uint32_t *out = dst + l * lineStep;
        for (intptr_t i = 0; i < length; i++) {
            uint64_t s0 = 32768, s1 = 32768, s2 = 32768, s3 = 32768;
            for (intptr_t k = -radius; k <= radius; k++) {
                uint32_t p = at(in, i + k, length, pixelStep, clamp), w = weights[k + radius];
                s0 += (uint64_t)(p & 255) * w; s1 += (uint64_t)((p >> 8) & 255) * w;
                s2 += (uint64_t)((p >> 16) & 255) * w; s3 += (uint64_t)(p >> 24) * w;
            }
            out[i * pixelStep] =
                (uint32_t)(s0 >> 16) | (uint32_t)(s1 >> 16) << 8 | (uint32_t)(s2 >> 16) << 16 | (uint32_t)(s3 >> 16) << 24;
        }
    }
}

int reel_blur_argb32(uint8_t *data, intptr_t width, intptr_t height, intptr_t stride, double sigma, int clampEdges) {
    if (width <= 0 || height <= 0 || !(sigma > 0.05)) return 1;
    const intptr_t words = stride / 4;
    uint32_t *image = (uint32_t *)data;
    uint32_t *scratch = malloc((size_t)(words * height) * sizeof(uint32_t));
    if (!scratch) return 0;
    // Rows are lines for the horizontal passes; columns (step a row) for the vertical ones.
    const intptr_t counts[2] = {height, width}, lengths[2] = {width, height};
    const intptr_t lineSteps[2] = {words, 1}, pixelSteps[2] = {1, words};
    if (sigma < 2) {
        intptr_t radius = (intptr_t)ceil(3 * sigma);
        uint32_t weights[13];
        double raw[13], sum = 0;
        for (intptr_t k = -radius; k <= radius; k++) sum += raw[k + radius] = exp(-(double)(k * k) / (2 * sigma * sigma));
        uint32_t total = 0;
        for (intptr_t k = 0; k <= 2 * radius; k++) total += weights[k] = (uint32_t)lround(raw[k] / sum * 65536);
        weights[radius] += 65536 - total;  // exactly unit gain: flat areas stay flat
        for (int d = 0; d < 2; d++) {
            kernel_pass(image, scratch, counts[d], lengths[d], lineSteps[d], pixelSteps[d], weights, radius, clampEdges);
            memcpy(image, scratch, (size_t)(words * height) * sizeof(uint32_t));
        }
        free(scratch);
        return 1;
    }
    const intptr_t size = (intptr_t)floor(sigma * 3 * sqrt(2 * M_PI) / 4 + 0.5);
    uint64_t *sums = malloc((size_t)width * 4 * sizeof(uint64_t));
    if (!sums) {
        free(scratch);
        return 0;
    }
    for (int d = 0; d < 2; d++) {
        intptr_t lefts[3], rights[3];
        if (size % 2 == 1) {
            for (int p = 0; p < 3; p++) lefts[p] = rights[p] = size / 2;
        } else {
            lefts[0] = size / 2; rights[0] = size / 2 - 1;
            lefts[1] = size / 2 - 1; rights[1] = size / 2;
            lefts[2] = rights[2] = size / 2;
        }
        // image → scratch → image → scratch, then back into the image.
        uint32_t *from = image, *to = scratch;
        for (int p = 0; p < 3; p++) {
            if (d == 0) {
                box_pass(from, to, counts[d], lengths[d], lineSteps[d], pixelSteps[d], lefts[p], rights[p], clampEdges);
            } else {
                box_pass_columns(from, to, width, height, words, lefts[p], rights[p], clampEdges, sums);
            }
            uint32_t *t = from; from = to; to = t;
        }
        memcpy(image, from, (size_t)(words * height) * sizeof(uint32_t));
    }
    free(sums);
    free(scratch);
    return 1;
}

static inline int32_t clamp255(int64_t v) { return v < 0 ? 0 : v > 255 ? 255 : (int32_t)v; }

void reel_color_matrix_argb32(uint8_t *data, intptr_t width, intptr_t height, intptr_t stride, const int32_t m[20]) {
    for (intptr_t y = 0; y < height; y++) {
        uint32_t *row = (uint32_t *)(data + y * stride);
        for (intptr_t x = 0; x < width; x++) {
            uint32_t p = row[x];
            int64_t a = p >> 24, r = (p >> 16) & 255, g = (p >> 8) & 255, b = p & 255;
            if (a > 0 && a < 255) {
                r = (r * 255 + a / 2) / a; g = (g * 255 + a / 2) / a; b = (b * 255 + a / 2) / a;
            }
            int32_t out[4];
            for (int c = 0; c < 4; c++) {
                const int32_t *k = m + 5 * c;
                int64_t v = (int64_t)k[0] * r + (int64_t)k[1] * g + (int64_t)k[2] * b + (int64_t)k[3] * a +
                            (int64_t)k[4] * 255 + 32768;
                out[c] = clamp255(v >> 16);
            }
            int32_t oa = out[3];
            // Premultiplied again, rounded (x·a/255 as ((t + (t >> 8)) >> 8), t = x·a + 128).
            uint32_t pr = (uint32_t)((out[0] * oa + 128 + ((out[0] * oa + 128) >> 8)) >> 8);
            uint32_t pg = (uint32_t)((out[1] * oa + 128 + ((out[1] * oa + 128) >> 8)) >> 8);
            uint32_t pb = (uint32_t)((out[2] * oa + 128 + ((out[2] * oa + 128) >> 8)) >> 8);
            row[x] = (uint32_t)oa << 24 | pr << 16 | pg << 8 | pb;
        }
    }
}

