import Foundation
import ReelCore
import ReelRender

extension PropertyPlot {
    static let width = 1280.0
    static let margin = 24.0
    static let plotLeft = 96.0
    static let panelHeight = 250.0
    static let panelGap = 28.0
    static let headerHeight = 64.0

    /// Panels stacked under a header, sharing the time axis.
    func drawing() -> Diagram {
        var out: [DiagramElement] = []
        out.append(.text("\(title) — values", x: Self.margin, y: 32, font: ReviewStyle.title, color: ReviewStyle.text))
        out.append(
            .text(
                "\(ReviewStyle.number(duration)) s · \(ReviewStyle.number(fps)) fps · presentation values, "
                    + "\(Self.samplesPerFrame) samples a frame (finer at jumps)",
                x: Self.margin, y: 52, font: ReviewStyle.small, color: ReviewStyle.secondary))
        var y = Self.headerHeight + 8
        for panel in panels {
            draw(panel, top: y, into: &out)
            y += Self.panelHeight + Self.panelGap
        }
        var page = Diagram(
            width: Self.width, height: y - Self.panelGap + Self.margin, background: ReviewStyle.background)
        page.elements = out
        return page
    }

    private func draw(_ panel: PlotPanel, top: Double, into out: inout [DiagramElement]) {
        let left = Self.plotLeft, right = Self.width - Self.margin - 8
        let titleBaseline = top + 18
        let stripTop = top + 28
        // A band for event captions above the values.
        let
            plotTop =
                top + (panel.colors.isEmpty ? 34 : 50) + (panel.events.isEmpty ? 0 : 16)
                + Double(panel.easing.count) * Self.easingLine,
            plotBottom = top + Self.panelHeight - 30
        out.append(
            .rect(
                x: Self.margin, y: top, width: Self.width - 2 * Self.margin, height: Self.panelHeight, radius: 6,
                fill: ReviewStyle.panel))
        // Title, then the legend from the right, as far as it fits.
        out.append(.text(panel.layer, x: left, y: titleBaseline, font: ReviewStyle.labelBold, color: ReviewStyle.text))
        let layerWidth = Diagram.textWidth(panel.layer, font: ReviewStyle.labelBold)
        let heading = panel.keyPath + (panel.unit.isEmpty ? "" : "  (\(panel.unit))")
        out.append(
            .text(
                heading, x: left + layerWidth + 10, y: titleBaseline, font: ReviewStyle.label,
                color: ReviewStyle.secondary))
        let headingEnd = left + layerWidth + 10 + Diagram.textWidth(heading, font: ReviewStyle.label) + 24
        var legendX = right
        for (i, series) in panel.series.enumerated().reversed() {
            let w = Diagram.textWidth(series.name, font: ReviewStyle.small)
            guard legendX - w - 26 > headingEnd else { break }
            legendX -= w
            out.append(
                .text(series.name, x: legendX, y: titleBaseline, font: ReviewStyle.small, color: ReviewStyle.secondary))
            out.append(
                .polyline(
                    [CGPoint(x: legendX - 22, y: titleBaseline - 4), CGPoint(x: legendX - 6, y: titleBaseline - 4)],
                    stroke: stroke(i, of: panel, width: 2.5)))
            legendX -= 36
        }
        // Scenes compared: each one's timing of the property, in its colour.
        for (i, text) in panel.easing.enumerated() {
            out.append(
                .text(
                    Diagram.fitted(text, width: right - left, font: ReviewStyle.small), x: left,
                    y: top + 34 + Double(i) * Self.easingLine, font: ReviewStyle.small, color: Self.sceneColor(i)))
        }
        // A colour's own look over time.
        if !panel.colors.isEmpty {
            out.append(
                .rect(
                    x: left, y: stripTop, width: right - left, height: 12, fill: nil,
                    stroke: DiagramStroke(ReviewStyle.grid)))
            // A cell per point of width, each overlapping the next so no seams show between them.
            var cell: (x: Double, color: CGColor?)?
            for (i, sample) in panel.colors.enumerated() {
                let px = x(sample.time, left, right)
                let last = i == panel.colors.count - 1
                if let open = cell, px - open.x >= 1 || last {
                    if let c = open.color {
                        out.append(
                            .rect(
                                x: open.x, y: stripTop, width: min(px - open.x + 1, right - open.x), height: 12,
                                fill: DiagramColor(red: c.red, green: c.green, blue: c.blue, alpha: c.alpha)))
                    }
                    cell = nil
                }
                if cell == nil { cell = (px, sample.color) }
            }
        }
        // Value axis.
        // Infinite values (a size that overflowed) are drawn as gaps and left out of the axis.
        let values = panel.series.flatMap { $0.points.compactMap(\.value) }.filter(\.isFinite)
        var low = values.min() ?? 0, high = values.max() ?? 1
        if high - low < 1e-9 { let pad = low == 0 ? 1 : abs(low) * 0.1; low -= pad; high += pad }
        let pad = (high - low) * 0.06
        low -= pad; high += pad
        func y(_ v: Double) -> Double { plotBottom - (plotBottom - plotTop) * (v - low) / (high - low) }
        let (ticks, step) = ReviewStyle.ticks(from: low, to: high, length: plotBottom - plotTop, minSpacing: 28)
        let digits = max(0, min(4, Int(saturating: -log10(step).rounded(.down)) + 1))
        for v in ticks {
            out.append(
                .polyline(
                    [CGPoint(x: left, y: y(v)), CGPoint(x: right, y: y(v))], stroke: DiagramStroke(ReviewStyle.grid)))
            out.append(
                .text(
                    ReviewStyle.number(v, digits: digits), x: left - 8, y: y(v) + 3.5, font: ReviewStyle.tick,
                    color: ReviewStyle.secondary, anchor: .end))
        }
        // Time axis.
        let (times, _) = ReviewStyle.ticks(from: 0, to: duration, length: right - left, minSpacing: 64)
        for t in times {
            let px = x(t, left, right)
            out.append(
                .polyline(
                    [CGPoint(x: px, y: plotTop), CGPoint(x: px, y: plotBottom + 4)],
                    stroke: DiagramStroke(ReviewStyle.grid)))
            out.append(
                .text(
                    "\(ReviewStyle.number(t)) s", x: px, y: plotBottom + 17, font: ReviewStyle.tick,
                    color: ReviewStyle.secondary,
                    anchor: t == 0 ? .start : (t >= duration - 1e-9 ? .end : .middle)))
        }
        out.append(
            .polyline(
                [CGPoint(x: left, y: plotBottom), CGPoint(x: right, y: plotBottom)],
                stroke: DiagramStroke(ReviewStyle.axis)))
        // Events: a line and a marker at each; a caption per moment when there is room.
        var moments: [[AnimationEvent]] = []
        for event in panel.events {
            if let last = moments.last?.last, abs(last.time - event.time) < 1e-9 {
                moments[moments.count - 1].append(event)
            } else {
                moments.append([event])
            }
        }
        var labelledUntil = -Double.infinity
        let xs = moments.map { x($0[0].time, left, right) }
        for (index, moment) in moments.enumerated() {
            let px = xs[index]
            for event in moment {
                let color = event.kind == .didStart ? ReviewStyle.start : ReviewStyle.stop
                out.append(
                    .polyline(
                        [CGPoint(x: px, y: plotTop), CGPoint(x: px, y: plotBottom)],
                        stroke: DiagramStroke(color.opacity(0.55), dash: [4, 3])))
                out.append(
                    .polyline(
                        ReviewStyle.marker(x: px, y: plotTop - 2, size: 7), stroke: DiagramStroke(color, width: 1.2),
                        fill: event.finished == false ? ReviewStyle.panel : color, closed: true))
            }
            let label = moment.map { ($0.kind == .didStart ? "start " : "stop ") + ($0.key ?? "(no key)") }.joined(
                separator: " · ")
            let color =
                Set(moment.map(\.kind)).count == 1
                ? (moment[0].kind == .didStart ? ReviewStyle.start : ReviewStyle.stop) : ReviewStyle.secondary
            let w = Diagram.textWidth(label, font: ReviewStyle.small)
            // Right of the marker up to the next one, else left of it after the previous caption.
            let limit = index + 1 < xs.count ? xs[index + 1] - 8 : right
            let startX = px + 7 + w < limit ? px + 7 : px - 7 - w
            if startX > labelledUntil, startX > left, startX + w < limit {
                out.append(.text(label, x: startX, y: plotTop - 4, font: ReviewStyle.small, color: color))
                labelledUntil = startX + w + 8
            }
        }
        // The lines, broken where the layer is not in the tree.
        var lines: [DiagramElement] = []
        for (i, series) in panel.series.enumerated() {
            var run: [CGPoint] = []
            func flush() {
                if run.count == 1 {
                    lines.append(.circle(x: run[0].x, y: run[0].y, radius: 1.5, fill: color(i, of: panel)))
                }
                if run.count > 1 { lines.append(.polyline(run, stroke: stroke(i, of: panel, width: 2))) }
                run = []
            }
            for p in series.points {
                guard let v = p.value, v.isFinite else { flush(); continue }
                run.append(CGPoint(x: x(p.time, left, right), y: y(v)))
            }
            flush()
        }
        out.append(.clipped(x: left, y: plotTop - 2, width: right - left, height: plotBottom - plotTop + 4, lines))
    }

    private func x(_ t: Double, _ left: Double, _ right: Double) -> Double { left + (right - left) * t / duration }

    static let easingLine = 15.0

    /// Scenes compared: a colour per scene.
    static func sceneColor(_ scene: Int) -> DiagramColor { ReviewStyle.series[[0, 3, 2, 4][scene % 4]] }

    /// Scenes compared: a colour per scene, a dash per component; else `color`, solid.
    private func stroke(_ index: Int, of panel: PlotPanel, width: Double) -> DiagramStroke {
        guard !panel.easing.isEmpty else { return DiagramStroke(color(index, of: panel), width: width) }
        let scene = panel.series[index].scene
        let component = panel.series[..<index].filter { $0.scene == scene }.count
        let dashes: [[Double]] = [[], [6, 4], [2, 3], [8, 3, 2, 3]]
        return DiagramStroke(Self.sceneColor(scene), width: width, dash: dashes[component % dashes.count])
    }

    /// A colour's components drawn in their own colours; other values in the series palette.
    private func color(_ index: Int, of panel: PlotPanel) -> DiagramColor {
        if !panel.colors.isEmpty {
            return [
                DiagramColor(hex: 0xFF6B6B), DiagramColor(hex: 0x56D364), DiagramColor(hex: 0x4C8DFF),
                DiagramColor(hex: 0xC9D1D9)
            ][index % 4]
        }
        return ReviewStyle.series[index % ReviewStyle.series.count]
    }
}
