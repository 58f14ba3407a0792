// GradientField's per-pixel loops: a pixel's offset along the gradient (a dot product, a
// distance or an angle) picks the nearest texel of a precomputed ramp. In Swift these were two
// thirds of drawing a title sequence of full-frame animated gradients; here rows the gradient
// keeps constant are filled or copied, and the rest is the same double arithmetic in C.
#include "CReelGradient.h"
#include <math.h>
#include <string.h>

// The offsets repeat the Swift reference's double arithmetic operation for operation: no fused
// multiply-adds, which would round differently.
#pragma clang fp contract(off)

static const double pi = 3.14159265358979323846;

// Texel ⌊t · texels⌋, padded past the last (t is never negative here; NaN pads too).
static inline uint32_t texel(double t, const uint32_t *ramp, intptr_t texels) {
    const double k = t * (double)texels;
    return ramp[k < (double)(texels - 1) ? (intptr_t)k : texels - 1];
}

// Abramowitz & Stegun 4.4.49: a polynomial for atan on 0…1 good to 10⁻⁵ radians, extended to
// every octant.
double reel_turns(double y, double x) {
    const double ax = fabs(x), ay = fabs(y);
    const double big = ay >= ax ? ay : ax;
    if (!(big > 0)) return 0;
    const double a = (ay < ax ? ay : ax) / big, s = a * a;
    double r = a * (0.9998660 + s * (-0.3302995 + s * (0.1801410 + s * (-0.0851330 + s * 0.0208351))));
    if (ay > ax) r = pi / 2 - r;
    if (x < 0) r = pi - r;
    if (y < 0) r = -r;
    return r / (2 * pi);
}

static void axial_row(uint32_t *out, intptr_t width, double t, double dt, const uint32_t *ramp, intptr_t texels) {
    if (dt == 0) {
        // Constant along the row (a gradient across it): one texel.
        const uint32_t c = t > 0 ? texel(t, ramp, texels) : ramp[0];
        for (intptr_t i = 0; i < width; i++) out[i] = c;
        return;
    }
    // Padded below 0 too.
    for (intptr_t i = 0; i < width; i++) {
        out[i] = t > 0 ? texel(t, ramp, texels) : ramp[0];
        t += dt;
    }
}

static void radial_row(uint32_t *out, intptr_t width, double u, double v, double du, double dv,
                       const uint32_t *ramp, intptr_t texels) {
    for (intptr_t i = 0; i < width; i++) {
        out[i] = texel(sqrt(u * u + v * v), ramp, texels);
        u += du;
        v += dv;
    }
}

static void conic_row(uint32_t *out, intptr_t width, double dx, double dy, double ddx, double ddy, double start,
                      const uint32_t *ramp, intptr_t texels) {
    const double from = start / (2 * pi);
    for (intptr_t i = 0; i < width; i++) {
        // Both lie within −½…½: one turn added brings t into 0…1.
        double t = reel_turns(dy, dx) - from;
        if (t < 0) t += 1;
        out[i] = texel(t, ramp, texels);
        dx += ddx;
        dy += ddy;
    }
}

void reel_gradient_fill(const ReelGradientField *f, const uint32_t *ramp, intptr_t texels, uint32_t *out,
                        intptr_t stride, int32_t left, int32_t top, intptr_t width, intptr_t height) {
    for (intptr_t row = 0; row < height; row++) {
        uint32_t *line = out + row * stride;
        // An axial gradient along the rows (its offset free of y) repeats the first row.
        if (row > 0 && f->kind == REEL_GRADIENT_AXIAL && f->xy == 0) {
            memcpy(line, out, (size_t)width * sizeof *out);
            continue;
        }
        // Pixel centres, as pixman samples a pattern.
        const double x = (double)left + 0.5, y = (double)(top + row) + 0.5;
        const double u = f->xx * x + f->xy * y + f->x0, v = f->yx * x + f->yy * y + f->y0;
        switch (f->kind) {
        case REEL_GRADIENT_AXIAL: axial_row(line, width, u, f->xx, ramp, texels); break;
        case REEL_GRADIENT_RADIAL: radial_row(line, width, u, v, f->xx, f->yx, ramp, texels); break;
        case REEL_GRADIENT_CONIC: conic_row(line, width, u - f->cx, v - f->cy, f->xx, f->yx, f->start, ramp, texels); break;
        }
    }
}
