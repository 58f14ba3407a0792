import CCairo
import ReelCore

/// The Cairo operators that draw Core Animation's compositing filters. Cairo's blend operators
/// implement the same W3C compositing / PDF blend-mode formulas as Core Image's blend filters.
enum Compositing {
    /// The operator combining a layer's group with what is beneath it; nil for normal drawing
    /// (source-over), which needs no group.
    static func cairoOperator(_ filter: CACompositingFilter) -> cairo_operator_t? {
        switch filter {
        case .sourceOverCompositing: nil
        case .multiplyBlendMode: CAIRO_OPERATOR_MULTIPLY
        case .screenBlendMode: CAIRO_OPERATOR_SCREEN
        case .overlayBlendMode: CAIRO_OPERATOR_OVERLAY
        case .darkenBlendMode: CAIRO_OPERATOR_DARKEN
        case .lightenBlendMode: CAIRO_OPERATOR_LIGHTEN
        case .colorDodgeBlendMode: CAIRO_OPERATOR_COLOR_DODGE
        case .colorBurnBlendMode: CAIRO_OPERATOR_COLOR_BURN
        case .softLightBlendMode: CAIRO_OPERATOR_SOFT_LIGHT
        case .hardLightBlendMode: CAIRO_OPERATOR_HARD_LIGHT
        case .differenceBlendMode: CAIRO_OPERATOR_DIFFERENCE
        case .exclusionBlendMode: CAIRO_OPERATOR_EXCLUSION
        case .hueBlendMode: CAIRO_OPERATOR_HSL_HUE
        case .saturationBlendMode: CAIRO_OPERATOR_HSL_SATURATION
        case .colorBlendMode: CAIRO_OPERATOR_HSL_COLOR
        case .luminosityBlendMode: CAIRO_OPERATOR_HSL_LUMINOSITY
        case .sourceAtopCompositing: CAIRO_OPERATOR_ATOP
        case .additionCompositing: CAIRO_OPERATOR_ADD
        case .xor: CAIRO_OPERATOR_XOR
        }
    }
}
