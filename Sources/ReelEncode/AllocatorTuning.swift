import CFFmpeg

/// glibc's allocator, set for encoders that come and go: every chunk of a video gets a fresh
/// encoder (see `VideoSettings.chunkFrames`), which allocates a few hundred MB of frame buffers
/// and frees them when the chunk is drained.
///
/// By default glibc raises its mmap threshold to the size of the largest block freed, so after
/// the first chunk those buffers come from the heap and are never given back: measured, a 30 s
/// 1080p60 render peaked at 1044 MB against 713 MB for 10 s. A fixed 4 MB threshold keeps
/// x264's frames (about 3 MB) on the reused heap and gives larger blocks back when freed:
/// 714 MB at 30 s and 733 MB at 10 s (tools/bench checks 10 s against 60 s), at the same speed.
enum AllocatorTuning {
    /// Applies the setting once per process (later calls do nothing).
    static let apply: Void = {
        _ = reel_set_mmap_threshold(4 << 20)
    }()
}
