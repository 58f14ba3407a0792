/// Bounds that keep a typo (`duration: 60000`, `size: [19200, 10800]`) from eating the disk or
/// the memory of a nightly job. Each can be raised explicitly from the command line.
public struct SceneLimits: Sendable, Hashable {
    /// Largest scene file in bytes.
    public var maxFileBytes = 16 * 1024 * 1024
    /// Largest frame in pixels (width × height after `scale`). 8K UHD is 33 million.
    public var maxPixels = 40_000_000
    /// Largest side of a frame in pixels.
    public var maxSide = 16_384
    /// Most frames a scene may have (fps × duration): an hour at 60 fps.
    public var maxFrames = 216_000
    /// Deepest layer nesting.
    public var maxDepth = 64

    public init() {}
}
