import Foundation

/// What setting a value by key did, for the key-value coding of animations and layers.
enum KeyValueOutcome: Equatable {
    /// The key names no property: the caller stores the value as user info.
    case notAProperty
    /// The property was set.
    case set
    /// The key names a property but the value does not fit it; the property is unchanged.
    case mismatch(String)
}

/// Converts the values Core Animation code passes to key-value coding (`NSNumber`s, Swift
/// numbers of any type, `NSString`s, option structs) to the types Reel's properties hold.
enum KeyValue {
    /// A number: any Swift integer or floating-point type, `CGFloat`, or an `NSNumber`. A Swift
    /// `Bool` is not one (as for animation values), and neither is a string.
    static func number(_ value: Any?) -> Double? {
        guard let value else { return nil }
        // Foundation objects first: on Linux `as?` bridges an NSNumber to Bool and Double alike.
        if type(of: value) is NSNumber.Type, let n = value as? NSNumber { return n.doubleValue }
        switch value {
        case is Bool: return nil
        case let v as Double: return v
        case let v as Float: return Double(v)
        case let v as CGFloat: return Double(v)
        case let v as any BinaryInteger: return Double(v)
        default: return nil
        }
    }

    /// A flag: a `Bool`, an `NSNumber` or any number (non-zero is true), as Foundation reads one.
    static func bool(_ value: Any?) -> Bool? {
        if let b = value as? Bool, value.map({ type(of: $0) is Bool.Type }) == true { return b }
        if let value, type(of: value) is NSNumber.Type, let n = value as? NSNumber { return n.boolValue }
        return number(value).map { $0 != 0 }
    }

    /// Text: a `String`, an `NSString`, or a string-backed option (`CAMediaTimingFillMode.forwards`).
    static func string(_ value: Any?) -> String? {
        switch value {
        case let v as String: return v
        case let v as any RawRepresentable:
            return v.rawValue as? String
        default: return nil
        }
    }

    /// A list of numbers (`[NSNumber]`, `[Double]`, `[CGFloat]`, `[Any]` of numbers).
    static func numbers(_ value: Any?) -> [Double]? {
        guard let list = value as? [Any] else { return nil }
        var result: [Double] = []
        for item in list {
            guard let n = number(item) else { return nil }
            result.append(n)
        }
        return result
    }

    /// The box key-value coding answers a number in, as Foundation's `value(forKey:)` does:
    /// read it with `as? Double`, `as? Float`, `as? NSNumber` (or `as? Int` when whole).
    /// (Foundation on Linux does not bridge an `NSNumber` to `CGFloat`: use `as? Double`.)
    static func box(_ number: Double) -> NSNumber { NSNumber(value: number) }

    /// A flag's box (`as? Bool` reads it).
    static func box(_ flag: Bool) -> NSNumber { NSNumber(value: flag) }

    /// The message for a value that does not fit the property `key`.
    static func mismatch(_ key: String, expected: String, got value: Any?) -> KeyValueOutcome {
        .mismatch(
            "setValue(_:forKey: \"\(key)\"): \(expected) expected, not \(value.map { "\(type(of: $0))" } ?? "nil")")
    }

    /// Sets a number property from a number, or reports a mismatch.
    static func setNumber(_ value: Any?, _ key: String, _ assign: (Double) -> Void) -> KeyValueOutcome {
        guard let n = number(value) else { return mismatch(key, expected: "a number", got: value) }
        assign(n)
        return .set
    }

    /// Sets a flag property, or reports a mismatch.
    static func setBool(_ value: Any?, _ key: String, _ assign: (Bool) -> Void) -> KeyValueOutcome {
        guard let b = bool(value) else { return mismatch(key, expected: "a Bool", got: value) }
        assign(b)
        return .set
    }

    /// Sets an optional property of type `T` (nil clears it), or reports a mismatch.
    static func setOptional<T>(
        _ value: Any?, _ key: String, as type: T.Type, expected: String,
        _ assign: (T?) -> Void
    ) -> KeyValueOutcome {
        guard let value else { assign(nil); return .set }
        guard let v = value as? T else { return mismatch(key, expected: expected, got: value) }
        assign(v)
        return .set
    }

    /// Sets an option (a string-backed type) from its name or itself, or reports a mismatch
    /// listing the names.
    static func setOption<T: RawRepresentable>(
        _ value: Any?, _ key: String, among all: [T],
        _ assign: (T) -> Void
    ) -> KeyValueOutcome where T.RawValue == String {
        guard let name = string(value), let option = all.first(where: { $0.rawValue == name }) else {
            let names = all.map(\.rawValue).joined(separator: ", ")
            return .mismatch(
                "setValue(_:forKey: \"\(key)\"): one of \(names) expected, not \(value.map { "\(type(of: $0)) \($0)" } ?? "nil")"
            )
        }
        assign(option)
        return .set
    }
}
