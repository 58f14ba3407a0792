import Foundation
import ReelCore
import ReelEncode
import ReelScene

/// What a render does with a frame of odd pixel size when the codec needs even ones (H.264, HEVC
/// and VP9 halve the colour resolution both ways).
///
/// A Lottie file's size is the designer's (an iPhone's 375 × 667 points), not chosen for video,
/// so its frame gets one more transparent pixel column or row at the right or bottom, with a
/// note; a scene's size is its author's choice, so there it stays an error, placed at the
/// canvas size in the file.
struct OddFrameSize: Sendable {
    /// Whether odd sizes are padded (Lottie files) rather than refused.
    var pads = false
    /// The scene file as the job names it, and where its canvas size is written (nil for a scene
    /// made in Swift).
    var file = ""
    var sizeLocation: SourcePosition?

    /// Whether `format` cannot encode `canvas` for its odd pixel size.
    static func isRefused(_ canvas: Canvas, by format: OutputFormat) -> Bool {
        guard case .video(_, let codec) = format, codec.subsamplesChroma else { return false }
        return canvas.pixelWidth % 2 != 0 || canvas.pixelHeight % 2 != 0
    }

    /// `canvas` grown to even pixel sizes when this pads and `format` needs them, with the note
    /// saying so; otherwise `canvas` as it is.
    func fit(_ canvas: Canvas, for format: OutputFormat) -> (canvas: Canvas, note: String?) {
        guard pads, Self.isRefused(canvas, by: format) else { return (canvas, nil) }
        let (width, height) = (canvas.pixelWidth, canvas.pixelHeight)
        var even = canvas
        // The size in points of whole even pixel counts: the content stays at the top left.
        even.size = CGSize(
            width: Double(width + width % 2) / canvas.scale, height: Double(height + height % 2) / canvas.scale)
        let edges = [width % 2 != 0 ? "right" : nil, height % 2 != 0 ? "bottom" : nil].compactMap { $0 }
        return (
            even,
            "the frame is \(width)×\(height) pixels (size × scale) and \(format.displayName) needs even sizes: "
                + "padded with one transparent pixel at the \(edges.joined(separator: " and ")), "
                + "\(even.pixelWidth)×\(even.pixelHeight)"
        )
    }

    /// The error for an output `format` refused (`message`): placed at the canvas size when the
    /// frame's odd size is why.
    func refusal(_ message: String, canvas: Canvas, format: OutputFormat) -> RenderJobError {
        guard let sizeLocation, Self.isRefused(canvas, by: format) else { return .invalid(message) }
        return .located(SceneProblem(file: file, location: sizeLocation, message: message))
    }
}
