import Foundation

/// An iOS font family Linux does not have, and the installed family Reel draws it in instead:
/// one with the same advance widths where Debian ships one (Helvetica → Nimbus Sans), so text
/// wraps, truncates and centres where iOS puts it; the closest look otherwise (SF Pro → Inter).
public struct FontStandIn: Hashable, Sendable {
    /// The family iOS code names ("Helvetica Neue").
    public var original: String
    /// The installed family text is drawn in ("Nimbus Sans").
    public var family: String
    /// Whether `family` has `original`'s advance widths, glyph for glyph.
    public var isMetricCompatible: Bool

    public init(original: String, family: String, isMetricCompatible: Bool) {
        self.original = original
        self.family = family
        self.isMetricCompatible = isMetricCompatible
    }

    /// The warning a font name drawn in this stand-in gets (one message for scene files and
    /// Lottie text alike).
    public func warning(for name: String) -> String {
        let likeness = isMetricCompatible ? "metric-compatible: same advance widths" : "closest look, other widths"
        let named = name == original ? "'\(name)'" : "'\(name)' (\(original))"
        return
            "font \(named) is not available on Linux; text is drawn in '\(family)' (\(likeness)); ship the font file with canvas.fonts to draw it as iOS does"
    }
}
