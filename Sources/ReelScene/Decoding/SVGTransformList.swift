import Foundation
import ReelCore

/// An SVG `transform` attribute: `matrix(a b c d e f)`, `translate(x [y])`, `scale(x [y])`,
/// `rotate(angle [cx cy])`, `skewX(angle)`, `skewY(angle)`, separated by spaces or commas
/// (SVG 1.1, §7.6 "The transform attribute"). Angles are in degrees.
enum SVGTransformList {
    /// The transform the list makes (its first item applies last, as SVG composes them), or a message.
    static func parse(_ text: String) -> Result<CGAffineTransform, SVGPathSource.Problem> {
        var rest = Substring(text)
        var result = CGAffineTransform.identity
        while true {
            rest = rest.drop { $0.isWhitespace || $0 == "," }
            if rest.isEmpty { return .success(result) }
            guard let open = rest.firstIndex(of: "("), let close = rest[open...].firstIndex(of: ")") else {
                return .failure(.init("transform '\(text)': expected a function such as translate(10 20)"))
            }
            let name = rest[..<open].trimmingCharacters(in: .whitespaces)
            let numbers = rest[rest.index(after: open)..<close].split { $0.isWhitespace || $0 == "," }.map {
                Double($0)
            }
            rest = rest[rest.index(after: close)...]
            guard numbers.allSatisfy({ $0 != nil && $0!.isFinite }) else {
                return .failure(.init("transform '\(text)': \(name)'s arguments must be numbers"))
            }
            guard let item = transform(name, numbers.map { $0! }) else {
                return .failure(
                    .init(
                        "transform '\(text)': '\(name)' with \(numbers.count) numbers is not one of matrix, translate, scale, rotate, skewX, skewY"
                    ))
            }
            // The later item applies to the point first.
            result = item.concatenating(result)
        }
    }

    /// One transform function, nil when unknown or with the wrong number of arguments.
    private static func transform(_ name: String, _ n: [Double]) -> CGAffineTransform? {
        let radians = { (degrees: Double) in degrees * .pi / 180 }
        switch (name, n.count) {
        case ("matrix", 6): return CGAffineTransform(a: n[0], b: n[1], c: n[2], d: n[3], tx: n[4], ty: n[5])
        case ("translate", 1): return CGAffineTransform(translationX: n[0], y: 0)
        case ("translate", 2): return CGAffineTransform(translationX: n[0], y: n[1])
        case ("scale", 1): return CGAffineTransform(scaleX: n[0], y: n[0])
        case ("scale", 2): return CGAffineTransform(scaleX: n[0], y: n[1])
        case ("rotate", 1): return CGAffineTransform(rotationAngle: radians(n[0]))
        case ("rotate", 3):
            // translate(cx cy) rotate(a) translate(-cx -cy)
            return CGAffineTransform(translationX: -n[1], y: -n[2])
                .concatenating(CGAffineTransform(rotationAngle: radians(n[0])))
                .concatenating(CGAffineTransform(translationX: n[1], y: n[2]))
        case ("skewX", 1): return CGAffineTransform(a: 1, b: 0, c: tan(radians(n[0])), d: 1, tx: 0, ty: 0)
        case ("skewY", 1): return CGAffineTransform(a: 1, b: tan(radians(n[0])), c: 0, d: 1, tx: 0, ty: 0)
        default: return nil
        }
    }
}
