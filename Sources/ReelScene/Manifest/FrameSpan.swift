/// A span of frame numbers: `A-B` (0-based, inclusive), `A-` to the end, or `N` alone — the
/// notation of `--frames` and of batch manifests.
public struct FrameSpan: Sendable, Hashable, CustomStringConvertible {
    public var first: Int
    /// nil: to the last frame.
    public var last: Int?

    public init(first: Int, last: Int?) {
        self.first = first
        self.last = last
    }

    /// Parses `A-B`, `A-` or `N`; nil for anything else (negative, reversed, not numbers).
    public init?(_ text: String) {
        let parts = text.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        guard let first = Int(parts[0]), first >= 0 else { return nil }
        self.first = first
        if parts.count == 1 {
            last = first
        } else if parts[1].isEmpty {
            last = nil
        } else {
            guard let last = Int(parts[1]), last >= first else { return nil }
            self.last = last
        }
    }

    /// `A-B`, `A-`, or `N` for a single frame.
    public var description: String { last.map { $0 == first ? "\(first)" : "\(first)-\($0)" } ?? "\(first)-" }
}

/// Written as its text, `A-B`, in JSON.
extension FrameSpan: Codable {
    public init(from decoder: Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let span = FrameSpan(text) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "not a frame span: \(text)"))
        }
        self = span
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
