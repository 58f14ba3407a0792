// PLACEHOLDER: replaced by the timing-diagram branch at merge
import Foundation
import ReelCore

/// The scene's timing diagram as SVG (placeholder: an empty time axis).
public struct TimingDiagram: Sendable {
    let duration: Double

    /// The diagram of a loaded scene.
    /// - Parameter job: the scene, loaded.
    public init(job: LoadedJob) throws {
        duration = job.canvas.duration
    }

    /// An SVG document; its root carries `data-duration`, `data-x0` and `data-x1` (the x of
    /// time 0 and of the end, in the SVG's user units) for a playhead drawn over it.
    public func svg() -> String {
        """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 40" width="800" height="40" \
        data-duration="\(duration)" data-x0="20" data-x1="780">\
        <line x1="20" y1="20" x2="780" y2="20" stroke="#888" stroke-width="1"/></svg>
        """
    }
}
