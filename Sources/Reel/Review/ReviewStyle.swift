import Foundation
import ReelCore
import ReelRender

/// Colours, type and axis helpers shared by timing diagrams and value plots: a dark theme in
/// the manner of browser animation inspectors.
enum ReviewStyle {
    static let background = DiagramColor(hex: 0x15171C)
    static let panel = DiagramColor(hex: 0x1C1F26)
    static let zebra = DiagramColor(hex: 0x1A1D23)
    static let grid = DiagramColor(hex: 0x2A2F38)
    static let axis = DiagramColor(hex: 0x5A6170)
    static let text = DiagramColor(hex: 0xE6E8EC)
    static let secondary = DiagramColor(hex: 0x9AA3B2)
    static let faint = DiagramColor(hex: 0x6B7383)

    static let basic = DiagramColor(hex: 0x4C8DFF)
    static let keyframe = DiagramColor(hex: 0xA371F7)
    static let spring = DiagramColor(hex: 0x3FB950)
    static let group = DiagramColor(hex: 0xF0883E)
    static let transition = DiagramColor(hex: 0x2BC4C4)
    static let implicit = DiagramColor(hex: 0x8090A8)
    static let start = DiagramColor(hex: 0x56D364)
    static let stop = DiagramColor(hex: 0xFF7B72)
    static let transaction = DiagramColor(hex: 0xE3B341)

    /// Distinct line colours for plotted components, in order.
    static let series: [DiagramColor] = [
        DiagramColor(hex: 0x4C8DFF), DiagramColor(hex: 0xFF7B72), DiagramColor(hex: 0x56D364),
        DiagramColor(hex: 0xE3B341),
        DiagramColor(hex: 0xA371F7), DiagramColor(hex: 0x2BC4C4), DiagramColor(hex: 0xF778BA),
        DiagramColor(hex: 0xC9D1D9)
    ]

    static let title = DiagramFont(size: 17, bold: true)
    static let label = DiagramFont(size: 12)
    static let labelBold = DiagramFont(size: 12, bold: true)
    static let small = DiagramFont(size: 10.5)
    static let tick = DiagramFont(size: 10.5, monospaced: true)

    static func color(of kind: AnimationTrack.Kind, implicit: Bool) -> DiagramColor {
        if implicit { return ReviewStyle.implicit }
        switch kind {
        case .basic: return basic
        case .keyframe: return keyframe
        case .spring: return spring
        case .group: return group
        case .transition: return transition
        }
    }

    /// Evenly spaced "nice" tick values (1, 2, 2.5 or 5 × 10ⁿ apart) covering `low…high`, at
    /// least `minSpacing` apart when the range is drawn `length` long.
    static func ticks(from low: Double, to high: Double, length: Double, minSpacing: Double) -> (
        values: [Double], step: Double
    ) {
        let span = max(high - low, 1e-9)
        let raw = span * minSpacing / max(length, 1)
        let magnitude = pow(10, (log10(raw)).rounded(.down))
        let step = [1, 2, 2.5, 5, 10].map { $0 * magnitude }.first { $0 >= raw } ?? 10 * magnitude
        var values: [Double] = []
        var v = (low / step).rounded(.up) * step
        // Bounded: where `step` is below the spacing of Doubles near `v` (values around 1e20
        // that differ by little), adding it would not move `v`.
        while v <= high + step * 1e-9, values.count < 100 {
            values.append(abs(v) < step * 1e-9 ? 0 : v)
            guard v + step > v else { break }
            v += step
        }
        return (values, step)
    }

    /// A number for a label: up to `digits` decimals, no trailing zeros, a real minus sign.
    static func number(_ v: Double, digits: Int = 3) -> String {
        guard v.isFinite else { return v > 0 ? "∞" : "−∞" }
        var s = String(format: "%.\(digits)f", v)
        if s.contains(".") {
            while s.hasSuffix("0") { s.removeLast() }
            if s.hasSuffix(".") { s.removeLast() }
        }
        if s == "-0" { s = "0" }
        return s.replacingOccurrences(of: "-", with: "−")
    }

    /// Points of a downward triangle whose tip is at (x, y).
    static func marker(x: Double, y: Double, size: Double) -> [CGPoint] {
        [CGPoint(x: x - size * 0.6, y: y - size), CGPoint(x: x + size * 0.6, y: y - size), CGPoint(x: x, y: y)]
    }

    /// Points of a diamond centred on (x, y).
    static func diamond(x: Double, y: Double, size: Double) -> [CGPoint] {
        [CGPoint(x: x, y: y - size), CGPoint(x: x + size, y: y), CGPoint(x: x, y: y + size), CGPoint(x: x - size, y: y)]
    }
}
