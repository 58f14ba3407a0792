import ReelCore

/// Bounds that keep a typo (`duration: 60000`, `size: [19200, 10800]`) or a hostile file from
/// eating the disk or the memory of a nightly job. Each can be raised explicitly from the command
/// line (`--max-frames`, `--max-pixels`, `--max-depth`, `--max-file-size`).
public struct SceneLimits: Sendable, Hashable, Codable {
    /// Largest scene file in bytes.
    public var maxFileBytes = 16 * 1024 * 1024
    /// Largest frame in pixels (width × height after `scale`). 8K UHD is 33 million.
    public var maxPixels = 40_000_000
    /// Largest side of a frame in pixels.
    public var maxSide = 16_384
    /// Most frames a scene may have (fps × duration): an hour at 60 fps.
    public var maxFrames = 216_000
    /// Deepest layer nesting (sublayers and masks). Maps and lists in the file may nest about
    /// twice as deep (a layer and its `sublayers` list are two levels), see `maxNesting`.
    public var maxDepth = 64
    /// Most nodes (scalars, maps, lists) YAML aliases may repeat in all: aliases of aliases can
    /// describe exponentially large trees in a few lines ("billion laughs"). Nodes written out
    /// are bounded by `maxFileBytes`.
    public var maxNodes = 1_000_000
    /// Most animations one file may build, counting each use of a template: templates that
    /// use groups of templates can otherwise multiply without bound.
    public var maxAnimations = 200_000
    /// Most pixels in one `contents` image: 40 million (an 8K UHD image is 33 million). Decoded
    /// images take 4 bytes a pixel; the size is read from the file's header before decoding.
    public var maxImagePixels = ImageHeader.maxPixels
    /// Most pixels of all the images one scene uses together (400 MB decoded).
    public var maxTotalImagePixels = 100_000_000
    /// The folder a scene's files (images, SVG, fonts, audio, Lottie files) must be in, or below
    /// (`--root`; `reel batch` sets the folder or manifest it was given); nil: the scene file's
    /// own folder. Shared `assets/` beside a `scenes/` folder are inside a root above both.
    public var fileRoot: String?
    /// Whether a scene may name files outside the root (absolute paths, `..`, symbolic links
    /// leading out: `--allow-files-outside`). Off by default: a scene from elsewhere must not
    /// read arbitrary files of the machine rendering it.
    public var allowsFilesOutsideRoot = false
    /// The former name of `allowsFilesOutsideRoot`, which covers every kind of file.
    @available(*, deprecated, renamed: "allowsFilesOutsideRoot")
    public var allowsImagesOutsideSceneFolder: Bool {
        get { allowsFilesOutsideRoot }
        set { allowsFilesOutsideRoot = newValue }
    }
    /// Which animation of a dotLottie archive to read (`--animation`); nil: the one its manifest
    /// makes active (or initial), else the first it lists. Not a bound: it rides here because
    /// these are the reading options every entry point passes on.
    public var dotLottieAnimation: String?
    /// `--strict`: what Reel cannot map of a Lottie file (a warning otherwise, the animation drawn
    /// without it) and an iOS font drawn in a stand-in are errors, so a job never renders an
    /// animation other than the one designed.
    public var strict = false

    /// Largest magnitude of a length in points: coordinates, sizes, translations, radii, widths,
    /// font sizes, path coordinates, and the numbers of animation values and spring fields.
    /// A million points is hundreds of screens wide; Cairo's fixed-point coordinates end at about
    /// 8 million device pixels (a line to 10⁷ is not drawn at all), and numbers like 1e308
    /// overflow on the way to pixels.
    public static let maxCoordinate = 1_000_000.0

    /// Largest `shadowRadius` in points: the blur's buffer and time grow with its square, and
    /// a shadow a thousand points wide is already a faint tint over the whole frame.
    public static let maxShadowRadius = 1000.0

    /// Most Unicode scalars in one text value. Laying out text costs time with its length, and a
    /// single line beyond about 40 000 characters was silently not drawn.
    public static let maxTextCharacters = 20_000
    /// Most Unicode scalars in one character (a base and its combining marks, an emoji sequence):
    /// shaping a cluster costs time with the square of its length ("a" + 10⁶ accents took minutes).
    public static let maxScalarsPerCharacter = 32

    /// Most layers drawn per frame in the worst case, each replicator copy counted (replicators
    /// inside replicators multiply).
    public static let maxDrawnLayers = 100_000

    /// Most points (end and control points) in one path. Stroking or filling a path that crosses
    /// itself costs time with the number of crossings, up to the square of its points: 10 000
    /// random points take about 2 s to stroke, 20 000 took 6 s and 100 000 over a minute.
    public static let maxPathPoints = 10_000
    /// Most points of all the paths in a scene (layer paths, shadow paths, animation values).
    public static let maxTotalPathPoints = 100_000

    /// The highest `maxDepth` accepted: deeper trees would risk the decoder's stack.
    public static let maxDepthCeiling = 400

    public init() {}

    /// Deepest nesting of maps and lists in the document.
    public var maxNesting: Int { 2 * min(max(maxDepth, 1), Self.maxDepthCeiling) + 16 }
}
