import Foundation

// `print(layer)`, `print(anim)` and `"\(layer)"` show what Apple's `description` and the
// debugger show: `<ClassName: 0x…; key = value; …>`. On Linux there is no `NSLog("%@", obj)` for
// Swift objects; `print` is its equivalent.

extension CAAnimation: CustomStringConvertible, CustomDebugStringConvertible {}
extension CALayer: CustomStringConvertible, CustomDebugStringConvertible {}

/// The formatting Apple's descriptions use, shared by the classes here.
enum DescriptionFormat {
    /// `<ClassName: 0x…; name = value; …>`.
    static func object(_ object: AnyObject, fields: [(String, String)]) -> String {
        let head = "<\(type(of: object)): 0x\(String(UInt(bitPattern: ObjectIdentifier(object)), radix: 16))"
        return ([head] + fields.map { "\($0.0) = \($0.1)" }).joined(separator: "; ") + ">"
    }

    /// A number without a needless `.0` (`2`, `0.5`, `inf`).
    static func number(_ v: Double) -> String {
        if v.isInfinite { return v < 0 ? "-inf" : "inf" }
        if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
        return "\(v)"
    }

    static func point(_ p: CGPoint) -> String { "CGPoint (\(number(p.x)) \(number(p.y)))" }
    static func size(_ s: CGSize) -> String { "CGSize (\(number(s.width)) \(number(s.height)))" }
    static func rect(_ r: CGRect) -> String {
        "CGRect (\(number(r.origin.x)) \(number(r.origin.y)); \(number(r.size.width)) \(number(r.size.height)))"
    }
    static func transform(_ t: CATransform3D) -> String {
        t.isIdentity ? "CATransform3DIdentity" : "CATransform3D (\(t.entries.map(number).joined(separator: " ")))"
    }

    /// Any value as the descriptions show it: geometry in Apple's notation, numbers compactly,
    /// strings as they are, collections item by item.
    static func value(_ value: Any?) -> String {
        guard let value else { return "(null)" }
        if type(of: value) is NSNumber.Type, let n = value as? NSNumber { return number(n.doubleValue) }
        switch value {
        case let v as Bool: return v ? "1" : "0"
        case let v as Double: return number(v)
        case let v as Float: return number(Double(v))
        case let v as CGFloat: return number(Double(v))
        case let v as Int: return String(v)
        case let v as CGPoint: return point(v)
        case let v as CGSize: return size(v)
        case let v as CGRect: return rect(v)
        case let v as CATransform3D: return transform(v)
        case let v as AnimatableValue: return animatable(v)
        case let v as [Any]: return "(" + v.map { Self.value($0) }.joined(separator: ", ") + ")"
        default: return "\(value)"
        }
    }

    static func animatable(_ v: AnimatableValue) -> String {
        switch v {
        case .number(let n): number(n)
        case .bool(let b): b ? "1" : "0"
        case .point(let p): point(p)
        case .size(let s): size(s)
        case .rect(let r): rect(r)
        case .transform(let t): transform(t)
        case .string(let s): s
        default: value(v.foundationValue)
        }
    }
}

extension CALayer {
    /// The description's fields: the name, position and bounds always, then every other
    /// property of this layer's class that differs from its default, the number of sublayers
    /// and the keys of the animations attached (outside a timeline: those added so far).
    func descriptionFields(all: Bool) -> [(String, String)] {
        var fields: [(String, String)] = []
        if let name { fields.append(("name", "\"\(name)\"")) }
        fields.append(("position", DescriptionFormat.point(position)))
        fields.append(("bounds", DescriptionFormat.rect(bounds)))
        let kind = type(of: self).kind
        let defaults = LayerState()
        let brief: Set<LayerProperty> = [
            .anchorPoint, .zPosition, .transform, .hidden, .opacity, .backgroundColor, .cornerRadius,
            .masksToBounds, .contents
        ]
        for property in LayerProperty.allCases
        where property.applies(to: kind) && property != .position && property != .bounds {
            guard all || brief.contains(property) || property.owner != .layer else { continue }
            let value = property.get(modelState)
            guard value != property.get(defaults) else { continue }
            fields.append((property.rawValue, DescriptionFormat.animatable(value)))
        }
        if !children.isEmpty { fields.append(("sublayers", "\(children.count)")) }
        if mask != nil { fields.append(("mask", "1")) }
        if let keys = animationKeys() { fields.append(("animations", "(" + keys.joined(separator: ", ") + ")")) }
        if all {
            for key in userValues.keys.sorted() { fields.append((key, DescriptionFormat.value(userValues[key]))) }
        }
        return fields
    }
}
