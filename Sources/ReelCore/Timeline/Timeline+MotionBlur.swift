import Foundation

extension Timeline {
    /// The scene times of the sub-frames `blur` averages for the frame at `t`: as many as the
    /// frame's motion needs (`MotionBlur.subframeCount(forMotion:changes:)`), measured on the
    /// presentation trees at the shutter's opening, middle and close in the canvas's device
    /// pixels. A function of (scene, time) alone, so every thread and segment agrees.
    public func subframeTimes(at t: Double, blur: MotionBlur) -> [Double] {
        let trees = blur.shutterEnds(frameTime: t, fps: canvas.fps, duration: canvas.duration).map(drawnPresentation)
        let count: Int
        switch ShutterMotion.of(trees, scale: canvas.scale) {
        case .still: count = blur.subframeCount(forMotion: 0, changes: false)
        case .pixels(let pixels): count = blur.subframeCount(forMotion: pixels)
        case .unbounded: count = blur.subframeCount(forMotion: nil)
        }
        return blur.subframeTimes(frameTime: t, fps: canvas.fps, duration: canvas.duration, count: count)
    }
}
