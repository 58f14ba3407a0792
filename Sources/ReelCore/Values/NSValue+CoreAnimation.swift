import Foundation

// Objective-C-era Core Animation code boxes values (`NSNumber(value: 1)`, `NSValue(cgPoint:)`,
// `NSValue(caTransform3D:)`) before handing them to `fromValue`, `toValue`, `byValue`, `values`
// and `setValue(_:forKeyPath:)`. Foundation on Linux has NSNumber and NSValue (points, sizes and
// rects); CATransform3D is Reel's, so its box lives here, as QuartzCore's does on Apple platforms.

extension NSValue {
    /// The Objective-C type Reel stores a boxed `CATransform3D` under: its sixteen entries, row
    /// by row (Foundation on Linux boxes only scalars and arrays of them, not arbitrary structs).
    public static let caTransform3DObjCType = "[16d]"

    /// A box holding a 3D transform, as QuartzCore's `NSValue(caTransform3D:)`.
    public convenience init(caTransform3D t: CATransform3D) {
        let entries = t.entries
        self.init(bytes: entries.withUnsafeBytes { $0.baseAddress! }, objCType: NSValue.caTransform3DObjCType)
    }

    /// The boxed 3D transform; identity when the box holds something else.
    public var caTransform3DValue: CATransform3D {
        guard String(cString: objCType) == NSValue.caTransform3DObjCType else { return .identity }
        var entries = [Double](repeating: 0, count: 16)
        entries.withUnsafeMutableBytes { getValue($0.baseAddress!) }
        return CATransform3D(entries) ?? .identity
    }
}

extension AnimatableValue {
    /// The Swift value inside a Foundation box, or `value` itself when it is not one. A box of
    /// the wrong shape for `kind` is left as it is, so the caller reports it by its type.
    static func unboxed(_ value: Any, as kind: ValueKind) -> Any {
        // Only real Foundation objects: `as? NSObject` would bridge Swift values (a Bool to an
        // NSNumber, accepted as a number) and widen what each kind accepts.
        guard type(of: value) is NSObject.Type, let object = value as? NSObject else { return value }
        if let number = object as? NSNumber {
            switch kind {
            case .number: return number.doubleValue
            case .bool: return number.boolValue
            default: return value
            }
        }
        guard let box = object as? NSValue else { return value }
        switch (kind, String(cString: box.objCType)) {
        case (.point, "{CGPoint=dd}"): return box.pointValue
        case (.size, "{CGSize=dd}"): return box.sizeValue
        case (.rect, "{CGRect={CGPoint=dd}{CGSize=dd}}"): return box.rectValue
        case (.transform, NSValue.caTransform3DObjCType): return box.caTransform3DValue
        default: return value
        }
    }
}
