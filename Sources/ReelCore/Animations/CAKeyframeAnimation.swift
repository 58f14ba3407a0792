import Foundation

/// How a keyframe animation moves between its keyframes.
public struct CAAnimationCalculationMode: RawRepresentable, Hashable, Sendable, CaseIterable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Straight interpolation between keyframes, at the key times.
    public static let linear = CAAnimationCalculationMode(rawValue: "linear")
    /// Each value holds until the next key time (keyTimes has one more entry than values).
    public static let discrete = CAAnimationCalculationMode(rawValue: "discrete")
    /// Constant speed through all keyframes; keyTimes and timingFunctions are ignored.
    public static let paced = CAAnimationCalculationMode(rawValue: "paced")
    /// A smooth Catmull-Rom (Kochanek–Bartels) spline through the keyframes.
    public static let cubic = CAAnimationCalculationMode(rawValue: "cubic")
    /// The cubic spline at constant speed.
    public static let cubicPaced = CAAnimationCalculationMode(rawValue: "cubicPaced")
    public static let allCases: [CAAnimationCalculationMode] = [.linear, .discrete, .paced, .cubic, .cubicPaced]
}

/// Whether a layer following a path turns with it.
public struct CAAnimationRotationMode: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Turn to the path's direction of travel.
    public static let rotateAuto = CAAnimationRotationMode(rawValue: "auto")
    /// Turn to the direction of travel plus 180°.
    public static let rotateAutoReverse = CAAnimationRotationMode(rawValue: "autoReverse")
}

/// Animates a key path through a sequence of values, or moves a point along a path.
///
/// `values` may hold numbers, points, sizes, rects, colours, transforms or paths (matching the
/// key path); `path` (for point key paths) overrides `values`: each non-move element is a
/// keyframe and the layer follows the curves between them.
open class CAKeyframeAnimation: CAPropertyAnimation {
    public var values: [Any]?
    public var path: CGPath?
    /// Fractions 0…1, non-decreasing: when each keyframe is reached (evenly spaced when nil).
    public var keyTimes: [Double]?
    /// One per segment (values.count − 1), applied inside each segment.
    public var timingFunctions: [CAMediaTimingFunction]?
    public var calculationMode: CAAnimationCalculationMode = .linear
    public var rotationMode: CAAnimationRotationMode?
    /// Kochanek–Bartels parameters per keyframe for the cubic modes (0 when missing).
    public var tensionValues: [Double]?
    public var continuityValues: [Double]?
    public var biasValues: [Double]?

    public required init() {}

    open override func copyFields(from other: CAAnimation) {
        super.copyFields(from: other)
        guard let o = other as? CAKeyframeAnimation else { return }
        values = o.values; path = o.path?.copy(); keyTimes = o.keyTimes; timingFunctions = o.timingFunctions
        calculationMode = o.calculationMode; rotationMode = o.rotationMode
        tensionValues = o.tensionValues; continuityValues = o.continuityValues; biasValues = o.biasValues
    }

    override func descriptionFields() -> [(String, String)] {
        var fields = super.descriptionFields()
        if let values { fields.append(("values", DescriptionFormat.value(values))) }
        if let path { fields.append(("path", path.description)) }
        if let keyTimes { fields.append(("keyTimes", DescriptionFormat.value(keyTimes))) }
        if calculationMode != .linear { fields.append(("calculationMode", calculationMode.rawValue)) }
        if let rotationMode { fields.append(("rotationMode", rotationMode.rawValue)) }
        return fields
    }

    override func setProperty(_ value: Any?, forKey key: String) -> KeyValueOutcome {
        func setNumbers(_ assign: ([Double]?) -> Void) -> KeyValueOutcome {
            guard let value else { assign(nil); return .set }
            guard let list = KeyValue.numbers(value) else {
                return KeyValue.mismatch(key, expected: "an array of numbers", got: value)
            }
            assign(list)
            return .set
        }
        switch key {
        case "values": return KeyValue.setOptional(value, key, as: [Any].self, expected: "an array") { values = $0 }
        case "path":
            return KeyValue.setOptional(value, key, as: CGPath.self, expected: "a CGPath") { path = $0?.copy() }
        case "keyTimes": return setNumbers { keyTimes = $0 }
        case "tensionValues": return setNumbers { tensionValues = $0 }
        case "continuityValues": return setNumbers { continuityValues = $0 }
        case "biasValues": return setNumbers { biasValues = $0 }
        case "timingFunctions":
            return KeyValue.setOptional(
                value, key, as: [CAMediaTimingFunction].self, expected: "an array of CAMediaTimingFunction"
            ) {
                timingFunctions = $0
            }
        case "calculationMode":
            return KeyValue.setOption(value, key, among: CAAnimationCalculationMode.allCases) { calculationMode = $0 }
        case "rotationMode":
            guard value != nil else { rotationMode = nil; return .set }
            return KeyValue.setOption(value, key, among: [CAAnimationRotationMode.rotateAuto, .rotateAutoReverse]) {
                rotationMode = $0
            }
        default: return super.setProperty(value, forKey: key)
        }
    }

    override func property(forKey key: String) -> Any?? {
        func boxed(_ list: [Double]?) -> Any? { list.map { $0.map(KeyValue.box) } }
        switch key {
        case "values": return .some(values)
        case "path": return .some(path)
        case "keyTimes": return boxed(keyTimes)
        case "tensionValues": return boxed(tensionValues)
        case "continuityValues": return boxed(continuityValues)
        case "biasValues": return boxed(biasValues)
        case "timingFunctions": return .some(timingFunctions)
        case "calculationMode": return calculationMode.rawValue
        case "rotationMode": return .some(rotationMode?.rawValue)
        default: return super.property(forKey: key)
        }
    }

    open override func validate() throws {
        try super.validate()
        _ = try makeSpec()
    }

    override func compiled(in context: AnimationCompileContext) throws -> CompiledAnimation {
        CompiledAnimation(
            timing: timing, timingFunction: timingFunction,
            removedOnCompletion: isRemovedOnCompletion, content: .keyframe(try makeSpec()))
    }

    private func makeSpec() throws -> KeyframeSpec {
        let keyPath = try resolvedKeyPath()
        let track: KeyframeSpec.Track
        if let path {
            guard keyPath.kind == .point else {
                throw AnimationError("a keyframe path moves a point; '\(keyPath)' holds \(keyPath.kind.noun)")
            }
            track = .path(
                try PathTrack(
                    path: path.copy(), mode: calculationMode, keyTimes: keyTimes, functions: timingFunctions ?? []))
        } else {
            guard let values, !values.isEmpty else {
                throw AnimationError("a CAKeyframeAnimation needs values or a path")
            }
            // With a value function the values are its input (numbers), interpolated before it.
            let convert = try valueConverter(for: keyPath)
            let converted = try values.enumerated().map { index, v in try convert(v, "values[\(index)]") }
            track = .values(
                try ValueTrack(
                    values: converted, mode: calculationMode, keyTimes: keyTimes,
                    functions: timingFunctions ?? [],
                    tension: tensionValues ?? [], continuity: continuityValues ?? [], bias: biasValues ?? []))
        }
        for (name, list) in [
            ("tensionValues", tensionValues), ("continuityValues", continuityValues), ("biasValues", biasValues)
        ] {
            if let list, let count = values?.count, path == nil, list.count > count {
                throw AnimationError("\(name) has \(list.count) entries for \(count) values")
            }
        }
        if let functions = timingFunctions, let count = values?.count, path == nil, functions.count > max(count - 1, 0)
        {
            throw AnimationError(
                "timingFunctions has \(functions.count) entries; \(count) values make \(max(count - 1, 0)) segments")
        }
        return KeyframeSpec(
            keyPath: keyPath, track: track, rotation: rotationMode, additive: isAdditive, cumulative: isCumulative,
            valueFunction: path == nil ? valueFunction?.name : nil)
    }
}

/// Checks key times: in 0…1 and non-decreasing, with the expected count.
func validateKeyTimes(_ times: [Double], count expected: [Int], what: String) throws {
    guard expected.contains(times.count) else {
        let counts = expected.map(String.init).joined(separator: " or ")
        throw AnimationError("keyTimes has \(times.count) entries; \(what) needs \(counts)")
    }
    for (i, t) in times.enumerated() {
        guard t >= 0, t <= 1, t.isFinite else { throw AnimationError("keyTimes[\(i)] = \(t) is outside 0…1") }
        if i > 0, t < times[i - 1] {
            throw AnimationError("keyTimes must not decrease: keyTimes[\(i)] = \(t) < \(times[i - 1])")
        }
    }
}
