// Pixel loops where Swift cannot reach the CPU's vector instructions: the baseline x86-64
// target has no AVX2, so these are compiled for it function by function and chosen at run time.
// Integer arithmetic only, identical to the scalar code, so the pixels never depend on the CPU.
#include "CReelPixels.h"
#include "cpu.h"

// The row walk repeats ParticleCompositor's double arithmetic operation for operation: no
// fused multiply-adds, which would round differently.
#pragma clang fp contract(off)

#if defined(__x86_64__)
#include <immintrin.h>

// Both 8-bit lanes (bits 0–7 and 16–23) of each 32-bit element times k / 255, rounded (pixman's).
__attribute__((target("avx2"))) static inline __m256i scale2(__m256i lanes, __m256i k) {
    const __m256i half = _mm256_set1_epi32(0x00800080), mask = _mm256_set1_epi32(0x00FF00FF);
    __m256i t = _mm256_add_epi32(_mm256_mullo_epi32(lanes, k), half);
    t = _mm256_add_epi32(t, _mm256_and_si256(_mm256_srli_epi32(t, 8), mask));
    return _mm256_and_si256(_mm256_srli_epi32(t, 8), mask);
}

__attribute__((target("avx2"))) static void over_white_row_avx2(
    const uint32_t *quads, intptr_t pitch, uint32_t *pixels, intptr_t count,
    int32_t fu, int32_t fv, int32_t su, int32_t sv, uint32_t colorRB, uint32_t colorAG) {
    const __m256i lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    const __m256i byte = _mm256_set1_epi32(255), c256 = _mm256_set1_epi32(256), round = _mm256_set1_epi32(32768);
    const __m256i mask = _mm256_set1_epi32(0x00FF00FF), vpitch = _mm256_set1_epi32((int32_t)pitch);
    const __m256i rbColor = _mm256_set1_epi32((int32_t)colorRB), agColor = _mm256_set1_epi32((int32_t)colorAG);
    __m256i u = _mm256_add_epi32(_mm256_set1_epi32(fu), _mm256_mullo_epi32(lane, _mm256_set1_epi32(su)));
    __m256i v = _mm256_add_epi32(_mm256_set1_epi32(fv), _mm256_mullo_epi32(lane, _mm256_set1_epi32(sv)));
    // Unsigned: a step too large to matter (one pixel a row) must wrap, not overflow.
    const __m256i stepU = _mm256_set1_epi32((int32_t)((uint32_t)su * 8u)), stepV = _mm256_set1_epi32((int32_t)((uint32_t)sv * 8u));
    for (intptr_t i = 0; i < count; i += 8) {
        // Lanes past the row's end read nothing and write nothing.
        const __m256i live = _mm256_cmpgt_epi32(_mm256_set1_epi32((int32_t)(count - i)), lane);
        const __m256i x = _mm256_srai_epi32(u, 16), y = _mm256_srai_epi32(v, 16);
        const __m256i wx = _mm256_and_si256(_mm256_srai_epi32(u, 8), byte), wy = _mm256_and_si256(_mm256_srai_epi32(v, 8), byte);
        const __m256i k = _mm256_add_epi32(_mm256_mullo_epi32(y, vpitch), x);
        // The texel's quad: it, its right neighbour, the one below and below right (one gather).
        const __m256i q = _mm256_mask_i32gather_epi32(_mm256_setzero_si256(), (const int *)quads, k, live, 4);
        const __m256i wx0 = _mm256_sub_epi32(c256, wx);
        const __m256i top = _mm256_add_epi32(_mm256_mullo_epi32(_mm256_and_si256(q, byte), wx0),
                                             _mm256_mullo_epi32(_mm256_and_si256(_mm256_srli_epi32(q, 8), byte), wx));
        const __m256i bottom = _mm256_add_epi32(_mm256_mullo_epi32(_mm256_and_si256(_mm256_srli_epi32(q, 16), byte), wx0),
                                                _mm256_mullo_epi32(_mm256_srli_epi32(q, 24), wx));
        const __m256i cov = _mm256_srli_epi32(
            _mm256_add_epi32(_mm256_add_epi32(_mm256_mullo_epi32(top, _mm256_sub_epi32(c256, wy)), _mm256_mullo_epi32(bottom, wy)), round), 16);
        // Over. A zero coverage leaves the pixel as it was (scale by 255 is exact), as the
        // scalar row's skip does.
        const __m256i sag = scale2(agColor, cov);
        const __m256i keep = _mm256_sub_epi32(byte, _mm256_srli_epi32(sag, 16));
        const __m256i d = _mm256_maskload_epi32((const int *)(pixels + i), live);
        const __m256i rb = _mm256_add_epi32(scale2(_mm256_and_si256(d, mask), keep), scale2(rbColor, cov));
        const __m256i ag = _mm256_add_epi32(scale2(_mm256_and_si256(_mm256_srli_epi32(d, 8), mask), keep), sag);
        _mm256_maskstore_epi32((int *)(pixels + i), live, _mm256_or_si256(rb, _mm256_slli_epi32(ag, 8)));
        u = _mm256_add_epi32(u, stepU);
        v = _mm256_add_epi32(v, stepV);
    }
}

// ParticleCompositor.narrow: [lo, hi) narrowed to the whole steps i where
// below < start + step·i < above, clamped first so the conversions cannot overflow.
static inline int64_t floor_int(double x) { int64_t t = (int64_t)x; return (double)t > x ? t - 1 : t; }
static inline int64_t ceil_int(double x) { int64_t t = (int64_t)x; return (double)t < x ? t + 1 : t; }
static inline void narrow(int64_t *lo, int64_t *hi, double start, double step, double reciprocal, double below, double above) {
    if (step == 0) {
        if (!(start > below && start < above)) *hi = *lo;
        return;
    }
    const double a = (below - start) * reciprocal, b = (above - start) * reciprocal;
    const double floorLimit = (double)*lo - 2, ceilLimit = (double)*hi + 2;
    double low = a < b ? a : b, high = a < b ? b : a;
    low = low > floorLimit ? low : floorLimit;
    low = low < ceilLimit ? low : ceilLimit;
    high = high > floorLimit ? high : floorLimit;
    high = high < ceilLimit ? high : ceilLimit;
    const int64_t first = floor_int(low) + 1, last = ceil_int(high);
    if (first > *lo) *lo = first;
    if (last < *hi) *hi = last;
}

static inline int32_t max3(int32_t a, int32_t b, int32_t c) { int32_t m = a > b ? a : b; return m > c ? m : c; }
static inline int32_t min3(int32_t a, int32_t b, int32_t c) { int32_t m = a < b ? a : b; return m < c ? m : c; }

__attribute__((target("avx2"))) static void over_white_particle_avx2(
    const ReelWhiteParticle *p, uint8_t *data, intptr_t stride, const int32_t *clips, intptr_t clipCount,
    int32_t bandLow, int32_t bandHigh) {
    for (intptr_t c = 0; c < clipCount; c++) {
        const int32_t *box = clips + 4 * c;
        const int32_t x0 = p->x0 > box[0] ? p->x0 : box[0], x1 = p->x1 < box[2] ? p->x1 : box[2];
        const int32_t y0 = max3(p->y0, box[1], bandLow), y1 = min3(p->y1, box[3], bandHigh);
        if (x0 >= x1 || y0 >= y1) continue;
        for (int32_t py = y0; py < y1; py++) {
            uint8_t *row = data + (intptr_t)py * stride;
            // The next row's pixels arrive while this one is drawn.
            if (y1 - py > 1) {
                __builtin_prefetch(row + stride + (intptr_t)x0 * 4, 1, 3);
                __builtin_prefetch(row + stride + (intptr_t)(x1 - 1) * 4, 1, 3);
            }
            const double yc = (double)py + 0.5;
            const double u0 = p->ia * ((double)x0 + 0.5) + p->ic * yc + p->ie - 0.5;
            const double v0 = p->ib * ((double)x0 + 0.5) + p->id * yc + p->iff - 0.5;
            int64_t first = 0, last = x1 - x0;
            narrow(&first, &last, u0, p->ia, p->reciprocalU, -1, p->width);
            narrow(&first, &last, v0, p->ib, p->reciprocalV, -1, p->height);
            if (last <= first) continue;
            // Shifted by the border's two texels: positive wherever the row may sample.
            const int64_t fu = (int64_t)((u0 + (double)first * p->ia + 2) * 65536.0 + 0.5);
            const int64_t fv = (int64_t)((v0 + (double)first * p->ib + 2) * 65536.0 + 0.5);
            over_white_row_avx2(p->quads, p->pitch, (uint32_t *)(row + ((intptr_t)x0 + first) * 4), last - first,
                                (int32_t)fu, (int32_t)fv, p->su, p->sv, p->colorRB, p->colorAG);
        }
    }
}

int reel_over_white_row(const uint32_t *quads, intptr_t pitch, uint32_t *pixels, intptr_t count,
                        int32_t fu, int32_t fv, int32_t su, int32_t sv, uint32_t colorRB, uint32_t colorAG) {
    if (!reel_cpu_has_avx2) return 0;
    over_white_row_avx2(quads, pitch, pixels, count, fu, fv, su, sv, colorRB, colorAG);
    return 1;
}

int reel_over_white_particle(const ReelWhiteParticle *particle, uint8_t *data, intptr_t stride,
                             const int32_t *clips, intptr_t clipCount, int32_t bandLow, int32_t bandHigh) {
    if (!reel_cpu_has_avx2) return 0;
    over_white_particle_avx2(particle, data, stride, clips, clipCount, bandLow, bandHigh);
    return 1;
}

#else
int reel_over_white_particle(const ReelWhiteParticle *particle, uint8_t *data, intptr_t stride,
                             const int32_t *clips, intptr_t clipCount, int32_t bandLow, int32_t bandHigh) { return 0; }
int reel_over_white_row(const uint32_t *quads, intptr_t pitch, uint32_t *pixels, intptr_t count,
                        int32_t fu, int32_t fv, int32_t su, int32_t sv, uint32_t colorRB, uint32_t colorAG) { return 0; }
#endif
