import Foundation
import ReelTestSupport
import Testing

/// `reel schema` prints the checked-in schemas, so an editor can use them from an installed binary.
struct SchemaCLITests {
    @Test(arguments: [([], "scenes/scene.schema.json"), (["--manifest"], "scenes/batch.schema.json")])
    func printsTheCheckedInSchema(_ flags: [String], _ file: String) throws {
        let result = try ReelProcess.run(["schema"] + flags)
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        let committed = try String(
            contentsOf: ReelProcess.repository.appendingPathComponent(file), encoding: .utf8)
        #expect(result.stdout == committed)
    }
}
