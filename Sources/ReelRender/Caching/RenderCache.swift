import CCairo
import Foundation
import ReelCore

/// Rasters of layer content that does not change between frames (a static shape, text, a
/// gradient, an image, a shadow), kept so each frame only draws what moved.
///
/// Determinism: cached content is *always* drawn through a raster — on a miss the raster is made
/// and then composited exactly as on a hit — so a frame's pixels never depend on which frames were
/// rendered before, or on which thread. Rasters are made at the layer's device transform with the
/// translation's whole pixels removed (the sub-pixel part is kept, in 1/64 px steps), so
/// compositing needs no resampling: a cached layer looks like one drawn directly.
///
/// Thread-safe; shared by the threads rendering a timeline. Least recently used entries are
/// dropped beyond `byteBudget`.
public final class RenderCache: @unchecked Sendable {
    // @unchecked: all mutable state is guarded by `lock`; rasters are immutable once stored.
    private let lock = NSLock()
    private var entries: [Key: Entry] = [:]
    /// Keys asked for once but not stored, with the frame (in rendering order) they were asked
    /// for in: a raster is kept only when it is asked for again within `reuseWindow` frames, so
    /// content that changes every frame — a spinning image, a stroke being drawn on — neither
    /// fills the cache nor pushes out what is reused, and memory does not grow with the length of
    /// a render. Which rasters are kept never changes a pixel: a raster is drawn the same way
    /// whether it is stored or not.
    private var seenOnce: [Key: UInt64] = [:]
    private var frames: UInt64 = 0
    private let reuseWindow: UInt64 = 8
    private var clock: UInt64 = 0
    private var bytes = 0
    /// Largest total size of the rasters kept.
    public let byteBudget: Int

    private(set) var hits = 0
    private(set) var misses = 0
    private var pixelsMade = 0

    private enum Key: Hashable {
        case raster(RasterKey)
        case image(PreparedImageKey)
        case flattened(FlattenedKey)
    }

    final class Entry: @unchecked Sendable {
        let raster: Raster
        var lastUse: UInt64
        init(raster: Raster, lastUse: UInt64) { self.raster = raster; self.lastUse = lastUse }
    }

    public init(byteBudget: Int = 256 << 20) {
        self.byteBudget = byteBudget
    }

    /// Hits and misses so far (for benchmarks).
    public var statistics: (hits: Int, misses: Int) { lock.withLock { (hits, misses) } }

    /// Pixels of all the rasters made so far, kept or not: what rasterising has cost (for
    /// benchmarks and tests; a layer far larger than the frame must not cost its whole size).
    public var madePixels: Int { lock.withLock { pixelsMade } }

    /// Bytes of the rasters kept now.
    public var storedBytes: Int { lock.withLock { bytes } }

    /// The raster of a layer part, made by `make` when it is not kept.
    func raster(for key: RasterKey, make: () -> Raster?) -> Raster? {
        lookup(.raster(key), make: make)
    }

    /// An image resampled to the size it is drawn at, made by `make` when it is not kept.
    func preparedImage(for key: PreparedImageKey, make: () -> Raster?) -> Raster? {
        lookup(.image(key), make: make)
    }

    /// A layer in perspective painted in its own plane (see `Flattening`), made by `make` when
    /// it is not kept.
    func flattened(for key: FlattenedKey, make: () -> Raster?) -> Raster? {
        lookup(.flattened(key), make: make)
    }

    private func lookup(_ key: Key, make: () -> Raster?) -> Raster? {
        if let found: Raster = lock.withLock({
            guard let entry = entries[key] else { return nil }
            clock += 1
            entry.lastUse = clock
            hits += 1
            return entry.raster
        }) {
            return found
        }
        // Made outside the lock: two threads may make the same raster at once, harmlessly.
        guard let made = make() else { return nil }
        lock.withLock {
            misses += 1
            pixelsMade += made.surface.width * made.surface.height
            clock += 1
            guard entries[key] == nil else { return }
            guard let first = seenOnce.removeValue(forKey: key), frames - first <= reuseWindow else {
                seenOnce[key] = frames
                return
            }
            entries[key] = Entry(raster: made, lastUse: clock)
            bytes += made.byteCount
            evictIfNeeded()
        }
        return made
    }

    /// Called as each frame starts: forgets the keys not asked for again in time.
    func frameStarted() {
        lock.withLock {
            frames += 1
            guard frames % reuseWindow == 0 else { return }
            seenOnce = seenOnce.filter { frames - $0.value <= reuseWindow }
        }
    }

    private func evictIfNeeded() {
        guard bytes > byteBudget else { return }
        for (key, entry) in entries.sorted(by: { $0.value.lastUse < $1.value.lastUse }) {
            guard bytes > byteBudget / 2 else { break }
            entries[key] = nil
            bytes -= entry.raster.byteCount
        }
    }
}

/// What identifies a prepared image: the image, the part of it shown, and the pixel size it is
/// resampled to.
struct PreparedImageKey: Hashable, @unchecked Sendable {
    // @unchecked: CGImage is immutable.
    var image: CGImage
    var source: CGRect
    var width: Int, height: Int
}

/// What identifies a raster: the content's inputs and the device transform it was drawn with.
struct RasterKey: Hashable, @unchecked Sendable {
    // @unchecked: holds immutable values only (LayerState's CGPath/CGImage are immutable).
    enum Part: Hashable { case content, shadow }
    var part: Part
    var kind: LayerKind
    /// The layer state with everything that does not affect this part reset to defaults.
    var state: LayerState
    /// Device transform: linear part and the sub-pixel translation (in 1/64 px).
    var a: Double, b: Double, c: Double, d: Double
    var fx: Int, fy: Int
    /// Drawn upright for a turned composite (`TurnedPlacement`): the same inputs give other pixels.
    var turned = false
    /// Only this part of the raster is made (see `RasterWindow`).
    var window: RasterWindow?
}

/// A premultiplied ARGB32 raster placed at whole device pixels.
final class Raster: @unchecked Sendable {
    // @unchecked: the pixels are written once, before the raster is shared.
    /// The pixels, to read (never to hand to Cairo as a source: see `withSource`).
    let surface: CairoSurface
    /// Device position of the raster's top-left pixel, relative to the whole-pixel translation.
    let originX: Int
    let originY: Int
    /// Where a flattened layer's raster starts in its own plane's pixels (not whole pixels).
    let offsetX: Double, offsetY: Double
    let byteCount: Int
    /// One-colour rectangles of a turned plain layer's raster (set by its maker, before the raster
    /// is shared).
    var flat: FlatInterior?

    init(surface: CairoSurface, originX: Int, originY: Int, offsetX: Double = 0, offsetY: Double = 0) {
        self.surface = surface
        self.originX = originX
        self.originY = originY
        self.offsetX = offsetX
        self.offsetY = offsetY
        byteCount = surface.stride * surface.height
    }

    /// Most pixels in one raster (64 MB). The ink of a layer is not clipped to the frame (the
    /// raster is reused wherever the layer moves), so a layer of 30 000 × 30 000 points would
    /// otherwise cost gigabytes; such layers are drawn directly, clipped to the frame.
    static let maxPixels = 16_777_216

    /// Records `draw` (in the layer's user space) under device transform `m` with whole pixels
    /// removed, and rasterises exactly its ink. nil when nothing is drawn, or when the ink is
    /// larger than `maxPixels` (then `tooLarge` is set, and the caller draws directly).
    /// `window`: only the ink inside it is rasterised.
    static func make(
        linear m: cairo_matrix_t, fx: Double, fy: Double, window: RasterWindow? = nil, tooLarge: inout Bool,
        draw: (CairoContext) -> Void
    ) -> Raster? {
        var matrix = m
        matrix.x0 = fx
        matrix.y0 = fy
        let recording = CairoSurface.recording { rc in
            rc.setMatrix(matrix)
            rc.setAntialias(CAIRO_ANTIALIAS_GRAY)
            draw(rc)
        }
        var (x, y, w, h) = recording.inkExtents
        if let window {
            let x1 = min(x + w, Double(window.x1)), y1 = min(y + h, Double(window.y1))
            (x, y) = (max(x, Double(window.x0)), max(y, Double(window.y0)))
            (w, h) = (x1 - x, y1 - y)
        }
        guard w > 0, h > 0 else { return nil }
        guard w < 32768, h < 32768, (w + 2) * (h + 2) <= Double(maxPixels) else {
            tooLarge = true
            return nil
        }
        let x0 = Int(saturating: x.rounded(.down)), y0 = Int(saturating: y.rounded(.down))
        // From the extents' size, not their far edge: far from the origin, x + w rounds to x.
        let width = max(Int(saturating: (x + w).rounded(.up)) - x0, Int(saturating: w.rounded(.up))),
            height = max(Int(saturating: (y + h).rounded(.up)) - y0, Int(saturating: h.rounded(.up)))
        let image = recording.image(x: Double(x0), y: Double(y0), width: width, height: height)
        return Raster(surface: opaqueView(of: image) ?? image, originX: x0, originY: y0)
    }

    /// `image` as Cairo's RGB24 when every pixel is opaque (a full-frame gradient, a photo, a
    /// card's opaque background), else nil: compositing an RGB24 raster is a copy (pixman's
    /// fast path for opaque sources) where an ARGB32 one is a blend that reads the frame too.
    /// The view reads `image`'s own bytes (their alpha bytes still read 255) and keeps it alive:
    /// a copy cost a fresh buffer, its pages faulted in, for every raster of an animated gradient.
    static func opaqueView(of image: CairoSurface) -> CairoSurface? {
        let width = image.width, height = image.height
        let stride = image.stride
        guard width > 0, height > 0, let data = image.data else { return nil }
        for y in 0..<height {
            let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            // Native-endian ARGB: alpha is the top byte.
            for x in 0..<width where row[x] < 0xFF00_0000 { return nil }
        }
        let view = CairoSurface(data: data, CAIRO_FORMAT_RGB24, width: width, height: height, stride: stride)
        let owner = Unmanaged.passRetained(image)
        guard
            cairo_surface_set_user_data(
                view.raw, imageKey, owner.toOpaque(), { Unmanaged<CairoSurface>.fromOpaque($0!).release() })
                == CAIRO_STATUS_SUCCESS
        else {
            owner.release()
            return nil
        }
        return view
    }

    /// The key of the user data by which an opaque view keeps its image alive.
    nonisolated(unsafe) private static let imageKey = UnsafeMutablePointer<cairo_user_data_key_t>.allocate(capacity: 1)

    /// Paints the raster at whole device pixels (tx, ty) + origin, with `alpha`.
    func composite(_ cr: CairoContext, tx: Int, ty: Int, alpha: Double) {
        cr.save()
        cr.identityMatrix()
        withSource { cr.setSource($0, Double(tx + originX), Double(ty + originY)) }
        if alpha >= 1 { cr.paint() } else { cr.paint(alpha: alpha) }
        cr.restore()
    }

    /// Runs `body` with a Cairo surface of its own over the raster's pixels, to draw from.
    ///
    /// Rasters are shared by the threads rendering a timeline, and Cairo writes to a surface it
    /// draws from, without locks: pixman counts references to its image unatomically, a
    /// recording surface attaches a snapshot to its sources, and a device offset set on one moves
    /// it for every thread (a glowing title's text was drawn 240 px off its glow in a frame or
    /// two of most runs of the title bench scene). So the shared surface only gives pixels to read, and each use gets a
    /// fresh surface over them, which keeps the raster alive for as long as Cairo holds it (a
    /// pattern set as a source can outlive `body`). A fresh surface costs little; one drawn into
    /// a recording surface is copied when let go (Cairo's copy-on-write snapshot): about 2 % of
    /// the onboarding bench scene's drawing instructions. Kept surfaces would avoid the copy, but
    /// a snapshot left on one would reach it from another thread.
    func withSource<T>(_ body: (CairoSurface) -> T) -> T {
        let source = CairoSurface(
            data: surface.data, surface.format, width: surface.width, height: surface.height, stride: surface.stride)
        let owner = Unmanaged.passRetained(self)
        if cairo_surface_set_user_data(
            source.raw, Raster.ownerKey, owner.toOpaque(), { Unmanaged<Raster>.fromOpaque($0!).release() })
            != CAIRO_STATUS_SUCCESS
        {
            owner.release()  // a surface in error: Cairo draws nothing from it, and holds nothing
        }
        return body(source)
    }

    /// The key of the user data by which a source surface keeps its raster alive (Cairo compares
    /// keys by address only).
    nonisolated(unsafe) private static let ownerKey = UnsafeMutablePointer<cairo_user_data_key_t>.allocate(capacity: 1)
}
