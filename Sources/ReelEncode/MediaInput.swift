import CFFmpeg
import Foundation
import ReelCore

#if canImport(Glibc)
    import Glibc
#endif

/// The one way Reel opens a media file for FFmpeg (videos and images to decode or compare,
/// parts to join, soundtracks), whoever wrote it: every `avformat_open_input` goes through here.
///
/// The policy, in the order it is applied:
/// - only a regular file is opened (`InputFile`): a FIFO, device or folder is refused without
///   blocking, and FFmpeg opens the very file that was checked (through `/proc/self/fd`), not
///   whatever the name points to a moment later;
/// - the reader (demuxer) is chosen by Reel from the file's extension, never by probing the
///   content, and nothing else may be opened from inside it (`format_whitelist`,
///   `protocol_whitelist=file`): an HLS playlist or an ffconcat list named `.mp4` would otherwise
///   pull in frames from other files or URLs;
/// - sizes are checked from the header before anything is decoded (`ImageHeader` for still
///   images, the container's stream parameters for the rest), again after FFmpeg read the
///   stream information, and by the decoders per frame (`checkFrame`, `checkAudio`): a 35-byte
///   GIF can claim 16 000 × 16 000 pixels, a 6 KB WAV a rate of 1 Hz.
public enum MediaInput {
    /// What a file is opened for: the extensions and checks differ.
    public enum Purpose: Sendable {
        /// Frames: videos and images.
        case video
        /// A soundtrack: audio files, and the audio of videos.
        case audio
    }

    /// Sample rates Reel reads: telephone audio (8 kHz) to the fastest studio rate (384 kHz).
    /// Everything is resampled to 48 kHz, so a rate of 1 Hz would turn each sample into 48 000.
    public static let sampleRates = 8_000...384_000
    /// Channel counts Reel reads: mono to 7.1 (two or more become stereo).
    public static let channelCounts = 1...8

    /// An FFmpeg demuxer and its name in messages.
    struct Reader {
        var demuxer: String
        var name: String
        /// The header `ImageHeader` reads, for the image readers that do not parse one themselves.
        var image: ImageHeader.Format?
    }

    private static let mov = Reader(demuxer: "mov,mp4,m4a,3gp,3g2,mj2", name: "MP4/MOV")
    private static let matroska = Reader(demuxer: "matroska,webm", name: "WebM/Matroska")
    private static let jpeg = Reader(demuxer: "jpeg_pipe", name: "JPEG", image: .jpeg)
    private static let ogg = Reader(demuxer: "ogg", name: "Ogg")

    /// What Reel writes (`OutputFormat`) and the still images scenes use.
    static let videoReaders: [String: Reader] = [
        "mp4": mov, "mov": mov, "m4v": mov, "webm": matroska, "mkv": matroska,
        "gif": Reader(demuxer: "gif", name: "GIF"),
        "png": Reader(demuxer: "png_pipe", name: "PNG", image: .png),
        "apng": Reader(demuxer: "apng", name: "APNG"),
        "jpg": jpeg, "jpeg": jpeg,
        "webp": Reader(demuxer: "webp_pipe", name: "WebP", image: .webp)
    ]

    /// The audio formats docs/audio.md lists, and the soundtrack of a video.
    static let audioReaders: [String: Reader] = [
        "wav": Reader(demuxer: "wav", name: "WAV"), "mp3": Reader(demuxer: "mp3", name: "MP3"),
        "aac": Reader(demuxer: "aac", name: "AAC"), "flac": Reader(demuxer: "flac", name: "FLAC"),
        "m4a": mov, "mp4": mov, "mov": mov, "m4v": mov, "ogg": ogg, "oga": ogg, "opus": ogg,
        "webm": matroska, "mkv": matroska, "mka": matroska
    ]

    /// The reader for `path`'s extension.
    /// - Throws: `EncodeError` listing the extensions Reel reads when it has no reader for it.
    static func reader(for path: String, _ purpose: Purpose) throws(EncodeError) -> Reader {
        let ext = (path as NSString).pathExtension.lowercased()
        let readers = purpose == .video ? videoReaders : audioReaders
        if let reader = readers[ext] { return reader }
        let names = readers.keys.sorted().map { "." + $0 }.joined(separator: ", ")
        let what = purpose == .video ? "videos and images" : "audio files"
        throw EncodeError(
            "\(path): Reel reads \(what) named \(names); the extension picks the reader "
                + "(the content is never guessed), so rename or convert the file")
    }

    /// Whether `path` names a still image (read as one frame without a frame rate).
    public static func isStillImage(_ path: String) -> Bool {
        videoReaders[(path as NSString).pathExtension.lowercased()]?.image != nil
    }

    /// Opens `path` for `purpose` and reads its stream information, by the policy above.
    /// - Parameters:
    ///   - maxPixels: the most pixels a video stream's frames may have.
    ///   - options: demuxer options (e.g. `ignore_editlist`).
    /// - Returns: the opened context; the caller closes it with `avformat_close_input`.
    /// - Throws: `EncodeError` saying which rule the file breaks, or why FFmpeg cannot read it.
    static func open(
        _ path: String, for purpose: Purpose, maxPixels: Int = ImageHeader.maxPixels, options: [String: String] = [:]
    ) throws(EncodeError) -> UnsafeMutablePointer<AVFormatContext> {
        reel_av_quiet()
        let reader = try reader(for: path, purpose)
        let handle: FileHandle
        switch InputFile.open(path) {
        case .success(let opened): handle = opened
        case .failure(let error): throw EncodeError(error.description)
        }
        defer { try? handle.close() }
        // PNG, JPEG and WebP readers learn the size only by decoding, in find_stream_info: an image
        // is read only when its header says its size (for a JPEG, within the first megabyte).
        if let format = reader.image {
            guard let header = ImageHeader.read(handle, as: format) else {
                throw EncodeError(
                    "cannot read \(path) as \(reader.name): its header does not give a \(reader.name) image's size "
                        + "(damaged, or another kind of file named .\((path as NSString).pathExtension))")
            }
            try checkFrame(path, width: header.width, height: header.height, maxPixels: maxPixels)
        }
        guard let input = av_find_input_format(reader.demuxer) else {
            throw EncodeError("This FFmpeg has no \(reader.name) reader (\(reader.demuxer))")
        }
        var dictionary: OpaquePointer?
        defer { av_dict_free(&dictionary) }
        for (key, value) in options { av_dict_set(&dictionary, key, value, 0) }
        av_dict_set(&dictionary, "format_whitelist", reader.demuxer, 0)
        av_dict_set(&dictionary, "protocol_whitelist", "file", 0)
        var opened: UnsafeMutablePointer<AVFormatContext>?
        let status = avformat_open_input(&opened, url(of: handle, path), input, &dictionary)
        guard status >= 0, let context = opened else {
            throw EncodeError(
                "cannot read \(path) as \(reader.name): \(ffmpegErrorText(status)) (damaged, or another kind of "
                    + "file named .\((path as NSString).pathExtension))", code: status)
        }
        do {
            try checkStreams(context, path, purpose, maxPixels: maxPixels)
            try findStreamInfo(context, path, maxPixels: maxPixels)
            try checkStreams(context, path, purpose, maxPixels: maxPixels)
        } catch {
            var owned: UnsafeMutablePointer<AVFormatContext>? = context
            avformat_close_input(&owned)
            throw error
        }
        return context
    }

    /// The name FFmpeg opens: the descriptor checked, so the file cannot be swapped for a FIFO
    /// between the check and FFmpeg's own open (reopening `/proc/self/fd/N` opens that file).
    private static func url(of handle: FileHandle, _ path: String) -> String {
        let reopened = "/proc/self/fd/\(handle.fileDescriptor)"
        return access(reopened, R_OK) == 0 ? reopened : path
    }

    /// `avformat_find_stream_info` with every decoder it opens bounded to `maxPixels` (it decodes
    /// a frame of streams whose header does not give their size).
    private static func findStreamInfo(
        _ context: UnsafeMutablePointer<AVFormatContext>, _ path: String, maxPixels: Int
    ) throws(EncodeError) {
        var perStream = [OpaquePointer?](repeating: nil, count: Int(context.pointee.nb_streams))
        let limit = String(decoderLimit(maxPixels))
        for i in perStream.indices { av_dict_set(&perStream[i], "max_pixels", limit, 0) }
        defer { for i in perStream.indices { av_dict_free(&perStream[i]) } }
        let status = perStream.withUnsafeMutableBufferPointer { avformat_find_stream_info(context, $0.baseAddress) }
        try check(status, "Reading the streams of \(path)")
    }

    /// `maxPixels` as a decoder's `max_pixels` (an option that ends at `Int32.max`): a decoder
    /// refuses to allocate larger frames, whatever the header said.
    static func decoderLimit(_ maxPixels: Int) -> Int64 { Int64(min(maxPixels, Int(Int32.max))) }

    /// Checks what each stream for `purpose` declares (0 is "not known yet" and passes).
    private static func checkStreams(
        _ context: UnsafeMutablePointer<AVFormatContext>, _ path: String, _ purpose: Purpose, maxPixels: Int
    ) throws(EncodeError) {
        for i in 0..<Int(context.pointee.nb_streams) {
            guard let parameters = context.pointee.streams[i]?.pointee.codecpar.pointee else { continue }
            switch (purpose, parameters.codec_type) {
            case (.video, AVMEDIA_TYPE_VIDEO):
                try checkFrame(
                    path, width: Int(parameters.width), height: Int(parameters.height), maxPixels: maxPixels)
            case (.audio, AVMEDIA_TYPE_AUDIO):
                try checkAudio(
                    path, sampleRate: Int(parameters.sample_rate), channels: Int(parameters.ch_layout.nb_channels))
            default: continue
            }
        }
    }

    /// Refuses a frame larger than `maxPixels` or `ImageHeader.maxSide` on a side.
    /// - Throws: `EncodeError` with the size and the limit.
    public static func checkFrame(
        _ path: String, width: Int, height: Int, maxPixels: Int = ImageHeader.maxPixels
    ) throws(EncodeError) {
        let pixels = width.multipliedReportingOverflow(by: height)
        guard
            width > ImageHeader.maxSide || height > ImageHeader.maxSide || pixels.overflow
                || pixels.partialValue > maxPixels
        else { return }
        throw EncodeError(
            "\(path) is \(width)×\(height) pixels; Reel decodes images and video frames of at most "
                + "\(maxPixels) pixels and \(ImageHeader.maxSide) pixels a side, so scale it down first")
    }

    /// Refuses audio outside `sampleRates` or `channelCounts` (0 is "not known yet" and passes).
    /// - Throws: `EncodeError` with the value and the range.
    public static func checkAudio(_ path: String, sampleRate: Int, channels: Int) throws(EncodeError) {
        if sampleRate != 0, !sampleRates.contains(sampleRate) {
            throw EncodeError(
                "\(path): its audio is sampled at \(sampleRate) Hz; Reel reads \(sampleRates.lowerBound) to "
                    + "\(sampleRates.upperBound) Hz, so resample it (48000 Hz is what Reel writes)")
        }
        if channels != 0, !channelCounts.contains(channels) {
            throw EncodeError(
                "\(path): its audio has \(channels) channels; Reel reads \(channelCounts.lowerBound) to "
                    + "\(channelCounts.upperBound), so mix it down to stereo first")
        }
    }
}
