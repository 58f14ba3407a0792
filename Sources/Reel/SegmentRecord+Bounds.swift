import Foundation
import ReelEncode

/// What a record read from a file may claim. `reel concat` reads records from files anyone can
/// edit, so before a number in one sizes, counts or loops anything it must be in range and agree
/// with the record's other numbers.
extension SegmentRecord {
    /// The largest `comment` tag read as a record: a real one is under a kilobyte.
    public static let maximumBytes = 65_536

    /// The largest frame number or count a record may hold: far above any render (a year at
    /// 60 fps), and low enough that no sum of them can overflow.
    public static let maximumFrame = Int(Int32.max)

    /// Reads the record in the `comment` tag of the file at `path`.
    /// - Throws: `RenderJobError.invalid` naming the file when the tag is no record, too large, or
    ///   a record whose numbers cannot be right.
    public static func read(comment: String?, of path: String) throws -> SegmentRecord {
        let bytes = comment?.utf8.count ?? 0
        guard let comment, bytes <= maximumBytes, let record = SegmentRecord(json: comment) else {
            let why =
                bytes > maximumBytes
                ? "its comment tag is \(bytes) bytes, more than a segment record's \(maximumBytes)"
                : "it has no segment record"
            throw RenderJobError.invalid("\(path): not a part written by reel render (\(why))")
        }
        if let problem = record.problem {
            throw RenderJobError.invalid("\(path): its segment record cannot be right: \(problem)")
        }
        return record
    }

    /// What is wrong with the record by itself, or nil.
    var problem: String? {
        guard count >= 1, (0..<count).contains(index) else { return "it claims to be segment \(index) of \(count)" }
        // First, as `settings()` adds them.
        let range = 0...Self.maximumFrame
        guard [wholeFirst, wholeCount, firstFrame, frameCount, chunkFrames].allSatisfy(range.contains) else {
            return "a frame number is negative or above \(Self.maximumFrame)"
        }
        do { try settings().validate() } catch {
            let words = "\(error)"
            return words.prefix(1).lowercased() + words.dropFirst()
        }
        guard wholeCount >= 1, frameCount >= 1, firstFrame >= wholeFirst,
            firstFrame + frameCount <= wholeFirst + wholeCount
        else {
            return "its frames \(firstFrame)…\(firstFrame + frameCount - 1) are not within the render's "
                + "\(wholeFirst)…\(wholeFirst + wholeCount - 1)"
        }
        return nil
    }
}
