import Foundation

extension LottieShapeItem {
    /// Whether the item draws a path of its own (rectangles, ellipses, paths).
    var drawsPath: Bool {
        switch self {
        case .path, .rectangle, .ellipse: true
        case .group, .fill, .gradientFill, .stroke, .trim: false
        }
    }

    /// Whether the item paints the paths before it (fills and strokes).
    var paints: Bool {
        switch self {
        case .fill, .gradientFill, .stroke: true
        case .group, .path, .rectangle, .ellipse, .trim: false
        }
    }
}
