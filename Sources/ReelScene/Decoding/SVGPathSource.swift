import Foundation
import ReelCore

/// A path taken from an SVG file (`path: { svg: icon.svg, id: check }`): the element with that
/// id, or the first `<path>` without one. `<path>`, the basic shapes (`SVGShapes`), `<use>`
/// (its referenced element, moved by its `x`/`y`) and groups (`<g>`, `<a>`, `<symbol>`: all
/// their shapes as one path) give geometry; each element's and its ancestors' `transform`
/// apply (`SVGTransformList`). With a `fit` rect, the root's viewBox maps onto it as SVG draws
/// the document there (`SVGViewport`); without, the path is in the SVG's user units. Not
/// applied: CSS transforms, nested `<svg>` viewports, a `<symbol>`'s own viewBox.
struct SVGPathSource {
    struct Problem: Error {
        var message: String
        init(_ message: String) { self.message = message }
    }

    /// Elements visited while resolving `<use>` and groups: `<use>` can multiply (each of ten
    /// uses naming a group of ten uses…), so the work is bounded, not only the file.
    static let maxVisits = 100_000

    private let document: SVGDocument
    private let maxElements: Int
    private var visits = 0
    private var resolving: [Int] = []

    /// The path in `bytes` (the element with `id`, or the first `<path>`), fitted to `fit`
    /// when given, or why not.
    static func path(in bytes: [UInt8], id: String?, maxElements: Int, fit: CGRect? = nil) -> Result<CGPath, Problem> {
        do {
            var source = SVGPathSource(document: try SVGDocument(bytes: bytes), maxElements: maxElements)
            return .success(try source.path(id: id, fit: fit))
        } catch let problem as Problem {
            return .failure(problem)
        } catch {
            return .failure(Problem("\(error)"))
        }
    }

    private init(document: SVGDocument, maxElements: Int) {
        self.document = document
        self.maxElements = maxElements
    }

    private mutating func path(id: String?, fit: CGRect?) throws -> CGPath {
        let elements = document.elements
        let target: Int
        if let id {
            guard let found = document.element(id: id) else { throw Problem("the SVG has no element with id '\(id)'") }
            target = found
        } else {
            guard let first = elements.firstIndex(where: { $0.name == "path" }) else {
                throw Problem("the SVG has no <path> element (name a shape with id:)")
            }
            target = first
        }
        guard let own = try geometry(target) else {
            let name = elements[target].name
            if ["path", "use", "g", "a", "symbol"].contains(name) || SVGShapes.isShape(name) {
                throw Problem("the <\(name)>\(id.map { " with id '\($0)'" } ?? "") draws no path")
            }
            throw Problem(
                "the element with id '\(id ?? "")' is a <\(name)>; Reel takes paths from <path>, the basic shapes, <use> and groups"
            )
        }
        var transform = CGAffineTransform.identity
        var ancestor = elements[target].parent
        while let a = ancestor {
            transform = transform.concatenating(try localTransform(a))
            ancestor = elements[a].parent
        }
        if let fit, fit.width > 0, fit.height > 0, let viewport = try SVGViewport(root: elements[0].attributes) {
            transform = transform.concatenating(viewport.transform(into: fit))
        }
        return own.applying(transform.isIdentity ? nil : CATransform3DMakeAffineTransform(transform))
    }

    private func localTransform(_ index: Int) throws -> CGAffineTransform {
        guard let text = document.elements[index].attributes["transform"] else { return .identity }
        switch SVGTransformList.parse(text) {
        case .success(let t): return t
        case .failure(let problem): throw problem
        }
    }

    /// The element's geometry in its parent's user space (its own transform applied), nil
    /// when it draws none.
    private mutating func geometry(_ index: Int) throws -> CGPath? {
        visits += 1
        guard visits <= Self.maxVisits else {
            throw Problem("<use> references expand to more than \(Self.maxVisits) elements")
        }
        guard !resolving.contains(index) else { throw Problem("a <use> refers to itself or to an element around it") }
        guard resolving.count < SVGDocument.maxDepth else {
            throw Problem("<use> references nest more than \(SVGDocument.maxDepth) deep")
        }
        resolving.append(index)
        defer { resolving.removeLast() }
        let element = document.elements[index]
        var path: CGPath?
        var transform = try localTransform(index)
        switch element.name {
        case "path":
            do {
                path = try CGPath(svgPath: element.attributes["d"] ?? "", maxElements: maxElements)
            } catch {
                throw Problem("the path's d attribute: \(error)")
            }
        case "use":
            let href = element.attributes["href"] ?? element.attributes["xlink:href"] ?? ""
            guard href.hasPrefix("#"), let referenced = document.element(id: String(href.dropFirst())) else {
                throw Problem("<use href='\(href.prefix(60))'> names no element of this file (write href=\"#id\")")
            }
            path = try geometry(referenced)
            // SVG 2 §5.6: x and y add a translate(x, y) after the use's own transform.
            let x = try SVGShapes.length(element.attributes, "x", "use") ?? 0
            let y = try SVGShapes.length(element.attributes, "y", "use") ?? 0
            transform = CGAffineTransform(translationX: x, y: y).concatenating(transform)
        case "g", "a", "symbol":
            let group = CGMutablePath()
            for child in element.children {
                if let p = try geometry(child) { group.addPath(p) }
                guard group.elements.count <= maxElements else {
                    throw Problem("the group has more than \(maxElements) path elements")
                }
            }
            path = group.isEmpty ? nil : group
        default:
            path = try SVGShapes.path(element.name, element.attributes, maxElements: maxElements)
        }
        guard let path else { return nil }
        return path.applying(transform.isIdentity ? nil : CATransform3DMakeAffineTransform(transform))
    }
}
