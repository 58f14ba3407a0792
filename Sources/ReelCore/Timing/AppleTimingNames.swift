import Foundation

// Names Apple's SDK provides that Foundation and Glibc on Linux lack, so timing code written for
// iOS compiles unchanged. On Apple platforms the SDK's own definitions are used.
#if !canImport(Darwin)
    /// Core Foundation's time interval in seconds (`CAMediaTiming.duration`, `beginTime`, …).
    public typealias CFTimeInterval = Double

    /// C's `HUGE_VALF` (positive `Float` infinity): `anim.repeatCount = HUGE_VALF` repeats for ever.
    /// Glibc declares it as a macro Swift cannot import.
    public let HUGE_VALF: Float = .infinity

    /// C's `HUGE_VAL` (positive `Double` infinity), for the same reason as `HUGE_VALF`.
    public let HUGE_VAL: Double = .infinity
#endif
