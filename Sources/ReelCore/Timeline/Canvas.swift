import Foundation

/// The frame of a scene: size in points, pixel scale, frame rate, length and background.
public struct Canvas: Hashable, Sendable {
    /// Size in points.
    public var size: CGSize
    /// Pixels per point (`contentsScale`); the video is `size × scale` pixels.
    public var scale: Double = 1
    /// Frames per second.
    public var fps: Double = 60
    /// Length in seconds.
    public var duration: Double
    /// The root layer's background; nil is transparent.
    public var background: CGColor? = .black
    /// Font files (absolute paths) shipped with the scene: text layers may name their families
    /// as well as the installed ones.
    public var fonts: [String] = []
    /// The soundtrack (`canvas.audio`), or nil for a silent scene.
    public var audio: CanvasAudio?
    /// Each frame averaged over a shutter interval (`canvas.motionBlur`), or nil for sharp frames.
    public var motionBlur: MotionBlur?

    public init(size: CGSize, scale: Double = 1, fps: Double = 60, duration: Double, background: CGColor? = .black) {
        self.size = size
        self.scale = scale
        self.fps = fps
        self.duration = duration
        self.background = background
    }

    /// Output width in pixels.
    public var pixelWidth: Int { Int(saturating: (size.width * scale).rounded()) }
    /// Output height in pixels.
    public var pixelHeight: Int { Int(saturating: (size.height * scale).rounded()) }
    /// Number of frames: `round(fps × duration)`.
    public var frameCount: Int { Int(saturating: (fps * duration).rounded()) }
    /// The scene time of frame `index` (frames sample the start of their interval).
    public func time(ofFrame index: Int) -> Double { Double(index) / fps }
    /// `seconds`, or the time of the frame it is within a billionth of a frame of: decimal
    /// seconds cannot write most frame times exactly (10 / 48 s; 12 digits miss it by 1e-11 of a
    /// frame), and a hair before a frame would show the frame before it where a layer comes in.
    public func snappedToFrame(_ seconds: Double) -> Double {
        let frame = (seconds * fps).rounded()
        return abs(seconds * fps - frame) < 1e-9 ? frame / fps : seconds
    }
}
