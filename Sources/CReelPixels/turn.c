// TurnSampler's pixel loops (a turned raster, bilinear, composited over the target) with AVX2:
// the sampling of four pixels and the over of eight at a time. Integer arithmetic that repeats
// the Swift loops' (their reference) exactly, so the pixels never depend on the CPU.
#include "CReelPixels.h"
#include "cpu.h"
#include <string.h>

#if defined(__x86_64__)
#include <immintrin.h>

#define AVX2 __attribute__((target("avx2")))

// Each 16-bit lane (0…255) times k (0…255) / 255, rounded as pixman rounds (MUL_UN8).
AVX2 static inline __m256i multiply16(__m256i x, __m256i k) {
    const __m256i t = _mm256_add_epi16(_mm256_mullo_epi16(x, k), _mm256_set1_epi16(128));
    return _mm256_srli_epi16(_mm256_add_epi16(t, _mm256_srli_epi16(t, 8)), 8);
}

// A texel pair (texels i and i + 1 of a row) as one word, texels past the raster transparent.
static inline uint64_t pair(const uint32_t *image, intptr_t stride, int64_t i, int64_t j, int64_t maxX, int64_t maxY) {
    if (j < 0 || j > maxY) return 0;
    const uint32_t *row = image + j * stride;
    const uint64_t left = i >= 0 && i <= maxX ? row[i] : 0, right = i + 1 >= 0 && i + 1 <= maxX ? row[i + 1] : 0;
    return left | right << 32;
}

// A sample's texel pairs, the pair above it in the low 64 bits and the pair below in the high,
// loaded straight into a vector register (through memory, the vectors would stall on store
// forwarding). `inside`: a sample known to read inside the raster; `fetch`: any sample, texels
// outside the raster transparent.
AVX2 static inline __m128i inside(const uint32_t *image, intptr_t stride, int64_t sx, int64_t sy) {
    const uint32_t *top = image + (sy >> 32) * stride + (sx >> 32);
    return _mm_castpd_si128(_mm_loadh_pd(_mm_castsi128_pd(_mm_loadl_epi64((const __m128i *)top)), (const double *)(top + stride)));
}

AVX2 static inline __m128i fetch(const uint32_t *image, intptr_t stride, int64_t maxX, int64_t maxY, int64_t sx, int64_t sy) {
    // Arithmetic shifts floor negative positions too.
    const int64_t i = sx >> 32, j = sy >> 32;
    if (i >= 0 && i < maxX && j >= 0 && j < maxY) return inside(image, stride, sx, sy);
    return _mm_set_epi64x((long long)pair(image, stride, i, j + 1, maxX, maxY), (long long)pair(image, stride, i, j, maxX, maxY));
}

// Samples a and b filtered: 16-bit channels, a's in the low 64 bits, b's in bits 128…191 (the
// rest is left over). `right` and `lower` hold each sample's weights (0…255) of the right and
// lower texels, four times over in 16-bit lanes: a's in the low 128 bits, b's in the high.
AVX2 static inline __m256i bilinear2(__m128i a, __m128i b, __m256i right, __m256i lower) {
    const __m256i c256 = _mm256_set1_epi16(256), half = _mm256_set1_epi16(128);
    const __m256i top = _mm256_cvtepu8_epi16(_mm_unpacklo_epi64(a, b)), bottom = _mm256_cvtepu8_epi16(_mm_unpackhi_epi64(a, b));
    // The two rows first: (top · (256 − wy) + bottom · wy + 128) >> 8, both texels of a row.
    const __m256i column = _mm256_srli_epi16(_mm256_add_epi16(_mm256_add_epi16(
        _mm256_mullo_epi16(top, _mm256_sub_epi16(c256, lower)), _mm256_mullo_epi16(bottom, lower)), half), 8);
    // Then the two columns: left · (256 − wx) + right · wx, the right texel in the high 64 bits.
    const __m256i weights = _mm256_blend_epi32(_mm256_sub_epi16(c256, right), right, 0xCC);
    const __m256i products = _mm256_mullo_epi16(column, weights);
    return _mm256_srli_epi16(_mm256_add_epi16(_mm256_add_epi16(products, _mm256_srli_si256(products, 8)), half), 8);
}

// The weights (bits 24…31) of four 32.32 positions, each four times over in 16-bit lanes of its
// 64-bit lane.
AVX2 static inline __m256i weights4(__m256i positions) {
    const __m256i w = _mm256_and_si256(_mm256_srli_epi64(positions, 24), _mm256_set1_epi64x(0xFF));
    return _mm256_shufflehi_epi16(_mm256_shufflelo_epi16(w, 0), 0);
}

// Four filtered pixels (16-bit channels, pixels 0 and 1 in the low 128 bits, 2 and 3 in the
// high) at `alpha` over `out[0…3]`: src = p · alpha, then src + out · (255 − src's alpha), the
// sum in 32-bit words as the Swift loop adds them.
AVX2 static inline void over4(__m256i p, uint32_t *out, uint16_t alpha) {
    const __m256i src = alpha < 255 ? multiply16(p, _mm256_set1_epi16((short)alpha)) : p;
    const __m256i srcAlpha = _mm256_shufflehi_epi16(_mm256_shufflelo_epi16(src, 0xFF), 0xFF);
    const __m256i d = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)out));
    const __m256i kept = multiply16(d, _mm256_sub_epi16(_mm256_set1_epi16(255), srcAlpha));
    // Bytes: src of pixels 0, 1 | kept 0, 1 || src 2, 3 | kept 2, 3; then src 0…3 | kept 0…3.
    const __m256i bytes = _mm256_permute4x64_epi64(_mm256_packus_epi16(src, kept), 0xD8);
    const __m128i sum = _mm_add_epi32(_mm256_castsi256_si128(bytes), _mm256_extracti128_si256(bytes, 1));
    _mm_storeu_si128((__m128i *)out, sum);
}

AVX2 static void turn_span_avx2(const uint32_t *image, intptr_t stride, intptr_t width, intptr_t height,
                                uint32_t *out, intptr_t count, int64_t sx, int64_t sy, int64_t stepX, int64_t stepY, uint16_t alpha) {
    const int64_t maxX = width - 1, maxY = height - 1;
    // Positions in unsigned arithmetic: they wrap as the Swift loop's &+= does.
    const uint64_t ux = (uint64_t)sx, uy = (uint64_t)sy, dx = (uint64_t)stepX, dy = (uint64_t)stepY;
    __m256i xs = _mm256_setr_epi64x((long long)ux, (long long)(ux + dx), (long long)(ux + 2 * dx), (long long)(ux + 3 * dx));
    __m256i ys = _mm256_setr_epi64x((long long)uy, (long long)(uy + dy), (long long)(uy + 2 * dy), (long long)(uy + 3 * dy));
    const __m256i xStep = _mm256_set1_epi64x((long long)(4 * dx)), yStep = _mm256_set1_epi64x((long long)(4 * dy));
#define AT(k) (int64_t)(ux + dx * (uint64_t)(x + (k))), (int64_t)(uy + dy * (uint64_t)(x + (k)))
    for (intptr_t x = 0; x < count; x += 4) {
        const intptr_t n = count - x < 4 ? count - x : 4;
        __m128i s0, s1, s2, s3;
        // Positions are linear along the row: when the first and last samples of the group read
        // inside the raster, all of them do, and no sample needs the edge's checks.
        const int64_t i0 = (int64_t)(ux + dx * (uint64_t)x) >> 32, j0 = (int64_t)(uy + dy * (uint64_t)x) >> 32;
        const int64_t i3 = (int64_t)(ux + dx * (uint64_t)(x + 3)) >> 32, j3 = (int64_t)(uy + dy * (uint64_t)(x + 3)) >> 32;
        if (n == 4 && i0 >= 0 && i0 < maxX && j0 >= 0 && j0 < maxY && i3 >= 0 && i3 < maxX && j3 >= 0 && j3 < maxY) {
            s0 = inside(image, stride, AT(0));
            s1 = inside(image, stride, AT(1));
            s2 = inside(image, stride, AT(2));
            s3 = inside(image, stride, AT(3));
        } else {
            const __m128i none = _mm_setzero_si128();
            s0 = fetch(image, stride, maxX, maxY, AT(0));
            s1 = n > 1 ? fetch(image, stride, maxX, maxY, AT(1)) : none;
            s2 = n > 2 ? fetch(image, stride, maxX, maxY, AT(2)) : none;
            s3 = n > 3 ? fetch(image, stride, maxX, maxY, AT(3)) : none;
        }
        const __m256i wx = weights4(xs), wy = weights4(ys);
        // Pixels 0 and 2, then 1 and 3: their low halves interleave into 0, 1 | 2, 3.
        const __m256i even = bilinear2(s0, s2, _mm256_permute4x64_epi64(wx, 0xA0), _mm256_permute4x64_epi64(wy, 0xA0));
        const __m256i odd = bilinear2(s1, s3, _mm256_permute4x64_epi64(wx, 0xF5), _mm256_permute4x64_epi64(wy, 0xF5));
        const __m256i pixels = _mm256_unpacklo_epi64(even, odd);
        if (n == 4) {
            over4(pixels, out + x, alpha);
        } else {
            uint32_t tail[4] = {0, 0, 0, 0};
            memcpy(tail, out + x, (size_t)n * 4);
            over4(pixels, tail, alpha);
            memcpy(out + x, tail, (size_t)n * 4);
        }
        xs = _mm256_add_epi64(xs, xStep);
        ys = _mm256_add_epi64(ys, yStep);
    }
#undef AT
}

// A premultiplied `color` over `count` pixels, eight at a time: out · (255 − alpha) + color,
// channel by channel (no channel carries into the next: a premultiplied channel is at most its
// alpha).
AVX2 static inline void over8(uint32_t *out, __m256i k, __m256i c) {
    const __m256i d = _mm256_loadu_si256((const __m256i *)out), zero = _mm256_setzero_si256();
    const __m256i low = multiply16(_mm256_unpacklo_epi8(d, zero), k), high = multiply16(_mm256_unpackhi_epi8(d, zero), k);
    _mm256_storeu_si256((__m256i *)out, _mm256_add_epi8(_mm256_packus_epi16(low, high), c));
}

AVX2 static void over_run_avx2(uint32_t color, uint32_t *out, intptr_t count) {
    const __m256i k = _mm256_set1_epi16((short)(255 - (color >> 24))), c = _mm256_set1_epi32((int)color);
    intptr_t i = 0;
    for (; i + 8 <= count; i += 8) over8(out + i, k, c);
    if (i < count) {  // the last pixels through a full-width copy
        uint32_t tail[8] = {0};
        memcpy(tail, out + i, (size_t)(count - i) * 4);
        over8(tail, k, c);
        memcpy(out + i, tail, (size_t)(count - i) * 4);
    }
}

int reel_turn_span(const uint32_t *image, intptr_t imageStride, intptr_t imageWidth, intptr_t imageHeight,
                   uint32_t *out, intptr_t count, int64_t sx, int64_t sy, int64_t stepX, int64_t stepY, uint16_t alpha) {
    if (!reel_cpu_has_avx2) return 0;
    turn_span_avx2(image, imageStride, imageWidth, imageHeight, out, count, sx, sy, stepX, stepY, alpha);
    return 1;
}

int reel_over_run(uint32_t color, uint32_t *out, intptr_t count) {
    if (!reel_cpu_has_avx2) return 0;
    over_run_avx2(color, out, count);
    return 1;
}

#else
int reel_turn_span(const uint32_t *image, intptr_t imageStride, intptr_t imageWidth, intptr_t imageHeight,
                   uint32_t *out, intptr_t count, int64_t sx, int64_t sy, int64_t stepX, int64_t stepY, uint16_t alpha) { return 0; }
int reel_over_run(uint32_t color, uint32_t *out, intptr_t count) { return 0; }
#endif
