// Motion blur's sub-frame sums: plain loops the compiler vectorises, compiled for the baseline
// (SSE2) and for AVX2 and chosen at run time. Integer arithmetic and exactly rounded float
// products only, so the bytes never depend on the CPU.
#include "CReelSubframes.h"
#include "cpu.h"

// The loops, as macros so the baseline and AVX2 versions are one text.
#define SUBFRAME_ADD_BODY                                                                          \
    for (intptr_t y = 0; y < height; y++) {                                                        \
        uint16_t *restrict out = sums + y * rowBytes;                                              \
        const uint8_t *restrict in = pixels + y * stride;                                          \
        /* Weight 1 is every sub-frame but the runs an animation's end leaves still. */             \
        if (weight == 1) {                                                                         \
            for (intptr_t i = 0; i < rowBytes; i++) out[i] = (uint16_t)(out[i] + in[i]);           \
        } else {                                                                                   \
            for (intptr_t i = 0; i < rowBytes; i++) out[i] = (uint16_t)(out[i] + in[i] * weight);  \
        }                                                                                          \
    }

// ⌊(s + ⌊count/2⌋) / count⌋ as ⌊(2(s + ⌊count/2⌋) + 1) · 1/(2·count)⌋ in floats, which vectorise
// where an integer division or a table lookup does not. The + 1 puts the exact quotient at
// least 1/(2·count) from an integer, and the float product is within 2⁻²³ of it relative,
// under 0.008/count for sums up to 255 · 256: the result is the exact quotient (checked for
// every count and sum by the tests).
#define SUBFRAME_WRITE_BODY                                                                        \
    const int32_t half = count / 2;                                                                \
    const float step = 1.0f / (float)(2 * count);                                                  \
    for (intptr_t y = 0; y < height; y++) {                                                        \
        const uint16_t *restrict in = sums + y * rowBytes;                                         \
        uint8_t *restrict row = out + y * stride;                                                  \
        for (intptr_t i = 0; i < rowBytes; i++)                                                    \
            row[i] = (uint8_t)(int32_t)((float)(2 * ((int32_t)in[i] + half) + 1) * step);          \
    }

#pragma clang fp contract(off)

#if defined(__x86_64__)
__attribute__((target("avx2"))) static void add_avx2(uint16_t *sums, const uint8_t *pixels, intptr_t stride,
                                                     intptr_t rowBytes, intptr_t height, uint16_t weight) {
    SUBFRAME_ADD_BODY
}

__attribute__((target("avx2"))) static void write_avx2(const uint16_t *sums, intptr_t rowBytes, intptr_t height,
                                                       int32_t count, uint8_t *out, intptr_t stride) {
    SUBFRAME_WRITE_BODY
}
#endif

void reel_subframe_add(uint16_t *sums, const uint8_t *pixels, intptr_t stride, intptr_t rowBytes, intptr_t height,
                       uint16_t weight) {
#if defined(__x86_64__)
    if (reel_cpu_has_avx2) return add_avx2(sums, pixels, stride, rowBytes, height, weight);
#endif
    SUBFRAME_ADD_BODY
}

void reel_subframe_write(const uint16_t *sums, intptr_t rowBytes, intptr_t height, int32_t count, uint8_t *out,
                         intptr_t stride) {
#if defined(__x86_64__)
    if (reel_cpu_has_avx2) return write_avx2(sums, rowBytes, height, count, out, stride);
#endif
    SUBFRAME_WRITE_BODY
}
