// swift-tools-version: 6.0
// Reel: Core Animation, rendered to video, on Linux.
//
// Data flows one way and the targets show it:
//   ReelScene (file format) → ReelCore (layers, animations, timing) → ReelRender (Cairo) → ReelEncode (FFmpeg)
// ReelCore is pure Swift; only ReelRender imports Cairo and only ReelEncode imports FFmpeg.
import PackageDescription

let package = Package(
    name: "Reel",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "Reel", targets: ["Reel"]),
        .library(name: "ReelUIKit", targets: ["ReelUIKit"]),
        .executable(name: "reel", targets: ["reel"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        // `swift package generate-documentation`: the DocC catalogs, built by tools/test.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
        // `reel preview`: the local studio's HTTP server.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.0.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.5.0")
    ],
    targets: [
        // MARK: C libraries
        .systemLibrary(
            name: "CCairo", path: "Sources/CCairo", pkgConfig: "cairo",
            providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(
            name: "CPango", path: "Sources/CPango", pkgConfig: "pangocairo",
            providers: [.apt(["libpango1.0-dev"])]),
        .systemLibrary(
            name: "CPixman", path: "Sources/CPixman", pkgConfig: "pixman-1",
            providers: [.apt(["libpixman-1-dev"])]),
        .systemLibrary(
            name: "CFFmpeg", path: "Sources/CFFmpeg", pkgConfig: "libavformat",
            providers: [
                .apt(["libavformat-dev", "libavcodec-dev", "libswscale-dev", "libswresample-dev", "libavutil-dev"])
            ]),
        // SVG files as layer contents: librsvg draws them into Cairo.
        .systemLibrary(
            name: "CRsvg", path: "Sources/CRsvg", pkgConfig: "librsvg-2.0", providers: [.apt(["librsvg2-dev"])]),
        // dotLottie archives: raw inflate of their zip entries.
        .systemLibrary(
            name: "CZlib", path: "Sources/CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // Process-level helpers Swift cannot express safely (async-signal-safe interrupt flag).
        .target(name: "CReelSupport", path: "Sources/CReelSupport"),
        // Pixel loops in vector instructions chosen at run time (AVX2), bit for bit the scalar ones.
        .target(name: "CReelPixels", path: "Sources/CReelPixels"),
        // Cairo groups drawn on buffers reused per thread (see its header).
        .target(name: "CReelCairo", dependencies: ["CCairo"], path: "Sources/CReelCairo"),
        // librsvg's GObject API behind four plain C functions (see its header).
        .target(name: "CReelSvg", dependencies: ["CCairo", "CRsvg"], path: "Sources/CReelSvg"),

        // MARK: Reel
        .target(name: "ReelCore", dependencies: ["CReelSupport"], path: "Sources/ReelCore"),
        // Lottie animations as the layer trees and animations lottie-ios's Core Animation engine makes.
        .target(name: "ReelLottie", dependencies: ["ReelCore"]),
        .target(
            name: "ReelScene",
            dependencies: ["ReelCore", "ReelLottie", "CZlib", .product(name: "Yams", package: "Yams")]),
        .target(
            name: "ReelRender",
            dependencies: ["ReelCore", "CCairo", "CReelCairo", "CReelSvg", "CPango", "CPixman", "CReelPixels"]),
        .target(name: "ReelEncode", dependencies: ["ReelCore", "CFFmpeg", "CReelPixels", "CReelSupport"]),
        .target(name: "Reel", dependencies: ["ReelCore", "ReelScene", "ReelRender", "ReelEncode", "CReelSupport"]),
        // Many jobs, unattended: planning, up-to-date checks, worker processes, reports, baselines.
        .target(name: "ReelBatch", dependencies: ["Reel", "CReelSupport"]),
        // A thin UIKit bridge (UIView.animate, UIColor, UIBezierPath, UIImage) so iOS animation code ports with few edits.
        .target(name: "ReelUIKit", dependencies: ["Reel"]),
        // Render farms: submitting segment renders to Slurm (the engine stays Slurm's).
        .target(name: "ReelFarm", dependencies: ["Reel", "ReelBatch"]),
        // `reel preview`: a local web studio (scrubber, layer tree, live reload) served on loopback.
        .target(
            name: "ReelPreview",
            dependencies: [
                "Reel", .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log")
            ]),
        .executableTarget(
            name: "reel",
            dependencies: [
                "Reel", "ReelBatch", "ReelFarm", "ReelPreview", "CReelSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser")
            ],
            // `reel --version`'s commit, read from git before every build (see the plugin).
            plugins: ["BuildCommit"]),
        .plugin(name: "BuildCommit", capability: .buildTool()),
        // tools/bench-layers: drawing speed of a 1080p frame with and without the raster cache.
        .executableTarget(name: "bench-layers", dependencies: ["Reel"], path: "Sources/BenchLayers"),
        // tools/bench-timeline: per-frame evaluation cost against the length of the timeline.
        .executableTarget(name: "bench-timeline", dependencies: ["Reel"], path: "Sources/BenchTimeline"),

        // MARK: Tests
        .testTarget(name: "ReelCoreTests", dependencies: ["ReelCore"]),
        .testTarget(
            name: "ReelLottieTests",
            dependencies: ["ReelLottie", "ReelScene", "ReelCore", "ReelRender", "ReelTestSupport"],
            exclude: ["Fixtures"]),
        .testTarget(name: "ReelSceneTests", dependencies: ["ReelScene", "ReelCore"], exclude: ["Fixtures"]),
        .testTarget(
            name: "ReelRenderTests",
            dependencies: ["ReelRender", "ReelScene", "ReelCore", "ReelTestSupport", "CReelCairo", "CReelPixels"],
            exclude: ["Golden"]),
        .testTarget(
            name: "ReelEncodeTests", dependencies: ["ReelEncode", "ReelCore", "ReelTestSupport", "CReelPixels"],
            exclude: ["Golden"]),
        .testTarget(name: "ReelCLITests", dependencies: ["reel", "ReelTestSupport"]),
        .testTarget(name: "ReelUIKitTests", dependencies: ["ReelUIKit", "ReelTestSupport"]),
        // The source material's iOS examples, ported with only the edits Linux and video force (docs/porting.md).
        .testTarget(name: "PortTests", dependencies: ["ReelUIKit", "ReelTestSupport"]),
        .testTarget(name: "ReelBatchTests", dependencies: ["ReelBatch", "Reel", "ReelTestSupport"]),
        // `reel timing` / `reel plot`: diagram measurements, SVG form and golden pictures.
        .testTarget(name: "TimingDiagramTests", dependencies: ["Reel", "ReelTestSupport"], exclude: ["Golden"]),
        // The preview studio's state: reloads, last good frame, watched files.
        .testTarget(name: "ReelPreviewTests", dependencies: ["ReelPreview", "Reel"]),
        // ffmpeg/ffprobe as independent readers of our files, shared by the test targets.
        .target(name: "ReelTestSupport", dependencies: ["ReelRender"], path: "Tests/ReelTestSupport")
    ]
)

// tools/fuzz: libFuzzer's targets for the scene decoder and the renderer. Declared only when
// REEL_FUZZ is set, so ordinary builds and tests never compile it (it needs `-sanitize=fuzzer`, which tools/fuzz passes).
if Context.environment["REEL_FUZZ"] != nil {
    package.targets.append(
        .executableTarget(
            name: "ReelFuzz", dependencies: ["ReelScene", "ReelCore", "ReelRender", "Reel", "ReelBatch"],
            path: "Sources/ReelFuzz"))
}
