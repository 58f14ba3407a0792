import Foundation
import ReelCore
import ReelRender

/// The timing diagram's marks across rows — transactions, animation events — and its legend.
extension TimingDiagram {
    func drawTransactions(
        scale: TimeScale, top: Double, rowsTop: Double, rowsBottom: Double, into out: inout [DiagramElement]
    ) {
        let mid = top + Self.transactionLane / 2
        out.append(.text("transactions", x: Self.margin, y: mid + 4, font: ReviewStyle.small, color: ReviewStyle.faint))
        // Transactions at one time share a diamond (hollow when any made implicit animations).
        var groups: [[TransactionRecord]] = []
        for record in transactions {
            if let last = groups.last?.last, abs(last.time - record.time) < 1e-9 {
                groups[groups.count - 1].append(record)
            } else {
                groups.append([record])
            }
        }
        let xs = groups.map { scale.x($0[0].time) }
        for x in xs {
            out.append(
                .polyline(
                    [CGPoint(x: x, y: mid + 7), CGPoint(x: x, y: rowsBottom)],
                    stroke: DiagramStroke(ReviewStyle.transaction.opacity(0.35), dash: [3, 3])))
        }
        var labelledUntil = -Double.infinity
        for (i, group) in groups.enumerated() {
            let x = xs[i]
            let implicit = group.contains { $0.implicitAnimations > 0 }
            let details = group.map { record in
                var parts = [Self.caption([record]) + " at \(ReviewStyle.number(record.time)) s"]
                if !record.changedLayers.isEmpty {
                    parts.append("changed " + record.changedLayers.joined(separator: ", "))
                }
                if record.explicitAnimations > 0 { parts.append("\(record.explicitAnimations) added") }
                if record.implicitAnimations > 0 { parts.append("\(record.implicitAnimations) implicit") }
                return parts.joined(separator: "; ")
            }
            out.append(
                .titled(
                    details.joined(separator: "\n"),
                    [
                        .polyline(
                            ReviewStyle.diamond(x: x, y: mid, size: 5),
                            stroke: DiagramStroke(ReviewStyle.transaction, width: 1.2),
                            fill: implicit ? ReviewStyle.background : ReviewStyle.transaction, closed: true)
                    ]))
            // A short caption when there is room before the next diamond: what ran it.
            let caption = Self.caption(group)
            let width = Diagram.textWidth(caption, font: ReviewStyle.small)
            let limit = i + 1 < xs.count ? xs[i + 1] - 8 : scale.x1
            if x + 8 > labelledUntil, x + 8 + width < limit {
                out.append(
                    .text(
                        caption, x: x + 8, y: mid + 4, font: ReviewStyle.small,
                        color: ReviewStyle.transaction.opacity(0.85)))
                labelledUntil = x + 8 + width + 6
            }
        }
    }

    /// `entry 3`, `entries 1, 2`, `delegate`, `entry 4 + delegate`: what ran transactions at one time.
    static func caption(_ group: [TransactionRecord]) -> String {
        let entries = group.compactMap { if case .entry(let i) = $0.cause { i + 1 } else { nil } }
        var parts: [String] = []
        if !entries.isEmpty {
            parts.append(
                (entries.count == 1 ? "entry " : "entries ") + entries.map(String.init).joined(separator: ", "))
        }
        if group.contains(where: { $0.cause == .initial }) { parts.append("initial") }
        if group.contains(where: { $0.cause == .delegate }) { parts.append("delegate") }
        if group.contains(where: { $0.cause == .completion }) { parts.append("completion") }
        return parts.joined(separator: " + ")
    }

    /// didStart / didStop markers on the bar of the animation they belong to.
    func drawEvents(
        slots: [(row: TimingRow, bar: TimingBar, top: Double, height: Double)], scale: TimeScale,
        into out: inout [DiagramElement]
    ) {
        for event in events {
            // The attachment with this layer and key that was on the layer then (the latest added).
            guard
                let slot = slots.last(where: { slot in
                    slot.row.name == event.layer && slot.bar.key == event.key && !slot.bar.isImplicit
                        && slot.bar.addedAt <= event.time + 1e-9 && event.time <= slot.bar.removedAt + 1e-9
                })
            else { continue }
            let x = scale.x(event.time), tip = slot.top + 6
            let color = event.kind == .didStart ? ReviewStyle.start : ReviewStyle.stop
            let hollow = event.finished == false
            let what =
                "\(event.kind.rawValue) \(event.key ?? "(no key)") at \(ReviewStyle.number(event.time)) s"
                + (event.finished.map { $0 ? ", finished" : ", not finished" } ?? "")
            out.append(
                .titled(
                    what,
                    [
                        .polyline(
                            ReviewStyle.marker(x: x, y: tip, size: 6), stroke: DiagramStroke(color, width: 1.2),
                            fill: hollow ? ReviewStyle.background : color, closed: true)
                    ]))
        }
    }

    /// The key under the rows; returns its bottom.
    func drawLegend(top: Double, into out: inout [DiagramElement]) -> Double {
        enum Swatch {
            case bar(DiagramColor), fill, reverse, notch, removal, marker(DiagramColor, hollow: Bool), diamond(
                filled: Bool), curve
        }
        let items: [(Swatch, String)] = [
            (.bar(ReviewStyle.basic), "basic"), (.bar(ReviewStyle.keyframe), "keyframe"),
            (.bar(ReviewStyle.spring), "spring"),
            (.bar(ReviewStyle.group), "group"), (.bar(ReviewStyle.transition), "transition"),
            (.bar(ReviewStyle.implicit), "implicit"),
            (.fill, "fill"), (.reverse, "reversed half"), (.notch, "repeat"), (.curve, "progress"),
            (.removal, "removed"),
            (.marker(ReviewStyle.start, hollow: false), "didStart"),
            (.marker(ReviewStyle.stop, hollow: false), "didStop"),
            (.marker(ReviewStyle.stop, hollow: true), "stopped early"), (.diamond(filled: true), "transaction"),
            (.diamond(filled: false), "with implicit animations")
        ]
        var x = Self.margin, y = top
        out.append(
            .polyline(
                [CGPoint(x: Self.margin, y: y - 8), CGPoint(x: Self.width - Self.margin, y: y - 8)],
                stroke: DiagramStroke(ReviewStyle.grid)))
        for (swatch, text) in items {
            let width = 26 + Diagram.textWidth(text, font: ReviewStyle.small) + 16
            if x + width > Self.width - Self.margin { x = Self.margin; y += 22 }
            let mid = y + 9
            switch swatch {
            case .bar(let c): out.append(.rect(x: x, y: mid - 6, width: 20, height: 12, radius: 2, fill: c))
            case .fill:
                out.append(
                    .rect(
                        x: x, y: mid - 6, width: 20, height: 12, fill: ReviewStyle.basic.opacity(0.22),
                        stroke: DiagramStroke(ReviewStyle.basic.opacity(0.55), dash: [4, 3])))
            case .reverse:
                out.append(
                    .rect(
                        x: x, y: mid - 6, width: 20, height: 12,
                        fill: ReviewStyle.basic.mixed(with: ReviewStyle.background, 0.35)))
            case .notch:
                out.append(.rect(x: x, y: mid - 6, width: 20, height: 12, fill: ReviewStyle.basic))
                out.append(
                    .polyline(
                        [CGPoint(x: x + 10, y: mid - 6), CGPoint(x: x + 10, y: mid + 6)],
                        stroke: DiagramStroke(ReviewStyle.background, width: 2)))
            case .curve:
                out.append(.rect(x: x, y: mid - 6, width: 20, height: 12, fill: ReviewStyle.basic))
                out.append(
                    .polyline(
                        [
                            CGPoint(x: x + 2, y: mid + 4), CGPoint(x: x + 8, y: mid + 2),
                            CGPoint(x: x + 12, y: mid - 2), CGPoint(x: x + 18, y: mid - 4)
                        ],
                        stroke: DiagramStroke(.white, width: 1.4)))
            case .removal:
                out.append(
                    .polyline(
                        [CGPoint(x: x + 10, y: mid - 8), CGPoint(x: x + 10, y: mid + 8)],
                        stroke: DiagramStroke(ReviewStyle.stop, width: 2)))
            case .marker(let c, let hollow):
                out.append(
                    .polyline(
                        ReviewStyle.marker(x: x + 10, y: mid + 4, size: 8), stroke: DiagramStroke(c, width: 1.2),
                        fill: hollow ? ReviewStyle.background : c, closed: true))
            case .diamond(let filled):
                out.append(
                    .polyline(
                        ReviewStyle.diamond(x: x + 10, y: mid, size: 5),
                        stroke: DiagramStroke(ReviewStyle.transaction, width: 1.2),
                        fill: filled ? ReviewStyle.transaction : ReviewStyle.background, closed: true))
            }
            out.append(.text(text, x: x + 26, y: mid + 4, font: ReviewStyle.small, color: ReviewStyle.secondary))
            x += width
        }
        return y + 20
    }
}
