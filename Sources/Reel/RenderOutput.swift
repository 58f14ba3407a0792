import Foundation
import ReelCore
import ReelEncode

/// Where and how a render is written: the format, the encoder settings, and an output that
/// appears only when complete.
///
/// Creating one checks everything that can be checked without touching the disk (so bad
/// options are reported as invalid input before any file exists); `open()` then creates the
/// temporary file or folder and the sink that writes into it.
public struct RenderOutput: Sendable {
    /// The final path (for a PNG sequence, the pattern).
    public let path: String
    /// What is written.
    public let format: OutputFormat
    /// The encoder settings, for video formats.
    public internal(set) var settings: VideoSettings?
    /// Frame size in pixels.
    public let width: Int, height: Int
    /// The scene's frame count (a PNG sequence drops frames of an earlier render beyond it).
    public let sceneFrameCount: Int
    /// Replace an existing output even when it is read-only (`--force`, `-y`).
    public var replaceReadOnly = false

    /// Opens the output: a temporary file beside `path`, committed when the render finishes.
    /// - Parameters:
    ///   - path: the file (or `%04d` sequence pattern) to write.
    ///   - format: the container and codec, usually from the path's extension.
    ///   - canvas: the canvas as rendered (size, scale and fps already overridden).
    ///   - crf: quality; nil for the codec's default; rejected for formats without one.
    ///   - preset: encoder speed preset; nil for the codec's default; rejected for formats without one.
    ///   - startFrame: the scene frame number of the first frame (timestamps start there).
    ///   - pixelFormat: the pixel format stored (10-bit, ProRes 422 HQ); nil for the codec's usual one.
    ///   - dither: a GIF's dithering; nil for the default (Bayer); rejected for other formats.
    /// - Throws: `EncodeError` for settings the format cannot encode.
    public init(
        path: String, format: OutputFormat, canvas: Canvas, crf: Int? = nil, preset: String? = nil,
        startFrame: Int = 0, pixelFormat: VideoPixelFormat? = nil, dither: GIFDither? = nil
    ) throws {
        self.path = path
        self.format = format
        width = canvas.pixelWidth
        height = canvas.pixelHeight
        sceneFrameCount = canvas.frameCount
        switch format {
        case .video(let container, let codec):
            // Transparent pixels are worth an alpha channel only when the background lets them through.
            let transparent = (canvas.background?.alpha ?? 0) < 1
            var settings = VideoSettings(
                width: width, height: height, fps: canvas.fps, codec: codec, container: container,
                crf: crf, preset: preset, alpha: transparent && codec.supportsAlpha)
            settings.startFrame = startFrame
            settings.pixelFormat = pixelFormat
            settings.dither = dither
            try settings.validate()
            self.settings = settings
        case .pngSequence, .rawBGRA:
            if crf != nil { throw EncodeError("A \(format.displayName) is lossless: crf does not apply") }
            if preset != nil { throw EncodeError("A \(format.displayName) has no encoder presets") }
            if let dither {
                throw EncodeError("A \(format.displayName) has no palette; --dither \(dither.rawValue) is for GIF")
            }
            if let pixelFormat {
                throw EncodeError(
                    "A \(format.displayName) holds 8-bit RGBA; --pix-fmt \(pixelFormat.rawValue) does not apply")
            }
            guard width > 0, height > 0, width <= VideoSettings.maximumDimension,
                height <= VideoSettings.maximumDimension
            else {
                throw EncodeError(
                    "The frame size must be 1…\(VideoSettings.maximumDimension) pixels on a side; got \(width)×\(height)"
                )
            }
            settings = nil
        }
    }

    /// Creates the temporary output and the sink writing into it.
    /// - Throws: `EncodeError` if the folder is missing or unwritable, or the encoder cannot start.
    public func open() throws -> (destination: any AtomicDestination, sink: any FrameSink) {
        switch format {
        case .video:
            let target = try AtomicOutput(finalPath: path, replaceReadOnly: replaceReadOnly)
            guard let settings else { throw EncodeError("No encoder settings for \(path)") }
            return (target, try VideoEncoder(path: target.temporaryPath, settings: settings))
        case .rawBGRA:
            let target = try AtomicOutput(finalPath: path, replaceReadOnly: replaceReadOnly)
            do {
                return (target, try RawVideoSink(path: target.temporaryPath, width: width, height: height))
            } catch {
                target.discard()
                throw error
            }
        case .pngSequence(let pattern):
            let target = try AtomicSequenceOutput(
                pattern: pattern, sceneFrames: 0..<sceneFrameCount, replaceReadOnly: replaceReadOnly)
            do {
                return (target, try PNGSequenceSink(output: target, width: width, height: height))
            } catch {
                target.discard()
                throw error
            }
        }
    }

    /// The size of what was written, in bytes (all files of a sequence), after `commit()`.
    public func writtenBytes(by sink: any FrameSink) -> Int {
        if let sequence = sink as? PNGSequenceSink { return sequence.bytesWritten }
        return ((try? FileManager.default.attributesOfItem(atPath: path)[.size]) as? Int) ?? 0
    }
}
