import Foundation
import ReelCore
import ReelRender

extension TimingDiagram {
    // MARK: Layout (points)

    static let width = 1280.0
    static let margin = 24.0
    static let labelColumn = 300.0
    static let headerHeight = 64.0
    static let axisHeight = 30.0
    static let transactionLane = 26.0
    static let layerLine = 24.0
    static let barLane = 36.0
    static let childLane = 22.0

    /// Where times sit across the page.
    struct TimeScale {
        let x0: Double, x1: Double, duration: Double
        func x(_ t: Double) -> Double { x0 + (x1 - x0) * min(max(t, 0), duration) / duration }
    }

    /// The diagram as a drawing: header, time axis, transactions lane, a row per layer, legend.
    func drawing() -> Diagram {
        let m = Self.margin
        let scale = TimeScale(x0: m + Self.labelColumn + 16, x1: Self.width - m - 8, duration: duration)
        var body: [DiagramElement] = []
        var y = Self.headerHeight + Self.axisHeight + Self.transactionLane + 6
        let rowsTop = y
        var barSlots: [(row: TimingRow, bar: TimingBar, top: Double, height: Double)] = []
        for (index, row) in shownRows.enumerated() {
            let lanes = Self.lanes(of: row)
            let height = Self.layerLine + lanes.reduce(0) { $0 + Self.height(of: $1) }
            if index % 2 == 1 {
                body.append(.rect(x: m, y: y, width: Self.width - 2 * m, height: height, fill: ReviewStyle.zebra))
            }
            drawLayerName(row, y: y, into: &body)
            var laneTop = y + Self.layerLine
            for lane in lanes {
                drawLaneLabel(lane, depth: row.depth, top: laneTop, into: &body)
                // Inside each bar of a shared lane, what tells them apart: the transition, or the key.
                let transitions = Set(lane.map { $0.transitionName ?? "" }), keys = Set(lane.map { $0.key ?? "" })
                for (i, bar) in lane.enumerated() {
                    let name = transitions.count > 1 ? bar.transitionName : keys.count > 1 ? bar.key : nil
                    drawBar(
                        bar, depth: row.depth, top: laneTop, child: false, labelled: i == 0, name: name, scale: scale,
                        into: &body)
                    barSlots.append((row, bar, laneTop, Self.barLane))
                }
                laneTop += Self.height(of: lane)
            }
            y += height
        }
        let rowsBottom = y
        var page = Diagram(width: Self.width, height: 0, background: ReviewStyle.background)
        // The preview studio draws its playhead over the embedded diagram from these.
        page.rootAttributes = [("data-x0", "\(scale.x0)"), ("data-x1", "\(scale.x1)"), ("data-duration", "\(duration)")]
        drawHeader(into: &page.elements)
        drawAxis(scale: scale, top: Self.headerHeight, rowsBottom: rowsBottom, into: &page.elements)
        drawTransactions(
            scale: scale, top: Self.headerHeight + Self.axisHeight, rowsTop: rowsTop, rowsBottom: rowsBottom,
            into: &page.elements)
        page.elements += body
        drawEvents(slots: barSlots, scale: scale, into: &page.elements)
        let legendBottom = drawLegend(top: rowsBottom + 18, into: &page.elements)
        page.height = (legendBottom + m).rounded(.up)
        return page
    }

    /// Rows beyond this many leave out layers with no animations in their whole subtree.
    static let foldingThreshold = 100

    /// The rows drawn: all of them, or for large trees those with animations and their ancestors.
    var shownRows: [TimingRow] {
        guard rows.count > Self.foldingThreshold else { return rows }
        // Walking up from the end: a row stays when it or a row below it in its subtree has bars.
        var keep = [Bool](repeating: false, count: rows.count)
        var busyDepths: [Int] = []  // depths of kept rows still waiting for their parent
        for i in rows.indices.reversed() {
            let depth = rows[i].depth
            let hasBusyChild = busyDepths.contains { $0 > depth }
            busyDepths.removeAll { $0 > depth }
            if !rows[i].bars.isEmpty || hasBusyChild || depth == 0 {
                keep[i] = true
                busyDepths.append(depth)
            }
        }
        return rows.indices.filter { keep[$0] }.map { rows[$0] }
    }

    /// A row's bars in lanes: animations of the same key path (or transitions) added one after
    /// another — a tick each second, a transition each time an image changes — share a lane,
    /// as in browser animation inspectors.
    static func lanes(of row: TimingRow) -> [[TimingBar]] {
        var lanes: [[TimingBar]] = []
        for bar in row.bars {
            if let i = lanes.firstIndex(where: { lane in
                let last = lane[lane.count - 1]
                return last.isImplicit == bar.isImplicit && last.kind == bar.kind
                    && (last.label == bar.label || bar.kind == .transition)
                    && last.removedAt <= bar.addedAt
            }) {
                lanes[i].append(bar)
            } else {
                lanes.append([bar])
            }
        }
        return lanes
    }

    static func height(of lane: [TimingBar]) -> Double { lane.map { height(of: $0) }.max() ?? barLane }

    /// A bar's lane height, its children's included.
    static func height(of bar: TimingBar, child: Bool = false) -> Double {
        (child ? childLane : barLane) + bar.children.reduce(0) { $0 + height(of: $1, child: true) }
    }

    private func drawHeader(into out: inout [DiagramElement]) {
        let m = Self.margin
        out.append(.text("\(title) — timing", x: m, y: 32, font: ReviewStyle.title, color: ReviewStyle.text))
        func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
        let bars = rows.reduce(0) { $0 + $1.bars.count }
        let facts =
            "\(ReviewStyle.number(duration)) s · \(ReviewStyle.number(fps)) fps · "
            + [
                count(rows.count, "layer"), count(bars, "animation"), count(events.count, "event"),
                count(transactions.count, "transaction")
            ].joined(separator: " · ")
            + (shownRows.count < rows.count
                ? " · \(rows.count - shownRows.count) layers without animations not shown" : "")
        out.append(.text(facts, x: m, y: 52, font: ReviewStyle.small, color: ReviewStyle.secondary))
    }

    private func drawAxis(scale: TimeScale, top: Double, rowsBottom: Double, into out: inout [DiagramElement]) {
        let (values, step) = ReviewStyle.ticks(from: 0, to: duration, length: scale.x1 - scale.x0, minSpacing: 64)
        let minor = step / 5
        let baseline = top + Self.axisHeight - 4
        out.append(
            .polyline(
                [CGPoint(x: scale.x0, y: baseline), CGPoint(x: scale.x1, y: baseline)],
                stroke: DiagramStroke(ReviewStyle.axis)))
        var t = 0.0
        while t <= duration + 1e-9 {
            let x = scale.x(t)
            out.append(
                .polyline(
                    [CGPoint(x: x, y: baseline - 3), CGPoint(x: x, y: baseline)],
                    stroke: DiagramStroke(ReviewStyle.axis)))
            t += minor
        }
        for v in values {
            let x = scale.x(v)
            out.append(
                .polyline(
                    [CGPoint(x: x, y: baseline - 8), CGPoint(x: x, y: baseline)],
                    stroke: DiagramStroke(ReviewStyle.secondary)))
            out.append(
                .polyline(
                    [CGPoint(x: x, y: baseline + 1), CGPoint(x: x, y: rowsBottom)],
                    stroke: DiagramStroke(ReviewStyle.grid)))
            let anchor: DiagramTextAnchor = v == 0 ? .start : (abs(v - duration) < step * 1e-6 ? .end : .middle)
            out.append(
                .text(
                    "\(ReviewStyle.number(v)) s", x: x, y: baseline - 11, font: ReviewStyle.tick,
                    color: ReviewStyle.secondary,
                    anchor: anchor))
        }
        // The scene's end, where frames stop.
        out.append(
            .polyline(
                [CGPoint(x: scale.x1, y: top + 6), CGPoint(x: scale.x1, y: rowsBottom)],
                stroke: DiagramStroke(ReviewStyle.axis, width: 1.5)))
        out.append(.text("time", x: Self.margin, y: baseline - 11, font: ReviewStyle.small, color: ReviewStyle.faint))
    }

    private func drawLayerName(_ row: TimingRow, y: Double, into out: inout [DiagramElement]) {
        let x = Self.margin + 8 + Double(min(row.depth, 12)) * 14
        let available = Self.margin + Self.labelColumn - x
        let name = Diagram.fitted(row.name, width: available * 0.65, font: ReviewStyle.labelBold)
        out.append(.text(name, x: x, y: y + 16, font: ReviewStyle.labelBold, color: ReviewStyle.text))
        let nameWidth = Diagram.textWidth(name, font: ReviewStyle.labelBold)
        let detail = Diagram.fitted(
            (row.isMask ? "mask · " : "") + row.className, width: available - nameWidth - 8, font: ReviewStyle.small)
        out.append(.text(detail, x: x + nameWidth + 8, y: y + 16, font: ReviewStyle.small, color: ReviewStyle.faint))
        if row.depth > 0 {
            // A tree guide from the parent's column.
            out.append(
                .polyline(
                    [CGPoint(x: x - 10, y: y + 6), CGPoint(x: x - 10, y: y + 12), CGPoint(x: x - 4, y: y + 12)],
                    stroke: DiagramStroke(ReviewStyle.faint, width: 1)))
        }
    }

    /// A lane's label column: a colour chip, the key path, the key; then the timing in brief.
    private func drawLaneLabel(_ lane: [TimingBar], depth: Int, top: Double, into out: inout [DiagramElement]) {
        let bar = lane[0]
        let indent = Self.margin + 8 + Double(min(depth, 12)) * 14 + 16
        let available = Self.margin + Self.labelColumn - indent
        out.append(
            .rect(
                x: indent - 12, y: top + 7, width: 6, height: 10, radius: 2,
                fill: ReviewStyle.color(of: bar.kind, implicit: bar.isImplicit)))
        let labels = Set(lane.map(\.label))
        let title =
            labels.count == 1
            ? bar.label
            : bar.kind == .transition ? "transitions" : Set(lane.flatMap(\.keyPaths)).sorted().joined(separator: ", ")
        let keys = Set(lane.map { $0.key ?? "" })
        let key =
            bar.isImplicit ? "implicit" : keys.count > 1 ? "\(keys.count) keys" : bar.key.map { "“\($0)”" } ?? "no key"
        // The key path takes what the key leaves, and at least 55 % of the column.
        let keyWidth = Diagram.textWidth(key, font: ReviewStyle.small)
        let label = Diagram.fitted(
            title, width: max(available * 0.55, available - keyWidth - 8), font: ReviewStyle.label)
        out.append(.text(label, x: indent, y: top + 16, font: ReviewStyle.label, color: ReviewStyle.text))
        let used = Diagram.textWidth(label, font: ReviewStyle.label)
        out.append(
            .text(
                Diagram.fitted(key, width: available - used - 8, font: ReviewStyle.small), x: indent + used + 8,
                y: top + 16,
                font: ReviewStyle.small, color: ReviewStyle.faint))
        let timings = Set(lane.map { summary($0, begin: false) })
        let brief =
            lane.count == 1
            ? summary(bar) : "\(lane.count) animations" + (timings.count == 1 ? " · " + timings.first! + " each" : "")
        out.append(
            .text(
                Diagram.fitted(brief, width: available, font: ReviewStyle.small), x: indent, y: top + 30,
                font: ReviewStyle.small, color: ReviewStyle.secondary))
    }

    /// One bar in its lane: spans, repeats, fills, the progress curve and the removal; then its
    /// children (labelled in the left column when `labelled`). `name` is written inside it,
    /// where it fits (lanes shared by several animations).
    private func drawBar(
        _ bar: TimingBar, depth: Int, top: Double, child: Bool, labelled: Bool, name: String?, scale: TimeScale,
        into out: inout [DiagramElement]
    ) {
        let indent = Self.margin + 8 + Double(min(depth, 12)) * 14 + 30
        let available = Self.margin + Self.labelColumn - indent
        let color = ReviewStyle.color(of: bar.kind, implicit: bar.isImplicit)
        let laneHeight = child ? Self.childLane : Self.barLane
        let barTop = top + (child ? 5 : 7), barHeight = child ? 12.0 : 22.0
        if child && labelled {
            out.append(
                .polyline(
                    [
                        CGPoint(x: indent - 10, y: top + 2), CGPoint(x: indent - 10, y: top + 11),
                        CGPoint(x: indent - 4, y: top + 11)
                    ],
                    stroke: DiagramStroke(ReviewStyle.faint, width: 1)))
            let text = Diagram.fitted(bar.label + "  " + summary(bar), width: available, font: ReviewStyle.small)
            out.append(.text(text, x: indent, y: top + 15, font: ReviewStyle.small, color: ReviewStyle.secondary))
        }
        // Spans.
        var inner: [DiagramElement] = []
        let curveLow = barTop + barHeight - 3, curveHigh = barTop + 3
        let (pLow, pHigh) = progressRange(bar)
        func curveY(_ p: Double) -> Double { curveLow + (curveHigh - curveLow) * (p - pLow) / (pHigh - pLow) }
        // Iterations narrower than a few points (a 1 ms repeat) are drawn as one block, without
        // notches or curve: at this scale they would only alias.
        let activeSpans = bar.spans.filter { $0.phase == .active }
        let activeWidth = activeSpans.reduce(0) { $0 + scale.x($1.end) - scale.x($1.start) }
        let dense = activeSpans.count > 8 && activeWidth / Double(activeSpans.count) < 3
        for span in bar.spans {
            let x0 = scale.x(span.start), x1 = max(scale.x(span.end), x0 + 0.75)
            switch span.phase {
            case .active:
                let fill =
                    span.reversing && !dense ? color.mixed(with: ReviewStyle.background, 0.35) : color.opacity(0.92)
                inner.append(.rect(x: x0, y: barTop, width: x1 - x0, height: barHeight, fill: fill))
            case .before, .after:
                inner.append(
                    .rect(
                        x: x0, y: barTop + 0.5, width: x1 - x0, height: barHeight - 1, fill: color.opacity(0.22),
                        stroke: DiagramStroke(color.opacity(0.55), width: 1, dash: [4, 3])))
            }
        }
        if dense, let first = activeSpans.first, let last = activeSpans.last {
            let text =
                "\(bar.repeatStarts.count)\(bar.spans.count >= TimingTracer.maxSpans ? "+" : "") iterations, too short to draw"
            if Diagram.textWidth(text, font: ReviewStyle.small) < scale.x(last.end) - scale.x(first.start) - 8 {
                inner.append(
                    .text(
                        text, x: scale.x(first.start) + 4, y: barTop + barHeight / 2 + 4, font: ReviewStyle.small,
                        color: ReviewStyle.background))
            }
        }
        // Repeats and turns: notches across the bar.
        for t in dense ? [] : bar.repeatStarts {
            let x = scale.x(t)
            inner.append(
                .polyline(
                    [CGPoint(x: x, y: barTop), CGPoint(x: x, y: barTop + barHeight)],
                    stroke: DiagramStroke(ReviewStyle.background, width: 2)))
        }
        for t in dense ? [] : bar.reverseStarts {
            let x = scale.x(t)
            inner.append(
                .polyline(
                    [CGPoint(x: x, y: barTop + 2), CGPoint(x: x, y: barTop + barHeight - 2)],
                    stroke: DiagramStroke(ReviewStyle.background.opacity(0.7), width: 1, dash: [2, 2])))
        }
        // The progress curve, span by span (jumps between iterations are not joined).
        if !dense {
            for span in bar.spans where span.curve.count > 1 {
                let points = thinned(span.curve, scale: scale).map {
                    CGPoint(x: scale.x($0.time), y: curveY($0.progress))
                }
                let alpha = span.phase == .active ? 0.9 : 0.5
                inner.append(
                    .polyline(points, stroke: DiagramStroke(DiagramColor.white.opacity(alpha), width: child ? 1 : 1.4)))
            }
            // A keyframe animation's key times: a dot where the curve reaches each value.
            if let keyTimes = bar.timing.duration > 0 ? bar.keyTimes : nil, keyTimes.count > 2 {
                for point in Self.keyframeCrossings(bar, count: keyTimes.count) {
                    inner.append(
                        .circle(
                            x: scale.x(point.time), y: curveY(point.progress), radius: child ? 1.6 : 2.2, fill: .white))
                }
            }
        }
        if name == nil, !dense { drawSpring(bar, top: barTop, height: barHeight, scale: scale, into: &inner) }
        if let full = name, let span = bar.spans.first(where: { $0.phase == .active }) {
            let x0 = scale.x(span.start) + 4, x1 = scale.x(bar.spans.last(where: { $0.phase == .active })!.end) - 4
            // The whole name, or a transition's type alone.
            let names = [full, String(full.split(separator: " ").first ?? "")]
            if let name = names.first(where: {
                !$0.isEmpty && Diagram.textWidth($0, font: ReviewStyle.small) <= x1 - x0
            }) {
                inner.append(.text(name, x: x0, y: barTop + 11, font: ReviewStyle.small, color: ReviewStyle.background))
            }
        }
        out.append(
            .titled(
                tooltip(bar), [.clipped(x: scale.x0, y: barTop, width: scale.x1 - scale.x0, height: barHeight, inner)]))
        // Removal: a red end cap where the animation came off the layer.
        if bar.removedAt <= duration, bar.removedAt > 0 {
            let x = scale.x(bar.removedAt)
            out.append(
                .polyline(
                    [CGPoint(x: x, y: barTop - 3), CGPoint(x: x, y: barTop + barHeight + 3)],
                    stroke: DiagramStroke(ReviewStyle.stop, width: 2)))
        }
        // Children, nested under the group.
        var childTop = top + laneHeight
        for c in bar.children {
            drawBar(
                c, depth: depth, top: childTop, child: true, labelled: labelled, name: nil, scale: scale, into: &out)
            childTop += Self.height(of: c, child: true)
        }
    }

    /// Where an active span's progress passes a keyframe (progress i / (count − 1)), by linear
    /// interpolation between curve samples.
    static func keyframeCrossings(_ bar: TimingBar, count: Int) -> [ProgressPoint] {
        var found: [ProgressPoint] = []
        let levels = (0..<count).map { Double($0) / Double(count - 1) }
        for span in bar.spans where span.phase == .active {
            for (a, b) in zip(span.curve, span.curve.dropFirst()) where a.progress != b.progress {
                for level in levels
                where (a.progress < level && level <= b.progress) || (b.progress <= level && level < a.progress) {
                    let f = (level - a.progress) / (b.progress - a.progress)
                    found.append(ProgressPoint(time: a.time + (b.time - a.time) * f, progress: level))
                }
            }
            // The values at the span's very start.
            if let first = span.curve.first, levels.contains(where: { abs($0 - first.progress) < 1e-9 }) {
                found.append(first)
            }
        }
        return found
    }

    /// The progress range drawn inside a bar: 0…1, widened for overshoot.
    private func progressRange(_ bar: TimingBar) -> (Double, Double) {
        var low = 0.0, high = 1.0
        for span in bar.spans { for p in span.curve { low = min(low, p.progress); high = max(high, p.progress) } }
        return (low, high)
    }

    /// At most a few points per drawn point of width: the curves stay smooth and files small.
    private func thinned(_ curve: [ProgressPoint], scale: TimeScale) -> [ProgressPoint] {
        guard curve.count > 2 else { return curve }
        var out = [curve[0]]
        for p in curve.dropFirst().dropLast() where scale.x(p.time) - scale.x(out.last!.time) >= 0.5 { out.append(p) }
        out.append(curve.last!)
        return out
    }

    /// A bar's description for SVG viewers: what it animates, its timing and where it is active.
    private func tooltip(_ bar: TimingBar) -> String {
        var lines = [
            bar.label + (bar.key.map { " “\($0)”" } ?? "") + (bar.isImplicit ? " (implicit)" : ""), summary(bar)
        ]
        func s(_ t: Double) -> String { "\(ReviewStyle.number(t)) s" }
        lines.append("added \(s(bar.addedAt))" + (bar.removedAt.isFinite ? ", removed \(s(bar.removedAt))" : ""))
        if let start = bar.activeStart {
            lines.append("active from \(s(start))" + (bar.activeEnd.map { " to \(s($0))" } ?? " past the end"))
        }
        if let spring = bar.spring { lines += Self.springFacts(spring) }
        if !bar.repeatStarts.isEmpty {
            lines.append("repeats at " + bar.repeatStarts.prefix(12).map(s).joined(separator: ", "))
        }
        return lines.joined(separator: "\n")
    }

    /// `1 s ×∞ ⇄ easeInEaseOut · fill forwards · kept`: the timing in brief.
    func summary(_ bar: TimingBar, begin: Bool = true) -> String {
        let t = bar.timing
        var parts: [String] = []
        // beginTime (in the layer's time) only when it delays the start past the moment of adding.
        if begin, t.beginTime != 0, let start = bar.activeStart ?? bar.fillBefore?.upperBound,
            start - max(bar.addedAt, 0) > 1e-6
        {
            parts.append("begin \(ReviewStyle.number(t.beginTime)) s")
        }
        var main = "\(ReviewStyle.number(t.duration)) s"
        if t.repeatDuration > 0 {
            main += " for \(ReviewStyle.number(t.repeatDuration)) s"
        } else if t.repeatCount > 0, t.repeatCount != 1 {
            main += " ×\(ReviewStyle.number(t.repeatCount))"
        }
        if t.autoreverses { main += " ⇄" }
        parts.append(main)
        if t.speed != 1 { parts.append("speed \(ReviewStyle.number(t.speed))") }
        if t.timeOffset != 0 { parts.append("offset \(ReviewStyle.number(t.timeOffset)) s") }
        switch bar.kind {
        case .spring:
            parts.append("spring" + (bar.spring.map { ", settles \(ReviewStyle.number($0.settlingDuration)) s" } ?? ""))
        case .transition: break
        default: if let f = bar.timingFunction, !f.isLinear { parts.append(f.description) }
        }
        if t.fillMode != .removed { parts.append("fill \(t.fillMode.rawValue)") }
        if !bar.removedOnCompletion { parts.append("kept") }
        return parts.joined(separator: " · ")
    }
}
