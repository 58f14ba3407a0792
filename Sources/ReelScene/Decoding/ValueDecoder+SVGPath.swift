import Foundation
import ReelCore

/// `path: { svg: icon.svg, id: check }`: a path taken from a designer's SVG file, so a shape
/// layer can stroke an icon on with strokeEnd (`SVGPathSource` finds it). By default the
/// SVG's viewBox fills the bounds of the layer being decoded (`svgFit`), as the SVG would draw
/// there; `fit: none` keeps the SVG's user units.
extension ValueDecoder {
    /// The file name when path data is really an SVG file's name (`path: icon.svg`).
    static func svgFileName(_ text: String) -> String? {
        let t = text.trimmingCharacters(in: .whitespaces)
        return t.lowercased().hasSuffix(".svg") && !t.contains(" ") ? t : nil
    }

    /// The path a `{svg:, id:}` map names (`location`: the map's). nil after reporting an error.
    func svgPath(_ map: inout MapReader, what: String, at location: SourcePosition) -> CGPath?? {
        map.markUsed("rect")
        map.markUsed("ellipse")
        map.markUsed("cornerRadius")
        guard let fileNode = map.take("svg"), let file = string(fileNode, what: "svg") else { return nil }
        var fit = svgFit.bounds
        if let fitNode = map.take("fit") {
            guard let choice = choice(fitNode, what: "fit", among: ["bounds", "none"]) else { return nil }
            if choice == "none" { fit = nil }
        }
        var id: String?
        if let idNode = map.take("id") {
            guard let name = string(idNode, what: "id") else { return nil }
            id = name
        }
        if map.has("rect") || map.has("ellipse") {
            diagnostics.error("\(what) is either from an SVG file, a rect or an ellipse, not several", at: location)
            return nil
        }
        guard let svgFiles else {
            diagnostics.error("\(what): SVG files are read only in scene files", at: fileNode.location)
            return nil
        }
        let bytes: [UInt8]
        switch svgFiles.svgFile(file) {
        case .success(let f): bytes = f.bytes
        case .failure(let error):
            diagnostics.error(error.message, at: fileNode.location)
            return nil
        }
        switch SVGPathSource.path(in: bytes, id: id, maxElements: SceneLimits.maxPathPoints, fit: fit) {
        case .success(let path):
            return checkPath(path, what: what, at: location) ? .some(path) : nil
        case .failure(let problem):
            diagnostics.error("\(what) from '\(file)': \(problem.message)", at: fileNode.location)
            return nil
        }
    }
}

/// The bounds of the layer whose path is being decoded (nil elsewhere, and for layers without
/// an area): what `path: { svg: … }` fits the SVG's viewBox into. Shared by the copies of a
/// ValueDecoder, like `AppearanceSetting`.
final class SVGFitBounds {
    var bounds: CGRect?

    /// Runs `body` with `rect` as the fit bounds (none when it has no area), then restores them.
    func with<T>(_ rect: CGRect?, _ body: () -> T) -> T {
        let saved = bounds
        bounds = rect.map(\.standardized).flatMap { $0.width > 0 && $0.height > 0 ? $0 : nil }
        defer { bounds = saved }
        return body()
    }
}
