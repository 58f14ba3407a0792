import Foundation

/// The elements of an SVG file, read by a small, bounded XML scan for `SVGPathSource`: librsvg
/// draws SVGs but does not hand out their geometry. Linear in the file, which `maxFileBytes`
/// bounds; at most `maxElements` elements nested at most `maxDepth` deep; comments, CDATA,
/// processing instructions and the DOCTYPE are skipped, text is ignored, and entities other
/// than XML's five and character references are refused, never expanded (no billion laughs).
struct SVGDocument {
    struct Element {
        /// The local name (`svg:path` → `path`).
        var name: String
        var attributes: [String: String]
        var children: [Int] = []
        var parent: Int?
    }

    /// Deeper element nesting is refused.
    static let maxDepth = 256
    /// More elements are refused: icons have tens, and each costs a dictionary.
    static let maxElements = 100_000

    /// In document order; the first is the root.
    private(set) var elements: [Element] = []

    private let text: [UInt8]
    private var i = 0

    init(bytes: [UInt8]) throws {
        text = bytes
        try scan()
    }

    /// The first element with this id, in document order.
    func element(id: String) -> Int? { elements.firstIndex { $0.attributes["id"] == id } }

    // MARK: Scanning

    private mutating func scan() throws {
        var open: [Int] = []
        while let lt = next(UInt8(ascii: "<")) {
            i = lt + 1
            if skipSpecial() { continue }
            if peek(UInt8(ascii: "/")) {
                guard let close = next(UInt8(ascii: ">")) else { break }
                i = close + 1
                if !open.isEmpty { open.removeLast() }
                continue
            }
            let (name, attributes, selfClosing) = try element()
            guard elements.count < Self.maxElements else {
                throw SVGPathSource.Problem("the SVG has more than \(Self.maxElements) elements")
            }
            let local = name.split(separator: ":").last.map(String.init) ?? name
            elements.append(Element(name: local, attributes: attributes, parent: open.last))
            if let parent = open.last { elements[parent].children.append(elements.count - 1) }
            if !selfClosing {
                guard open.count < Self.maxDepth else {
                    throw SVGPathSource.Problem("elements are nested more than \(Self.maxDepth) deep")
                }
                open.append(elements.count - 1)
            }
        }
    }

    private func next(_ byte: UInt8) -> Int? { text[i...].firstIndex(of: byte) }
    private func peek(_ byte: UInt8) -> Bool { i < text.count && text[i] == byte }
    private func starts(_ s: String) -> Bool { text[i...].starts(with: Array(s.utf8)) }

    /// Skips a comment, CDATA section, processing instruction or declaration after `<`.
    private mutating func skipSpecial() -> Bool {
        let ends: [(String, String)] = [("!--", "-->"), ("![CDATA[", "]]>"), ("?", "?>")]
        for (start, end) in ends where starts(start) {
            i = range(of: end).map { $0 + end.utf8.count } ?? text.count
            return true
        }
        guard peek(UInt8(ascii: "!")) else { return false }
        // <!DOCTYPE …[ internal subset ]>: its entity declarations are not expanded.
        var bracket = 0
        while i < text.count {
            let c = text[i]
            i += 1
            if c == UInt8(ascii: "[") { bracket += 1 }
            if c == UInt8(ascii: "]") { bracket -= 1 }
            if c == UInt8(ascii: ">"), bracket <= 0 { break }
        }
        return true
    }

    private func range(of s: String) -> Int? {
        let needle = Array(s.utf8)
        var j = i
        while j + needle.count <= text.count {
            if text[j] == needle[0], text[j..<j + needle.count].elementsEqual(needle) { return j }
            j += 1
        }
        return nil
    }

    /// An element's name and attributes after `<`, the scanner left after its `>`.
    private mutating func element() throws -> (String, [String: String], Bool) {
        typealias Problem = SVGPathSource.Problem
        let name = token()
        var attributes: [String: String] = [:]
        while true {
            skipSpaces()
            guard i < text.count else { throw Problem("the SVG ends inside the <\(name)> tag") }
            if peek(UInt8(ascii: ">")) {
                i += 1
                return (name, attributes, false)
            }
            if starts("/>") {
                i += 2
                return (name, attributes, true)
            }
            let key = token()
            guard !key.isEmpty else { throw Problem("<\(name)> has a malformed attribute") }
            skipSpaces()
            guard peek(UInt8(ascii: "=")) else { throw Problem("<\(name)>'s attribute '\(key)' has no value") }
            i += 1
            skipSpaces()
            guard i < text.count, text[i] == UInt8(ascii: "\"") || text[i] == UInt8(ascii: "'") else {
                throw Problem("<\(name)>'s attribute '\(key)' has no quoted value")
            }
            let quote = text[i]
            i += 1
            guard let end = next(quote) else { throw Problem("the SVG ends inside <\(name)>'s attribute '\(key)'") }
            attributes[key] = try Self.unescape(String(decoding: text[i..<end], as: UTF8.self))
            i = end + 1
        }
    }

    private mutating func skipSpaces() {
        while i < text.count, [0x20, 0x09, 0x0A, 0x0D].contains(text[i]) { i += 1 }
    }

    private mutating func token() -> String {
        let start = i
        while i < text.count, ![0x20, 0x09, 0x0A, 0x0D, 0x3D, 0x3E, 0x2F].contains(text[i]) { i += 1 }
        return String(decoding: text[start..<i], as: UTF8.self)
    }

    /// XML's five entities and character references; any other entity is refused, not expanded.
    static func unescape(_ s: String) throws -> String {
        guard s.contains("&") else { return s }
        var out = ""
        var rest = Substring(s)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            guard let semi = rest[amp...].firstIndex(of: ";") else {
                throw SVGPathSource.Problem("a stray '&' in an attribute")
            }
            let name = rest[rest.index(after: amp)..<semi]
            let named = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"]
            if let v = named[String(name)] {
                out += v
            } else if name.hasPrefix("#"),
                let code = name.hasPrefix("#x") ? UInt32(name.dropFirst(2), radix: 16) : UInt32(name.dropFirst()),
                let scalar = Unicode.Scalar(code)
            {
                out.unicodeScalars.append(scalar)
            } else {
                throw SVGPathSource.Problem(
                    "the entity '&\(name);' is not expanded (only XML's own five and character references)")
            }
            rest = rest[rest.index(after: semi)...]
        }
        return out + rest
    }
}
