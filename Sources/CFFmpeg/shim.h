#ifndef REEL_CFFMPEG_SHIM_H
#define REEL_CFFMPEG_SHIM_H
// FFmpeg's function-like macros and variadic functions do not import into Swift;
// these static inline wrappers expose what Reel needs.
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libswscale/swscale.h>
#include <libswresample/swresample.h>
#include <libavutil/channel_layout.h>
#include <libavutil/samplefmt.h>
#include <libavutil/avutil.h>
#include <libavutil/cpu.h>
#include <libavutil/error.h>
#include <libavutil/imgutils.h>
#include <libavutil/opt.h>
#include <libavutil/pixdesc.h>
#include <libavutil/sha.h>
#include <malloc.h>
#include <sys/prctl.h>

static inline int reel_averror(int posix_errno) { return AVERROR(posix_errno); }
// glibc's mmap threshold for the encoders' buffers (see AllocatorTuning.swift).
static inline int reel_set_mmap_threshold(int bytes) { return mallopt(M_MMAP_THRESHOLD, bytes); }
// No transparent huge pages for this process (see AllocatorTuning.swift); prctl is variadic.
static inline int reel_disable_transparent_huge_pages(void) { return prctl(PR_SET_THP_DISABLE, 1, 0, 0, 0); }
static inline int reel_averror_eof(void) { return AVERROR_EOF; }
static inline int reel_averror_eagain(void) { return AVERROR(EAGAIN); }
static inline int64_t reel_av_nopts_value(void) { return AV_NOPTS_VALUE; }
static inline int reel_averror_stream_not_found(void) { return AVERROR_STREAM_NOT_FOUND; }
static inline int reel_averror_invaliddata(void) { return AVERROR_INVALIDDATA; }

/// Writes the message for an FFmpeg error code into buf (av_err2str is a macro over a compound literal).
static inline void reel_av_strerror(int code, char *buf, size_t size) {
    if (av_strerror(code, buf, size) < 0) {
        snprintf(buf, size, "unknown FFmpeg error %d", code);
    }
}

/// Silences libav's own logging: every FFmpeg failure becomes an EncodeError carrying FFmpeg's
/// words, and its log lines ("[png @ 0x…] …") would break "one line per problem" on stderr.
static inline void reel_av_quiet(void) { av_log_set_level(AV_LOG_QUIET); }
#endif
