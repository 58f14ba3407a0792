import Foundation

// UIKit's geometry-to-text functions, used in logging (`NSLog(@"%@", NSStringFromCGRect(frame))`).
// Same format as UIKit's: "{x, y}", "{w, h}", "{{x, y}, {w, h}}", numbers as %g prints them.

private func text(_ v: CGFloat) -> String { String(format: "%g", Double(v)) }

/// "{x, y}".
public func NSStringFromCGPoint(_ point: CGPoint) -> String { "{\(text(point.x)), \(text(point.y))}" }

/// "{width, height}".
public func NSStringFromCGSize(_ size: CGSize) -> String { "{\(text(size.width)), \(text(size.height))}" }

/// "{{x, y}, {width, height}}".
public func NSStringFromCGRect(_ rect: CGRect) -> String {
    "{\(NSStringFromCGPoint(rect.origin)), \(NSStringFromCGSize(rect.size))}"
}
