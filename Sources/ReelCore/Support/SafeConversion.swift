/// Checked Double → Int conversions for drawing and timing.
///
/// `Int(someDouble)` traps when the value is NaN, infinite or beyond ±2⁶³, and a scene (or a
/// Swift caller, or an animation made cumulative and repeated a million times) can produce any
/// finite number. Every place a Double becomes an Int goes through these instead, so no input
/// can crash the process: far-off values land far off canvas and draw nothing.
extension Int {
    /// The largest magnitude `init(saturating:)` produces: 2⁴⁰, far beyond any pixel or frame
    /// index, yet small enough that adding or multiplying a few such values cannot overflow.
    public static let saturationLimit = 1 << 40

    /// `value` rounded toward zero and clamped to ±`saturationLimit`; NaN becomes 0.
    public init(saturating value: Double) {
        guard !value.isNaN else { self = 0; return }
        let limit = Double(Int.saturationLimit)
        self = Int(Swift.min(Swift.max(value, -limit), limit))
    }
}

extension Int32 {
    /// `value` clamped to 0…`Int32.max` (Cairo and pixman sizes, which are C `int`s).
    public init(size value: Int) {
        self = Int32(clamping: Swift.max(value, 0))
    }
}
