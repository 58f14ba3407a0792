#ifndef REEL_CAIRO_GROUPS_H
#define REEL_CAIRO_GROUPS_H
#include <cairo.h>
#include <stddef.h>

/// Starts a group: what is drawn with the returned context until `reel_group_end` becomes a
/// pattern of its own, as between `cairo_push_group` and `cairo_pop_group`. The group starts
/// with the parent's matrix, clip and drawing settings.
///
/// Why not `cairo_push_group`: it allocates a new buffer for every group and frees it after, and
/// a buffer the size of a frame is a fresh mmap each time, every page of it faulted in and
/// zeroed by the kernel — a fifth of all drawing time on a Lottie at 1080p. Here large groups
/// draw on buffers kept per thread and cleared for reuse. When the group's area cannot be
/// known exactly (the clip is not a set of whole pixels) or the parent does not draw on ARGB32
/// pixels, this is `cairo_push_group` on the parent itself, which the call then returns.
/// The returned context is released by `reel_group_end`, whatever it is.
cairo_t *reel_group_begin(cairo_t *parent);

/// Ends the group `reel_group_begin(parent)` started: its drawing as a pattern, placed as
/// `cairo_pop_group` places it (the caller owns the reference).
cairo_pattern_t *reel_group_end(cairo_t *parent, cairo_t *group);

/// The surface a frame is drawn on, through any number of groups (`cairo_get_target` of the
/// outermost context; no reference is added).
cairo_surface_t *reel_base_target(cairo_t *cr);

/// An ARGB32 image of width × height pixels whose contents are undefined until written: large
/// ones take a buffer from this thread's pool, as groups do, and give it back when destroyed
/// (so a frame-sized image made every frame costs no page faults).
cairo_surface_t *reel_pooled_image(int width, int height);

/// Bytes this thread keeps for reuse (for tests of the pool's bound).
size_t reel_group_pool_bytes(void);

#endif
