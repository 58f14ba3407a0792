import Foundation

/// A keypath into a Lottie animation as lottie-ios's `AnimationKeypath` writes one: names (`nm`)
/// of layers, groups and items joined by dots, ending with a property (`"**.Fill 1.Color"`).
/// `*` stands for exactly one name, `**` for any number of them (none included).
public struct LottieKeypath: Hashable, Sendable, CustomStringConvertible {
    public let components: [String]

    /// `"Layer.Group 1.Fill 1.Color"`; nil when a component is empty (`"a..b"`, a trailing dot).
    public init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 1, !parts.contains(where: \.isEmpty) else { return nil }
        components = parts
    }

    public var description: String { components.joined(separator: ".") }

    /// The property the keypath ends with (`Color`, `Opacity`, …).
    public var property: String { components[components.count - 1] }

    /// Whether this keypath (with its wildcards) names the property at `path`, a path without
    /// wildcards. Matched a component at a time, so `*` never spans a dot inside a name.
    public func matches(_ path: [String]) -> Bool {
        var memo: [Int: Bool] = [:]
        func match(_ k: Int, _ p: Int) -> Bool {
            let key = k * (path.count + 1) + p
            if let known = memo[key] { return known }
            let result: Bool
            if k == components.count {
                result = p == path.count
            } else if components[k] == "**" {
                // Zero names, or one more name under the same `**`.
                result = match(k + 1, p) || (p < path.count && match(k, p + 1))
            } else if p < path.count, components[k] == "*" || components[k] == path[p] {
                result = match(k + 1, p + 1)
            } else {
                result = false
            }
            memo[key] = result
            return result
        }
        return match(0, 0)
    }
}
