import Foundation
import ReelTestSupport
import Testing

/// Reel as a dependency: `Tests/PublicAPI` is a package of its own that uses Reel by path and only
/// its public API (a Swift scene with views, a custom-drawn layer and a shape; a video, a still,
/// a scene file through the render job). Building it fails when something a user needs is
/// internal; running it checks that what it made is right.
@Suite("Public API from another package", .serialized)
struct PublicAPIPackageTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func aPackageUsingOnlyThePublicAPIBuildsAndRenders() throws {
        let swift = try #require(ToolRun.find("swift"), "swift is not on PATH")
        let package = Self.repository.appendingPathComponent("Tests/PublicAPI").path
        // Its own build folder (ignored by git), kept between runs so a rerun is incremental.
        let scratch = Self.repository.appendingPathComponent(".build-public-api").path
        var build = try ToolRun.run(
            swift, ["build", "--package-path", package, "--scratch-path", scratch], timeout: 1800)
        if build.status != 0 {
            // SwiftPM's incremental build of a path dependency can keep objects compiled against
            // an older Reel (undefined symbols at link time): a clean build decides.
            try? FileManager.default.removeItem(atPath: scratch)
            build = try ToolRun.run(
                swift, ["build", "--package-path", package, "--scratch-path", scratch], timeout: 1800)
        }
        #expect(build.status == 0, "build failed:\n\(build.stdout.suffix(3000))\n\(build.stderr.suffix(3000))")
        guard build.status == 0 else { return }

        let folder = try ScratchFolder()
        let binary = scratch + "/debug/ReelConsumer"
        let hello = Self.repository.appendingPathComponent("scenes/hello.yaml").path
        let run = try ToolRun.run(binary, [folder.path, hello], timeout: 300)
        #expect(run.status == 0, "\(run.stderr)")
        let lines = Dictionary(
            uniqueKeysWithValues: run.stdout.split(separator: "\n").compactMap { line -> (String, String)? in
                guard let space = line.firstIndex(of: " ") else { return nil }
                return (String(line[..<space]), String(line[line.index(after: space)...]))
            })
        // strokeEnd 0 → 1 over 1 s, linear: half-way at 0.5 s.
        #expect(lines["strokeEnd@0.5"].flatMap(Double.init) == 0.5)
        // UIView.animate over 0.5 s from x = 70 to 220: over at 0.75 s, the model value.
        #expect(lines["card.x@0.75"].flatMap(Double.init) == 220)
        // 30 fps × 1 s.
        #expect(lines["frames"] == "30")
        // The drawn pie is systemBlue (0, 122, 255) where its slice is.
        let pie = lines["pie"]?.split(separator: " ").compactMap { Int($0) } ?? []
        #expect(
            pie.count == 4 && abs(pie[0] - 0) <= 2 && abs(pie[1] - 122) <= 2 && abs(pie[2] - 255) <= 2 && pie[3] == 255,
            "\(pie)")
        #expect(lines["scene"] == "file rendered")

        let video = try StreamProbe.read(folder.path + "/consumer.mp4")
        #expect(video.codec == "h264" && video.width == 320 && video.height == 240 && video.frames == 30)
        let file = try StreamProbe.read(folder.path + "/file.mp4")
        #expect(file.frameRate == "10/1" && file.width == 320 && file.height == 180)
    }
}
