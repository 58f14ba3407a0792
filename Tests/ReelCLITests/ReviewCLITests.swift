import Foundation
import Testing

/// `reel timing` and `reel plot` as a user runs them: the extension picks the format, outputs
/// appear whole, and mistakes exit 2 with the names to choose from.
@Suite("reel timing / reel plot")
struct ReviewCLITests {
    static var hello: String { ReelProcess.repository.appendingPathComponent("scenes/hello.yaml").path }

    @Test(arguments: ["timing", "plot"])
    func writesSVGAndPNGByExtension(command: String) throws {
        let folder = try TemporaryFolder()
        let extra = command == "plot" ? ["--layer", "ball", "--key", "position"] : []
        for name in ["out.svg", "out.png"] {
            let out = folder.url.appendingPathComponent(name).path
            let result = try ReelProcess.run([command, Self.hello, "-o", out, "--scale", "1"] + extra)
            #expect(result.status == 0, "\(result.stderr)")
            let bytes = try Data(contentsOf: URL(fileURLWithPath: out))
            if name.hasSuffix(".svg") {
                #expect(String(decoding: bytes.prefix(5), as: UTF8.self) == "<?xml")
                #expect(String(decoding: bytes, as: UTF8.self).hasSuffix("</svg>\n"))
            } else {
                #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
            }
        }
        // Written through temporary files renamed into place: nothing else is left.
        #expect(folder.contents == ["out.png", "out.svg"])
    }

    @Test(arguments: ["timing", "plot"])
    func refusesOtherExtensions(command: String) throws {
        let folder = try TemporaryFolder()
        let extra = command == "plot" ? ["--layer", "ball", "--key", "position"] : []
        let result = try ReelProcess.run(
            [command, Self.hello, "-o", folder.url.appendingPathComponent("out.gif").path] + extra)
        #expect(result.status == 2)
        #expect(result.stderr.contains(".svg or .png"))
        #expect(folder.contents.isEmpty)
    }

    @Test func unknownLayerListsTheLayers() throws {
        let folder = try TemporaryFolder()
        let result = try ReelProcess.run([
            "plot", Self.hello, "--layer", "bal", "--key", "position", "-o",
            folder.url.appendingPathComponent("p.svg").path
        ])
        #expect(result.status == 2)
        #expect(result.stderr.contains("unknown layer 'bal'") && result.stderr.contains("ball, badge"))
        #expect(folder.contents.isEmpty)
    }

    @Test func unknownKeyListsTheKeyPaths() throws {
        let folder = try TemporaryFolder()
        let result = try ReelProcess.run([
            "plot", Self.hello, "--layer", "ball", "--key", "postion", "-o",
            folder.url.appendingPathComponent("p.svg").path
        ])
        #expect(result.status == 2)
        #expect(
            result.stderr.contains("'postion' is not a key path of layer 'ball'")
                && result.stderr.contains("position.x"))
    }

    @Test func sceneErrorsKeepTheirLocation() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write(
            "bad.yaml", "reel: 1\ncanvas: { size: [10, 10], duration: 1 }\nlayers:\n  - { name: a, opacity: high }\n")
        let result = try ReelProcess.run(["timing", scene, "-o", folder.url.appendingPathComponent("t.svg").path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("bad.yaml:4:"))
        #expect(!folder.contents.contains("t.svg"))
    }

    @Test(arguments: ["timing", "plot"])
    func helpHasExamples(command: String) throws {
        let result = try ReelProcess.run([command, "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("Examples:") && result.stdout.contains("reel \(command) scenes/"))
    }
}
