#ifndef REEL_CPIXMAN_SHIM_H
#define REEL_CPIXMAN_SHIM_H
// Pixman (Cairo's rasteriser) does projective transforms, which Cairo's API does not expose:
// Reel uses it directly to warp flattened 3D layers.
#include <pixman.h>

// Asks for the cache line at p ahead of a write (Swift has no prefetch of its own): the particle
// compositor touches a new row of the frame for every row of every particle.
static inline void reel_prefetch_for_write(const void *p) { __builtin_prefetch(p, 1, 3); }
#endif
