import Foundation
import ReelScene
import Testing

/// `reel validate` is a compatibility report: a file with more warnings than the list keeps says
/// how many it left out, instead of ending silently.
@Suite struct LottieWarningListTests {
    @Test func warningsBeyondTheListAreCountedInAFinalNote() throws {
        // 1200 merge-path items, each a warning; the list keeps 1000 (twice the error limit).
        let items = Array(repeating: #"{"ty": "mm", "mm": 1}"#, count: 1200).joined(separator: ",")
        let warnings = try loadLottie(lottie(shapeLayer("a", shapes: items))).warnings
        #expect(warnings.count == 1001)
        #expect(warnings.filter { $0.message.contains("merge paths") }.count == 1000)
        #expect(
            warnings.last?.message == "too many warnings: 200 more not shown", "\(String(describing: warnings.last))")
    }
}
