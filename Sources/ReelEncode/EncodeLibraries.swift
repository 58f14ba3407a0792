import CFFmpeg

/// The FFmpeg libraries this process runs with, as they report themselves at run time (the
/// loaded shared libraries, not the headers Reel was built against).
public enum EncodeLibraries {
    /// Name and version of each: FFmpeg's release (`av_version_info`) and every library Reel
    /// calls (`avcodec_version()` and its siblings, as MAJOR.MINOR.MICRO).
    public static var versions: [(name: String, version: String)] {
        [
            ("ffmpeg", String(cString: av_version_info())),
            ("libavcodec", dotted(avcodec_version())),
            ("libavformat", dotted(avformat_version())),
            ("libavutil", dotted(avutil_version())),
            ("libswscale", dotted(swscale_version())),
            ("libswresample", dotted(swresample_version()))
        ]
    }

    /// FFmpeg's AV_VERSION_INT packing: major << 16 | minor << 8 | micro.
    static func dotted(_ version: UInt32) -> String {
        "\(version >> 16).\((version >> 8) & 0xFF).\(version & 0xFF)"
    }
}
