import Foundation

extension LottieShapeItem {
    /// Whether the item draws a path of its own (rectangles, ellipses, polystars, paths).
    var drawsPath: Bool {
        switch self {
        case .path, .rectangle, .ellipse, .polystar: true
        case .group, .fill, .gradientFill, .stroke, .gradientStroke, .trim, .roundedCorners, .repeater: false
        }
    }

    /// Whether the item paints the paths before it (fills and strokes).
    var paints: Bool {
        switch self {
        case .fill, .gradientFill, .stroke, .gradientStroke: true
        case .group, .path, .rectangle, .ellipse, .polystar, .trim, .roundedCorners, .repeater: false
        }
    }
}
