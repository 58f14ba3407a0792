import Foundation
import ReelTestSupport
import Testing

/// `still --at` takes decimal seconds, which cannot write most frame times exactly: 10 / 48 s
/// is 0.2083…, so "0.208333333333" is a hair before frame 10 of a 48 fps scene. A time within a
/// billionth of a frame of a frame's is that frame, so a layer coming in at it is drawn.
@Suite(.enabled(if: MediaTools.ffmpeg != nil, "needs the ffmpeg CLI to read PNGs"))
struct StillFrameTimeCLITests {
    @Test func aTimeAHairBeforeAFrameShowsThatFrame() throws {
        let folder = try TemporaryFolder()
        // A 48 fps scene whose red square comes in at frame 10 (10 / 48 s) and stays.
        let scene = try folder.write(
            "s.yaml",
            """
            reel: 1
            canvas: { size: [16, 16], fps: 48, duration: 1, background: black }
            layers:
              - { name: square, frame: [0, 0, 16, 16], backgroundColor: "#FF0000", hidden: true }
            timeline:
              - at: 0.20833333333333334
                disableActions: true
                set: { square: { hidden: false } }
            """)
        func centre(at time: String) throws -> [Int] {
            let out = folder.url.appendingPathComponent("f-\(time).png").path
            let result = try ReelProcess.run(["still", scene, "--at", time, "-o", out])
            try #require(result.status == 0, "\(result.stderr)")
            let frame = try #require(try MediaTools.frames(out, width: 16, height: 16).first)
            let start = (8 * 16 + 8) * 4
            return frame[start..<start + 3].map { Int($0) }
        }
        #expect(try centre(at: "0.208333333333") == [255, 0, 0], "12 digits of 10 / 48 s are frame 10")
        // A ten-millionth of a frame before it (9.9999999) is still before it.
        #expect(try centre(at: "0.20833333125") == [0, 0, 0])
    }
}
