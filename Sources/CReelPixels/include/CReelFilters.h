#ifndef REEL_FILTERS_H
#define REEL_FILTERS_H
#include <stdint.h>

/// A Gaussian blur of standard deviation `sigma` pixels over premultiplied ARGB32 pixels, in
/// place. From σ = 2 on it is the Filter Effects
/// spec's approximation (three box blurs of size d = ⌊σ·3·√(2π)/4 + 0.5⌋ each way; even d as two
/// boxes offset half a pixel each way and one of d + 1); below it an exact kernel in 16-bit fixed
/// point. Integer arithmetic only, so the bytes depend on nothing but the input. Pixels outside
/// the image count as transparent, or with `clampEdges` as the nearest edge pixel (a backdrop at
/// the frame's edge). Returns 0 when it could not allocate its scratch buffer (the pixels are
/// then untouched).
int reel_blur_argb32(uint8_t *data, intptr_t width, intptr_t height, intptr_t stride, double sigma, int clampEdges);


/// A colour matrix over premultiplied ARGB32 pixels, in place: each pixel is unpremultiplied,
/// channel c becomes m[5c]·r + m[5c+1]·g + m[5c+2]·b + m[5c+3]·a + m[5c+4]·255 (rows r, g, b, a;
/// entries in 16.16 fixed point), clamped to 0…255, and premultiplied again.
void reel_color_matrix_argb32(uint8_t *data, intptr_t width, intptr_t height, intptr_t stride, const int32_t m[20]);
#endif
