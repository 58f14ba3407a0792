import Foundation
import ReelCore

/// A path taken from an SVG file (`path: { svg: icon.svg, id: check }`): the `d` attribute of
/// the `<path>` element with that id, or of the first `<path>` without one, mapped by the
/// `transform` attributes of the element and its ancestors (`SVGTransformList`), in the SVG's
/// user units. librsvg draws SVGs but does not hand out their geometry, so this is a small,
/// bounded XML scan: linear in the file, which `maxFileBytes` bounds; nesting at most
/// `maxDepth`; comments, CDATA, processing instructions and the DOCTYPE are skipped, and
/// entities other than XML's five and character references are not expanded. Not applied:
/// `<use>` references, CSS transforms, the root's viewBox → viewport mapping, and shapes other
/// than `<path>` (rect, circle…).
struct SVGPathSource {
    struct Problem: Error {
        var message: String
        init(_ message: String) { self.message = message }
    }

    /// Deeper element nesting is refused.
    static let maxDepth = 256

    private let text: [UInt8]
    private var i = 0

    /// The path in `bytes` (the element with `id`, or the first `<path>`), or why not.
    static func path(in bytes: [UInt8], id: String?, maxElements: Int) -> Result<CGPath, Problem> {
        var scanner = SVGPathSource(text: bytes)
        do {
            let (d, transform) = try scanner.find(id: id)
            let path = try CGPath(svgPath: d, maxElements: maxElements)
            return .success(path.applying(transform.isIdentity ? nil : CATransform3DMakeAffineTransform(transform)))
        } catch let problem as Problem {
            return .failure(problem)
        } catch {
            return .failure(Problem("the path's d attribute: \(error)"))
        }
    }

    private init(text: [UInt8]) { self.text = text }

    /// The wanted element's `d` and its transform to the document's user space.
    private mutating func find(id: String?) throws -> (String, CGAffineTransform) {
        var stack: [CGAffineTransform] = []
        while let open = next(UInt8(ascii: "<")) {
            i = open + 1
            if skipSpecial() { continue }
            if peek(UInt8(ascii: "/")) {
                guard let close = next(UInt8(ascii: ">")) else { break }
                i = close + 1
                if !stack.isEmpty { stack.removeLast() }
                continue
            }
            let (name, attributes, selfClosing) = try element()
            var transform = stack.last ?? .identity
            if let t = attributes["transform"] {
                switch SVGTransformList.parse(t) {
                case .success(let own): transform = own.concatenating(transform)
                case .failure(let problem): throw problem
                }
            }
            let local = name.split(separator: ":").last.map(String.init) ?? name
            if let id, attributes["id"] == id {
                guard local == "path" else {
                    throw Problem("the element with id '\(id)' is a <\(name)>; Reel takes paths from <path> elements")
                }
                return (attributes["d"] ?? "", transform)
            }
            if id == nil, local == "path" { return (attributes["d"] ?? "", transform) }
            if !selfClosing {
                guard stack.count < Self.maxDepth else {
                    throw Problem("elements are nested more than \(Self.maxDepth) deep")
                }
                stack.append(transform)
            }
        }
        throw Problem(id.map { "the SVG has no element with id '\($0)'" } ?? "the SVG has no <path> element")
    }

    // MARK: Scanning

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
            guard let semi = rest[amp...].firstIndex(of: ";") else { throw Problem("a stray '&' in an attribute") }
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
                throw Problem("the entity '&\(name);' is not expanded (only XML's own five and character references)")
            }
            rest = rest[rest.index(after: semi)...]
        }
        return out + rest
    }
}
