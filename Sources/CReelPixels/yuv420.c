// BGRA → yuv420p as libswscale 6 computes it for reel's encoder (bicubic, full chroma input,
// bit-exact, accurate rounding, full-range RGB to limited-range YUV), in one pass with AVX2.
//
// swscale's pipeline for that conversion, which this repeats step for step:
//   1. each source row to 15-bit Y, U and V (its x86 bgraToY / bgraToUV: pmaddwd with the
//      colour table, + (16 or 128) << 15 and half a step of the >> 9 that follows), chroma at
//      full width (FULL_CHR_H_INP);
//   2. horizontal scaling: luma is unscaled (one tap of 1 << 14, >> 13: doubles it); chroma is
//      halved by a bicubic filter (B = 0, C = 0.6) with 14-bit coefficients, >> 13, capped at
//      32767;
//   3. vertical scaling: luma again one tap, chroma halved by a bicubic filter with 12-bit
//      coefficients; the output adds swscale's flat dither of 64 and shifts (>> 7 for one tap,
//      >> 19 for several), clipped to 0…255.
// The filters come from a port of swscale's initFilter (make_filter below): the coefficients,
// their positions at the borders and their normalisation are what makes the bytes equal.
#include "CReelYUV420.h"
#include "cpu.h"
#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__)
#include <immintrin.h>

#define AVX2 __attribute__((target("avx2")))
#define RING 16  // chroma rows kept after horizontal scaling (a power of two ≥ the vertical taps)

struct ReelYUV420 {
    int width, height, chromaWidth, chromaHeight;
    // The colour table as swscale's x86 input loops use it: (B, R) and (G, A) coefficient pairs.
    int32_t yBR, yGA, uBR, uGA, vBR, vGA;
    // Horizontal chroma filter: hTaps taps per output, first source column hPos[x]. For blocks
    // of eight outputs whose positions step by two (all but the borders), hPairs holds the
    // coefficients as (tap 2p, tap 2p + 1) pairs, eight outputs a vector.
    int hTaps;
    int16_t *hCoef;
    int32_t *hPos, *hPairs;
    uint8_t *hRegular;  // per block of eight outputs
    int32_t *hOthers;   // the outputs outside regular blocks, computed one by one
    int hOtherCount;
    // Vertical chroma filter: vTaps taps per output row, first source row vPos[y].
    int vTaps;
    int16_t *vCoef;
    int32_t *vPos;
    // One row of full-width 15-bit U and V, and the last RING horizontally scaled rows of each.
    int16_t *rowU, *rowV, *ringU, *ringV;
};

#define ROUNDED_DIV(a, b) (((a) >= 0 ? (a) + ((b) >> 1) : (a) - ((b) >> 1)) / (b))

static int log2_int(unsigned v) { int n = 0; while (v >>= 1) n++; return n; }

// swscale's initFilter (libswscale/utils.c) for what reel asks of it: a bicubic downscale with
// the default parameters, no extra source or destination filter, SWS_BITEXACT, x86 alignment.
// Returns 0 on success.
static int make_filter(int16_t **outFilter, int32_t **outPos, int *outSize, int64_t xInc, int srcW, int dstW,
                       int filterAlign, int one, int srcPos, int dstPos) {
    const int64_t fone = 1LL << (54 - (log2_int((unsigned)(srcW / dstW)) < 8 ? log2_int((unsigned)(srcW / dstW)) : 8));
    int32_t *filterPos = malloc(sizeof(int32_t) * (size_t)(dstW + 3));
    int filterSize = xInc <= (1 << 16) ? 1 + 4 : 1 + (4 * srcW + dstW - 1) / dstW;  // bicubic: size factor 4
    if (filterSize > srcW - 2) filterSize = srcW - 2;
    if (filterSize < 1) filterSize = 1;
    int64_t *filter = malloc(sizeof(int64_t) * (size_t)dstW * (size_t)filterSize);
    int64_t *shrunk = NULL;
    int16_t *result = NULL;
    if (!filterPos || !filter) goto fail;

    const int64_t B = 0, C = (int64_t)(0.6 * (1 << 24));
    int64_t xDstInSrc = ((dstPos * (int64_t)xInc) >> 7) - ((srcPos * 0x10000LL) >> 7);
    for (int i = 0; i < dstW; i++) {
        int xx = (int)((xDstInSrc - (filterSize - 2) * (1LL << 16)) / (1 << 17));
        filterPos[i] = xx;
        for (int j = 0; j < filterSize; j++) {
            int64_t d = llabs(((int64_t)xx * (1 << 17)) - xDstInSrc) << 13, coeff;
            if (xInc > 1 << 16) d = d * dstW / srcW;
            if (d >= 1LL << 31) {
                coeff = 0;
            } else {
                const int64_t dd = (d * d) >> 30, ddd = (dd * d) >> 30;
                if (d < 1LL << 30)
                    coeff = (12 * (1 << 24) - 9 * B - 6 * C) * ddd + (-18 * (1 << 24) + 12 * B + 6 * C) * dd +
                            (6 * (1 << 24) - 2 * B) * (1 << 30);
                else
                    coeff = (-B - 6 * C) * ddd + (6 * B + 30 * C) * dd + (-12 * B - 48 * C) * d + (8 * B + 24 * C) * (1 << 30);
            }
            coeff /= (1LL << 54) / fone;
            filter[i * filterSize + j] = coeff;
            xx++;
        }
        xDstInSrc += 2LL * xInc;
    }

    // Reduce the size: drop near-zero taps on the left (shifting), count them on the right.
    const int filter2Size = filterSize;
    int minFilterSize = 0;
    for (int i = dstW - 1; i >= 0; i--) {
        int min = filter2Size;
        int64_t cutOff = 0;
        for (int j = 0; j < filter2Size; j++) {
            cutOff += llabs(filter[i * filter2Size]);
            if (cutOff > 0.002 * fone) break;
            if (i < dstW - 1 && filterPos[i] >= filterPos[i + 1]) break;
            int k;
            for (k = 1; k < filter2Size; k++) filter[i * filter2Size + k - 1] = filter[i * filter2Size + k];
            filter[i * filter2Size + k - 1] = 0;
            filterPos[i]++;
        }
        cutOff = 0;
        for (int j = filter2Size - 1; j > 0; j--) {
            cutOff += llabs(filter[i * filter2Size + j]);
            if (cutOff > 0.002 * fone) break;
            min--;
        }
        if (min > minFilterSize) minFilterSize = min;
    }
    if (minFilterSize == 1 && filterAlign == 2) filterAlign = 1;  // x86: unscaled vertical filtering
    if (minFilterSize < 1) goto fail;
    filterSize = (minFilterSize + (filterAlign - 1)) & ~(filterAlign - 1);
    shrunk = malloc(sizeof(int64_t) * (size_t)dstW * (size_t)filterSize);
    if (!shrunk) goto fail;
    for (int i = 0; i < dstW; i++)
        for (int j = 0; j < filterSize; j++)
            shrunk[i * filterSize + j] = j >= filter2Size || j >= minFilterSize ? 0 : filter[i * filter2Size + j];

    // Borders: taps before the first or past the last source sample fold onto it.
    for (int i = 0; i < dstW; i++) {
        int64_t *f = shrunk + i * filterSize;
        if (filterPos[i] < 0) {
            for (int j = 1; j < filterSize; j++) {
                const int left = j + filterPos[i] > 0 ? j + filterPos[i] : 0;
                f[left] += f[j];
                f[j] = 0;
            }
            filterPos[i] = 0;
        }
        if (filterPos[i] + filterSize > srcW) {
            const int shift = filterPos[i] + (filterSize - srcW < 0 ? filterSize - srcW : 0);
            int64_t acc = 0;
            for (int j = filterSize - 1; j >= 0; j--)
                if (filterPos[i] + j >= srcW) { acc += f[j]; f[j] = 0; }
            for (int j = filterSize - 1; j >= 0; j--) f[j] = j < shift ? 0 : f[j - shift];
            filterPos[i] -= shift;
            f[srcW - 1 - filterPos[i]] += acc;
        }
        if (filterPos[i] < 0 || filterPos[i] + filterSize > srcW) goto fail;  // not a filter this port makes
    }

    // Normalise to `one`, carrying each tap's rounding error into the next.
    result = calloc((size_t)(dstW + 3) * (size_t)filterSize, sizeof(int16_t));
    if (!result) goto fail;
    for (int i = 0; i < dstW; i++) {
        int64_t error = 0, sum = 0;
        for (int j = 0; j < filterSize; j++) sum += shrunk[i * filterSize + j];
        sum = (sum + one / 2) / one;
        if (!sum) sum = 1;
        for (int j = 0; j < filterSize; j++) {
            const int64_t v = shrunk[i * filterSize + j] + error;
            const int intV = (int)ROUNDED_DIV(v, sum);
            result[i * filterSize + j] = (int16_t)intV;
            error = v - intV * sum;
        }
    }
    free(filter);
    free(shrunk);
    *outFilter = result;
    *outPos = filterPos;
    *outSize = filterSize;
    return 0;
fail:
    free(filterPos);
    free(filter);
    free(shrunk);
    free(result);
    return -1;
}

// swscale's fill_rgb2yuv_table: the 15-bit RGB → limited-range YUV coefficients.
static void colour_table(ReelYUV420 *c, const int32_t table[4], int isDefaultTable) {
    const int64_t ONE = 65536, vr = table[0], ub = table[1], ug = -table[2], vg = -table[3];
    const int64_t cy = ONE * 255 / 219;
    const int64_t W = ROUNDED_DIV(ONE * ONE * ug, ub), V = ROUNDED_DIV(ONE * ONE * vg, vr), Z = ONE * ONE - W - V;
    const int64_t Cy = ROUNDED_DIV(cy * Z, ONE), Cu = ROUNDED_DIV(ub * Z, ONE), Cv = ROUNDED_DIV(vr * Z, ONE);
    const int64_t S = 1 << 15;
    int ry = (int)-ROUNDED_DIV(S * V, Cy), gy = (int)ROUNDED_DIV(S * ONE * ONE, Cy), by = (int)-ROUNDED_DIV(S * W, Cy);
    int ru = (int)ROUNDED_DIV(S * V, Cu), gu = (int)-ROUNDED_DIV(S * ONE * ONE, Cu), bu = (int)ROUNDED_DIV(S * (Z + W), Cu);
    int rv = (int)ROUNDED_DIV(S * (V + Z), Cv), gv = (int)-ROUNDED_DIV(S * ONE * ONE, Cv), bv = (int)ROUNDED_DIV(S * W, Cv);
    if (isDefaultTable) {
        by = (int)(0.114 * 219 / 255 * S + 0.5);
        bv = -(int)(0.081 * 224 / 255 * S + 0.5);
        bu = (int)(0.500 * 224 / 255 * S + 0.5);
        gy = (int)(0.587 * 219 / 255 * S + 0.5);
        gv = -(int)(0.419 * 224 / 255 * S + 0.5);
        gu = -(int)(0.331 * 224 / 255 * S + 0.5);
        ry = (int)(0.299 * 219 / 255 * S + 0.5);
        rv = (int)(0.500 * 224 / 255 * S + 0.5);
        ru = -(int)(0.169 * 224 / 255 * S + 0.5);
    }
    // The x86 loops read the table as 16-bit words: (B, R) for the low and high word of a pixel's
    // B/R lanes, (G, 0) for its G/A lanes.
#define PAIR(lo, hi) ((int32_t)(((uint32_t)(uint16_t)(int16_t)(lo)) | ((uint32_t)(uint16_t)(int16_t)(hi) << 16)))
    c->yBR = PAIR(by, ry); c->yGA = PAIR(gy, 0);
    c->uBR = PAIR(bu, ru); c->uGA = PAIR(gu, 0);
    c->vBR = PAIR(bv, rv); c->vGA = PAIR(gv, 0);
#undef PAIR
}

void reel_yuv420_destroy(ReelYUV420 *c) {
    if (!c) return;
    free(c->hCoef); free(c->hPos); free(c->hPairs); free(c->hRegular); free(c->hOthers);
    free(c->vCoef); free(c->vPos);
    free(c->rowU); free(c->rowV); free(c->ringU); free(c->ringV);
    free(c);
}

ReelYUV420 *reel_yuv420_create(int32_t width, int32_t height, const int32_t table[4], int32_t isDefaultTable) {
    if (!reel_cpu_has_avx2 || width < 32 || height < 16 || (width | height) & 1 || width > 65536 || height > 65536) return NULL;
    ReelYUV420 *c = calloc(1, sizeof *c);
    if (!c) return NULL;
    c->width = width; c->height = height;
    c->chromaWidth = width / 2; c->chromaHeight = height / 2;
    colour_table(c, table, isDefaultTable);

    // swscale's increments and chroma positions (get_local_pos: 128 both sides, centred).
    const int64_t xInc = (((int64_t)width << 16) + (c->chromaWidth >> 1)) / c->chromaWidth;
    const int64_t yInc = (((int64_t)height << 16) + (c->chromaHeight >> 1)) / c->chromaHeight;
    if (make_filter(&c->hCoef, &c->hPos, &c->hTaps, xInc, width, c->chromaWidth, 4, 1 << 14, 128, 128) ||
        make_filter(&c->vCoef, &c->vPos, &c->vTaps, yInc, height, c->chromaHeight, 2, 1 << 12, 128, 128) ||
        c->hTaps % 2 || c->vTaps % 2 || c->vTaps > RING) {
        reel_yuv420_destroy(c);
        return NULL;
    }

    const int blocks = c->chromaWidth / 8, pairs = c->hTaps / 2;
    c->hPairs = malloc(sizeof(int32_t) * (size_t)blocks * (size_t)pairs * 8 + 32);
    c->hRegular = calloc((size_t)blocks + 1, 1);
    c->hOthers = malloc(sizeof(int32_t) * (size_t)c->chromaWidth);
    c->rowU = calloc((size_t)width + 32, sizeof(int16_t));
    c->rowV = calloc((size_t)width + 32, sizeof(int16_t));
    c->ringU = calloc((size_t)RING * (size_t)(c->chromaWidth + 16), sizeof(int16_t));
    c->ringV = calloc((size_t)RING * (size_t)(c->chromaWidth + 16), sizeof(int16_t));
    if (!c->hPairs || !c->hRegular || !c->hOthers || !c->rowU || !c->rowV || !c->ringU || !c->ringV) {
        reel_yuv420_destroy(c);
        return NULL;
    }
    for (int b = 0; b < blocks; b++) {
        int regular = 1;
        for (int i = 0; i < 8; i++) {
            const int x = b * 8 + i;
            regular &= c->hPos[x] == c->hPos[b * 8] + 2 * i;
            for (int p = 0; p < pairs; p++)
                c->hPairs[(b * pairs + p) * 8 + i] =
                    (int32_t)((uint32_t)(uint16_t)c->hCoef[x * c->hTaps + 2 * p] | (uint32_t)(uint16_t)c->hCoef[x * c->hTaps + 2 * p + 1] << 16);
        }
        c->hRegular[b] = (uint8_t)regular;
    }
    for (int x = 0; x < c->chromaWidth; x++)
        if (x / 8 >= blocks || !c->hRegular[x / 8]) c->hOthers[c->hOtherCount++] = x;
    return c;
}

// Sixteen pixels' 15-bit Y, U or V (unordered across lanes: see order16) from their B/R and G/A
// word pairs.
AVX2 static inline __m256i channel(__m256i br, __m256i ga, __m256i cBR, __m256i cGA, __m256i rounding) {
    return _mm256_srai_epi32(_mm256_add_epi32(_mm256_add_epi32(_mm256_madd_epi16(br, cBR), _mm256_madd_epi16(ga, cGA)), rounding), 9);
}

// Two vectors of eight 32-bit values, pixels 0…7 and 8…15, as sixteen saturated 16-bit values
// in pixel order (packs works within 128-bit lanes).
AVX2 static inline __m256i order16(__m256i a, __m256i b) {
    return _mm256_permute4x64_epi64(_mm256_packs_epi32(a, b), 0xD8);
}

// One source row: its Y bytes, and its full-width 15-bit U and V.
AVX2 static void convert_row(const ReelYUV420 *c, const uint32_t *src, uint8_t *y, int16_t *u, int16_t *v) {
    const __m256i mask = _mm256_set1_epi32(0x00FF00FF);
    const __m256i yBR = _mm256_set1_epi32(c->yBR), yGA = _mm256_set1_epi32(c->yGA);
    const __m256i uBR = _mm256_set1_epi32(c->uBR), uGA = _mm256_set1_epi32(c->uGA);
    const __m256i vBR = _mm256_set1_epi32(c->vBR), vGA = _mm256_set1_epi32(c->vGA);
    const __m256i yRound = _mm256_set1_epi32(0x80100), uvRound = _mm256_set1_epi32(0x400100);
    const __m256i half = _mm256_set1_epi16(32);
    int x = 0;
    for (; x + 16 <= c->width; x += 16) {
        _mm_prefetch((const char *)(src + x) + 2048, _MM_HINT_T0);
        const __m256i p0 = _mm256_loadu_si256((const __m256i *)(src + x));
        const __m256i p1 = _mm256_loadu_si256((const __m256i *)(src + x + 8));
        const __m256i br0 = _mm256_and_si256(p0, mask), ga0 = _mm256_and_si256(_mm256_srli_epi32(p0, 8), mask);
        const __m256i br1 = _mm256_and_si256(p1, mask), ga1 = _mm256_and_si256(_mm256_srli_epi32(p1, 8), mask);
        // Y: swscale doubles the 15-bit value, adds the dither of 64 and shifts by 7.
        const __m256i y16 = _mm256_srai_epi16(_mm256_add_epi16(order16(channel(br0, ga0, yBR, yGA, yRound),
                                                                       channel(br1, ga1, yBR, yGA, yRound)), half), 6);
        const __m256i y8 = _mm256_permute4x64_epi64(_mm256_packus_epi16(y16, y16), 0x08);
        _mm_storeu_si128((__m128i *)(y + x), _mm256_castsi256_si128(y8));
        _mm256_storeu_si256((__m256i *)(u + x), order16(channel(br0, ga0, uBR, uGA, uvRound), channel(br1, ga1, uBR, uGA, uvRound)));
        _mm256_storeu_si256((__m256i *)(v + x), order16(channel(br0, ga0, vBR, vGA, uvRound), channel(br1, ga1, vBR, vGA, uvRound)));
    }
    for (; x < c->width; x++) {
        const uint32_t p = src[x];
        const int b = p & 255, g = p >> 8 & 255, r = p >> 16 & 255;
        const int16_t yb = (int16_t)c->yBR, yr = (int16_t)(c->yBR >> 16), yg = (int16_t)c->yGA;
        const int16_t ub = (int16_t)c->uBR, ur = (int16_t)(c->uBR >> 16), ug = (int16_t)c->uGA;
        const int16_t vb = (int16_t)c->vBR, vr = (int16_t)(c->vBR >> 16), vg = (int16_t)c->vGA;
        const int y15 = (b * yb + r * yr + g * yg + 0x80100) >> 9;
        const int y8 = (y15 + 32) >> 6;
        y[x] = (uint8_t)(y8 < 0 ? 0 : y8 > 255 ? 255 : y8);
        u[x] = (int16_t)((b * ub + r * ur + g * ug + 0x400100) >> 9);
        v[x] = (int16_t)((b * vb + r * vr + g * vg + 0x400100) >> 9);
    }
}

// Eight outputs of a regular block: pmaddwd of each tap pair with the (2p, 2p + 1) coefficients.
AVX2 static inline __m256i block_sum(const int16_t *at, const int32_t *coef, int pairs) {
    if (pairs == 4) {  // the filter every frame of two or more chroma samples a row gets
        const __m256i s01 = _mm256_add_epi32(_mm256_madd_epi16(_mm256_loadu_si256((const __m256i *)at), _mm256_loadu_si256((const __m256i *)coef)),
                                             _mm256_madd_epi16(_mm256_loadu_si256((const __m256i *)(at + 2)), _mm256_loadu_si256((const __m256i *)(coef + 8))));
        const __m256i s23 = _mm256_add_epi32(_mm256_madd_epi16(_mm256_loadu_si256((const __m256i *)(at + 4)), _mm256_loadu_si256((const __m256i *)(coef + 16))),
                                             _mm256_madd_epi16(_mm256_loadu_si256((const __m256i *)(at + 6)), _mm256_loadu_si256((const __m256i *)(coef + 24))));
        return _mm256_add_epi32(s01, s23);
    }
    __m256i sum = _mm256_setzero_si256();
    for (int p = 0; p < pairs; p++)
        sum = _mm256_add_epi32(sum, _mm256_madd_epi16(_mm256_loadu_si256((const __m256i *)(at + 2 * p)),
                                                      _mm256_loadu_si256((const __m256i *)(coef + p * 8))));
    return sum;
}

// Halves a row of 15-bit U and one of V with the horizontal filter (swscale's hScale: >> 13,
// at most 32767).
AVX2 static void scale_rows(const ReelYUV420 *c, const int16_t *inU, const int16_t *inV, int16_t *outU, int16_t *outV) {
    const int pairs = c->hTaps / 2, blocks = c->chromaWidth / 8;
    const int32_t *restrict positions = c->hPos;
    const uint8_t *restrict regular = c->hRegular;
    const __m256i top = _mm256_set1_epi32(32767);
    for (int b = 0; b < blocks; b++) {
        if (!regular[b]) continue;
        const int32_t *coef = c->hPairs + b * pairs * 8;
        const int at = positions[b * 8];
        const __m256i u = _mm256_min_epi32(_mm256_srai_epi32(block_sum(inU + at, coef, pairs), 13), top);
        const __m256i v = _mm256_min_epi32(_mm256_srai_epi32(block_sum(inV + at, coef, pairs), 13), top);
        const __m256i packed = _mm256_permute4x64_epi64(_mm256_packs_epi32(u, v), 0xD8);
        _mm_storeu_si128((__m128i *)(outU + b * 8), _mm256_castsi256_si128(packed));
        _mm_storeu_si128((__m128i *)(outV + b * 8), _mm256_extracti128_si256(packed, 1));
    }
    for (int k = 0; k < c->hOtherCount; k++) {
        const int x = c->hOthers[k];
        const int16_t *f = c->hCoef + x * c->hTaps;
        const int16_t *su = inU + positions[x], *sv = inV + positions[x];
        int valU = 0, valV = 0;
        for (int j = 0; j < c->hTaps; j++) {
            valU += (uint16_t)su[j] * f[j];
            valV += (uint16_t)sv[j] * f[j];
        }
        outU[x] = (int16_t)(valU >> 13 < 32767 ? valU >> 13 : 32767);
        outV[x] = (int16_t)(valV >> 13 < 32767 ? valV >> 13 : 32767);
    }
}

// One output chroma row from vTaps scaled rows (swscale's yuv2planeX: + 64 << 12, >> 19).
AVX2 static void vertical_row(const ReelYUV420 *c, int16_t *const *rows, const int16_t *f, uint8_t *out) {
    const int n = c->chromaWidth;
    int x = 0;
    for (; x + 16 <= n; x += 16) {
        __m256i lo = _mm256_set1_epi32(64 << 12), hi = lo;
        for (int j = 0; j < c->vTaps; j += 2) {
            const __m256i a = _mm256_loadu_si256((const __m256i *)(rows[j] + x));
            const __m256i b = _mm256_loadu_si256((const __m256i *)(rows[j + 1] + x));
            const __m256i k = _mm256_set1_epi32((int32_t)((uint32_t)(uint16_t)f[j] | (uint32_t)(uint16_t)f[j + 1] << 16));
            lo = _mm256_add_epi32(lo, _mm256_madd_epi16(_mm256_unpacklo_epi16(a, b), k));
            hi = _mm256_add_epi32(hi, _mm256_madd_epi16(_mm256_unpackhi_epi16(a, b), k));
        }
        const __m256i w = _mm256_packs_epi32(_mm256_srai_epi32(lo, 19), _mm256_srai_epi32(hi, 19));
        const __m256i bytes = _mm256_permute4x64_epi64(_mm256_packus_epi16(w, w), 0x08);
        _mm_storeu_si128((__m128i *)(out + x), _mm256_castsi256_si128(bytes));
    }
    for (; x < n; x++) {
        int val = 64 << 12;
        for (int j = 0; j < c->vTaps; j++) val += rows[j][x] * f[j];
        val >>= 19;
        out[x] = (uint8_t)(val < 0 ? 0 : val > 255 ? 255 : val);
    }
}

AVX2 void reel_yuv420_convert(ReelYUV420 *c, const uint8_t *bgra, intptr_t stride,
                              uint8_t *y, intptr_t yStride, uint8_t *u, intptr_t uStride, uint8_t *v, intptr_t vStride) {
    const intptr_t ringPitch = c->chromaWidth + 16;
    int16_t *rowsU[RING], *rowsV[RING];
    int next = 0;  // the next chroma output row
    for (int r = 0; r < c->height; r++) {
        convert_row(c, (const uint32_t *)(bgra + r * stride), y + r * yStride, c->rowU, c->rowV);
        scale_rows(c, c->rowU, c->rowV, c->ringU + (r % RING) * ringPitch, c->ringV + (r % RING) * ringPitch);
        // Every chroma row whose source rows are all in.
        while (next < c->chromaHeight && c->vPos[next] + c->vTaps - 1 <= r) {
            for (int j = 0; j < c->vTaps; j++) {
                rowsU[j] = c->ringU + ((c->vPos[next] + j) % RING) * ringPitch;
                rowsV[j] = c->ringV + ((c->vPos[next] + j) % RING) * ringPitch;
            }
            const int16_t *f = c->vCoef + next * c->vTaps;
            vertical_row(c, rowsU, f, u + next * uStride);
            vertical_row(c, rowsV, f, v + next * vStride);
            next++;
        }
    }
}

#else
struct ReelYUV420 { int unused; };
ReelYUV420 *reel_yuv420_create(int32_t width, int32_t height, const int32_t table[4], int32_t isDefaultTable) {
    (void)width; (void)height; (void)table; (void)isDefaultTable;
    return NULL;
}
void reel_yuv420_destroy(ReelYUV420 *converter) { (void)converter; }
void reel_yuv420_convert(ReelYUV420 *converter, const uint8_t *bgra, intptr_t stride,
                         uint8_t *y, intptr_t yStride, uint8_t *u, intptr_t uStride, uint8_t *v, intptr_t vStride) {
    (void)converter; (void)bgra; (void)stride; (void)y; (void)yStride; (void)u; (void)uStride; (void)v; (void)vStride;
}
#endif
