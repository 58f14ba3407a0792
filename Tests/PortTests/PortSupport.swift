import Foundation
import ReelTestSupport
import ReelUIKit
import Testing

// What every port's tests share: the image files the examples load (made once per test
// process, since an app's bundle has them), rendering to MP4 with ffprobe's check, and
// presentation look-ups.

/// |a − b| ≤ tolerance.
func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-6) -> Bool { abs(a - b) <= tolerance }

func close(_ a: CGPoint, _ b: CGPoint, _ tolerance: Double = 1e-6) -> Bool {
    close(a.x, b.x, tolerance) && close(a.y, b.y, tolerance)
}

/// The angle of a z rotation held in a transform (atan2 of its first row).
func zAngle(_ t: CATransform3D) -> Double { atan2(t.m12, t.m11) }

/// The images the examples name, written as PNG files into one folder for the whole test run:
/// the iOS apps had them in their bundles; here they are files, read with
/// `UIImage(contentsOfFile:)`. (`UIImage(named:)` works as well once `UIImage.resourceFolder`
/// is set, but that folder is process-wide and other suites change it while running in parallel.)
enum Assets {
    /// Each image: its size in pixels and its colour (opaque, one colour, so a frame's pixel says
    /// which image is on screen).
    static let images: [String: (width: Int, height: Int, rgb: (UInt8, UInt8, UInt8))] = [
        "background.jpg": (32, 32, (40, 60, 90)),
        "petal.png": (10, 20, (250, 120, 170)),
        "ship.png": (64, 64, (230, 230, 230)),
        "image0.jpg": (40, 30, (220, 40, 40)),
        "image1.jpg": (40, 30, (40, 200, 60)),
        "image2.jpg": (40, 30, (40, 70, 220)),
        "image3.jpg": (40, 30, (230, 200, 40)),
        "image4.jpg": (40, 30, (160, 60, 200)),
        "anchor.png": (32, 32, (220, 40, 40)),
        "cone.png": (32, 32, (40, 200, 60)),
        "igloo.png": (32, 32, (40, 70, 220)),
        "spaceship.png": (32, 32, (230, 200, 40)),
        "hour.png": (8, 60, (30, 30, 30)),
        "minute.png": (6, 80, (60, 60, 60)),
        "second.png": (2, 90, (220, 30, 30))
    ]

    /// The folder holding every image (written on first use).
    static let folder: String = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("reel-ports-\(getpid())")
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (name, image) in images {
            let buffer = PixelBuffer(width: image.width, height: image.height)
            for y in 0..<image.height {
                for x in 0..<image.width {
                    let p = buffer.baseAddress.advanced(by: y * buffer.stride + x * 4).assumingMemoryBound(
                        to: UInt8.self)
                    (p[0], p[1], p[2], p[3]) = (image.rgb.2, image.rgb.1, image.rgb.0, 255)  // BGRA
                }
            }
            let path = url.appendingPathComponent(name).path
            if name.hasSuffix(".jpg") {
                // A real JPEG (the loader picks the decoder by the file's extension), made by ffmpeg.
                try! PNGFile.write(buffer, to: path + ".png")
                _ = try! MediaTools.run("ffmpeg", ["-v", "error", "-y", "-i", path + ".png", "-q:v", "2", path])
            } else {
                try! PNGFile.write(buffer, to: path)
            }
        }
        madeFolder = url.path
        atexit { if let folder = madeFolder { try? FileManager.default.removeItem(atPath: folder) } }
        return url.path
    }()

    /// The folder to remove when the test process exits (a C callback cannot capture it).
    nonisolated(unsafe) static var madeFolder: String?

    /// The path of the image called `name`.
    static func path(_ name: String) -> String { folder + "/" + name }
}

/// `UIImage(named:)` of the examples, from `Assets.folder` (the example's app bundle): the name as
/// given, else with `.png` or `.jpg`, as `UIImage(named:)` looks.
func bundleImage(_ name: String) -> UIImage? {
    for candidate in [name, name + ".png", name + ".jpg"]
    where FileManager.default.fileExists(atPath: Assets.path(candidate)) {
        return UIImage(contentsOfFile: Assets.path(candidate))
    }
    return nil
}

/// Renders `scene` to an MP4 in a temporary folder and checks it with ffprobe: H.264, the canvas's
/// size, fps × duration frames, and the duration itself. With `decode`, returns the frames as
/// ffmpeg decodes them (straight RGBA), to check what the video shows.
@discardableResult
func expectRendersToMP4(_ scene: Scene, decode: Bool = false, sourceLocation: SourceLocation = #_sourceLocation) throws
    -> [[UInt8]]
{
    let folder = try ScratchFolder()
    let path = folder.path + "/port.mp4"
    let canvas = scene.canvas
    let frames = Int((canvas.duration * canvas.fps).rounded())
    let result = try scene.render(to: path)
    #expect(result.frames == frames, sourceLocation: sourceLocation)
    let probe = try StreamProbe.read(path)
    #expect(probe.codec == "h264", sourceLocation: sourceLocation)
    #expect(
        probe.width == Int(canvas.size.width) && probe.height == Int(canvas.size.height), sourceLocation: sourceLocation
    )
    #expect(probe.frames == frames, sourceLocation: sourceLocation)
    #expect(abs(probe.duration - canvas.duration) < 1e-3, "duration \(probe.duration)", sourceLocation: sourceLocation)
    return decode ? try MediaTools.frames(path, width: probe.width, height: probe.height) : []
}

/// The (r, g, b) at (x, y) of a decoded frame `width` pixels wide.
func pixel(_ frame: [UInt8], width: Int, x: Int, y: Int) -> (Int, Int, Int) {
    let i = (y * width + x) * 4
    return (Int(frame[i]), Int(frame[i + 1]), Int(frame[i + 2]))
}

/// Whether two colours are within `tolerance` per channel (H.264's 4:2:0 video is lossy).
func near(_ a: (Int, Int, Int), _ b: (Int, Int, Int), _ tolerance: Int = 12) -> Bool {
    abs(a.0 - b.0) <= tolerance && abs(a.1 - b.1) <= tolerance && abs(a.2 - b.2) <= tolerance
}

extension Timeline {
    /// The presentation state of the layer named `name` at `t`.
    func state(_ name: String, at t: Double, sourceLocation: SourceLocation = #_sourceLocation) -> LayerState {
        guard let layer = presentation(at: t, layerNamed: name) else {
            Issue.record("layer \(name) not in the tree at \(t)", sourceLocation: sourceLocation)
            return LayerState()
        }
        return layer.state
    }

    /// The model (not presentation) state of the layer named `name` at `t`.
    func model(_ name: String, at t: Double) -> LayerState? { presentation(at: t, layerNamed: name)?.model }
}
