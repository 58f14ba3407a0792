import Foundation
import ReelCore

/// Makes the scene lottie-ios's Core Animation engine would: a canvas of the document's size
/// and frame rate, and per Lottie layer a `CALayer` (named as the layer) with its transform,
/// opacity and visibility animated, inside one transform-only layer per parent (children take
/// their parents' transforms, not their opacity or visibility).
public enum LottieSceneBuilder {
    /// The scene of `document`: `w × h` points at `fr`, time 0 at frame `ip`, lasting
    /// `(op − ip) / fr` seconds, on a transparent background. `fonts` measures the fonts text
    /// layers are set in.
    public static func makeScene(_ document: LottieDocument, fonts: SceneFontCatalog? = nil) -> Scene {
        let scene = Scene(
            canvas: Canvas(
                size: CGSize(width: document.width, height: document.height), fps: document.frameRate,
                duration: document.duration, background: nil))
        scene.canvas.fonts = document.fontFiles
        let pending = build(document, into: scene.rootLayer, fonts: fonts)
        scene.at(0) {
            for (layer, animation, key) in pending { layer.add(animation, forKey: key) }
        }
        return scene
    }

    /// Adds the layers of `document` to `container` (of the document's size) and returns the
    /// animations to add to them, on the document's time: 0 is frame `ip`. `fonts` measures the
    /// fonts text layers are set in.
    static func build(_ document: LottieDocument, into container: CALayer, fonts: SceneFontCatalog?)
        -> [LottieAnimator.Pending]
    {
        let animator = LottieAnimator(inPoint: document.inPoint, frameRate: document.frameRate)
        let builder = Builder(document: document, animator: animator, fonts: fonts)
        builder.add(
            document.layers, to: container, size: CGSize(width: document.width, height: document.height), offset: 0,
            depth: 0)
        return animator.pending
    }

    /// Deepest nesting of precomps followed; the decoder refuses cycles and deeper files, this
    /// only keeps a document made in Swift from recursing without end.
    public static let maxPrecompDepth = 64

    private struct Builder {
        let document: LottieDocument
        let animator: LottieAnimator
        let fonts: SceneFontCatalog?

        /// Adds the layers of one composition (top-most first) to `container`.
        func add(_ layers: [LottieLayer], to container: CALayer, size: CGSize, offset: Double, depth: Int) {
            for layer in layers.reversed() where !layer.isTrackMatte {
                container.addSublayer(matted(layer, in: layers, size: size, offset: offset, depth: depth))
            }
        }

        /// The layer, inside a layer of the composition's size masked by its track matte when it has one.
        private func matted(_ layer: LottieLayer, in comp: [LottieLayer], size: CGSize, offset: Double, depth: Int)
            -> CALayer
        {
            let made = make(layer, in: comp, size: size, offset: offset, depth: depth)
            guard let matte = layer.matte else { return made }
            let holder = CALayer()
            holder.frame = CGRect(origin: .zero, size: size)
            holder.addSublayer(made)
            let mask = make(matte, in: comp, size: size, offset: offset, depth: depth)
            holder.mask = layer.invertsMatte ? LottieInvertedMatte.make(showingOutside: mask, size: size) : mask
            return holder
        }

        private func make(_ layer: LottieLayer, in comp: [LottieLayer], size: CGSize, offset: Double, depth: Int)
            -> CALayer
        {
            // A zero-sized composition would make the anchor a division by zero.
            let size = CGSize(width: max(size.width, 1), height: max(size.height, 1))
            let made = CALayer()
            made.name = layer.name
            made.compositingFilter = layer.compositingFilter
            // A layer's own keyframes are in its composition's time (as lottie-ios reads them);
            // its start time shifts only a precomp's layers.
            animator.apply(layer.transform, to: made, size: size, offset: offset, opacity: true)
            animator.visible(
                made, from: animator.seconds(layer.inPoint, offset: offset),
                to: animator.seconds(layer.outPoint, offset: offset), sceneDuration: document.duration)
            switch layer.content {
            case .shapes(let items):
                LottieShapeBuilder(animator: animator, size: size, offset: offset).addRepeating(items, to: made)
            case .solid(let color, let width, let height):
                let solid = CALayer()
                solid.frame = CGRect(x: 0, y: 0, width: width, height: height)
                solid.backgroundColor = color
                made.addSublayer(solid)
            case .precomp(let id, let width, let height):
                guard depth < LottieSceneBuilder.maxPrecompDepth, let layers = document.precomps[id] else { break }
                let clip = CALayer()
                clip.frame = CGRect(x: 0, y: 0, width: width, height: height)
                clip.masksToBounds = true
                animator.buildPrecomp(layer, clip: clip, offset: offset, sceneDuration: document.duration) {
                    add(layers, to: clip, size: clip.bounds.size, offset: $0, depth: depth + 1)
                }
                made.addSublayer(clip)
            case .image(let id):
                if let asset = document.images[id] { made.addSublayer(LottieImageLayer.make(asset)) }
            case .text(let text):
                for sublayer in LottieTextBuilder(document: document, fonts: fonts).layers(for: text) {
                    made.addSublayer(sublayer)
                }
            case .none: break
            }
            if let shadow = layer.dropShadow { animator.apply(shadow, to: made, offset: offset) }
            made.mask = LottieMaskBuilder(animator: animator, offset: offset).mask(layer.masks, bounds: made.bounds)
            // Parents outward: each lends its transform.
            var result = made
            var parentIndex = layer.parent
            var seen = 0
            while let index = parentIndex, seen < comp.count, let parent = comp.first(where: { $0.index == index }) {
                let holder = CALayer()
                animator.apply(
                    parent.transform, to: holder, size: size, offset: offset, opacity: false)
                holder.addSublayer(result)
                result = holder
                parentIndex = parent.parent
                seen += 1
            }
            return result
        }
    }
}
