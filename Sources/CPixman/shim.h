#ifndef REEL_CPIXMAN_SHIM_H
#define REEL_CPIXMAN_SHIM_H
// Pixman (Cairo's rasteriser) does projective transforms, which Cairo's API does not expose:
// Reel uses it directly to warp flattened 3D layers.
#include <pixman.h>
#endif
