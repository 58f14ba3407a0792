// GIFConverter's per-pixel work: why C rather than Swift is speed (the Swift loop, with its
// array checks, cost more than FFmpeg's GIF encoder itself). Integer arithmetic only, so the
// indices are the same on every machine and at every optimization level.
#include "CReelGIF.h"
#include <stdlib.h>
#include <string.h>

#define CELLS (32 * 32 * 32)

struct ReelGIFLookup {
    int32_t count;
    int32_t rgb[256][3];
    // Per 32³ cell: where its candidate list starts in `candidates` (-1: not listed yet), its length.
    int32_t cellStart[CELLS];
    uint16_t cellLength[CELLS];
    uint8_t *candidates;
    int32_t candidateCount;
    // Per 24-bit colour: its nearest entry, valid where its bit in `known` is set. Pages are
    // touched only for the colours a clip has.
    uint8_t *memo;
    uint8_t *known;
};

ReelGIFLookup *reel_gif_lookup_create(const uint32_t *entries, int32_t count) {
    if (count < 1 || count > 256) return NULL;
    ReelGIFLookup *lookup = calloc(1, sizeof(ReelGIFLookup));
    if (!lookup) return NULL;
    lookup->count = count;
    for (int32_t i = 0; i < count; i++) {
        lookup->rgb[i][0] = (int32_t)((entries[i] >> 16) & 0xFF);
        lookup->rgb[i][1] = (int32_t)((entries[i] >> 8) & 0xFF);
        lookup->rgb[i][2] = (int32_t)(entries[i] & 0xFF);
    }
    for (int32_t i = 0; i < CELLS; i++) lookup->cellStart[i] = -1;
    // Room for every entry in every cell, so listing never reallocates (untouched pages cost nothing).
    lookup->candidates = malloc((size_t)CELLS * (size_t)count);
    lookup->memo = malloc((size_t)1 << 24);
    lookup->known = calloc((size_t)1 << 21, 1);
    if (!lookup->candidates || !lookup->memo || !lookup->known) {
        reel_gif_lookup_destroy(lookup);
        return NULL;
    }
    return lookup;
}

void reel_gif_lookup_destroy(ReelGIFLookup *lookup) {
    if (!lookup) return;
    free(lookup->candidates);
    free(lookup->memo);
    free(lookup->known);
    free(lookup);
}

static inline int32_t span_near(int32_t v, int32_t lo) { return v < lo ? lo - v : v > lo + 7 ? v - lo - 7 : 0; }
static inline int32_t span_far(int32_t v, int32_t lo) {
    int32_t a = abs(v - lo), b = abs(v - lo - 7);
    return a > b ? a : b;
}

// Lists the entries that can be nearest to some colour of the cell: those whose smallest
// distance to the cell is within the smallest "largest distance" of any entry.
static void fill_cell(ReelGIFLookup *lookup, int32_t cell) {
    const int32_t lr = (cell >> 10) << 3, lg = ((cell >> 5) & 31) << 3, lb = (cell & 31) << 3;
    int32_t nearDistance[256];
    int32_t bound = INT32_MAX;
    for (int32_t i = 0; i < lookup->count; i++) {
        const int32_t *c = lookup->rgb[i];
        int32_t nr = span_near(c[0], lr), ng = span_near(c[1], lg), nb = span_near(c[2], lb);
        int32_t fr = span_far(c[0], lr), fg = span_far(c[1], lg), fb = span_far(c[2], lb);
        nearDistance[i] = nr * nr + ng * ng + nb * nb;
        int32_t far = fr * fr + fg * fg + fb * fb;
        if (far < bound) bound = far;
    }
    lookup->cellStart[cell] = lookup->candidateCount;
    for (int32_t i = 0; i < lookup->count; i++) {
        if (nearDistance[i] <= bound) lookup->candidates[lookup->candidateCount++] = (uint8_t)i;
    }
    lookup->cellLength[cell] = (uint16_t)(lookup->candidateCount - lookup->cellStart[cell]);
}

static inline int32_t nearest(ReelGIFLookup *lookup, int32_t r, int32_t g, int32_t b) {
    const int32_t colour = r << 16 | g << 8 | b;
    if (lookup->known[colour >> 3] & (1u << (colour & 7))) return lookup->memo[colour];
    const int32_t cell = (r >> 3) << 10 | (g >> 3) << 5 | (b >> 3);
    if (lookup->cellStart[cell] < 0) fill_cell(lookup, cell);
    const uint8_t *list = lookup->candidates + lookup->cellStart[cell];
    int32_t best = 0, bestDistance = INT32_MAX;
    for (int32_t i = 0; i < lookup->cellLength[cell]; i++) {
        const int32_t *c = lookup->rgb[list[i]];
        int32_t dr = c[0] - r, dg = c[1] - g, db = c[2] - b;
        int32_t distance = dr * dr + dg * dg + db * db;
        // Candidates are in index order: strictly less keeps the lowest index on ties.
        if (distance < bestDistance) {
            bestDistance = distance;
            best = list[i];
        }
    }
    lookup->memo[colour] = (uint8_t)best;
    lookup->known[colour >> 3] |= (uint8_t)(1u << (colour & 7));
    return best;
}

int32_t reel_gif_nearest(ReelGIFLookup *lookup, int32_t r, int32_t g, int32_t b, int32_t *distance) {
    int32_t index = nearest(lookup, r, g, b);
    if (distance) {
        const int32_t *c = lookup->rgb[index];
        *distance = (c[0] - r) * (c[0] - r) + (c[1] - g) * (c[1] - g) + (c[2] - b) * (c[2] - b);
    }
    return index;
}

static inline int32_t clamp255(int32_t v) { return v < 0 ? 0 : v > 255 ? 255 : v; }

// The 8×8 Bayer matrix (each threshold 0…63 once, neighbours far apart).
static const int32_t bayer[64] = {
    0,  32, 8,  40, 2,  34, 10, 42, 48, 16, 56, 24, 50, 18, 58, 26, 12, 44, 4,  36, 14, 46,
    6,  38, 60, 28, 52, 20, 62, 30, 54, 22, 3,  35, 11, 43, 1,  33, 9,  41, 51, 19, 59, 27,
    49, 17, 57, 25, 15, 47, 7,  39, 13, 45, 5,  37, 63, 31, 55, 23, 61, 29, 53, 21};

// Ordered dithering between `first` (the nearest entry) and the nearest to the colour as far
// beyond the pixel as `first` is before it: the pixel's position along the line between them,
// in 64ths, against the Bayer threshold picks one (see GIFConverter).
static inline int32_t mix(ReelGIFLookup *lookup, int32_t r, int32_t g, int32_t b, int32_t first, int32_t threshold) {
    const int32_t *c = lookup->rgb[first];
    int32_t second = nearest(lookup, clamp255(2 * r - c[0]), clamp255(2 * g - c[1]), clamp255(2 * b - c[2]));
    if (second == first) return first;
    const int32_t *d = lookup->rgb[second];
    int32_t vr = d[0] - c[0], vg = d[1] - c[1], vb = d[2] - c[2];
    int32_t length = vr * vr + vg * vg + vb * vb;
    int32_t along = (r - c[0]) * vr + (g - c[1]) * vg + (b - c[2]) * vb;
    // second when along / length > (threshold + ½) / 64, in integers.
    return 128 * along > (2 * threshold + 1) * length ? second : first;
}

// Whether a pixel is visible with transparency on (at least half opaque), and its straight colour.
static inline int visible(uint32_t pixel, const uint8_t *unpremultiply, int32_t *r, int32_t *g, int32_t *b) {
    uint32_t a = pixel >> 24;
    if (a < 128) return 0;
    *r = unpremultiply[a << 8 | ((pixel >> 16) & 0xFF)];
    *g = unpremultiply[a << 8 | ((pixel >> 8) & 0xFF)];
    *b = unpremultiply[a << 8 | (pixel & 0xFF)];
    return 1;
}

static void map_ordered(ReelGIFLookup *lookup, const uint8_t *bgra, intptr_t stride, int32_t width, int32_t height,
                        uint8_t *out, intptr_t outStride, int ordered, int32_t transparentIndex,
                        const uint8_t *unpremultiply) {
    // Without transparency a pixel is its colour over black (alpha ignored); with it, the whole
    // pixel matters. "No previous pixel" is a value no pixel has: alpha 0xFF never follows the
    // mask, and premultiplied colour never exceeds alpha.
    const uint32_t mask = transparentIndex < 0 ? 0xFFFFFFu : 0xFFFFFFFFu;
    const uint32_t none = transparentIndex < 0 ? 0xFFFFFFFFu : 0x00FFFFFFu;
    for (int32_t y = 0; y < height; y++) {
        const uint32_t *row = (const uint32_t *)(bgra + y * stride);
        uint8_t *o = out + y * outStride;
        const int32_t *thresholds = bayer + ((y & 7) << 3);
        uint32_t lastPixel = none;
        uint8_t lastExact = 0;
        for (int32_t x = 0; x < width; x++) {
            const uint32_t pixel = row[x] & mask;
            if (pixel == lastPixel) {
                o[x] = lastExact;
                continue;
            }
            int32_t r = (pixel >> 16) & 0xFF, g = (pixel >> 8) & 0xFF, b = pixel & 0xFF;
            if (transparentIndex >= 0 && !visible(pixel, unpremultiply, &r, &g, &b)) {
                o[x] = lastExact = (uint8_t)transparentIndex;
                lastPixel = pixel;
                continue;
            }
            const int32_t index = nearest(lookup, r, g, b);
            const int32_t *c = lookup->rgb[index];
            if (!ordered || (c[0] == r && c[1] == g && c[2] == b)) {
                o[x] = lastExact = (uint8_t)index;
                lastPixel = pixel;
                continue;
            }
            lastPixel = none;
            o[x] = (uint8_t)mix(lookup, r, g, b, index, thresholds[x & 7]);
        }
    }
}

// Rounded to whole levels (ties away from zero), so the result is exact integers.
static inline int32_t take(int32_t v, int32_t error) {
    return clamp255(v + (error >= 0 ? (error + 8) >> 4 : -((8 - error) >> 4)));
}

// Floyd–Steinberg, rows left to right: each pixel plus the error passed to it goes to its
// nearest entry, and the difference is passed on (7/16 right, 3/16 below left, 5/16 below, 1/16
// below right). Transparent pixels neither take nor pass on any error.
static int diffuse(ReelGIFLookup *lookup, const uint8_t *bgra, intptr_t stride, int32_t width, int32_t height,
                   uint8_t *out, intptr_t outStride, int32_t transparentIndex, const uint8_t *unpremultiply) {
    // Pending errors in 1/16 levels: (r, g, b) per column, this row and the next, with a
    // column of margin on each side.
    const intptr_t rowLength = ((intptr_t)width + 2) * 3;
    int32_t *errors = calloc((size_t)(2 * rowLength), sizeof(int32_t));
    if (!errors) return 0;
    for (int32_t y = 0; y < height; y++) {
        const uint32_t *row = (const uint32_t *)(bgra + y * stride);
        uint8_t *o = out + y * outStride;
        int32_t *current = errors + ((y & 1) ? rowLength : 0), *next = errors + ((y & 1) ? 0 : rowLength);
        memset(next, 0, (size_t)rowLength * sizeof(int32_t));
        for (int32_t x = 0; x < width; x++) {
            const uint32_t pixel = row[x];
            int32_t r = (pixel >> 16) & 0xFF, g = (pixel >> 8) & 0xFF, b = pixel & 0xFF;
            if (transparentIndex >= 0 && !visible(pixel, unpremultiply, &r, &g, &b)) {
                o[x] = (uint8_t)transparentIndex;
                continue;
            }
            int32_t *e = current + (x + 1) * 3, *below = next + (x + 1) * 3;
            const int32_t want[3] = {take(r, e[0]), take(g, e[1]), take(b, e[2])};
            const int32_t index = nearest(lookup, want[0], want[1], want[2]);
            o[x] = (uint8_t)index;
            for (int channel = 0; channel < 3; channel++) {
                const int32_t error = want[channel] - lookup->rgb[index][channel];
                e[3 + channel] += error * 7;
                below[channel - 3] += error * 3;
                below[channel] += error * 5;
                below[channel + 3] += error;
            }
        }
    }
    free(errors);
    return 1;
}

int32_t reel_gif_map_frame(ReelGIFLookup *lookup, const uint8_t *bgra, intptr_t stride, int32_t width,
                           int32_t height, uint8_t *out, intptr_t outStride, ReelGIFDither dither,
                           int32_t transparentIndex, const uint8_t *unpremultiply) {
    if (dither == REEL_GIF_FLOYD_STEINBERG) {
        return diffuse(lookup, bgra, stride, width, height, out, outStride, transparentIndex, unpremultiply);
    }
    map_ordered(lookup, bgra, stride, width, height, out, outStride, dither == REEL_GIF_BAYER, transparentIndex,
                unpremultiply);
    return 1;
}
