import Foundation
import ReelTestSupport
import Testing

/// `reel preview` against hostile requests and files: every number in a query that is not one
/// the route accepts is a 400 with a short plain message; a scene file replaced by a FIFO (which
/// would block the load, and with it every route) is shown as an error while the last frame
/// keeps being served; SIGTERM still ends the server (with 0, as documented: it writes nothing).
@Suite("Hostile preview", .serialized)
struct HostilePreviewTests {
    @Test func queryNumbersThatAreNotNumbersAreRefused() throws {
        let folder = try TemporaryFolder()
        let studio = try StudioProcess([try folder.write("scene.yaml", PreviewCLITests.scene())])
        defer { _ = studio.interrupt() }
        try #require(try studio.get("/frame?t=1").status == 200)
        for bad in ["nan", "inf", "-inf", "abc", "-1", "1e308", "", "0"] {
            let frame = try studio.get("/frame?t=1&scale=\(bad)")
            #expect(frame.status == 400, "scale=\(bad): \(frame.status)")
            #expect(frame.type.hasPrefix("text/plain"))
            #expect(String(decoding: frame.body, as: UTF8.self).hasPrefix("scale must be"))
        }
        for bad in ["nan", "inf", "abc", "-1", "", "1e999"] {
            for route in ["frame", "inspect"] {
                let answer = try studio.get("/\(route)?t=\(bad)")
                #expect(answer.status == 400, "\(route) t=\(bad): \(answer.status)")
                #expect(String(decoding: answer.body, as: UTF8.self).hasPrefix("t must be"))
            }
        }
        // Huge but finite times are times: past the end, the last frame.
        #expect(try studio.get("/frame?t=1e308").status == 200)
        #expect(try studio.get("/inspect?t=1e308").status == 200)
    }

    @Test func aSceneReplacedByAFIFOBlocksNoRoute() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("scene.yaml", PreviewCLITests.scene())
        let studio = try StudioProcess([path])
        try #require(try studio.get("/frame?t=1").status == 200)
        try FileManager.default.removeItem(atPath: path)
        #expect(mkfifo(path, 0o600) == 0)
        // The studio polls files every 300 ms; wait for it to see the FIFO (a deadline, not a speed check).
        var problems: [String] = []
        for _ in 0..<300 where problems.isEmpty {
            usleep(100_000)
            problems = (try studio.state()["problems"] as? [String]) ?? []
        }
        #expect(problems.first?.hasPrefix("\(path): error: not a regular file") == true, "\(problems)")
        #expect(try studio.get("/frame?t=1").status == 200, "the last good frame is still served")
        #expect(try studio.get("/inspect?t=1").status == 200)
        #expect(try studio.get("/timing.svg").status == 200)
        let ended = studio.interrupt(SIGTERM, timeout: 30)
        #expect(ended?.status == 0, "SIGTERM ends the studio: \(ended.map { "\($0.status) \($0.stderr)" } ?? "hung")")
    }
}
