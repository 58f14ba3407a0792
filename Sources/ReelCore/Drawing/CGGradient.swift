import Foundation

/// Colours at locations from 0 to 1, drawn by `CGContext.drawLinearGradient` and
/// `drawRadialGradient` (Core Graphics' `CGGradient`). Immutable.
public final class CGGradient: Hashable, @unchecked Sendable {
    // @unchecked: both arrays are set once in init and never change.
    /// The colours, in order.
    public let colors: [CGColor]
    /// Where each colour sits, 0…1, non-decreasing.
    public let locations: [CGFloat]

    /// A gradient through `colors` at `locations` (evenly spaced from 0 to 1 when nil). nil when
    /// there are no colours or the counts differ, as Core Graphics refuses them. Core Graphics
    /// takes a `CFArray` of colours; Linux has none, so this takes the Swift array.
    public init?(colorsSpace space: CGColorSpace?, colors: [CGColor], locations: [CGFloat]?) {
        guard !colors.isEmpty, locations == nil || locations!.count == colors.count else { return nil }
        self.colors = colors
        self.locations = Self.sorted(locations ?? Self.evenlySpaced(colors.count))
    }

    /// A gradient from component values: `count` colours of `space.numberOfComponents` + 1
    /// (alpha) values each. nil when the arrays are too short.
    public init?(
        colorSpace space: CGColorSpace, colorComponents components: [CGFloat], locations: [CGFloat]?, count: Int
    ) {
        let n = space.numberOfComponents + 1
        guard count > 0, components.count >= n * count, locations == nil || locations!.count >= count else {
            return nil
        }
        colors = (0..<count).map { i in
            let c = components[(i * n)..<(i * n + n)].map { $0 }
            return n == 2 ? CGColor(gray: c[0], alpha: c[1]) : CGColor(red: c[0], green: c[1], blue: c[2], alpha: c[3])
        }
        self.locations = Self.sorted(locations.map { Array($0.prefix(count)) } ?? Self.evenlySpaced(count))
    }

    private static func evenlySpaced(_ n: Int) -> [CGFloat] {
        n == 1 ? [0] : (0..<n).map { CGFloat($0) / CGFloat(n - 1) }
    }

    /// Clamped to 0…1 and made non-decreasing, so the renderer's stops are always valid.
    private static func sorted(_ l: [CGFloat]) -> [CGFloat] {
        var last: CGFloat = 0
        return l.map { v in
            last = max(last, min(max(v.isFinite ? v : 0, 0), 1))
            return last
        }
    }

    public static func == (a: CGGradient, b: CGGradient) -> Bool { a.colors == b.colors && a.locations == b.locations }
    public func hash(into hasher: inout Hasher) { hasher.combine(colors); hasher.combine(locations) }
}
