import Foundation

/// One entry of a layer's `filters` or `backgroundFilters`, as a value: the filter's kind, the
/// name key paths reach it by (`filters.NAME.inputRadius`) and its inputs (scalars as one-element
/// lists, vectors as four).
///
/// The kinds and input keys are Core Animation's and Core Image's:
/// - `gaussianBlur` (`inputRadius`): CIGaussianBlur — the radius is the Gaussian's standard
///   deviation, in points.
/// - `colorMatrix` (`inputRVector`, `inputGVector`, `inputBVector`, `inputAVector`,
///   `inputBiasVector`): CIColorMatrix — each unpremultiplied channel becomes the dot product of
///   (r, g, b, a) with its vector plus its bias.
/// - `colorControls` (`inputSaturation`, `inputBrightness`, `inputContrast`): CIColorControls —
///   saturation interpolates between the grey of the colour's luminance (0) and the colour (1),
///   brightness adds a bias, contrast is `(c − 0.5) · contrast + 0.5` (Apple's Core Image Filter
///   Reference).
/// - `colorSaturate`, `colorBrightness`, `colorContrast` (`inputAmount`): Core Animation's own
///   filter names for one of those controls each.
public struct LayerFilter: Hashable, Sendable {
    /// The filters Reel draws.
    public enum Kind: String, CaseIterable, Hashable, Sendable {
        case gaussianBlur, colorMatrix, colorControls, colorSaturate, colorBrightness, colorContrast

        /// The input keys and their defaults (Core Image's; CIGaussianBlur's radius is 10).
        public var defaults: [String: [Double]] {
            switch self {
            case .gaussianBlur: ["inputRadius": [10]]
            case .colorMatrix:
                [
                    "inputRVector": [1, 0, 0, 0], "inputGVector": [0, 1, 0, 0], "inputBVector": [0, 0, 1, 0],
                    "inputAVector": [0, 0, 0, 1], "inputBiasVector": [0, 0, 0, 0]
                ]
            case .colorControls: ["inputSaturation": [1], "inputBrightness": [0], "inputContrast": [1]]
            case .colorSaturate, .colorContrast: ["inputAmount": [1]]
            case .colorBrightness: ["inputAmount": [0]]
            }
        }

        /// Core Image's name for the filter that does the same (`CIFilter(name:)` accepts it).
        public var coreImageName: String? {
            switch self {
            case .gaussianBlur: "CIGaussianBlur"
            case .colorMatrix: "CIColorMatrix"
            case .colorControls: "CIColorControls"
            case .colorSaturate, .colorBrightness, .colorContrast: nil
            }
        }

        /// The kind a Core Animation (`gaussianBlur`) or Core Image (`CIGaussianBlur`) name names.
        public init?(anyName name: String) {
            if let kind = Kind(rawValue: name) {
                self = kind
            } else if let kind = Kind.allCases.first(where: { $0.coreImageName == name }) {
                self = kind
            } else {
                return nil
            }
        }
    }

    /// What the filter does.
    public var kind: Kind
    /// The name key paths reach the filter by (the kind's name unless renamed).
    public var name: String
    /// Inputs set (others have their defaults).
    public var inputs: [String: [Double]]

    /// The largest blur radius, in points: larger radii are drawn as this one (the blur's
    /// buffer grows with 3σ on each side).
    public static let maxRadius = 1000.0

    public init(kind: Kind, name: String? = nil, inputs: [String: [Double]] = [:]) {
        self.kind = kind
        self.name = name ?? kind.rawValue
        self.inputs = inputs
    }

    /// An input's value: what was set, else the default; nil for a key the kind lacks.
    public func input(_ key: String) -> [Double]? { inputs[key] ?? kind.defaults[key] }

    /// A scalar input (the first component).
    public func scalar(_ key: String) -> Double { input(key)?.first ?? 0 }

    /// The blur's standard deviation in points, bounded to 0…`maxRadius` (nil for colour filters).
    public var blurRadius: Double? {
        guard kind == .gaussianBlur else { return nil }
        let r = scalar("inputRadius")
        return r.isFinite ? min(max(r, 0), Self.maxRadius) : 0
    }

    /// Whether the key holds a vector (four numbers) rather than a number.
    public static func isVector(_ key: String) -> Bool { key.hasSuffix("Vector") }
}

// MARK: Colour matrices

extension LayerFilter {
    /// Rec. 709 luma weights: Apple documents CIColorControls' saturation as an interpolation
    /// with "a grayscale image" without giving the weights; these are the standard ones for sRGB.
    public static let luminanceWeights = (red: 0.2126, green: 0.7152, blue: 0.0722)

    /// The colour filter as a 4 × 5 matrix over unpremultiplied (r, g, b, a, 1), row by row
    /// (nil for the blur).
    public var colorMatrix: [Double]? {
        func vector(_ key: String) -> [Double] {
            let v = input(key) ?? []
            return (0..<4).map { $0 < v.count && v[$0].isFinite ? v[$0] : 0 }
        }
        switch kind {
        case .gaussianBlur: return nil
        case .colorMatrix:
            let bias = vector("inputBiasVector")
            let rows = ["inputRVector", "inputGVector", "inputBVector", "inputAVector"].map(vector)
            return (0..<4).flatMap { rows[$0] + [bias[$0]] }
        case .colorControls:
            return Self.controls(
                saturation: finite(scalar("inputSaturation"), 1), brightness: finite(scalar("inputBrightness"), 0),
                contrast: finite(scalar("inputContrast"), 1))
        case .colorSaturate: return Self.controls(saturation: finite(scalar("inputAmount"), 1))
        case .colorBrightness: return Self.controls(brightness: finite(scalar("inputAmount"), 0))
        case .colorContrast: return Self.controls(contrast: finite(scalar("inputAmount"), 1))
        }
    }

    private func finite(_ v: Double, _ fallback: Double) -> Double { v.isFinite ? v : fallback }

    /// CIColorControls as one matrix: saturation, then brightness, then contrast (each affine).
    static func controls(saturation s: Double = 1, brightness b: Double = 0, contrast c: Double = 1) -> [Double] {
        let w = luminanceWeights
        let grey = [w.red, w.green, w.blue]
        var m: [Double] = []
        for row in 0..<3 {
            // Saturation: grey + s · (colour − grey); then + b; then (x − 0.5) · c + 0.5.
            var coefficients = (0..<3).map { col in ((1 - s) * grey[col] + (col == row ? s : 0)) * c }
            coefficients.append(0)
            m += coefficients + [(b - 0.5) * c + 0.5]
        }
        return m + [0, 0, 0, 1, 0]
    }
}
