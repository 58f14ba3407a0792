import CFFmpeg
import CReelPixels
import ReelCore

/// Maps rendered frames onto a GIF palette, dithered as `GIFDither` says (ordered by default),
/// on a worker thread.
///
/// Why ordered dithering is the default rather than error diffusion: its pattern depends only on the pixel's
/// position, so a part of the picture that does not change stays byte-identical from frame to
/// frame — no "crawling" noise around moving objects, and the GIF encoder can skip unchanged
/// pixels, which keeps files small. Colours that are exactly in the palette (the flat fills of
/// motion graphics) are never dithered; everything else mixes its two nearest entries by an 8×8
/// Bayer threshold, which turns gradients and antialiased edges into fine, stable patterns
/// instead of bands.
///
/// Nearest-colour search: the RGB cube is divided into 32³ cells; for each cell met, the palette
/// entries that can be nearest to some colour in it are listed once (usually a handful), so a
/// pixel is compared with those only, and each 24-bit colour's answer is remembered. Ties go to
/// the lowest index, so results are exact and deterministic. The per-pixel work is C
/// (`reel_gif_map_frame`): in Swift it cost more than FFmpeg's GIF encoder.
final class GIFConverter: FrameConverter, @unchecked Sendable {
    private let width: Int
    private let height: Int
    private let palette: GIFPalette
    private let dither: GIFDither
    private let lookup: OpaquePointer

    /// - Parameter makeLookup: builds the C lookup (tests pass one that fails, as an allocation would).
    /// - Throws: `EncodeError` when the lookup's tables (about 26 MB of address space, touched
    ///   lazily) cannot be allocated: a batch worker under a memory limit reports the job failed
    ///   instead of crashing.
    init(
        width: Int, height: Int, palette: GIFPalette, dither: GIFDither = .bayer,
        makeLookup: (UnsafePointer<UInt32>, Int32) -> OpaquePointer? = { reel_gif_lookup_create($0, $1) }
    ) throws {
        self.width = width
        self.height = height
        self.palette = palette
        self.dither = dither
        // Palettes hold 1…256 entries, so only allocation can fail.
        guard let lookup = makeLookup(palette.entries, Int32(max(1, palette.count))) else {
            throw EncodeError("Out of memory: cannot allocate the GIF palette lookup (\(width)×\(height) GIF)")
        }
        self.lookup = lookup
    }

    deinit { reel_gif_lookup_destroy(lookup) }

    func prepare(_ buffer: PixelBuffer, index: Int, reusing recycled: PreparedFrame?) throws -> PreparedFrame {
        guard buffer.width == width, buffer.height == height else {
            throw EncodeError(
                "Frame \(index) is \(buffer.width)×\(buffer.height) pixels but the GIF is \(width)×\(height)")
        }
        // The encoder keeps the previous frame (to find unchanged pixels): making the picture
        // writable gives it fresh memory when that is this one, so it comes before the pointers.
        let (frame, picture) = try PreparedFrame.writable(
            reusing: recycled, index: index, width: width, height: height,
            format: AV_PIX_FMT_PAL8, colors: nil)
        guard let indices = picture.pointee.data.0, let paletteData = picture.pointee.data.1 else {
            throw EncodeError("Frame \(index) has no picture to convert into")
        }
        palette.entries.withUnsafeBytes {
            paletteData.update(from: $0.baseAddress!.assumingMemoryBound(to: UInt8.self), count: 1024)
        }
        let lineSize = Int(picture.pointee.linesize.0)
        let mode: ReelGIFDither =
            switch dither {
            case .bayer: REEL_GIF_BAYER
            case .floydSteinberg: REEL_GIF_FLOYD_STEINBERG
            case .none: REEL_GIF_NEAREST
            }
        let mapped = UnpremultiplyTable.shared.withUnsafeBufferPointer { table in
            reel_gif_map_frame(
                lookup, buffer.baseAddress.assumingMemoryBound(to: UInt8.self), buffer.stride, Int32(width),
                Int32(height), indices, lineSize, mode,
                Int32(palette.transparentIndex ?? -1), table.baseAddress)
        }
        guard mapped != 0 else { throw EncodeError("Out of memory mapping frame \(index) onto the GIF palette") }
        return frame
    }

    /// The palette entry nearest to (r, g, b) in squared RGB distance, lowest index on ties.
    func nearest(_ r: Int32, _ g: Int32, _ b: Int32) -> (index: UInt8, distance: Int32) {
        var distance: Int32 = 0
        let index = reel_gif_nearest(lookup, r, g, b, &distance)
        return (UInt8(index), distance)
    }
}
