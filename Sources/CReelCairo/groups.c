#include "CReelCairo.h"
#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>

// Groups under 1 MB come from malloc's heap, reused without page faults: no need to pool them.
#define POOL_MIN_BYTES ((size_t)1 << 20)
// Sizes are rounded up to whole megabytes, so a buffer fits groups that differ by a few rows.
#define POOL_GRAIN ((size_t)1 << 20)
// A thread keeps at most this many buffers and bytes: enough for the groups nested in one
// layer tree at frame size (a frame at 1080p is 8 MB), little next to the encoder's frames.
#define POOL_SLOTS 12
#define POOL_MAX_BYTES ((size_t)128 << 20)

typedef struct {
    void *data[POOL_SLOTS];
    size_t capacity[POOL_SLOTS];
    int count;
    size_t bytes;
} pool_t;

static pthread_key_t pool_key;
static pthread_once_t pool_once = PTHREAD_ONCE_INIT;

static void pool_free(void *p) {
    pool_t *pool = p;
    for (int i = 0; i < pool->count; i++) free(pool->data[i]);
    free(pool);
}

static void pool_make_key(void) { pthread_key_create(&pool_key, pool_free); }

static pool_t *pool_get(void) {
    pthread_once(&pool_once, pool_make_key);
    pool_t *pool = pthread_getspecific(pool_key);
    if (!pool) {
        pool = calloc(1, sizeof *pool);
        if (pool) pthread_setspecific(pool_key, pool);
    }
    return pool;
}

// The smallest kept buffer that holds `need` bytes without wasting more than as much again.
static void *pool_take(size_t need, size_t *capacity) {
    pool_t *pool = pool_get();
    int best = -1;
    if (pool)
        for (int i = 0; i < pool->count; i++)
            if (pool->capacity[i] >= need && pool->capacity[i] <= 2 * need &&
                (best < 0 || pool->capacity[i] < pool->capacity[best]))
                best = i;
    if (best >= 0) {
        void *data = pool->data[best];
        *capacity = pool->capacity[best];
        pool->count--;
        pool->data[best] = pool->data[pool->count];
        pool->capacity[best] = pool->capacity[pool->count];
        pool->bytes -= *capacity;
        return data;
    }
    *capacity = (need + POOL_GRAIN - 1) / POOL_GRAIN * POOL_GRAIN;
    return malloc(*capacity);
}

// Back to the pool of the thread that lets the group go (patterns can outlive their frame).
static void pool_give(void *data, size_t capacity) {
    pool_t *pool = pool_get();
    if (pool && pool->count < POOL_SLOTS && pool->bytes + capacity <= POOL_MAX_BYTES) {
        pool->data[pool->count] = data;
        pool->capacity[pool->count] = capacity;
        pool->count++;
        pool->bytes += capacity;
    } else {
        free(data);
    }
}

size_t reel_group_pool_bytes(void) {
    pool_t *pool = pool_get();
    return pool ? pool->bytes : 0;
}

typedef struct {
    void *data;
    size_t capacity;
} buffer_t;

static const cairo_user_data_key_t buffer_key;
static const cairo_user_data_key_t base_key;

static void buffer_release(void *p) {
    buffer_t *buffer = p;
    pool_give(buffer->data, buffer->capacity);
    free(buffer);
}

cairo_surface_t *reel_base_target(cairo_t *cr) {
    cairo_surface_t *base = cairo_get_user_data(cr, &base_key);
    return base ? base : cairo_get_target(cr);
}

// The group's buffer (not cleared yet), with the device offset that puts it where the parent's
// device space has `x0, y0`; NULL when it is too small to pool or memory is short.
static cairo_surface_t *pooled_surface(int x0, int y0, int width, int height) {
    int stride = cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, width);
    if (stride <= 0) return NULL;
    size_t need = (size_t)stride * (size_t)height;
    if (need < POOL_MIN_BYTES) return NULL;
    buffer_t *buffer = malloc(sizeof *buffer);
    if (!buffer) return NULL;
    buffer->data = pool_take(need, &buffer->capacity);
    if (!buffer->data) {
        free(buffer);
        return NULL;
    }
    cairo_surface_t *surface =
        cairo_image_surface_create_for_data(buffer->data, CAIRO_FORMAT_ARGB32, width, height, stride);
    if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS ||
        cairo_surface_set_user_data(surface, &buffer_key, buffer, buffer_release) != CAIRO_STATUS_SUCCESS) {
        cairo_surface_destroy(surface);
        pool_give(buffer->data, buffer->capacity);
        free(buffer);
        return NULL;
    }
    cairo_surface_set_device_offset(surface, -x0, -y0);
    return surface;
}

// The drawing state `cairo_push_group` would carry into the group.
static void copy_state(cairo_t *from, cairo_t *to) {
    cairo_set_operator(to, cairo_get_operator(from));
    cairo_set_antialias(to, cairo_get_antialias(from));
    cairo_set_tolerance(to, cairo_get_tolerance(from));
    cairo_set_fill_rule(to, cairo_get_fill_rule(from));
    cairo_set_line_width(to, cairo_get_line_width(from));
    cairo_set_line_cap(to, cairo_get_line_cap(from));
    cairo_set_line_join(to, cairo_get_line_join(from));
    cairo_set_miter_limit(to, cairo_get_miter_limit(from));
    int dashes = cairo_get_dash_count(from);
    if (dashes > 0 && dashes <= 64) {
        double dash[64], offset;
        cairo_get_dash(from, dash, &offset);
        cairo_set_dash(to, dash, dashes, offset);
    }
    cairo_font_options_t *options = cairo_font_options_create();
    cairo_get_font_options(from, options);
    cairo_set_font_options(to, options);
    cairo_font_options_destroy(options);
    cairo_set_font_face(to, cairo_get_font_face(from));
    cairo_matrix_t m;
    cairo_get_font_matrix(from, &m);
    cairo_set_font_matrix(to, &m);
    cairo_get_matrix(from, &m);
    cairo_set_matrix(to, &m);
    // After the matrix: a source is placed in the user space current when it is set.
    cairo_set_source(to, cairo_get_source(from));
}

cairo_surface_t *reel_pooled_image(int width, int height) {
    cairo_surface_t *surface = pooled_surface(0, 0, width, height);
    return surface ? surface : cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height);
}

cairo_t *reel_group_begin(cairo_t *parent) {
    cairo_surface_t *target = cairo_get_group_target(parent);
    double sx = 1, sy = 1, ox = 0, oy = 0;
    cairo_surface_get_device_scale(target, &sx, &sy);
    cairo_surface_get_device_offset(target, &ox, &oy);
    if (cairo_surface_get_type(target) != CAIRO_SURFACE_TYPE_IMAGE ||
        cairo_image_surface_get_format(target) != CAIRO_FORMAT_ARGB32 || sx != 1 || sy != 1 || ox != (int)ox ||
        oy != (int)oy)
        goto fallback;

    // Most groups are small: their extent alone (no rectangle list, no clip) sends them to
    // Cairo, which serves them from malloc's heap.
    int tw = cairo_image_surface_get_width(target), th = cairo_image_surface_get_height(target);
    cairo_save(parent);
    cairo_identity_matrix(parent);
    double cx0, cy0, cx1, cy1;
    cairo_clip_extents(parent, &cx0, &cy0, &cx1, &cy1);
    double w = fmin(cx1, tw - ox) - fmax(cx0, -ox), h = fmin(cy1, th - oy) - fmax(cy0, -oy);
    if (!(w > 0 && h > 0 && 4 * w * h >= POOL_MIN_BYTES)) {
        cairo_restore(parent);
        goto fallback;
    }
    // The clip in device space, cut to the target (Cairo lists no rectangles for "no clip"):
    // only a clip of whole pixels lists, and then it is exactly what `cairo_push_group` would
    // size its buffer to and clip the group by.
    cairo_new_path(parent);
    cairo_rectangle(parent, -ox, -oy, tw, th);
    cairo_clip(parent);
    cairo_rectangle_list_t *list = cairo_copy_clip_rectangle_list(parent);
    cairo_restore(parent);
    if (list->status != CAIRO_STATUS_SUCCESS || list->num_rectangles == 0) {
        cairo_rectangle_list_destroy(list);
        goto fallback;
    }
    double x0 = list->rectangles[0].x, y0 = list->rectangles[0].y;
    double x1 = x0 + list->rectangles[0].width, y1 = y0 + list->rectangles[0].height;
    for (int i = 1; i < list->num_rectangles; i++) {
        cairo_rectangle_t r = list->rectangles[i];
        if (r.x < x0) x0 = r.x;
        if (r.y < y0) y0 = r.y;
        if (r.x + r.width > x1) x1 = r.x + r.width;
        if (r.y + r.height > y1) y1 = r.y + r.height;
    }
    cairo_surface_t *surface = pooled_surface((int)x0, (int)y0, (int)(x1 - x0), (int)(y1 - y0));
    if (!surface) {
        cairo_rectangle_list_destroy(list);
        goto fallback;
    }
    cairo_t *group = cairo_create(surface);
    cairo_surface_destroy(surface);
    // Cleared by Cairo, not memset: a surface Cairo knows is clear is drawn on as the one
    // `cairo_push_group` makes is (the first paint over nothing takes other shortcuts, which
    // round differently).
    cairo_set_operator(group, CAIRO_OPERATOR_CLEAR);
    cairo_paint(group);
    for (int i = 0; i < list->num_rectangles; i++) {
        cairo_rectangle_t r = list->rectangles[i];
        cairo_rectangle(group, r.x, r.y, r.width, r.height);
    }
    cairo_clip(group);
    cairo_rectangle_list_destroy(list);
    copy_state(parent, group);
    cairo_surface_t *base = reel_base_target(parent);
    cairo_set_user_data(group, &base_key, cairo_surface_reference(base), (cairo_destroy_func_t)cairo_surface_destroy);
    if (cairo_status(group) != CAIRO_STATUS_SUCCESS) {
        cairo_destroy(group);
        goto fallback;
    }
    return group;

fallback:
    cairo_push_group(parent);
    return cairo_reference(parent);
}

cairo_pattern_t *reel_group_end(cairo_t *parent, cairo_t *group) {
    if (group == parent) {
        cairo_destroy(group);
        return cairo_pop_group(parent);
    }
    cairo_surface_t *surface = cairo_get_target(group);
    cairo_surface_flush(surface);
    cairo_pattern_t *pattern = cairo_pattern_create_for_surface(surface);
    cairo_destroy(group);
    // As `cairo_pop_group` places its group: pattern space is the parent's device space.
    cairo_matrix_t m;
    cairo_get_matrix(parent, &m);
    cairo_pattern_set_matrix(pattern, &m);
    return pattern;
}
