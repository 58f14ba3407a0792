import Foundation

/// How a layer (with its sublayers, as a group) is combined with what is drawn beneath it
/// (`CALayer.compositingFilter`), by the names Core Animation accepts: Core Image's blend and
/// compositing filters without their `CI` prefix, and Core Animation's own `xor`.
///
/// The blend modes follow the W3C compositing and PDF blend-mode formulas, as Core Image's do.
public enum CACompositingFilter: String, CaseIterable, Hashable, Sendable {
    case multiplyBlendMode, screenBlendMode, overlayBlendMode, darkenBlendMode, lightenBlendMode
    case colorDodgeBlendMode, colorBurnBlendMode, softLightBlendMode, hardLightBlendMode
    case differenceBlendMode, exclusionBlendMode
    case hueBlendMode, saturationBlendMode, colorBlendMode, luminosityBlendMode
    /// Normal drawing (Porter–Duff source-over).
    case sourceOverCompositing
    /// Drawn only where something is beneath, keeping that alpha (Porter–Duff source-atop).
    case sourceAtopCompositing
    /// The sum of the layer and what is beneath, clamped (Core Image's addition).
    case additionCompositing
    /// Porter–Duff xor: each shows where the other is absent. lottie-ios inverts a track matte
    /// by drawing it with `xor` over opaque black.
    case xor
}

extension CACompositingFilter {
    /// The Core Graphics blend mode that combines the same way (`.normal` for source-over).
    public var blendMode: CGBlendMode {
        switch self {
        case .multiplyBlendMode: .multiply
        case .screenBlendMode: .screen
        case .overlayBlendMode: .overlay
        case .darkenBlendMode: .darken
        case .lightenBlendMode: .lighten
        case .colorDodgeBlendMode: .colorDodge
        case .colorBurnBlendMode: .colorBurn
        case .softLightBlendMode: .softLight
        case .hardLightBlendMode: .hardLight
        case .differenceBlendMode: .difference
        case .exclusionBlendMode: .exclusion
        case .hueBlendMode: .hue
        case .saturationBlendMode: .saturation
        case .colorBlendMode: .color
        case .luminosityBlendMode: .luminosity
        case .sourceOverCompositing: .normal
        case .sourceAtopCompositing: .sourceAtop
        // Both are the clamped sum of the two.
        case .additionCompositing: .plusLighter
        case .xor: .xor
        }
    }
}
