// Reel's BGRA → yuv420p conversion (docs/color.md), byte for byte ReelEncode's YUV420Reference:
// a scalar path and an AVX2 one, which differ only in how many pixels they take at a time.
// Every step is integer arithmetic whose result is defined (no value leaves its type: the
// weighted sums stay within 0 … 2³¹ − 1, and the results within 16 … 240, so no clamping).
#include "CReelYUV420.h"
#include "cpu.h"

static inline uint8_t luma(const ReelYUVCoefficients *k, uint32_t p) {
    return (uint8_t)((k->yR * (int32_t)(p >> 16 & 255) + k->yG * (int32_t)(p >> 8 & 255) + k->yB * (int32_t)(p & 255) + (16 << 15) + (1 << 14)) >> 15);
}

// Columns x0 (even) … width − 1 of two source rows: their Y, and the chroma of each 2×2 block.
// At a right edge of odd width the last column stands in for the missing one, and at a bottom
// edge of odd height the caller passes the last row (and its Y row) twice: writing a replicated
// pixel's Y twice writes the same byte. Plain loops over whole pixels, which compilers vectorise.
static void pair_scalar(const ReelYUVCoefficients *k, const uint8_t *row0, const uint8_t *row1, uint8_t *y0, uint8_t *y1,
                        uint8_t *u, uint8_t *v, int32_t x0, int32_t width) {
    const uint32_t *a = (const uint32_t *)row0, *b = (const uint32_t *)row1;
    for (int32_t x = x0; x < width; x++) y0[x] = luma(k, a[x]);
    for (int32_t x = x0; x < width; x++) y1[x] = luma(k, b[x]);
    for (int32_t x = x0; x < width; x += 2) {
        const int32_t xr = x + 1 < width ? x + 1 : x;
        const uint32_t p = a[x], q = a[xr], r = b[x], s = b[xr];
        // Sums of the four pixels' (B, R) and G halves: each 16-bit half stays under 1021.
        const uint32_t br = (p & 0xFF00FF) + (q & 0xFF00FF) + (r & 0xFF00FF) + (s & 0xFF00FF);
        const int32_t sg = (int32_t)((p >> 8 & 255) + (q >> 8 & 255) + (r >> 8 & 255) + (s >> 8 & 255));
        const int32_t sb = (int32_t)(br & 0xFFFF), sr = (int32_t)(br >> 16);
        u[x / 2] = (uint8_t)((k->uR * sr + k->uG * sg + k->uB * sb + (128 << 17) + (1 << 16)) >> 17);
        v[x / 2] = (uint8_t)((k->vR * sr + k->vG * sg + k->vB * sb + (128 << 17) + (1 << 16)) >> 17);
    }
}

// Source rows 2·cy and 2·cy + 1 (the last row twice when the height is odd) and their planes' rows.
typedef struct {
    const uint8_t *row0, *row1;
    uint8_t *y0, *y1, *u, *v;
} RowPair;

static inline RowPair row_pair(const uint8_t *bgra, intptr_t stride, int32_t height, const ReelYUVPlanes *planes, int32_t cy) {
    const int32_t r0 = 2 * cy, r1 = r0 + 1 < height ? r0 + 1 : r0;
    return (RowPair){bgra + r0 * stride, bgra + r1 * stride, planes->y + r0 * planes->yStride, planes->y + r1 * planes->yStride,
                     planes->u + cy * planes->uStride, planes->v + cy * planes->vStride};
}

void reel_yuv420_convert_scalar(const ReelYUVCoefficients *coefficients, const uint8_t *bgra, intptr_t stride,
                                int32_t width, int32_t height, const ReelYUVPlanes *planes) {
    for (int32_t cy = 0; cy < (height + 1) / 2; cy++) {
        const RowPair p = row_pair(bgra, stride, height, planes, cy);
        pair_scalar(coefficients, p.row0, p.row1, p.y0, p.y1, p.u, p.v, 0, width);
    }
}

#if defined(__x86_64__)
#include <immintrin.h>

#define AVX2 __attribute__((target("avx2")))

// Two 16-bit coefficients as the word pair pmaddwd multiplies a pixel's (B, R) or (G, A) by.
static inline int32_t pair(int16_t low, int16_t high) { return (int32_t)((uint32_t)(uint16_t)low | (uint32_t)(uint16_t)high << 16); }

// Eight pixels' weighted sums from their (B, R) and (G, A) word pairs, plus `offset`, >> shift.
AVX2 static inline __m256i weigh(__m256i br, __m256i ga, __m256i kBR, __m256i kGA, __m256i offset, int shift) {
    const __m256i sum = _mm256_add_epi32(_mm256_add_epi32(_mm256_madd_epi16(br, kBR), _mm256_madd_epi16(ga, kGA)), offset);
    return _mm256_srai_epi32(sum, shift);
}

AVX2 static void convert_avx2(const ReelYUVCoefficients *k, const uint8_t *bgra, intptr_t stride,
                              int32_t width, int32_t height, const ReelYUVPlanes *planes) {
    const __m256i mask = _mm256_set1_epi32(0x00FF00FF);
    const __m256i yBR = _mm256_set1_epi32(pair(k->yB, k->yR)), yGA = _mm256_set1_epi32(pair(k->yG, 0));
    const __m256i uBR = _mm256_set1_epi32(pair(k->uB, k->uR)), uGA = _mm256_set1_epi32(pair(k->uG, 0));
    const __m256i vBR = _mm256_set1_epi32(pair(k->vB, k->vR)), vGA = _mm256_set1_epi32(pair(k->vG, 0));
    const __m256i yOffset = _mm256_set1_epi32((16 << 15) + (1 << 14)), cOffset = _mm256_set1_epi32((128 << 17) + (1 << 16));
    // After packing, the dwords hold row 0's pixels 0–3, 8–11, row 1's 0–3, 8–11, row 0's 4–7, …
    const __m256i rowOrder = _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7);
    for (int32_t cy = 0; cy < (height + 1) / 2; cy++) {
        const RowPair p = row_pair(bgra, stride, height, planes, cy);
        int32_t x = 0;
        for (; x + 16 <= width; x += 16) {
            const __m256i a0 = _mm256_loadu_si256((const __m256i *)(p.row0 + 4 * x));
            const __m256i b0 = _mm256_loadu_si256((const __m256i *)(p.row0 + 4 * x + 32));
            const __m256i a1 = _mm256_loadu_si256((const __m256i *)(p.row1 + 4 * x));
            const __m256i b1 = _mm256_loadu_si256((const __m256i *)(p.row1 + 4 * x + 32));
            // Each pixel as two 16-bit pairs: (B, R) and (G, A).
            const __m256i brA0 = _mm256_and_si256(a0, mask), gaA0 = _mm256_and_si256(_mm256_srli_epi32(a0, 8), mask);
            const __m256i brB0 = _mm256_and_si256(b0, mask), gaB0 = _mm256_and_si256(_mm256_srli_epi32(b0, 8), mask);
            const __m256i brA1 = _mm256_and_si256(a1, mask), gaA1 = _mm256_and_si256(_mm256_srli_epi32(a1, 8), mask);
            const __m256i brB1 = _mm256_and_si256(b1, mask), gaB1 = _mm256_and_si256(_mm256_srli_epi32(b1, 8), mask);

            const __m256i luma0 = _mm256_packs_epi32(weigh(brA0, gaA0, yBR, yGA, yOffset, 15), weigh(brB0, gaB0, yBR, yGA, yOffset, 15));
            const __m256i luma1 = _mm256_packs_epi32(weigh(brA1, gaA1, yBR, yGA, yOffset, 15), weigh(brB1, gaB1, yBR, yGA, yOffset, 15));
            const __m256i lumaBytes = _mm256_permutevar8x32_epi32(_mm256_packus_epi16(luma0, luma1), rowOrder);
            _mm_storeu_si128((__m128i *)(p.y0 + x), _mm256_castsi256_si128(lumaBytes));
            _mm_storeu_si128((__m128i *)(p.y1 + x), _mm256_extracti128_si256(lumaBytes, 1));

            // Sums of the 2×2 blocks: the rows added, then neighbours (each 16-bit half stays
            // under 1021, so the 32-bit adds never carry into the other half). hadd leaves the
            // blocks in the order 0, 1, 4, 5 | 2, 3, 6, 7; permute4x64 (0xD8) restores it.
            const __m256i sumBR = _mm256_hadd_epi32(_mm256_add_epi32(brA0, brA1), _mm256_add_epi32(brB0, brB1));
            const __m256i sumGA = _mm256_hadd_epi32(_mm256_add_epi32(gaA0, gaA1), _mm256_add_epi32(gaB0, gaB1));
            const __m256i cb = _mm256_permute4x64_epi64(weigh(sumBR, sumGA, uBR, uGA, cOffset, 17), 0xD8);
            const __m256i cr = _mm256_permute4x64_epi64(weigh(sumBR, sumGA, vBR, vGA, cOffset, 17), 0xD8);
            // Words: Cb 0–3, Cr 0–3 | Cb 4–7, Cr 4–7; as bytes, each lane's low half holds them.
            const __m256i chromaBytes = _mm256_packus_epi16(_mm256_packs_epi32(cb, cr), _mm256_setzero_si256());
            const __m128i both = _mm_unpacklo_epi32(_mm256_castsi256_si128(chromaBytes), _mm256_extracti128_si256(chromaBytes, 1));
            _mm_storel_epi64((__m128i *)(p.u + x / 2), both);
            _mm_storel_epi64((__m128i *)(p.v + x / 2), _mm_srli_si128(both, 8));
        }
        pair_scalar(k, p.row0, p.row1, p.y0, p.y1, p.u, p.v, x, width);
    }
}

// The CPU is asked outside the AVX2 function: inside it, the compiler may schedule AVX
// instructions before the check (as pixels.c's entry points do).
int reel_yuv420_convert_avx2(const ReelYUVCoefficients *coefficients, const uint8_t *bgra, intptr_t stride,
                             int32_t width, int32_t height, const ReelYUVPlanes *planes) {
    if (!reel_cpu_has_avx2) return 0;
    convert_avx2(coefficients, bgra, stride, width, height, planes);
    return 1;
}
#else
int reel_yuv420_convert_avx2(const ReelYUVCoefficients *coefficients, const uint8_t *bgra, intptr_t stride,
                             int32_t width, int32_t height, const ReelYUVPlanes *planes) {
    (void)coefficients; (void)bgra; (void)stride; (void)width; (void)height; (void)planes;
    return 0;
}
#endif
