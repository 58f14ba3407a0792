import Foundation
import Reel

/// The picture the HTML report shows for a video output before it plays: its middle frame,
/// kept beside the output as `.NAME.poster.png` (for `clip.mp4`, `.clip.mp4.poster.png`), like
/// its `OutputRecord`, so it travels with the output and the page links it relatively.
///
/// A browser shows a video's first frame until it plays (HTML, "the video element": the poster,
/// else the first frame), and frame 0 is empty for any entrance animation; a `poster` image
/// needs no script and no decoding.
enum OutputPoster {
    /// Pixels wide at most: the report's cards are 560 pixels wide.
    static let width = 640.0

    /// The outputs the report plays in a `<video>`, which get a poster.
    static let videoExtensions: Set = ["mp4", "webm"]

    /// Where the poster of `output` lives.
    static func path(for output: String) -> String {
        let folder = (output as NSString).deletingLastPathComponent
        let name = (output as NSString).lastPathComponent
        return BatchPlan.join(folder, ".\(name).poster.png")
    }

    /// Draws the middle frame `plan` renders, at most `width` pixels wide, and writes it beside
    /// `output` (whole or not at all). Nothing for outputs shown otherwise than as a video.
    static func write(for output: String, plan: PlannedRender, loaded: LoadedJob) throws {
        guard videoExtensions.contains((output as NSString).pathExtension.lowercased()) else { return }
        var canvas = plan.canvas
        canvas.scale = min(canvas.scale, width / max(canvas.size.width, 1))
        guard canvas.pixelWidth > 0, canvas.pixelHeight > 0, !plan.session.frames.isEmpty else { return }
        let frames = plan.session.frames
        let middle = frames.lowerBound + frames.count / 2
        let image = loaded.frames(at: [plan.canvas.time(ofFrame: middle)], canvas: canvas)[0]
        try AtomicOutput.write(Array(PNGFile.encode(image)), to: path(for: output))
    }
}
