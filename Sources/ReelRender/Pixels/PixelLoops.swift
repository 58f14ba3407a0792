import CReelPixels

/// The C pixel loops (`CReelPixels`): compiled for AVX2 and used only where the CPU has it,
/// byte for byte the Swift loops they stand in for (`TurnSampler`, `ParticleCompositor`).
enum PixelLoops {
    /// Whether this CPU runs them (AVX2); elsewhere the Swift loops draw.
    static let vectorized = reel_pixels_vectorized() != 0
}
