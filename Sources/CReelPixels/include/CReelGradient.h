#ifndef REEL_GRADIENT_H
#define REEL_GRADIENT_H
#include <stdint.h>

/// How GradientField finds a pixel's offset along a gradient.
typedef enum {
    /// t = u, the field's first row: constant across the gradient's line.
    REEL_GRADIENT_AXIAL = 0,
    /// t = |(u, v)|: the gradient's ellipse is the unit circle.
    REEL_GRADIENT_RADIAL = 1,
    /// t = the angle of (u − cx, v − cy) from `start` radians, in turns (0…1).
    REEL_GRADIENT_CONIC = 2,
} ReelGradientKind;

/// A gradient as GradientField lays it over the device's pixels.
typedef struct {
    ReelGradientKind kind;
    /// Device pixel (x, y) → (u, v) = (xx·x + xy·y + x0, yx·x + yy·y + y0).
    double xx, yx, xy, yy, x0, y0;
    /// The conic sweep's centre (in u, v) and start direction (radians).
    double cx, cy, start;
} ReelGradientField;

/// Fills `width` × `height` ARGB32 pixels (`stride` in pixels) whose top left is device pixel
/// (`left`, `top`) from `ramp` (`texels` premultiplied texels, padded at both ends): each pixel
/// takes texel ⌊t · texels⌋ for its centre's offset t. The arithmetic is GradientField's
/// reference loops' operation for operation (doubles, no fused multiply-adds), so the bytes
/// are theirs.
void reel_gradient_fill(const ReelGradientField *field, const uint32_t *ramp, intptr_t texels, uint32_t *out,
                        intptr_t stride, int32_t left, int32_t top, intptr_t width, intptr_t height);

/// atan2(y, x) in turns (−½…½), within 2·10⁻⁶ of a turn (see gradient.c); (0, 0) is 0.
double reel_turns(double y, double x);
#endif
