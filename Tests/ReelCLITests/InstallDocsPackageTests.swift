import Foundation
import ReelTestSupport
import Testing

/// docs/install.md's Swift package instructions, followed verbatim: its manifest (the URL form)
/// and the same manifest with the path form it describes must both name products SwiftPM finds.
/// The package is the dependency's identity, which SwiftPM derives from the URL's or path's last
/// component — so a checkout folder not named `reel` must fail the same way, which shows the
/// test can fail.
@Suite("docs/install.md: Reel as a Swift package", .serialized)
struct InstallDocsPackageTests {
    static let manifest: String? = {
        let doc = ReelProcess.repository.appendingPathComponent("docs/install.md").path
        guard let text = try? String(contentsOfFile: doc, encoding: .utf8),
            let start = text.range(of: "```swift\n// swift-tools-version"),
            let end = text.range(of: "```", range: start.upperBound..<text.endIndex)
        else { return nil }
        return String(text[text.index(start.lowerBound, offsetBy: 9)..<end.lowerBound])
    }()

    static let urlLine = #".package(url: "https://example.com/reel.git", from: "0.1.0")"#

    /// A package with `manifest` in `folder/app`, whose checkout of Reel is `folder/CHECKOUT`.
    static func package(_ manifest: String, checkout: String?, in folder: ScratchFolder) throws -> String {
        let app = folder.path + "/app"
        try FileManager.default.createDirectory(atPath: app + "/Sources/MyRenders", withIntermediateDirectories: true)
        try manifest.write(toFile: app + "/Package.swift", atomically: true, encoding: .utf8)
        try "import Reel\nimport ReelUIKit\n".write(
            toFile: app + "/Sources/MyRenders/main.swift", atomically: true, encoding: .utf8)
        if let checkout {
            try FileManager.default.createSymbolicLink(
                atPath: folder.path + "/" + checkout, withDestinationPath: ReelProcess.repository.path)
        }
        return app
    }

    @Test func theURLFormNamesTheIdentitySwiftPMDerives() throws {
        let manifest = try #require(Self.manifest, "no Swift manifest in docs/install.md")
        #expect(manifest.contains(Self.urlLine))
        let swift = try #require(ToolRun.find("swift"))
        let folder = try ScratchFolder()
        let app = try Self.package(manifest, checkout: nil, in: folder)
        // dump-package reads the manifest without fetching: the dependency's identity, offline.
        let dump = try ToolRun.run(swift, ["package", "--package-path", app, "dump-package"], timeout: 300)
        try #require(dump.status == 0, "\(dump.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])
        let dependency = (json["dependencies"] as? [[String: Any]])?.first?["sourceControl"] as? [[String: Any]]
        let identity = try #require(dependency?.first?["identity"] as? String)
        #expect(identity == "reel")
        let products = ((json["targets"] as? [[String: Any]])?.first?["dependencies"] as? [[String: Any]]) ?? []
        let packages = products.compactMap { ($0["product"] as? [Any])?.dropFirst().first as? String }
        #expect(packages == ["reel", "reel"], "\(products)")
    }

    @Test(arguments: [("reel", true), ("fresh", false)])
    func thePathFormResolves(checkout: String, resolves: Bool) throws {
        let manifest = try #require(Self.manifest, "no Swift manifest in docs/install.md")
        let swift = try #require(ToolRun.find("swift"))
        let folder = try ScratchFolder()
        let pathForm = manifest.replacingOccurrences(of: Self.urlLine, with: ".package(path: \"../\(checkout)\")")
        let app = try Self.package(pathForm, checkout: checkout, in: folder)
        let graph = try ToolRun.run(swift, ["package", "--package-path", app, "show-dependencies"], timeout: 1200)
        if resolves {
            #expect(graph.status == 0, "\(graph.stderr.suffix(2000))")
        } else {
            #expect(graph.status != 0 && graph.stderr.contains("unknown package 'reel'"), "\(graph.stderr)")
        }
    }
}
