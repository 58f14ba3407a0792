import Foundation
import ReelCore
import ReelRender

/// Curves compared (`reel plot A.yaml B.yaml --series card.position.y`): exactly the series
/// named, each in one panel with every scene's values on one axis — a colour per scene, the
/// legend naming each — and under the title each scene's easing of that property (duration and
/// timing function, or spring parameters), so a change of timing reads off the picture.
extension PropertyPlot {
    /// Samples each of `series` (`LAYER.KEYPATH`, e.g. `card.position.y`) in every scene.
    /// - Throws: `RenderJobError.invalid` for a series whose layer or key path is not in a scene,
    ///   or a scene without a duration.
    public init(comparing jobs: [LoadedJob], series: [String]) throws {
        guard !jobs.isEmpty, !series.isEmpty else {
            throw RenderJobError.invalid("give at least one scene and one --series LAYER.KEYPATH")
        }
        let names = jobs.map { ($0.job.scene as NSString).lastPathComponent }
        let letters = jobs.indices.map { jobs.count == 1 ? "" : String(UnicodeScalar(UInt8(65 + $0 % 26))) }
        var panels: [PlotPanel] = []
        for text in series.reduce(into: [String](), { if !$0.contains($1) { $0.append($1) } }) {
            var lines: [PlotSeries] = [], easing: [String] = []
            var unit = "", layerName = "", keyPath = ""
            for (index, job) in jobs.enumerated() {
                let (layer, key) = try Self.split(text, in: job)
                let single = try PropertyPlot(job: job, layers: [layer], keyPaths: [key])
                guard let panel = single.panels.first else { continue }
                (unit, layerName, keyPath) = (panel.unit, layer, key)
                let prefix = jobs.count == 1 ? "" : "\(letters[index]) "
                lines += panel.series.map { s in
                    PlotSeries(
                        name: prefix + (s.name == "value" ? names[index] : s.name), points: s.points, scene: index)
                }
                easing.append(prefix + Self.easing(of: layer, keyPath: key, in: job.timeline))
            }
            panels.append(
                PlotPanel(
                    layer: layerName, keyPath: keyPath, unit: unit, series: lines, colors: [], events: [],
                    easing: easing))
        }
        self.init(
            title: jobs.count == 1 ? names[0] : zip(letters, names).map { "\($0) \($1)" }.joined(separator: " vs "),
            duration: jobs.map(\.canvas.duration).max() ?? 0, fps: jobs[0].canvas.fps, panels: panels)
    }

    /// `card.position.y` → (`card`, `position.y`): the longest layer name of the scene the text
    /// starts with, followed by a dot (layer names may contain dots).
    static func split(_ text: String, in job: LoadedJob) throws -> (layer: String, keyPath: String) {
        let layers = job.timeline.layerOutline.compactMap(\.name).sorted { $0.count > $1.count }
        if let layer = layers.first(where: { text.hasPrefix($0 + ".") && text.count > $0.count + 1 }) {
            return (layer, String(text.dropFirst(layer.count + 1)))
        }
        throw RenderJobError.invalid(
            "\(job.job.scene): --series '\(text)' does not start with a layer name and a dot (LAYER.KEYPATH); "
                + "the scene's layers are: \(layers.sorted().joined(separator: ", "))")
    }

    /// The timing of the animations that write the key path (or a part or whole of it) on the
    /// layer: `0.5 s easeInEaseOut at 1 s`, `spring m 1 k 100 c 10 v₀ 0 · settles 1.07 s at 0 s`.
    static func easing(of layer: String, keyPath: String, in timeline: Timeline) -> String {
        func related(_ path: String) -> Bool {
            path == keyPath || path.hasPrefix(keyPath + ".") || keyPath.hasPrefix(path + ".")
        }
        func describe(_ track: AnimationTrack) -> String {
            let time = "\(ReviewStyle.number(track.timing.duration)) s"
            if let spring = track.spring { return TimingDiagram.springCaptions(spring)[1] + " (duration \(time))" }
            return time + " " + (track.timingFunction?.description ?? "linear")
        }
        var parts: [String] = []
        for entry in timeline.layerOutline where entry.name == layer {
            for attachment in entry.animations {
                let tracks = [attachment.track] + attachment.track.children
                for track in tracks where track.kind != .group && track.keyPaths.contains(where: related) {
                    parts.append(describe(track) + " at \(ReviewStyle.number(attachment.addedAt)) s")
                }
            }
        }
        return parts.isEmpty ? "not animated" : parts.joined(separator: "; ")
    }
}
