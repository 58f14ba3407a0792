// The record target (tools/fuzz --target record): each input is read as the records Reel finds
// in files other people may have written — a video's segment record (its `comment` tag, what
// `reel concat` trusts) and a batch output's sidecar record — and used as they are used, so a
// forged record can only be refused, never crash or allocate what it claims.
//   - a record that decodes survives the round trip (stored JSON decodes to the same record);
//   - what concat derives from it (the whole render's record, its encoder settings) is computed
//     without trapping, whatever the numbers say;
//   - a record concat accepts (`SegmentRecord.read(comment:of:)`) gives valid encoder settings,
//     and so does the whole render's record made from it.
import Foundation
import Reel
import ReelBatch

func fuzzRecordTarget(_ bytes: [UInt8]) {
    let text = String(decoding: bytes, as: UTF8.self)
    if let record = SegmentRecord(json: text) {
        guard SegmentRecord(json: record.json) == record else {
            fatalError("a segment record does not survive its own JSON: \(record)")
        }
        _ = record.whole
        _ = try? record.settings()
    }
    if let accepted = try? SegmentRecord.read(comment: text, of: "fuzz.mp4") {
        do {
            try accepted.settings().validate()
            try accepted.whole.settings().validate()
        } catch {
            fatalError("concat accepts a record whose settings are invalid (\(error)): \(accepted)")
        }
    }
    if let record = try? JSONDecoder().decode(OutputRecord.self, from: Data(bytes)) {
        let encoded = try? JSONEncoder().encode(record)
        guard let encoded, (try? JSONDecoder().decode(OutputRecord.self, from: encoded)) == record else {
            fatalError("an output record does not survive its own JSON: \(record)")
        }
    }
}
