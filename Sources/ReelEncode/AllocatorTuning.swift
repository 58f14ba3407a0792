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
///
/// libx264 asks for transparent huge pages (`MADV_HUGEPAGE`) for its frame buffers. Where the
/// kernel grants them on request (Debian's default, `madvise`), every 2 MB page is zeroed
/// whole when first touched, again each time freed memory is handed back and reused: a profile
/// of a 1080p60 render showed 8 % of all CPU time in the kernel's `clear_page_erms` under x264's
/// first touches. Reel turns them off for its process: on the onboarding bench scene (1080p60,
/// 2 cores) `reel render` took 0.96 × the wall time without them (median of 5 pairs; the kernel's
/// time halved), the encoded bytes the same. (What they cost varies from run to run: the ffmpeg
/// CLI with the same settings took 0.93 × without them in one measurement, about 1 × in another.)
enum AllocatorTuning {
    /// Applies the settings once per process (later calls do nothing).
    static let apply: Void = {
        _ = reel_set_mmap_threshold(4 << 20)
        _ = reel_disable_transparent_huge_pages()
    }()
}
