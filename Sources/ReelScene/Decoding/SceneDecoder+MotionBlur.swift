import Foundation
import ReelCore

extension SceneDecoder {
    /// The keys of `canvas.motionBlur`.
    static let motionBlurKeys = ["shutterAngle", "samples"]

    /// `canvas.motionBlur: {shutterAngle, samples}`, each optional (After Effects' defaults:
    /// 180° and 16). nil (with an error) when a value is out of range.
    func decodeMotionBlur(_ node: SceneNode) -> MotionBlur? {
        guard var map = MapReader(node, diagnostics, what: "'motionBlur' ({shutterAngle, samples})") else {
            return nil
        }
        defer { map.reportUnknown(in: "'motionBlur'", known: Self.motionBlurKeys) }
        var blur = MotionBlur()
        var ok = true
        if let n = map.take("shutterAngle") {
            if let v = values.number(n, what: "shutterAngle") {
                if MotionBlur.accepts(angle: v) {
                    blur.shutterAngle = v
                } else {
                    diagnostics.error(
                        "shutterAngle must be \(MotionBlur.angleRule), found \(format(v))", at: n.location)
                    ok = false
                }
            } else {
                ok = false
            }
        }
        if let n = map.take("samples") {
            let range = MotionBlur.sampleCounts
            if let v = values.number(n, what: "samples") {
                if v.rounded() == v, v >= Double(range.lowerBound), v <= Double(range.upperBound) {
                    blur.samples = Int(v)
                } else {
                    diagnostics.error(
                        "samples must be a whole number from \(range.lowerBound) to \(range.upperBound), found \(format(v))",
                        at: n.location)
                    ok = false
                }
            } else {
                ok = false
            }
        }
        return ok ? blur : nil
    }
}
