// Reel's BGRA → 10-bit YCbCr conversion with ordered dithering (see CReelYUV10.h). Integer
// arithmetic throughout: the weighted sums of yuv420.c times four stay within ±2³⁰.
#include "CReelYUV10.h"

// The 8×8 Bayer matrix (Bayer 1973; each value 0…63 once, neighbours far apart).
static const uint8_t bayer[64] = {
    0,  32, 8,  40, 2,  34, 10, 42, 48, 16, 56, 24, 50, 18, 58, 26, 12, 44, 4,  36, 14, 46,
    6,  38, 60, 28, 52, 20, 62, 30, 54, 22, 3,  35, 11, 43, 1,  33, 9,  41, 51, 19, 59, 27,
    49, 17, 57, 25, 15, 47, 7,  39, 13, 45, 5,  37, 63, 31, 55, 23, 61, 29, 53, 21};

// The offset at (x, y) in units of 2⁻⁵ of an 8-bit step: (2b − 63) / 128 of a step, −½…+½.
static inline int32_t offset(int32_t x, int32_t y) { return 2 * (int32_t)bayer[(y & 7) << 3 | (x & 7)] - 63; }

static inline uint16_t clamp(int32_t v, int32_t low, int32_t high) { return (uint16_t)(v < low ? low : v > high ? high : v); }

void reel_yuv10_convert(const ReelYUVCoefficients *k, const uint8_t *bgra, intptr_t stride, int32_t width,
                        int32_t height, const ReelYUV16Planes *planes, int32_t chromaRows) {
    // Y′: the 8-bit value is (S + (16 << 15) + ½) >> 15 with S the weighted sum; ten bits are
    // (4S + (64 << 15) + ½ + dither) >> 15, the dither being offset/128 of 4 · 2¹⁵, i.e. offset << 10.
    for (int32_t y = 0; y < height; y++) {
        const uint32_t *row = (const uint32_t *)(bgra + y * stride);
        uint16_t *out = (uint16_t *)((uint8_t *)planes->y + y * planes->yStride);
        for (int32_t x = 0; x < width; x++) {
            const uint32_t p = row[x];
            const int32_t s = k->yR * (int32_t)(p >> 16 & 255) + k->yG * (int32_t)(p >> 8 & 255) + k->yB * (int32_t)(p & 255);
            out[x] = clamp((4 * s + (64 << 15) + (1 << 14) + (offset(x, y) << 10)) >> 15, 64, 940);
        }
    }
    // Cb, Cr: sums over four pixels (the 8-bit shift of 17; for 4:2:2 the one row counts twice),
    // the dither at the chroma sample's position, mirrored so Cb and Cr do not move together.
    const int32_t chromaHeight = (height + chromaRows - 1) / chromaRows;
    for (int32_t cy = 0; cy < chromaHeight; cy++) {
        const int32_t r0 = cy * chromaRows, r1 = chromaRows == 2 && r0 + 1 < height ? r0 + 1 : r0;
        const uint32_t *a = (const uint32_t *)(bgra + r0 * stride), *b = (const uint32_t *)(bgra + r1 * stride);
        uint16_t *u = (uint16_t *)((uint8_t *)planes->u + cy * planes->uStride);
        uint16_t *v = (uint16_t *)((uint8_t *)planes->v + cy * planes->vStride);
        for (int32_t x = 0; x < width; x += 2) {
            const int32_t xr = x + 1 < width ? x + 1 : x;
            const uint32_t p[4] = {a[x], a[xr], b[x], b[xr]};
            int32_t sr = 0, sg = 0, sb = 0;
            for (int i = 0; i < 4; i++) {
                sr += (int32_t)(p[i] >> 16 & 255);
                sg += (int32_t)(p[i] >> 8 & 255);
                sb += (int32_t)(p[i] & 255);
            }
            const int32_t cx = x / 2;
            const int32_t su = k->uR * sr + k->uG * sg + k->uB * sb, sv = k->vR * sr + k->vG * sg + k->vB * sb;
            u[cx] = clamp((4 * su + (512 << 17) + (1 << 16) + (offset(cx, cy) << 12)) >> 17, 64, 960);
            v[cx] = clamp((4 * sv + (512 << 17) + (1 << 16) + (offset(7 - cx, cy) << 12)) >> 17, 64, 960);
        }
    }
}
