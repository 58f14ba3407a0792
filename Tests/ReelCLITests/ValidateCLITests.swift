import Foundation
import Testing

/// `reel validate`: the human and JSON reports, exit statuses and the limit flags.
@Suite("reel validate")
struct ValidateCLITests {
    static let broken = """
        reel: 1
        canvas: { size: [100, 100], duration: 2, backgroud: red }
        layers:
          - { name: card, positon: [10, 10] }
        timeline:
          - at: 1
            set: { crad: { opacity: 1 } }
        """

    @Test func reportsEveryProblemCompilerStyleAndExits2() throws {
        let folder = try TemporaryFolder()
        let bad = try folder.write("bad.yaml", Self.broken)
        let result = try ReelProcess.run(["validate", bad])
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(
            result.stderr == """
                \(bad):2:42: error: unknown key 'backgroud' in 'canvas' (did you mean 'background'?)
                \(bad):4:19: error: unknown key 'positon' in layer 'card' (did you mean 'position'?)
                \(bad):7:12: error: unknown layer 'crad' (did you mean 'card'?)

                """)
    }

    @Test func jsonReportsEveryFileInOneArray() throws {
        let folder = try TemporaryFolder()
        let bad = try folder.write("bad.yaml", Self.broken)
        let late = try folder.write(
            "late.yaml", "reel: 1\ncanvas: { size: [10, 10], duration: 1 }\ntimeline:\n  - at: 5\n    set: {}\n")
        let result = try ReelProcess.run([
            "validate", "--json", bad, late, folder.url.appendingPathComponent("missing.yaml").path
        ])
        #expect(result.status == 2)
        #expect(result.stderr == "")
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(objects.count == 5)
        let first = objects[0]
        #expect(first["file"] as? String == bad)
        #expect(first["line"] as? Int == 2 && first["column"] as? Int == 42)
        #expect(first["severity"] as? String == "error")
        #expect(first["message"] as? String == "unknown key 'backgroud' in 'canvas' (did you mean 'background'?)")
        let warning = objects[3]
        #expect(
            warning["file"] as? String == late && warning["severity"] as? String == "warning"
                && warning["line"] as? Int == 4)
        #expect((objects[4]["message"] as? String) == "no such file")
        // One object per line, so CI logs stay greppable.
        #expect(result.stdout.split(separator: "\n").count == 7)
    }

    /// An `on:` entry whose animation ends after the scene does never runs: a warning at the
    /// entry, found by running the timeline (validate and render alike).
    @Test func anEventHandlerThatNeverRunsIsAWarning() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write(
            "late.yaml",
            """
            reel: 1
            canvas: { size: [20, 20], duration: 2 }
            layers: [{ name: a, frame: [0, 0, 10, 10], backgroundColor: red }]
            timeline:
              - at: 0
                add: { layer: a, key: fade, animation: { keyPath: opacity, toValue: 0, duration: 5 } }
              - at: 0
                add: { layer: a, key: quick, animation: { keyPath: opacity, toValue: 0, duration: 1 } }
              - on: { layer: a, key: fade, event: didStop }
                set: { a: { opacity: 1 } }
              - on: { layer: a, key: quick, event: didStop }
                set: { a: { opacity: 1 } }
            """)
        let result = try ReelProcess.run(["validate", scene])
        #expect(result.status == 0, "a warning, not an error: \(result.stderr)")
        #expect(
            result.stderr
                == "\(scene):9:9: warning: this didStop entry never runs: no animation of layer 'a' under key 'fade' stops before the end of the scene (2 s)\n"
        )
    }

    /// Odd frame sizes warn, for the size actually rendered: a scale that makes them even does not.
    @Test func oddPixelSizesWarnThatVideoNeedsEvenOnes() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("odd.yaml", "reel: 1\ncanvas: { size: [201, 100], duration: 1 }\n")
        let plain = try ReelProcess.run(["validate", scene])
        #expect(plain.status == 0)
        #expect(
            plain.stderr
                == "\(scene):2:11: warning: the frame is 201×100 pixels (size × scale): H.264, HEVC and VP9 video (.mp4, .webm) need even sizes; ProRes .mov, GIF and PNG take any\n"
        )
        let scaled = try ReelProcess.run([
            "render", scene, "--scale", "2", "-o", folder.url.appendingPathComponent("x.mp4").path, "--quiet"
        ])
        #expect(scaled.status == 0 && scaled.stderr.isEmpty, "402 × 200 is even: \(scaled.stderr)")
    }

    @Test func jsonOfValidFilesIsAnEmptyArray() throws {
        let folder = try TemporaryFolder()
        let good = try folder.write(
            "good.json", #"{"reel": 1, "canvas": {"size": [10, 10], "duration": 1}, "layers": [{"name": "a"}]}"#)
        let result = try ReelProcess.run(["validate", "--json", good])
        #expect(result.status == 0)
        #expect(result.stdout == "[]\n")
    }

    @Test func limitFlagsRaiseTheLimits() throws {
        let folder = try TemporaryFolder()
        var nested = "{ name: l0, frame: [0, 0, 1, 1] }"
        for i in 1...70 { nested = "{ name: l\(i), sublayers: [\(nested)] }" }
        let deep = try folder.write(
            "deep.yaml", "reel: 1\ncanvas: { size: [10, 10], duration: 1 }\nlayers: [\(nested)]\n")
        let refused = try ReelProcess.run(["validate", deep])
        #expect(refused.status == 2)
        #expect(
            refused.stderr.contains("layers are nested more than 64 deep (raise it with --max-depth)"),
            "\(refused.stderr)")
        #expect(try ReelProcess.run(["validate", "--max-depth", "100", deep]).status == 0)

        let long = try folder.write("long.yaml", "reel: 1\ncanvas: { size: [10, 10], duration: 4000, fps: 60 }\n")
        #expect(try ReelProcess.run(["validate", long]).stderr.contains("(raise it with --max-frames)"))
        #expect(try ReelProcess.run(["validate", "--max-frames", "240000", long]).status == 0)

        let wide = try folder.write("wide.yaml", "reel: 1\ncanvas: { size: [8000, 8000], duration: 1 }\n")
        #expect(try ReelProcess.run(["validate", wide]).stderr.contains("(raise it with --max-pixels)"))
        #expect(try ReelProcess.run(["validate", "--max-pixels", "64000000", "--max-memory", "64G", wide]).status == 0)

        let big = try folder.write(
            "big.yaml",
            "reel: 1\ncanvas: { size: [10, 10], duration: 1 }\n" + String(repeating: "# padding\n", count: 200))
        let tooBig = try ReelProcess.run(["validate", "--max-file-size", "1000", big])
        #expect(tooBig.status == 2)
        #expect(
            tooBig.stderr.contains(
                "\(big):1:1: error: the file is 2048 bytes; scene files are limited to 1000 bytes (raise it with --max-file-size)"
            ),
            "\(tooBig.stderr)")
    }

    @Test func badLimitValuesAreUsageErrors() throws {
        let result = try ReelProcess.run(["validate", "--max-depth", "100000", "x.yaml"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--max-depth must be 1…400"), "\(result.stderr)")
        #expect(try ReelProcess.run(["validate", "--max-frames", "0", "x.yaml"]).status == 2)
    }

    @Test func everySceneInTheRepositoryIsValid() throws {
        let scenes = ReelProcess.repository.appendingPathComponent("scenes")
        let names = try FileManager.default.contentsOfDirectory(atPath: scenes.path).filter { $0.hasSuffix(".yaml") }
            .sorted()
        #expect(names.count >= 8)
        let result = try ReelProcess.run(["validate", "--json"] + names.map { scenes.appendingPathComponent($0).path })
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout == "[]\n")
    }
}
