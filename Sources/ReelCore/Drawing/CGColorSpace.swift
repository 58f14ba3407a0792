import Foundation

/// A colour space, as Core Graphics' calls take one. Reel draws in sRGB, so the space only says
/// how many components a colour has (`CGGradient(colorSpace:colorComponents:…)` reads them).
public final class CGColorSpace: Hashable, Sendable {
    /// How many colour components (without alpha) a colour in this space has.
    public let numberOfComponents: Int
    /// The space's name, when it has one (`CGColorSpace.sRGB`).
    public let name: String?

    /// The named space (`CGColorSpace(name: CGColorSpace.sRGB)`): grey spaces have one
    /// component, every other space three.
    public init?(name: String) {
        self.name = name
        numberOfComponents = name.lowercased().contains("gray") ? 1 : 3
    }

    init(components: Int, name: String) {
        numberOfComponents = components
        self.name = name
    }

    public static let sRGB = "kCGColorSpaceSRGB"
    public static let genericRGBLinear = "kCGColorSpaceGenericRGBLinear"
    public static let genericGrayGamma2_2 = "kCGColorSpaceGenericGrayGamma2_2"
    public static let linearGray = "kCGColorSpaceLinearGray"

    public static func == (a: CGColorSpace, b: CGColorSpace) -> Bool {
        a.numberOfComponents == b.numberOfComponents && a.name == b.name
    }
    public func hash(into hasher: inout Hasher) { hasher.combine(numberOfComponents); hasher.combine(name) }
}

/// The device RGB space (drawn as sRGB).
public func CGColorSpaceCreateDeviceRGB() -> CGColorSpace {
    CGColorSpace(components: 3, name: "kCGColorSpaceDeviceRGB")
}

/// The device grey space.
public func CGColorSpaceCreateDeviceGray() -> CGColorSpace {
    CGColorSpace(components: 1, name: "kCGColorSpaceDeviceGray")
}
