import Hummingbird

/// A number a studio route reads from its query (`t`, `scale`): one parser for every route, so
/// that text, an empty value, NaN, infinities and values out of range are all a 400 answer with
/// the same words, never a silent default or a frame drawn from a nonsense value.
struct QueryNumber: Sendable {
    let name: String
    /// What a valid value is, for the message: "a time ≥ 0 in seconds".
    let meaning: String
    let accepts: @Sendable (Double) -> Bool

    /// `t`: seconds from the start; finite, so it can be turned into a frame.
    static let time = QueryNumber(name: "t", meaning: "a time ≥ 0 in seconds") { $0 >= 0 }
    /// `scale`: pixels per point, as `reel still --scale` allows.
    static let scale = QueryNumber(name: "scale", meaning: "a number more than 0 and at most 8") { $0 > 0 && $0 <= 8 }

    /// The value given, or nil when the parameter is absent.
    /// - Throws: `Invalid` when it is present but not a finite number this parameter accepts.
    func value(_ request: Request) throws(Invalid) -> Double? {
        guard let text = request.uri.queryParameters[Substring(name)] else { return nil }
        guard let value = Double(String(text)), value.isFinite, accepts(value) else {
            throw Invalid(message: "\(name) must be \(meaning), got '\(text.prefix(40))'")
        }
        return value
    }

    /// The value given.
    /// - Throws: `Invalid` when it is absent or not a finite number this parameter accepts.
    func read(_ request: Request) throws(Invalid) -> Double {
        guard let value = try value(request) else {
            throw Invalid(message: "\(name) must be \(meaning); give ?\(name)=")
        }
        return value
    }

    struct Invalid: Error {
        let message: String
    }
}
