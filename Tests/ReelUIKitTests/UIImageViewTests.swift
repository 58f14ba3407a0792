import Foundation
import ReelTestSupport
import ReelUIKit
import Testing

@Suite("UIImageView and contentMode")
struct UIImageViewTests {
    /// A w×h opaque image, made in memory (the view does not care where pixels come from).
    func image(width: Int, height: Int, scale: CGFloat = 1) -> UIImage {
        UIImage(cgImage: CGImage(pixels: PixelBuffer(width: width, height: height)), scale: scale)
    }

    @Test func theImageIsTheLayersContents() {
        let view = UIImageView(frame: CGRect(x: 0, y: 0, width: 100, height: 50))
        #expect(view.layer.contents == nil)
        let first = image(width: 10, height: 10), second = image(width: 20, height: 10)
        view.image = first
        #expect(view.layer.contents === first.cgImage)
        view.image = second
        #expect(view.layer.contents === second.cgImage)
        view.image = nil
        #expect(view.layer.contents == nil)
    }

    @Test func initWithImageSizesTheViewInPoints() {
        // A 64×32-pixel image at scale 2 is 32×16 points: UIKit sizes the view to that.
        let view = UIImageView(image: image(width: 64, height: 32, scale: 2))
        #expect(view.frame == CGRect(x: 0, y: 0, width: 32, height: 16))
        #expect(view.layer.contents != nil)
    }

    @Test func contentModeIsTheLayersGravity() {
        let view = UIImageView(frame: .zero)
        #expect(view.contentMode == .scaleToFill && view.layer.contentsGravity == .resize, "UIKit's default")
        view.contentMode = .scaleAspectFit
        #expect(view.layer.contentsGravity == .resizeAspect)
        view.contentMode = .scaleAspectFill
        #expect(view.layer.contentsGravity == .resizeAspectFill && view.contentMode == .scaleAspectFill)
        view.contentMode = .bottomRight
        #expect(view.layer.contentsGravity == .bottomRight)
        view.contentMode = .redraw
        #expect(view.layer.contentsGravity == .resize && view.contentMode == .scaleToFill, "redraw scales to fill")
    }

    @Test func changingTheImageInsideATimelineDoesNotAnimate() throws {
        // A view's layer makes no implicit animation: the new image is shown at once.
        let scene = Scene(canvas: Canvas(size: CGSize(width: 40, height: 40), fps: 10, duration: 1))
        let view = UIImageView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        view.layer.name = "photo"
        view.image = image(width: 4, height: 4)
        scene.addSubview(view)
        let next = image(width: 8, height: 8)
        scene.at(0.5) { view.image = next }
        let timeline = try scene.compile()
        #expect(timeline.state("photo", at: 0.5).contents?.width == 8)
        #expect(timeline.keys("photo", at: 0.6).isEmpty)
        #expect(timeline.state("photo", at: 0.4).contents?.width == 4)
    }
}

@Suite("NSStringFromCGRect and friends")
struct GeometryTextTests {
    @Test func uikitsFormat() {
        // UIKit prints numbers as %g: 50 not 50.0, 2.5 as is.
        #expect(NSStringFromCGPoint(CGPoint(x: 50, y: 2.5)) == "{50, 2.5}")
        #expect(NSStringFromCGSize(CGSize(width: 10, height: 20)) == "{10, 20}")
        #expect(NSStringFromCGRect(CGRect(x: 45, y: 138, width: 10, height: 20)) == "{{45, 138}, {10, 20}}")
        #expect(NSStringFromCGRect(CGRect(x: -1.25, y: 0, width: 0, height: 0)) == "{{-1.25, 0}, {0, 0}}")
    }
}
