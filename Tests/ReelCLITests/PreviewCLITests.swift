import Foundation
import ReelTestSupport
import Testing

/// `reel preview`: the built binary serving its studio, driven by a real headless Chromium.
@Suite(
    "reel preview", .serialized,
    .enabled(if: MediaTools.ffmpeg != nil, "needs the ffmpeg CLI to decode reference frames"))
struct PreviewCLITests {
    /// A box sliding from x = 40 to x = 280 over 3 s: at 1.5 s it is at (160, 90).
    static func scene(color: String = "#E63946", bounds: String = "[0, 0, 60, 60]") -> String {
        """
        reel: 1
        canvas: { size: [320, 180], fps: 30, duration: 3, background: "#101820" }
        layers:
          - name: box
            position: [40, 90]
            bounds: \(bounds)
            cornerRadius: 8
            backgroundColor: "\(color)"
            sublayers:
              - { name: dot, position: [30, 30], bounds: [0, 0, 12, 12], cornerRadius: 6, backgroundColor: white }
        timeline:
          - at: 0
            add: { layer: box, key: slide, animation: { keyPath: position, fromValue: [40, 90], toValue: [280, 90], duration: 3 } }
        """
    }

    /// The frame the page shows, read back from its <img> through a canvas, as RGBA.
    static let readFrame = """
        (() => {
          const img = document.getElementById('frame');
          const c = document.createElement('canvas');
          c.width = img.naturalWidth; c.height = img.naturalHeight;
          const g = c.getContext('2d');
          g.drawImage(img, 0, 0);
          const d = g.getImageData(0, 0, c.width, c.height).data;
          let s = '';
          for (let i = 0; i < d.length; i += 8192) s += String.fromCharCode.apply(null, d.subarray(i, i + 8192));
          return { width: c.width, height: c.height, scale: +img.dataset.scale, rgba: btoa(s) };
        })()
        """

    struct ShownFrame {
        var width: Int, height: Int, scale: Double, rgba: [UInt8]
        /// The colour at (x, y) in points.
        func pixel(x: Double, y: Double) -> [UInt8] {
            let i = (Int(y * scale) * width + Int(x * scale)) * 4
            return Array(rgba[i..<i + 4])
        }
    }

    static func shownFrame(_ browser: ChromiumDevTools) throws -> ShownFrame {
        let value = try #require(try browser.evaluate(readFrame) as? [String: Any])
        let data = try #require(Data(base64Encoded: value["rgba"] as? String ?? ""))
        return ShownFrame(
            width: value["width"] as? Int ?? 0, height: value["height"] as? Int ?? 0,
            scale: value["scale"] as? Double ?? 0, rgba: [UInt8](data))
    }

    /// A key pressed and released, as the keyboard sends it.
    static func press(_ browser: ChromiumDevTools, _ key: String) throws {
        let code = key == " " ? "Space" : key
        for type in ["keyDown", "keyUp"] {
            try browser.send(
                "Input.dispatchKeyEvent",
                ["type": type, "key": key, "code": code, "text": type == "keyDown" && key == " " ? " " : ""])
        }
    }

    static func text(_ browser: ChromiumDevTools, _ expression: String) throws -> String {
        try browser.evaluate(expression) as? String ?? ""
    }

    @Test func studioScrubsShowsLibraryFramesReloadsLiveAndShowsDiagnostics() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("scene.yaml", Self.scene())
        let studio = try StudioProcess([scene])
        let browser = try ChromiumDevTools(width: 1100, height: 720)
        defer { browser.close() }

        // The page loads and shows frame 0.
        try browser.navigate(studio.url)
        try browser.waitFor("document.getElementById('frame').dataset.state === 'ready'", "the first frame")
        _ = try browser.evaluate("window.__sameDocument = 42")

        // Scrub to 1.5 s (frame 45 at 30 fps) as a user dragging the range input does.
        _ = try browser.evaluate(
            """
            (() => { const s = document.getElementById('scrubber'); s.value = '45';
              s.dispatchEvent(new Event('input', { bubbles: true })); })()
            """)
        try browser.waitFor(
            "document.getElementById('frame').dataset.t === '1.5' && document.getElementById('frame').dataset.state === 'ready'",
            "the frame at 1.5 s")
        // With the timing diagram in its panel, the frame still fits the stage (above the transport bar).
        try browser.waitFor("document.querySelector('#timing svg')", "the timing diagram")
        try browser.waitFor(
            """
            (() => { const f = document.getElementById('frame').getBoundingClientRect(),
                       t = document.getElementById('transport').getBoundingClientRect();
              return f.height > 50 && f.bottom <= t.top; })()
            """, "the frame fitted above the transport bar")
        #expect(try Self.text(browser, "document.getElementById('time').textContent") == "00:01.50")
        #expect(try Self.text(browser, "document.getElementById('frame-number').textContent") == "45")
        let shown = try Self.shownFrame(browser)
        #expect(shown.scale > 0)
        let reference = try StudioCheck.still(
            scene, at: 1.5, scale: shown.scale, width: shown.width, height: shown.height)
        #expect(StudioCheck.maxDifference(shown.rgba, reference) <= 2, "the shown frame is `reel still --at 1.5`")
        let red = shown.pixel(x: 140, y: 70)
        #expect(red[0] > 200 && red[1] < 100, "the red box (130…190, 60…120) is at the middle at 1.5 s: \(red)")

        // The layer tree, and the selected layer's values at the playhead (`reel inspect`'s).
        try browser.waitFor("document.querySelector('#layer-tree .node[data-path=\"r.0\"]')", "the layer tree")
        _ = try browser.evaluate("document.querySelector('#layer-tree .node[data-path=\"r.0\"]').click()")
        try browser.waitFor(
            "[...document.querySelectorAll('#props tr')].some(r => r.cells[0].textContent === 'position')",
            "the box's values")
        let position = try Self.text(
            browser,
            "[...document.querySelectorAll('#props tr')].find(r => r.cells[0].textContent === 'position').cells[1].textContent"
        )
        #expect(position == "[160, 90]")

        // Arrow keys step one frame.
        try Self.press(browser, "ArrowRight")
        try browser.waitFor(
            "document.getElementById('frame').dataset.frame === '46' && document.getElementById('frame').dataset.state === 'ready'",
            "frame 46")
        try Self.press(browser, "ArrowLeft")
        try browser.waitFor(
            "document.getElementById('frame').dataset.frame === '45' && document.getElementById('frame').dataset.state === 'ready'",
            "frame 45 again")

        // An edit to the file reaches the page without a reload, at the same playhead.
        let version = try Self.text(browser, "document.getElementById('frame').dataset.version")
        try Self.scene(color: "#2A9D8F").write(toFile: scene, atomically: false, encoding: .utf8)
        try browser.waitFor(
            "document.getElementById('frame').dataset.version !== '\(version)' && document.getElementById('frame').dataset.state === 'ready'",
            "the edited scene's frame")
        #expect(try browser.evaluate("window.__sameDocument") as? Int == 42, "the page was not reloaded")
        #expect(try Self.text(browser, "document.getElementById('frame').dataset.t") == "1.5")
        let edited = try Self.shownFrame(browser)
        let teal = edited.pixel(x: 140, y: 70)
        #expect(
            abs(Int(teal[0]) - 0x2A) <= 2 && abs(Int(teal[1]) - 0x9D) <= 2 && abs(Int(teal[2]) - 0x8F) <= 2,
            "teal now: \(teal)")
        let editedReference = try StudioCheck.still(
            scene, at: 1.5, scale: edited.scale, width: edited.width, height: edited.height)
        #expect(StudioCheck.maxDifference(edited.rgba, editedReference) <= 2)

        // A broken edit: the page shows `reel validate`'s lines, and the last good frame stays.
        let goodVersion = try Self.text(browser, "document.getElementById('frame').dataset.version")
        try Self.scene(color: "#2A9D8F", bounds: "[0, 0, sixty, 60]").write(
            toFile: scene, atomically: true, encoding: .utf8)
        let expected = try StudioCheck.validateErrors(scene)
        try #require(!expected.isEmpty)
        #expect(expected.allSatisfy { $0.hasPrefix("\(scene):6:") }, "file:line:column: \(expected)")
        try browser.waitFor("!document.getElementById('diagnostics').hidden", "the diagnostics banner")
        let shownLines = try Self.text(browser, "document.getElementById('diagnostic-lines').textContent").split(
            separator: "\n"
        ).map(String.init)
        #expect(shownLines == expected)
        #expect(try Self.text(browser, "document.getElementById('status').textContent") == "Error")
        Thread.sleep(forTimeInterval: 0.5)
        #expect(try Self.text(browser, "document.getElementById('frame').dataset.version") == goodVersion)
        #expect(try Self.shownFrame(browser).rgba == edited.rgba, "the last good frame stays")

        // Playing follows the clock at the scene's rate: frames the machine cannot draw in time
        // are skipped, not played late, and the rate it achieves is shown. The page's clock is
        // held here (performance.now replaced), so what it asks for depends on that clock alone,
        // not on how fast this machine is; the frames it fetches are recorded.
        _ = try browser.evaluate(
            """
            (() => { window.__clock = performance.now(); performance.now = () => window.__clock;
              window.__fetched = []; const fetchFrame = window.fetch;
              window.fetch = (url, ...rest) => {
                if (String(url).startsWith('/frame')) window.__fetched.push(new URLSearchParams(String(url).split('?')[1]).get('t'));
                return fetchFrame(url, ...rest); }; })()
            """)
        try Self.press(browser, " ")
        try browser.waitFor("document.getElementById('play').getAttribute('aria-label') === 'Pause'", "playing")
        // One second later by the page's clock: frame 45 + 30, with none of those between asked for.
        _ = try browser.evaluate("window.__clock += 1000")
        try browser.waitFor(
            "document.getElementById('frame').dataset.frame === '75' && document.getElementById('frame').dataset.state === 'ready'",
            "frame 75, one second after frame 45")
        // The page keeps checking the clock; held, it stays at frame 75, never ahead of it.
        Thread.sleep(forTimeInterval: 0.3)
        #expect(try Self.text(browser, "document.getElementById('frame-number').textContent") == "75")
        #expect(
            try browser.evaluate("window.__fetched") as? [String] == ["2.5"],
            "only the frame the clock is at is fetched")
        #expect(
            try Self.text(browser, "document.getElementById('fps').textContent") == "1 / 30 fps",
            "one frame shown in the last second")
        try Self.press(browser, " ")
        #expect(try Self.text(browser, "document.getElementById('fps').textContent") == "30 fps")
        #expect(
            try Self.text(browser, "document.getElementById('play').getAttribute('aria-label')") == "Play",
            "paused again")

        if let path = ProcessInfo.processInfo.environment["REEL_PREVIEW_SCREENSHOT"] {
            try browser.screenshot().write(to: URL(fileURLWithPath: path))
        }
        let errors = browser.consoleEntries.filter { $0.level == "error" || $0.level == "assert" }
        #expect(errors.isEmpty, "console errors: \(errors)")
        browser.close()

        // Ctrl-C: the studio exits at once, cleanly, and leaves nothing behind.
        let exit = try #require(studio.interrupt(), "reel preview did not exit after SIGINT")
        #expect(exit.status == 0, "\(exit.stderr)")
        #expect(StudioCheck.portIsFree(studio.port))
        #expect(folder.contents == ["scene.yaml"])
    }

    @Test func aBrokenSceneStillOpensAndRecoversWhenFixed() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("scene.yaml", Self.scene(bounds: "[0, 0, sixty, 60]"))
        let studio = try StudioProcess([scene])
        defer { _ = studio.interrupt() }

        var state = try studio.state()
        #expect(state["valid"] as? Bool == false)
        #expect(state["problems"] as? [String] == (try StudioCheck.validateErrors(scene)))
        #expect(state["canvas"] is NSNull)
        #expect(try studio.get("/frame?t=0").status == 503)

        try Self.scene().write(toFile: scene, atomically: true, encoding: .utf8)
        // A generous deadline for the reload, not a speed check.
        let deadline = Date().addingTimeInterval(60)
        while state["valid"] as? Bool != true && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.1)
            state = try studio.state()
        }
        #expect(state["valid"] as? Bool == true)
        #expect(state["problems"] as? [String] == [])
        let frame = try studio.get("/frame?t=1.5")
        #expect(frame.status == 200 && frame.type == "image/png")
        let png = folder.url.appendingPathComponent("served.png")
        try frame.body.write(to: png)
        let served = try #require(try MediaTools.frames(png.path, width: 320, height: 180).first)
        #expect(
            StudioCheck.maxDifference(served, try StudioCheck.still(scene, at: 1.5, scale: 1, width: 320, height: 180))
                <= 2)

        let inspect = try studio.get("/inspect?t=1.5&layer=box")
        let box = try JSONSerialization.jsonObject(with: inspect.body) as? [String: Any]
        #expect(box?["position"] as? [Double] == [160, 90])
        #expect(try studio.get("/inspect?t=1.5&layer=nope").status == 404)
        #expect(try studio.get("/frame?t=-1").status == 400)
        let timing = try studio.get("/timing.svg")
        #expect(timing.status == 200 && String(decoding: timing.body, as: UTF8.self).contains("<svg"))
        // Another site's page reaching it through a DNS name pointed at 127.0.0.1 is refused.
        #expect(try studio.get("/state", host: "attacker.example:\(studio.port)").status == 403)

        // SIGTERM stops it as Ctrl-C does.
        let exit = try #require(studio.interrupt(SIGTERM), "reel preview did not exit after SIGTERM")
        #expect(exit.status == 0, "\(exit.stderr)")
        #expect(StudioCheck.portIsFree(studio.port))
    }

    @Test func aMissingSceneIsInvalidInput() throws {
        let result = try ReelProcess.run(["preview", "/nonexistent/scene.yaml", "--port", "0"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("/nonexistent/scene.yaml"))
        #expect(result.stdout.isEmpty)
    }

    @Test func aTakenPortIsAClearFailure() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("scene.yaml", Self.scene())
        let studio = try StudioProcess([scene])
        defer { _ = studio.interrupt() }
        let second = try ReelProcess.run(["preview", scene, "--port", "\(studio.port)"])
        #expect(second.status == 1)
        #expect(second.stderr.contains("cannot listen on 127.0.0.1:\(studio.port)"), "\(second.stderr)")
    }

    @Test func helpHasAnExample() throws {
        let result = try ReelProcess.run(["preview", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("reel preview scenes/hello.yaml"))
        #expect(result.stdout.contains("127.0.0.1"))
    }
}
