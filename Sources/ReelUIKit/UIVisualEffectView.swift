import Foundation
import Reel

/// A visual effect for ``UIVisualEffectView``.
open class UIVisualEffect {
    public init() {}
}

/// The frosted-glass effect: what is behind the view, blurred, more saturated and tinted.
///
/// Where the numbers come from: Apple has not published the parameters of its blur styles. The
/// three classic styles use those of Apple's own sample code for the iOS 7 look
/// (`UIImage+ImageEffects`, WWDC 2013 session 226 "Implementing Engaging UI on iOS"):
/// `applyLightEffect` blurs by 30 points with a saturation factor of 1.8 under white at 30 %,
/// `applyExtraLightEffect` by 20 under 97 % white at 82 %, `applyDarkEffect` by 20 under 11 %
/// white at 73 % (its radius is the Gaussian's σ, as here). The iOS 13 materials are
/// estimates between those: the same blur and saturation, with tints from thin (mostly
/// backdrop) to thick (mostly tint), light or dark as the scene's appearance.
open class UIBlurEffect: UIVisualEffect {
    /// The blur styles.
    public enum Style: Int, CaseIterable, Sendable {
        case extraLight, light, dark, regular, prominent
        case systemUltraThinMaterial, systemThinMaterial, systemMaterial, systemThickMaterial, systemChromeMaterial
        case systemUltraThinMaterialLight, systemThinMaterialLight, systemMaterialLight, systemThickMaterialLight,
            systemChromeMaterialLight
        case systemUltraThinMaterialDark, systemThinMaterialDark, systemMaterialDark, systemThickMaterialDark,
            systemChromeMaterialDark
    }

    /// The style.
    public let style: Style

    public init(style: Style) {
        self.style = style
        super.init()
    }

    /// The look: blur radius (points, σ), saturation factor and tint (white level, alpha).
    var look: (radius: Double, saturation: Double, white: Double, alpha: Double) {
        switch style {
        // UIImage+ImageEffects' values (see the type's documentation).
        case .light: (30, 1.8, 1, 0.3)
        case .extraLight: (20, 1.8, 0.97, 0.82)
        case .dark: (20, 1.8, 0.11, 0.73)
        // Estimates: regular between light and extra light, prominent nearer extra light.
        case .regular: (30, 1.8, 0.97, 0.55)
        case .prominent: (30, 1.8, 0.97, 0.7)
        case .systemUltraThinMaterial, .systemUltraThinMaterialLight: (30, 1.8, 1, 0.25)
        case .systemThinMaterial, .systemThinMaterialLight: (30, 1.8, 1, 0.45)
        case .systemMaterial, .systemMaterialLight: (30, 1.8, 0.98, 0.6)
        case .systemThickMaterial, .systemThickMaterialLight: (30, 1.8, 0.97, 0.78)
        case .systemChromeMaterial, .systemChromeMaterialLight: (30, 1.8, 0.97, 0.7)
        case .systemUltraThinMaterialDark: (30, 1.8, 0.11, 0.3)
        case .systemThinMaterialDark: (30, 1.8, 0.11, 0.5)
        case .systemMaterialDark: (30, 1.8, 0.11, 0.65)
        case .systemThickMaterialDark: (30, 1.8, 0.11, 0.8)
        case .systemChromeMaterialDark: (30, 1.8, 0.11, 0.75)
        }
    }
}

/// A view whose layer shows its effect over what is behind it: for a ``UIBlurEffect``, a
/// background blur and saturation (`CALayer.backgroundFilters`) under the material's tint (its
/// background colour). Put content in ``contentView``, as in UIKit (it does not clip, so its
/// subviews show whatever its size).
open class UIVisualEffectView: UIView {
    /// The view content goes in, above the effect.
    public let contentView: UIView

    /// The effect; nil shows what is behind unchanged.
    public var effect: UIVisualEffect? {
        didSet { applyEffect() }
    }

    public init(effect: UIVisualEffect?) {
        self.effect = effect
        contentView = UIView(frame: .zero)
        super.init(frame: .zero)
        addSubview(contentView)
        applyEffect()
    }

    private func applyEffect() {
        guard let blur = effect as? UIBlurEffect else {
            layer.backgroundFilters = nil
            layer.backgroundColor = nil
            return
        }
        let look = blur.look
        let filter = LayerFilter(kind: .gaussianBlur, inputs: ["inputRadius": [look.radius]])
        let saturate = LayerFilter(kind: .colorSaturate, inputs: ["inputAmount": [look.saturation]])
        layer.backgroundFilters = [CAFilter(state: filter), CAFilter(state: saturate)]
        layer.backgroundColor = CGColor(red: look.white, green: look.white, blue: look.white, alpha: look.alpha)
    }
}
