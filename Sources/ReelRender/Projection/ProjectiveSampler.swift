import CReelPixels
import ReelCore

/// The inner loop of `ProjectiveWarp`: every destination pixel the outline's mask covers
/// samples the image bilinearly at its centre mapped through the homography (edges padded,
/// as pixman's PAD repeat) and is scaled by the mask's coverage.
///
/// Pixman has no fast path for projective transforms: its general path fetched and divided in
/// 64-bit fixed point, and visited every pixel of the bounding box — a third of the title bench
/// scene's drawing went there for one flipping card (callgrind: ~220 instructions a pixel).
/// This does the same sampling in double precision, only inside the outline.
///
/// The loop is C (`reel_projective_warp`): the mask scanned a word at a time and, on AVX2 CPUs,
/// four pixels' homogeneous points stepped and divided at once, the same bytes on every CPU.
enum ProjectiveSampler {
    /// Writes `out` (premultiplied ARGB32, `width` × `height`) where `mask` (A8, same size) is
    /// non-zero: replacing what is there (a surface cleared beforehand) or composited over it
    /// (`over`: a target's own pixels, with pixman's rounding). Only `rows` and `columns` of it
    /// (a clip box; all of it by default). `map` takes destination pixel coordinates to image
    /// pixel coordinates (row vectors: [x y 1] · m). `vectorized: false` keeps to the scalar
    /// loop (the tests' reference).
    static func warp(
        image: UnsafePointer<UInt32>, imageStride: Int, imageWidth: Int, imageHeight: Int,
        mask: UnsafePointer<UInt8>, maskStride: Int,
        out: UnsafeMutablePointer<UInt32>, outStride: Int, width: Int, height: Int, map h: Homography,
        rows: Range<Int>? = nil, columns: Range<Int>? = nil, over: Bool = false, vectorized: Bool = true
    ) {
        let m = h.m
        let rows = (rows ?? 0..<height).clamped(to: 0..<height), columns = (columns ?? 0..<width).clamped(to: 0..<width)
        var warp = ReelProjective(
            image: image, imageStride: imageStride, imageWidth: imageWidth, imageHeight: imageHeight,
            mask: mask, maskStride: maskStride, out: out, outStride: outStride,
            m: (m[0][0], m[0][1], m[0][2], m[1][0], m[1][1], m[1][2], m[2][0], m[2][1], m[2][2]))
        reel_projective_warp(
            &warp, rows.lowerBound, rows.upperBound, columns.lowerBound, columns.upperBound, over ? 1 : 0,
            vectorized ? 1 : 0)
    }
}
