import CFFmpeg

/// Codec-specific encoder and stream options.
extension VideoEncoder {
    /// Sets the options of `settings.codec` on the encoder before it is opened.
    func configure(_ context: UnsafeMutablePointer<AVCodecContext>) throws {
        let kind = settings.codec
        func set(_ key: String, _ value: String) throws {
            try check(
                av_opt_set(context.pointee.priv_data, key, value, 0),
                "Setting \(key) \"\(value)\" on \(kind.encoderName)")
        }
        // Never 0 ("one per core"): x264's frame threads, x265's pools and libvpx's threads shape
        // the bitstream, so a count taken from the machine would make the file depend on it.
        let threads = settings.encoderThreads ?? kind.pinnedEncoderThreads
        context.pointee.thread_count = Int32(threads)
        switch kind {
        case .h264:
            if let crf = settings.crf { try set("crf", String(crf)) }
            if let preset = settings.preset { try set("preset", preset) }
            if let params = VideoEncoder.x264Params() { try set("x264-params", params) }
        case .hevc:
            if let crf = settings.crf { try set("crf", String(crf)) }
            if let preset = settings.preset { try set("preset", preset) }
            // x265 logs to stderr itself (not through av_log), so it is quietened here. libavcodec
            // does not pass thread_count on to x265: its thread pool is sized by `pools`.
            // frame-threads is pinned too: x265 derives it from the pool size otherwise.
            let params = ["log-level=error", "pools=\(threads)", "frame-threads=\(max(1, threads / 2))"]
            try set("x265-params", params.joined(separator: ":"))
        case .prores:
            // 4:2:2 is ProRes 422 HQ (profile 3), the usual review master; else 4444 with alpha.
            let hq = settings.pixelFormat == .yuv422p10le
            try set("profile", hq ? "hq" : "4444")
            // Apple's vendor code: some of Apple's tools trust ProRes files more when it is there.
            try set("vendor", "apl0")
            if !hq { try set("alpha_bits", "16") }
        case .vp9:
            // Constant quality: crf with no bitrate target (libvpx's "Q" mode).
            context.pointee.bit_rate = 0
            if let crf = settings.crf { try set("crf", String(crf)) }
            try set("deadline", "good")
            try set("cpu-used", String(VideoCodec.vp9Speed(preset: settings.preset ?? "medium")))
            // Rows of a tile encode in parallel: uses every thread even at 1080p, same output.
            try set("row-mt", "1")
            // libvpx picks the tile columns from the frame width, never from the cores; pinned anyway
            // so a libvpx default that changes with threads cannot change the file.
            try set("tile-columns", "2")
        case .gif:
            break
        }
    }

    /// Stream options that depend on the codec and are not copied from the encoder.
    func configure(_ stream: UnsafeMutablePointer<AVStream>) {
        switch settings.codec {
        case .hevc:
            // 'hvc1' (parameter sets in the sample description) is what Apple's players require;
            // FFmpeg's default 'hev1' plays elsewhere but not in QuickTime or Safari.
            stream.pointee.codecpar.pointee.codec_tag = VideoEncoder.fourCC("hvc1")
        case .vp9 where settings.storesAlpha:
            // The WebM muxer writes the alpha plane (which libvpx encodes as a second stream in
            // each block's BlockAdditional) only for streams marked like this.
            av_dict_set(&stream.pointee.metadata, "alpha_mode", "1", 0)
        default:
            break
        }
    }

    /// Extra libx264 parameters that keep identical input producing identical files.
    ///
    /// libx264 0.164 (Debian 12) is not deterministic when it uses its AVX-512 functions: the
    /// same frames encoded twice in one process gave files of different sizes, apparently depending
    /// on what earlier allocations left in reused heap memory (seen on an AMD EPYC; reproducible
    /// with `asm=AVX512`, gone with `asm=AVX2` over hundreds of encodes). Every CPU with AVX-512
    /// has AVX2, so capping x264 there is safe; it costs about 10% CPU time. x264's threading
    /// stays on: its frame threads are deterministic for a given thread count.
    /// (`tools/bench` gives the ffmpeg command line the same parameters, and checks that both
    /// files record the same x264 settings.)
    static func x264Params() -> String? {
        av_get_cpu_flags() & AV_CPU_FLAG_AVX512 != 0 ? "asm=AVX2" : nil
    }

    static func fourCC(_ code: String) -> UInt32 {
        code.utf8.reversed().reduce(0) { $0 << 8 | UInt32($1) }
    }
}
