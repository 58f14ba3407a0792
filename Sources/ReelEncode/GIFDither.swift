/// How a GIF's colours between palette entries are approximated (`--dither`).
public enum GIFDither: String, Sendable, Equatable, CaseIterable {
    /// An 8×8 ordered (Bayer) pattern: fixed by position, so still areas stay identical from frame
    /// to frame (no crawling noise, smaller files). The default.
    case bayer
    /// Floyd–Steinberg error diffusion (Floyd & Steinberg 1976): each pixel's rounding error is
    /// passed on to its unvisited neighbours (7/16, 3/16, 5/16, 1/16), which keeps gradients the
    /// smoothest, at the price of a pattern that changes wherever anything before it changed.
    case floydSteinberg = "floyd-steinberg"
    /// The nearest palette colour: flat fills stay exact, gradients show their bands.
    case none

    /// Parses a `--dither` value.
    /// - Throws: `EncodeError` listing the choices for an unknown name.
    public init(named name: String) throws {
        guard let dither = GIFDither(rawValue: name.lowercased()) else {
            throw EncodeError(
                "Unknown dither '\(name)'; choose one of: " + GIFDither.allCases.map(\.rawValue).joined(separator: ", ")
            )
        }
        self = dither
    }
}
