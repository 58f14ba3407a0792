import Foundation
import ReelTestSupport
import Testing

/// `reel` given a Lottie file, recognised by its content.
@Suite("reel and Lottie files")
struct LottieCLITests {
    /// lottie-ios's sample animations, kept outside the repository (`../shared/lottie` beside
    /// the checkout or its parent, or $REEL_LOTTIE_SAMPLES); tests that need them are skipped,
    /// saying so, when they are absent.
    static let samples: URL? = {
        let environment = ProcessInfo.processInfo.environment["REEL_LOTTIE_SAMPLES"].map { URL(fileURLWithPath: $0) }
        let parent = ReelProcess.repository.deletingLastPathComponent()
        let candidates = [
            environment, parent.appendingPathComponent("shared/lottie/data/samples"),
            parent.deletingLastPathComponent().appendingPathComponent("shared/lottie/data/samples")
        ]
        return candidates.compactMap { $0 }.first { FileManager.default.fileExists(atPath: $0.path) }
    }()

    @Test(
        .enabled(if: MediaTools.available, "needs ffmpeg"),
        .enabled(if: samples != nil, "the shared Lottie samples (../shared/lottie) are not here"))
    func renderingASharedSampleWritesAValidMP4() throws {
        let sample = try #require(Self.samples).appendingPathComponent("HamburgerArrow.json")
        // The expected size, rate and length, read from the file itself.
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: sample)) as? [String: Any])
        let (w, h) = (json["w"] as? Int ?? 0, json["h"] as? Int ?? 0)
        let (fr, ip, op) = (json["fr"] as? Double ?? 0, json["ip"] as? Double ?? 0, json["op"] as? Double ?? 0)
        let folder = try TemporaryFolder()
        let out = folder.url.appendingPathComponent("sample.mp4").path
        let result = try ReelProcess.run(["render", sample.path, "-o", out, "--quiet"])
        try #require(result.status == 0, "\(result.stderr)")
        let probe = try StreamProbe.read(out)
        #expect(probe.codec == "h264")
        #expect(probe.width == w && probe.height == h)
        #expect(probe.frames == Int(op - ip), "(op − ip) frames at fr")
        #expect(abs(probe.duration - (op - ip) / fr) < 0.05)
    }

    @Test func aMalformedLottieIsALocatedErrorWithExitStatus2() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(
            "bounce.json", #"{"v": "5.7.4", "fr": 30, "ip": 0, "op": 30, "w": 100, "h": -4, "layers": []}"#)
        let result = try ReelProcess.run(["validate", path])
        #expect(result.status == 2)
        #expect(
            result.stderr.contains("bounce.json:1:60: error: h is -4; the height must be 1 to 16384 points"),
            "\(result.stderr)")
    }
}
