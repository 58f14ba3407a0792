/// The bytes of a scene file with what locating a problem in them needs: line starts, the
/// column (in Unicode scalars, as libyaml counts) of a byte offset, and the text of a line.
struct SourceText {
    let bytes: [UInt8]
    /// Byte offset of the start of each line (line 1 at index 0). CR LF, LF and a lone CR end a
    /// line, as in libyaml.
    private(set) lazy var lineStarts: [Int] = {
        var starts = [0]
        var i = 0
        while i < bytes.count {
            if bytes[i] == 0x0A {
                starts.append(i + 1)
            } else if bytes[i] == 0x0D {
                if i + 1 < bytes.count, bytes[i + 1] == 0x0A { i += 1 }
                starts.append(i + 1)
            }
            i += 1
        }
        return starts
    }()

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The line and column of a byte offset (columns count Unicode scalars: bytes that do not
    /// continue a UTF-8 sequence; a leading byte-order mark is not counted).
    mutating func position(ofByte offset: Int) -> SourcePosition {
        let offset = max(0, min(offset, bytes.count))
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        var start = lineStarts[low]
        if low == 0, bytes.starts(with: [0xEF, 0xBB, 0xBF]), offset >= 3 { start = 3 }
        var column = 1
        for i in start..<offset where bytes[i] & 0xC0 != 0x80 { column += 1 }
        return SourcePosition(line: low + 1, column: column)
    }

    /// The Unicode scalars of a 1-based line, without its line break (empty past the end).
    mutating func line(_ number: Int) -> [Unicode.Scalar] {
        guard number >= 1, number <= lineStarts.count else { return [] }
        let start = lineStarts[number - 1]
        var end = number < lineStarts.count ? lineStarts[number] : bytes.count
        while end > start, bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
        var scalars = Array(String(decoding: bytes[start..<end], as: UTF8.self).unicodeScalars)
        if number == 1, scalars.first == "\u{FEFF}" { scalars.removeFirst() }
        return scalars
    }

    /// The character at a position, if any.
    mutating func character(at p: SourcePosition) -> Unicode.Scalar? {
        let l = line(p.line)
        return p.column >= 1 && p.column <= l.count ? l[p.column - 1] : nil
    }
}

/// JSON writes characters outside the Basic Multilingual Plane as UTF-16 surrogate pairs
/// (`"\ud83d\ude00"`, what Python's json.dumps does by default); YAML rejects those escapes. This
/// rewrites each pair to YAML's `\U0001F600` and remembers where, so that columns reported on
/// those lines still match the file.
struct SurrogateRewrite {
    /// Per line: the columns (in the rewritten text) just after each rewrite; each shortened the
    /// line by 2 columns.
    private var shifts: [Int: [Int]] = [:]
    private(set) var bytes: [UInt8]

    init(_ original: [UInt8]) {
        bytes = original
        guard Self.mayContainPair(original) else { return }
        var out: [UInt8] = []
        out.reserveCapacity(original.count)
        var line = 1, column = 1, i = 0
        while i < original.count {
            let b = original[i]
            if b == 0x5C, i + 12 <= original.count, let high = Self.hex4(original, i + 2),
                original[i + 1] | 0x20 == 0x75,
                (0xD800...0xDBFF).contains(high), original[i + 6] == 0x5C, original[i + 7] | 0x20 == 0x75,
                let low = Self.hex4(original, i + 8), (0xDC00...0xDFFF).contains(low)
            {
                let scalar = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
                out += Array("\\U".utf8) + Array(String(scalar, radix: 16, uppercase: true).leftPadded(to: 8).utf8)
                column += 10
                shifts[line, default: []].append(column)
                i += 12
                continue
            }
            out.append(b)
            if b == 0x0A || (b == 0x0D && (i + 1 >= original.count || original[i + 1] != 0x0A)) {
                line += 1
                column = 1
            } else if b & 0xC0 != 0x80, b != 0x0D {
                column += 1
            }
            i += 1
        }
        bytes = out
    }

    /// The position in the original file of a position in the rewritten text.
    func original(_ p: SourcePosition) -> SourcePosition {
        guard let columns = shifts[p.line] else { return p }
        let before = columns.filter { $0 <= p.column }.count
        return SourcePosition(line: p.line, column: p.column + 2 * before)
    }

    private static func mayContainPair(_ bytes: [UInt8]) -> Bool {
        var i = 0
        while i + 2 < bytes.count {
            if bytes[i] == 0x5C, bytes[i + 1] | 0x20 == 0x75, bytes[i + 2] | 0x20 == 0x64 { return true }
            i += 1
        }
        return false
    }

    private static func hex4(_ b: [UInt8], _ at: Int) -> Int? {
        var v = 0
        for i in at..<at + 4 {
            guard let d = Int(String(UnicodeScalar(b[i])), radix: 16) else { return nil }
            v = v * 16 + d
        }
        return v
    }
}

extension String {
    /// Zero-padded on the left to `width` characters (hex code points in messages).
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
