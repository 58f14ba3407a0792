// ProjectiveSampler's pixel loop (an image through a homography, bilinear, under a coverage
// mask). In Swift it was 45 % of the carousel bench scene's drawing (callgrind); here the mask
// is scanned a word at a time and, on AVX2 CPUs, the homogeneous point of four pixels is stepped
// and divided at once and each pixel is filtered in 32-bit vector lanes. The double arithmetic
// is the scalar loop's, operation for operation (no contraction into fused multiply-adds), and
// the integer sums regroup exactly, so every CPU makes the same bytes.
#include "CReelProjective.h"
#include "cpu.h"
#include <string.h>

#pragma STDC FP_CONTRACT OFF

// Bytes 0 and 2 of each 32-bit lane: two channels per multiply, with room for 24-bit sums.
#define LANES 0x000000FF000000FFull

static inline uint64_t even(uint32_t p) {
    const uint64_t q = p;
    return (q | q << 16) & LANES;
}

static inline uint64_t odd(uint32_t p) {
    const uint64_t q = (uint64_t)p >> 8;
    return (q | q << 16) & LANES;
}

// Four texels' channels in lanes, weighted (weights of 65536), rounded back to 0…255, times
// coverage / 255 rounded as pixman rounds. Each lane ≤ 255 · 65536: no carry into the next.
static inline uint64_t mix(uint64_t a, uint64_t b, uint64_t c, uint64_t d, uint64_t w00, uint64_t w10, uint64_t w01,
                           uint64_t w11, uint64_t coverage) {
    uint64_t v = ((a * w00 + b * w10 + c * w01 + d * w11 + 0x0000800000008000ull) >> 16) & LANES;
    if (coverage != 255) {
        v = v * coverage + 0x0000008000000080ull;
        v = ((v + ((v >> 8) & LANES)) >> 8) & LANES;
    }
    return v;
}

// The bilinear mix of four premultiplied pixels (weights wx, wy of 256), times coverage / 255.
static inline uint32_t blend(uint32_t p00, uint32_t p10, uint32_t p01, uint32_t p11, uint64_t wx, uint64_t wy,
                             uint64_t coverage) {
    // A flat area (a card's fill, empty margins) needs no filtering.
    if (p00 == p10 && p00 == p01 && p00 == p11 && (coverage == 255 || p00 == 0)) return p00;
    const uint64_t w00 = (256 - wx) * (256 - wy), w10 = wx * (256 - wy), w01 = (256 - wx) * wy, w11 = wx * wy;
    const uint64_t e = mix(even(p00), even(p10), even(p01), even(p11), w00, w10, w01, w11, coverage);
    const uint64_t o = mix(odd(p00), odd(p10), odd(p01), odd(p11), w00, w10, w01, w11, coverage);
    return ((uint32_t)(e | e >> 16) & 0x00FF00FFu) | ((uint32_t)(o | o >> 16) & 0x00FF00FFu) << 8;
}

// Each channel of p times k / 255, rounded as pixman rounds (MUL_UN8).
static inline uint32_t multiply(uint32_t p, uint32_t k) {
    uint32_t r = 0;
    for (int s = 0; s < 32; s += 8) {
        const uint32_t t = ((p >> s) & 0xFF) * k + 128;
        r |= ((t + (t >> 8)) >> 8) << s;
    }
    return r;
}

// `src` over `dst` (premultiplied), pixman's rounding.
static inline uint32_t over(uint32_t src, uint32_t dst) {
    const uint32_t sa = src >> 24;
    if (sa == 255) return src;
    if (src == 0) return dst;
    return src + multiply(dst, 255 - sa);
}

// The sample at texel position (i0 + wx / 256, j0 + wy / 256), i0 in −1…maxX and j0 in −1…maxY
// (the texels past the edge repeat it), at `coverage`, written to *out.
#define PUT(BLEND)                                                                                           \
    const int64_t maxX = w->imageWidth - 1, maxY = w->imageHeight - 1;                                       \
    const int64_t xa = i0 < 0 ? 0 : i0, xb = i0 + 1 > maxX ? maxX : i0 + 1;                                 \
    const int64_t ya = j0 < 0 ? 0 : j0, yb = j0 + 1 > maxY ? maxY : j0 + 1;                                  \
    const uint32_t *top = w->image + ya * w->imageStride, *bottom = w->image + yb * w->imageStride;          \
    const uint32_t sample = BLEND(top[xa], top[xb], bottom[xa], bottom[xb], wx, wy, coverage);               \
    *out = overOut ? over(sample, *out) : sample;

static inline void put(const ReelProjective *w, uint32_t *out, int64_t i0, int64_t j0, uint64_t wx, uint64_t wy,
                       uint64_t coverage, int overOut) {
    PUT(blend)
}

// Texel position of a pixel whose homogeneous source point is (X, Y, W): 0 when it has none
// (behind the eye, or not a number).
static inline int locate(double X, double Y, double W, double maxX, double maxY, int64_t *i0, int64_t *j0,
                         uint64_t *wx, uint64_t *wy) {
    if (!(W > 1e-12)) return 0;
    // Pixel centres are at +0.5: sample between texels (i, i + 1) at fraction f.
    const double r = 1 / W;
    double sx = X * r - 0.5, sy = Y * r - 0.5;
    if (sx != sx || sy != sy) return 0;
    // Clamped to the outermost texel centres: beyond them padding repeats the edge, so the
    // clamp changes no sample and keeps the integer conversions in range.
    sx = sx > -1 ? sx : -1;
    sx = sx < maxX ? sx : maxX;
    sy = sy > -1 ? sy : -1;
    sy = sy < maxY ? sy : maxY;
    // Floor by truncation of a non-negative number; 8-bit filter weights (pixman uses 7).
    *i0 = (int64_t)(sx + 1) - 1;
    *j0 = (int64_t)(sy + 1) - 1;
    *wx = (uint64_t)(int64_t)((sx - (double)*i0) * 256);
    *wy = (uint64_t)(int64_t)((sy - (double)*j0) * 256);
    return 1;
}

// The first and last columns of low…high − 1 the mask covers; 0 when none. The outline is
// convex: one run a row.
static int coverage_run(const uint8_t *row, intptr_t low, intptr_t high, intptr_t *first, intptr_t *last) {
    intptr_t a = low;
    while (a + 8 <= high) {
        uint64_t word;
        memcpy(&word, row + a, 8);
        if (word) break;
        a += 8;
    }
    while (a < high && row[a] == 0) a++;
    if (a >= high) return 0;
    intptr_t b = high;
    while (b - 8 > a) {
        uint64_t word;
        memcpy(&word, row + b - 8, 8);
        if (word) break;
        b -= 8;
    }
    while (row[b - 1] == 0) b--;
    *first = a;
    *last = b - 1;
    return 1;
}

static void span_scalar(const ReelProjective *w, const uint8_t *maskRow, uint32_t *outRow, intptr_t first,
                        intptr_t last, double X, double Y, double W, int overOut) {
    const double ax = w->m[0], ay = w->m[1], aw = w->m[2];
    const double maxX = (double)(w->imageWidth - 1), maxY = (double)(w->imageHeight - 1);
    for (intptr_t x = first; x <= last; x++, X += ax, Y += ay, W += aw) {
        const uint8_t coverage = maskRow[x];
        int64_t i0, j0;
        uint64_t wx, wy;
        if (coverage == 0 || !locate(X, Y, W, maxX, maxY, &i0, &j0, &wx, &wy)) continue;
        put(w, outRow + x, i0, j0, wx, wy, coverage, overOut);
    }
}

#if defined(__x86_64__)
#include <immintrin.h>

// `blend` in 32-bit lanes, a texel's four channels a 128-bit half: the same sums (integer
// addition regroups exactly, and no lane carries into another in either), so the same bytes.
__attribute__((target("avx2"))) static inline uint32_t blend_avx2(uint32_t p00, uint32_t p10, uint32_t p01,
                                                                  uint32_t p11, uint32_t wx, uint32_t wy,
                                                                  uint32_t coverage) {
    if (p00 == p10 && p00 == p01 && p00 == p11 && (coverage == 255 || p00 == 0)) return p00;
    const __m256i top = _mm256_cvtepu8_epi32(_mm_cvtsi64_si128((long long)((uint64_t)p10 << 32 | p00)));
    const __m256i bottom = _mm256_cvtepu8_epi32(_mm_cvtsi64_si128((long long)((uint64_t)p11 << 32 | p01)));
    const int w00 = (int)((256 - wx) * (256 - wy)), w10 = (int)(wx * (256 - wy)), w01 = (int)((256 - wx) * wy),
              w11 = (int)(wx * wy);
    const __m256i sum = _mm256_add_epi32(_mm256_mullo_epi32(top, _mm256_setr_epi32(w00, w00, w00, w00, w10, w10, w10, w10)),
                                         _mm256_mullo_epi32(bottom, _mm256_setr_epi32(w01, w01, w01, w01, w11, w11, w11, w11)));
    __m128i v = _mm_add_epi32(_mm_add_epi32(_mm256_castsi256_si128(sum), _mm256_extracti128_si256(sum, 1)),
                              _mm_set1_epi32(0x8000));
    v = _mm_srli_epi32(v, 16);
    if (coverage != 255) {
        const __m128i t = _mm_add_epi32(_mm_mullo_epi32(v, _mm_set1_epi32((int)coverage)), _mm_set1_epi32(128));
        v = _mm_srli_epi32(_mm_add_epi32(t, _mm_srli_epi32(t, 8)), 8);
    }
    const __m128i words = _mm_packus_epi32(v, v);
    return (uint32_t)_mm_cvtsi128_si32(_mm_packus_epi16(words, words));
}

__attribute__((target("avx2"))) static inline void put_avx2(const ReelProjective *w, uint32_t *out, int64_t i0,
                                                            int64_t j0, uint32_t wx, uint32_t wy, uint32_t coverage,
                                                            int overOut) {
    PUT(blend_avx2)
}

// Four pixels a step: lane k holds pixel x + k's point, and each lane adds the column step four
// times a step, so it takes the same values as the scalar loop's running sums.
__attribute__((target("avx2"))) static void span_avx2(const ReelProjective *w, const uint8_t *maskRow,
                                                      uint32_t *outRow, intptr_t first, intptr_t last, double X,
                                                      double Y, double W, int overOut) {
    const double ax = w->m[0], ay = w->m[1], aw = w->m[2];
    double xs[4], ys[4], ws[4];
    for (int k = 0; k < 4; k++, X += ax, Y += ay, W += aw) xs[k] = X, ys[k] = Y, ws[k] = W;
    __m256d vX = _mm256_loadu_pd(xs), vY = _mm256_loadu_pd(ys), vW = _mm256_loadu_pd(ws);
    const __m256d sX = _mm256_set1_pd(ax), sY = _mm256_set1_pd(ay), sW = _mm256_set1_pd(aw);
    const __m256d one = _mm256_set1_pd(1), half = _mm256_set1_pd(0.5), minus = _mm256_set1_pd(-1),
                  scale = _mm256_set1_pd(256), tiny = _mm256_set1_pd(1e-12);
    const __m256d maxX = _mm256_set1_pd((double)(w->imageWidth - 1)), maxY = _mm256_set1_pd((double)(w->imageHeight - 1));
    for (intptr_t x = first; x <= last; x += 4) {
        // The same operations as `locate`, lane by lane (max_pd and min_pd pick as its tests do
        // for numbers; lanes that are not numbers are dropped).
        const __m256d r = _mm256_div_pd(one, vW);
        const __m256d tx = _mm256_sub_pd(_mm256_mul_pd(vX, r), half), ty = _mm256_sub_pd(_mm256_mul_pd(vY, r), half);
        const __m256d valid = _mm256_and_pd(_mm256_cmp_pd(vW, tiny, _CMP_GT_OQ), _mm256_cmp_pd(tx, ty, _CMP_ORD_Q));
        const int lanes = _mm256_movemask_pd(valid);
        const __m256d sx = _mm256_min_pd(_mm256_max_pd(tx, minus), maxX), sy = _mm256_min_pd(_mm256_max_pd(ty, minus), maxY);
        const __m128i i0 = _mm_sub_epi32(_mm256_cvttpd_epi32(_mm256_add_pd(sx, one)), _mm_set1_epi32(1));
        const __m128i j0 = _mm_sub_epi32(_mm256_cvttpd_epi32(_mm256_add_pd(sy, one)), _mm_set1_epi32(1));
        const __m128i wx = _mm256_cvttpd_epi32(_mm256_mul_pd(_mm256_sub_pd(sx, _mm256_cvtepi32_pd(i0)), scale));
        const __m128i wy = _mm256_cvttpd_epi32(_mm256_mul_pd(_mm256_sub_pd(sy, _mm256_cvtepi32_pd(j0)), scale));
        int32_t is[4], js[4], wxs[4], wys[4];
        _mm_storeu_si128((__m128i *)is, i0);
        _mm_storeu_si128((__m128i *)js, j0);
        _mm_storeu_si128((__m128i *)wxs, wx);
        _mm_storeu_si128((__m128i *)wys, wy);
        const intptr_t n = last - x + 1 < 4 ? last - x + 1 : 4;
        for (intptr_t k = 0; k < n; k++) {
            const uint8_t coverage = maskRow[x + k];
            if (coverage == 0 || !(lanes >> k & 1)) continue;
            // A weight truncated from a tiny negative fraction is 0 either way.
            put_avx2(w, outRow + x + k, is[k], js[k], (uint32_t)wxs[k], (uint32_t)wys[k], coverage, overOut);
        }
        for (int k = 0; k < 4; k++) {
            vX = _mm256_add_pd(vX, sX);
            vY = _mm256_add_pd(vY, sY);
            vW = _mm256_add_pd(vW, sW);
        }
    }
}
#endif

void reel_projective_warp(const ReelProjective *w, intptr_t rowLow, intptr_t rowHigh, intptr_t columnLow,
                          intptr_t columnHigh, int overOut, int vectorized) {
    if (w->imageWidth <= 0 || w->imageHeight <= 0 || columnLow >= columnHigh) return;
    const double *m = w->m;
    for (intptr_t y = rowLow; y < rowHigh; y++) {
        const uint8_t *maskRow = w->mask + y * w->maskStride;
        intptr_t first, last;
        if (!coverage_run(maskRow, columnLow, columnHigh, &first, &last)) continue;
        uint32_t *outRow = w->out + y * w->outStride;
        // Homogeneous source point at the centre of (first, y), stepped per column.
        const double cx = (double)first + 0.5, cy = (double)y + 0.5;
        const double X = cx * m[0] + cy * m[3] + m[6], Y = cx * m[1] + cy * m[4] + m[7], W = cx * m[2] + cy * m[5] + m[8];
#if defined(__x86_64__)
        if (vectorized && reel_cpu_has_avx2) {
            span_avx2(w, maskRow, outRow, first, last, X, Y, W, overOut);
            continue;
        }
#endif
        span_scalar(w, maskRow, outRow, first, last, X, Y, W, overOut);
    }
}
