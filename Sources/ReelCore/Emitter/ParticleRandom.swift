/// Random draws that depend only on a key: a particle's draws are a function of (seed, cell,
/// birth slot, index), never of what was drawn before, so any frame can be computed alone.
/// (SplitMix64: fast, and its outputs pass the usual statistical tests.)
public struct ParticleRandom: Sendable {
    private var state: UInt64

    /// Draws for `key` (see `key(_:)`).
    public init(key: UInt64) { state = key }

    /// The next draw, uniform in 0..<1.
    public mutating func next() -> Double {
        Double(Self.mix(&state) >> 11) * 0x1p-53
    }

    /// The next draw, uniform in −1..<1 (for `value ± range`).
    public mutating func signed() -> Double { next() * 2 - 1 }

    /// A key made from parts (a seed, indices…); different parts give unrelated keys. (Fixed
    /// arities, not a variadic list: this runs for every particle, and a list is an allocation.)
    @inline(__always)
    public static func key(_ a: UInt64, _ b: UInt64) -> UInt64 { combine(combine(0x2545_F491_4F6C_DD1D, a), b) }
    @inline(__always)
    public static func key(_ a: UInt64, _ b: UInt64, _ c: UInt64) -> UInt64 { combine(key(a, b), c) }
    @inline(__always)
    public static func key(_ a: UInt64, _ b: UInt64, _ c: UInt64, _ d: UInt64) -> UInt64 { combine(key(a, b, c), d) }

    @inline(__always)
    private static func combine(_ h: UInt64, _ p: UInt64) -> UInt64 {
        var s = h ^ p
        return mix(&s)
    }

    private static func mix(_ state: inout UInt64) -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
