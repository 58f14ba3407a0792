import CCairo
import Foundation
import ReelCore

extension FrameRenderer {
    /// The frame at scene time `t` through `blur`'s shutter: the average of its sub-frames, as
    /// many as its motion needs (`Timeline.subframeTimes(at:blur:)`), each evaluated by the
    /// timeline like any frame.
    ///
    /// Only what moves is drawn per sub-frame: the root and its bottom sublayers that are the
    /// same in every sub-frame are drawn once (`ShutterSplit`), and the rest is drawn over copies
    /// of them, inside the rectangle it can reach. Pixels outside it are the same in every
    /// sub-frame, so they are their own average. Averages are taken in integers on premultiplied
    /// pixels, rounded half up: the frame is a function of (scene, time) alone.
    func renderBlurred(_ timeline: Timeline, at t: Double, blur: MotionBlur, into buffer: PixelBuffer) {
        let times = timeline.subframeTimes(at: t, blur: blur)
        let trees = times.map(timeline.drawnPresentation(at:))
        if trees.dropFirst().allSatisfy({ SameDrawing.equal($0, trees[0]) }) {
            // Nothing changes within the shutter: any one sub-frame is the average, byte for byte
            // (and when there is one, it is the frame's own time: the sharp frame).
            return render(trees[0], into: buffer)
        }
        let whole = PixelRegion(x: 0, y: 0, width: buffer.width, height: buffer.height)
        guard let split = ShutterSplit(trees) else {
            return average(SubframeRuns(trees), region: whole, into: buffer) { tree, target, _ in
                render(tree, into: target)
            }
        }
        render(split.bottom, into: buffer)
        let region = reach(of: split.tops)?.intersection(whole) ?? whole
        guard !region.isEmpty else { return }
        average(SubframeRuns(split.tops), region: region, into: buffer) { top, target, region in
            target.copy(region, from: buffer)
            drawOver(top, into: target, originX: region.x, originY: region.y)
        }
    }

    /// Draws `tree` over what `buffer` holds (no clearing), `buffer` being the canvas's pixels
    /// from (`originX`, `originY`) on. (Part of a frame whose drawing started the cache's frame.)
    func drawOver(_ tree: PresentationLayer, into buffer: PixelBuffer, originX: Int, originY: Int) {
        let cairo = CairoCanvas(buffer: buffer)
        let cr = cairo.context
        cr.setAntialias(CAIRO_ANTIALIAS_GRAY)
        cr.translate(Double(-originX), Double(-originY))
        cr.scale(canvas.scale, canvas.scale)
        LayerPainter(cache: cache, budget: DrawBudget(), context: context).draw(tree, cr)
        cairo.surface.flush()
    }

    /// The pixels the trees can paint in any sub-frame (two pixels wider each side for
    /// antialiasing), or nil when that is not known cheaply.
    private func reach(of trees: [PresentationLayer]) -> PixelRegion? {
        var box = CGRect.null
        for tree in trees {
            guard let extent = LayerExtent.of(tree, shadow: true, context),
                let m = LayerExtent.affine(tree.state.transformToSuperlayer(parentSublayer: nil))
            else { return nil }
            box = box.union(LayerExtent.transformed(extent, m))
        }
        guard !box.isNull else { return PixelRegion(x: 0, y: 0, width: 0, height: 0) }
        let s = canvas.scale
        let x0 = (box.minX * s - 2).rounded(.down), y0 = (box.minY * s - 2).rounded(.down)
        let x1 = (box.maxX * s + 2).rounded(.up), y1 = (box.maxY * s + 2).rounded(.up)
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else { return nil }
        let clamp = { (v: Double) in Int(min(max(v, -1e9), 1e9)) }
        return PixelRegion(x: clamp(x0), y: clamp(y0), width: clamp(x1) - clamp(x0), height: clamp(y1) - clamp(y0))
    }

    /// Draws each run's tree once into a buffer the size of `region` and writes the weighted
    /// average into `buffer`'s `region`.
    private func average(
        _ runs: SubframeRuns, region: PixelRegion, into buffer: PixelBuffer,
        draw: (PresentationLayer, PixelBuffer, PixelRegion) -> Void
    ) {
        let target =
            region.width == buffer.width && region.height == buffer.height
            ? makeBuffer() : PixelBuffer(width: region.width, height: region.height)
        var sum = SubframeSum(width: region.width, height: region.height)
        for run in runs.runs {
            draw(run.tree, target, region)
            sum.add(target, weight: run.count)
        }
        sum.write(count: runs.total, into: buffer, at: region)
    }
}
