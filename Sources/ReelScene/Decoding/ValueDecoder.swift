import Foundation
import ReelCore

/// Decodes the value notation of the scene format (docs/scene-format.md) §4. Each function returns nil after reporting a
/// diagnostic at the offending node, so decoding carries on and reports every problem at once.
struct ValueDecoder {
    let diagnostics: DiagnosticSink
    /// Points of all the paths decoded so far (`SceneLimits.maxTotalPathPoints`).
    let pathPoints = Counter()

    /// `canvas.appearance`, shared by the copies: which variant system colours take.
    let appearance = AppearanceSetting()

    /// The layer bounds `path: { svg: … }` fits into.
    let svgFit = SVGFitBounds()

    /// Where `path: { svg: file }` reads SVG files (through the images' sandbox); nil where
    /// there is no scene folder (batch manifests).
    var svgFiles: ImageCache? = nil

    /// A count shared by the copies of a ValueDecoder.
    final class Counter { var value = 0 }

    // MARK: Numbers

    /// A number; where `angle` is true also a string `"90deg"` / `"1.5rad"` (radians otherwise).
    func number(_ node: SceneNode, what: String, angle: Bool = false) -> Double? {
        if let v = node.number {
            if angle, abs(v) > Self.surprisingRadians {
                diagnostics.warning(
                    "\(what) is \(format(v)) radians (\(format((abs(v) / (2 * .pi) * 10).rounded() / 10)) turns); angles are radians: write \"\(format(v))deg\" if you meant degrees",
                    at: node.location)
            }
            return v
        }
        if let s = node.string {
            if let v = Self.angle(s) {
                if angle { return v }
                diagnostics.error(
                    "\(what) is not an angle; write a plain number, found \(node.kindDescription)", at: node.location)
                return nil
            }
            if case .scalar(_, true, _) = node, SceneNode.parseNumber(s) != nil {
                diagnostics.error(
                    "\(what) must be a number, found the string \"\(SceneNode.abbreviated(s))\" (remove the quotes)",
                    at: node.location)
                return nil
            }
        }
        let hint = angle ? " (radians, or a string like \"90deg\")" : ""
        diagnostics.error("\(what) must be a number\(hint), found \(node.kindDescription)", at: node.location)
        return nil
    }

    /// A bare angle beyond ten turns is more likely degrees written without `deg` than radians.
    static let surprisingRadians = 20 * Double.pi

    /// The grammar of an angle string, also the schema's pattern: a number, an optional space,
    /// `deg` or `rad`.
    static let anglePattern = "^[-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)? ?(deg|rad)$"

    /// `"90deg"` in radians, `"1.5rad"` as is; nil for anything else.
    static func angle(_ s: String) -> Double? {
        for (suffix, factor) in [("deg", Double.pi / 180), ("rad", 1.0)] where s.hasSuffix(suffix) {
            var number = s.dropLast(suffix.count)
            if number.hasSuffix(" ") { number = number.dropLast() }
            if let v = SceneNode.parseNumber(String(number)) { return v * factor }
        }
        return nil
    }

    /// A number within `range`.
    func number(_ node: SceneNode, what: String, in range: ClosedRange<Double>, angle: Bool = false) -> Double? {
        guard let v = number(node, what: what, angle: angle) else { return nil }
        guard range.contains(v) else {
            diagnostics.error(
                "\(what) must be between \(format(range.lowerBound)) and \(format(range.upperBound)), found \(format(v))",
                at: node.location)
            return nil
        }
        return v
    }

    /// A number ≥ 0 (durations, widths).
    func nonNegative(_ node: SceneNode, what: String) -> Double? {
        guard let v = number(node, what: what) else { return nil }
        guard v >= 0 else {
            diagnostics.error("\(what) must not be negative, found \(format(v))", at: node.location)
            return nil
        }
        return v
    }

    func bool(_ node: SceneNode, what: String) -> Bool? {
        if let b = node.bool { return b }
        diagnostics.error("\(what) must be true or false, found \(node.kindDescription)", at: node.location)
        return nil
    }

    /// Text: any scalar but null (`key: 1` and `string: 2024` are texts, as YAML authors expect).
    func string(_ node: SceneNode, what: String) -> String? {
        if let s = node.string, case .scalar = node { return s }
        diagnostics.error("\(what) must be a string, found \(node.kindDescription)", at: node.location)
        return nil
    }

    /// One of `choices` (case-sensitive), with a suggestion when misspelt.
    func choice(_ node: SceneNode, what: String, among choices: [String]) -> String? {
        guard let s = string(node, what: what) else { return nil }
        if choices.contains(s) { return s }
        diagnostics.error(
            "\(what) must be one of \(choices.map { "'\($0)'" }.joined(separator: ", ")); found '\(SceneNode.abbreviated(s))'\(diagnostics.didYouMean(s, among: choices))",
            at: node.location)
        return nil
    }

    // MARK: Lists of numbers

    /// Exactly `count` numbers in a list, each within `SceneLimits.maxCoordinate` unless not
    /// `bounded` (the canvas size, which has limits of its own with better messages).
    func numbers(_ node: SceneNode, count: Int, what: String, shape: String, angle: Bool = false, bounded: Bool = true)
        -> [Double]?
    {
        guard case .sequence(let items, _) = node else {
            diagnostics.error("\(what) must be \(shape), found \(node.kindDescription)", at: node.location)
            return nil
        }
        guard items.count == count else {
            diagnostics.error("\(what) must be \(shape) (\(count) numbers), found \(items.count)", at: node.location)
            return nil
        }
        return numberItems(items, what: what, angle: angle, bounded: bounded)
    }

    /// Every item as a number, each problem reported; nil if any is not one.
    private func numberItems(_ items: [SceneNode], what: String, angle: Bool = false, bounded: Bool = true) -> [Double]?
    {
        var result: [Double] = []
        var ok = true
        for item in items {
            let what = "each number of \(what)"
            if let v = bounded ? coordinate(item, what: what, angle: angle) : number(item, what: what, angle: angle) {
                result.append(v)
            } else {
                ok = false
            }
        }
        return ok ? result : nil
    }

    func point(_ node: SceneNode, what: String) -> CGPoint? {
        numbers(node, count: 2, what: what, shape: "a point [x, y]").map { CGPoint(x: $0[0], y: $0[1]) }
    }

    func size(_ node: SceneNode, what: String, bounded: Bool = true) -> CGSize? {
        numbers(node, count: 2, what: what, shape: "a size [width, height]", bounded: bounded).map {
            CGSize(width: $0[0], height: $0[1])
        }
    }

    func rect(_ node: SceneNode, what: String) -> CGRect? {
        numbers(node, count: 4, what: what, shape: "a rect [x, y, width, height]").map {
            CGRect(x: $0[0], y: $0[1], width: $0[2], height: $0[3])
        }
    }

    /// A list of numbers, of any length or of `counts`.
    func numberList(_ node: SceneNode, what: String, counts: ClosedRange<Int>? = nil) -> [Double]? {
        guard case .sequence(let items, _) = node else {
            diagnostics.error("\(what) must be a list of numbers, found \(node.kindDescription)", at: node.location)
            return nil
        }
        if let counts, !counts.contains(items.count) {
            diagnostics.error(
                "\(what) must be a list of \(counts.lowerBound) to \(counts.upperBound) numbers, found \(items.count)",
                at: node.location)
            return nil
        }
        return numberItems(items, what: what)
    }

    // MARK: Paths

    /// The characters SVG path data may contain (the schema's pattern; the parser checks the rest).
    static let svgPathPattern = "^[MmLlHhVvCcSsQqTtAaZz0-9eE.,+ \\t\\n\\r-]*$"

    /// SVG path data, `{rect: [x, y, w, h], cornerRadius: r}`, `{ellipse: [x, y, w, h]}`, or null.
    /// The outer optional is nil on error.
    func path(_ node: SceneNode, what: String) -> CGPath?? {
        if node.isNull { return .some(nil) }
        if case .scalar(let text, _, _) = node {
            if let file = Self.svgFileName(text) {
                diagnostics.error(
                    "\(what): '\(file)' is a file, not path data; to take a path from an SVG file, write \(what): { svg: \(file), id: ... }",
                    at: node.location)
                return nil
            }
            do {
                // Stops early: each element has at least one point.
                let path = try CGPath(svgPath: text, maxElements: SceneLimits.maxPathPoints)
                return checkPath(path, what: what, at: node.location) ? .some(path) : nil
            } catch {
                diagnostics.error("\(what): \(error)", at: node.location)
                return nil
            }
        }
        guard case .mapping = node, var map = MapReader(node, diagnostics, what: what) else {
            diagnostics.error(
                "\(what) must be SVG path data (\"M0 0 L10 10\"), {rect: [x, y, w, h]}, {ellipse: [x, y, w, h]} or {svg: file.svg, id: name}; found \(node.kindDescription)",
                at: node.location)
            return nil
        }
        defer { map.reportUnknown(in: "a path", known: Self.pathKeys) }
        if map.has("svg") { return svgPath(&map, what: what, at: node.location) }
        if let f = map.take("fit") { diagnostics.error("fit belongs to a path from an SVG file", at: f.location) }
        let r = map.take("rect"), e = map.take("ellipse")
        switch (r, e) {
        case (let r?, nil):
            guard let rect = self.rect(r, what: "rect") else { return nil }
            var radius = 0.0
            if let c = map.take("cornerRadius") {
                guard let v = nonNegative(c, what: "cornerRadius"),
                    withinCoordinateLimit(v, what: "cornerRadius", at: c.location)
                else { return nil }
                radius = v
            }
            return .some(
                radius > 0 ? CGPath(roundedRect: rect, cornerWidth: radius, cornerHeight: radius) : CGPath(rect: rect))
        case (nil, let e?):
            guard let rect = self.rect(e, what: "ellipse") else { return nil }
            if let c = map.take("cornerRadius") {
                diagnostics.error("cornerRadius belongs to a rect path", at: c.location)
            }
            return .some(CGPath(ellipseIn: rect))
        case (.some, .some):
            map.markUsed("cornerRadius")
            diagnostics.error("\(what) is either a rect or an ellipse, not both", at: node.location)
            return nil
        case (nil, nil):
            map.markUsed("cornerRadius")
            diagnostics.error(
                "\(what) as a map needs 'rect' (with 'cornerRadius' for a rounded one) or 'ellipse'", at: node.location)
            return nil
        }
    }

    static let pathKeys = ["rect", "ellipse", "cornerRadius", "svg", "id", "fit"]

    // MARK: Colors

    /// `"#RGB"`, `"#RRGGBB"`, `"#RRGGBBAA"`, a CSS name, `"transparent"`, `[r, g, b(, a)]` in 0…1,
    /// or `null` (nil: nothing drawn). The outer optional is nil on error.
    func color(_ node: SceneNode, what: String) -> CGColor?? {
        if node.isNull { return .some(nil) }
        if case .sequence(let items, _) = node {
            guard items.count == 3 || items.count == 4 else {
                diagnostics.error(
                    "\(what) as a list must be [r, g, b] or [r, g, b, a] with components 0…1, found \(items.count) numbers",
                    at: node.location)
                return nil
            }
            var c: [Double] = []
            for item in items {
                guard let v = number(item, what: "each component of \(what)", in: 0...1) else { return nil }
                c.append(v)
            }
            return .some(CGColor(red: c[0], green: c[1], blue: c[2], alpha: c.count == 4 ? c[3] : 1))
        }
        guard case .scalar(let s, let quoted, _) = node, quoted || node.number == nil, node.bool == nil else {
            diagnostics.error(
                "\(what) must be a color (\"#RRGGBB\", a CSS name or [r, g, b, a]), found \(node.kindDescription)",
                at: node.location)
            return nil
        }
        // Exactly the schema's spellings: hex digits in either case, names in lower case as CSS
        // writes them, no surrounding spaces.
        if Self.isHexColor(s) || CGColor.cssNames[s] != nil, let c = CGColor(cssString: s) { return .some(c) }
        if let c = SystemColors.color(named: s, appearance: appearance.value) { return .some(c) }
        let shown = SceneNode.abbreviated(s)
        if s.hasPrefix("#") {
            diagnostics.error(
                "\(what): '\(shown)' is not a hex color; use #RGB, #RGBA, #RRGGBB or #RRGGBBAA", at: node.location)
        } else {
            diagnostics.error(
                "\(what): unknown color name '\(shown)'\(diagnostics.didYouMean(s, among: Self.colorNames))",
                at: node.location)
        }
        return nil
    }

    /// The hex notation, also the schema's pattern.
    static let hexColorPattern = "^#([0-9a-fA-F]{3}|[0-9a-fA-F]{4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$"

    static func isHexColor(_ s: String) -> Bool {
        let u = Array(s.utf8)
        guard u.first == UInt8(ascii: "#"), [4, 5, 7, 9].contains(u.count) else { return false }
        return u.dropFirst().allSatisfy { ($0 >= 48 && $0 <= 57) || ($0 | 0x20 >= 97 && $0 | 0x20 <= 102) }
    }

    /// A list of colours (gradient colours).
    func colorList(_ node: SceneNode, what: String) -> [CGColor]? {
        guard case .sequence(let items, _) = node else {
            diagnostics.error("\(what) must be a list of colors, found \(node.kindDescription)", at: node.location)
            return nil
        }
        var result: [CGColor] = []
        var ok = true
        for item in items {
            switch color(item, what: "each color of \(what)") {
            case .some(.some(let c)): result.append(c)
            case .some(.none):
                diagnostics.error("each color of \(what) must be a color, not null", at: item.location)
                ok = false
            case .none: ok = false
            }
        }
        return ok ? result : nil
    }

    // MARK: Transforms

    /// `identity`, one step, or a list of steps applied the way CATransform3D… calls nest: each
    /// step acts in the local space of the ones before it (`CATransform3DRotate(t, …)` = R × t).
    func transform(_ node: SceneNode, what: String) -> CATransform3D? {
        if node.string == "identity" { return .identity }
        let steps: [SceneNode]
        switch node {
        case .sequence(let items, _): steps = items
        case .mapping: steps = [node]
        default:
            diagnostics.error(
                "\(what) must be 'identity' or a list of steps like [{translate: [x, y]}, {rotate: 45deg}], found \(node.kindDescription)",
                at: node.location)
            return nil
        }
        var result = CATransform3D.identity
        var ok = true
        for step in steps {
            if let m = transformStep(step, what: what) { result = m.concatenating(result) } else { ok = false }
        }
        guard ok else { return nil }
        // Finite numbers can still overflow (an axis of 1e300 is normalised through infinity).
        guard result.entries.allSatisfy(\.isFinite) else {
            diagnostics.error("\(what) is not finite: its numbers are too large", at: node.location)
            return nil
        }
        return result
    }

    static let transformStepKeys = ["translate", "scale", "rotate", "axis", "perspective", "matrix"]

    private func transformStep(_ node: SceneNode, what: String) -> CATransform3D? {
        guard var map = MapReader(node, diagnostics, what: "a step of \(what)") else { return nil }
        let kinds = ["translate", "scale", "rotate", "perspective", "matrix"].filter { map.has($0) }
        defer { map.reportUnknown(in: "a transform step", known: Self.transformStepKeys) }
        guard kinds.count == 1 else {
            if kinds.isEmpty {
                map.markUsed("axis")
                diagnostics.error(
                    "a transform step needs one of translate, scale, rotate, perspective or matrix", at: node.location)
            } else {
                for k in kinds { map.markUsed(k) }
                map.markUsed("axis")
                diagnostics.error(
                    "a transform step has one operation; found \(kinds.joined(separator: " and ")) (write them as separate steps)",
                    at: node.location)
            }
            return nil
        }
        let kind = kinds[0]
        let value = map.take(kind)!
        if kind != "rotate", let axis = map.take("axis") {
            diagnostics.error("'axis' belongs to a rotate step", at: axis.location)
        }
        switch kind {
        case "translate":
            guard case .sequence(let items, _) = value, items.count == 2 || items.count == 3 else {
                diagnostics.error(
                    "translate must be [x, y] or [x, y, z], found \(value.kindDescription)", at: value.location)
                return nil
            }
            guard let v = numbers(value, count: items.count, what: "translate", shape: "[x, y] or [x, y, z]") else {
                return nil
            }
            return CATransform3DMakeTranslation(v[0], v[1], v.count == 3 ? v[2] : 0)
        case "scale":
            if case .sequence(let items, _) = value {
                guard items.count == 2 || items.count == 3,
                    let v = numbers(value, count: items.count, what: "scale", shape: "[sx, sy] or [sx, sy, sz]")
                else {
                    if items.count != 2 && items.count != 3 {
                        diagnostics.error(
                            "scale must be a number, [sx, sy] or [sx, sy, sz], found a list of \(items.count)",
                            at: value.location)
                    }
                    return nil
                }
                return CATransform3DMakeScale(v[0], v[1], v.count == 3 ? v[2] : 1)
            }
            guard let s = coordinate(value, what: "scale") else { return nil }
            return CATransform3DMakeScale(s, s, 1)
        case "rotate":
            guard let angle = number(value, what: "rotate", angle: true) else { return nil }
            var axis = [0.0, 0, 1]
            if let a = map.take("axis") {
                guard let v = numbers(a, count: 3, what: "axis", shape: "[x, y, z]") else { return nil }
                guard v.contains(where: { $0 != 0 }) else {
                    diagnostics.error("axis must not be [0, 0, 0]", at: a.location)
                    return nil
                }
                axis = v
            }
            return CATransform3DMakeRotation(angle, axis[0], axis[1], axis[2])
        case "perspective":
            guard let d = number(value, what: "perspective") else { return nil }
            guard d > 0 else {
                diagnostics.error(
                    "perspective is the eye distance and must be positive, found \(format(d))", at: value.location)
                return nil
            }
            var t = CATransform3D.identity
            t.m34 = -1 / d
            return t
        default:
            guard let v = numbers(value, count: 16, what: "matrix", shape: "16 numbers m11…m44") else { return nil }
            return CATransform3D(v)
        }
    }

    // MARK: Timing

    /// `linear`, `easeIn`, `easeOut`, `easeInEaseOut`, `default`, or `[c1x, c1y, c2x, c2y]`.
    func timingFunction(_ node: SceneNode, what: String) -> CAMediaTimingFunction? {
        if case .sequence = node {
            guard let v = numbers(node, count: 4, what: what, shape: "[c1x, c1y, c2x, c2y]") else { return nil }
            guard (0...1).contains(v[0]), (0...1).contains(v[2]) else {
                diagnostics.error(
                    "\(what): the control points' x values must be within 0…1 (y may leave it), found \(format(v[0])) and \(format(v[2]))",
                    at: node.location)
                return nil
            }
            return CAMediaTimingFunction(c1x: v[0], c1y: v[1], c2x: v[2], c2y: v[3])
        }
        let names = CAMediaTimingFunctionName.allCases.map(\.rawValue)
        guard let name = choice(node, what: what, among: names) else { return nil }
        return CAMediaTimingFunction(name: CAMediaTimingFunctionName(rawValue: name))
    }

    /// The spellings of an endless repeat count (`HUGE_VALF` is what Objective-C code writes).
    static let infinityWords = ["infinity", "inf", ".inf", "HUGE_VALF"]

    /// A repeat count: a number ≥ 0 or `infinity`.
    func repeatCount(_ node: SceneNode) -> Double? {
        if let s = node.string, Self.infinityWords.contains(s) { return .infinity }
        if node.number == nil, case .scalar(let s, false, _) = node, SceneNode.parseNumber(s) == nil, !s.isEmpty {
            diagnostics.error(
                "repeatCount must be a number or 'infinity', found '\(SceneNode.abbreviated(s))'\(diagnostics.didYouMean(s, among: ["infinity"]))",
                at: node.location)
            return nil
        }
        return nonNegative(node, what: "repeatCount")
    }

    // MARK: By kind

    /// A value of the given kind (what a key path holds); `angle` accepts `"90deg"` for numbers.
    func value(_ node: SceneNode, kind: ValueKind, what: String, angle: Bool = false) -> AnimatableValue? {
        switch kind {
        case .number:
            return coordinate(node, what: what, angle: angle).map(AnimatableValue.number)
        case .point: return point(node, what: what).map(AnimatableValue.point)
        case .size: return size(node, what: what).map(AnimatableValue.size)
        case .rect: return rect(node, what: what).map(AnimatableValue.rect)
        case .color: return color(node, what: what).map(AnimatableValue.color)
        case .transform: return transform(node, what: what).map(AnimatableValue.transform)
        case .bool: return bool(node, what: what).map(AnimatableValue.bool)
        case .numbers: return numberList(node, what: what).map(AnimatableValue.numbers)
        case .path: return path(node, what: what).map(AnimatableValue.path)
        case .string:
            guard let s = string(node, what: what), withinTextLimits(s, what: what, at: node.location) else {
                return nil
            }
            return .string(s)
        case .colors: return colorList(node, what: what).map(AnimatableValue.colors)
        case .image:
            // Images are files, loaded by the scene decoder (SceneDecoder.image); not a plain value.
            diagnostics.error("\(what): an image must be a file name", at: node.location)
            return nil
        case .cells:
            // Cells are maps decoded by the scene decoder (SceneDecoder.decodeCells); not a plain value.
            diagnostics.error("\(what): emitter cells are a list of cell maps", at: node.location)
            return nil
        case .filters:
            // Filters are maps decoded by the scene decoder (SceneDecoder.decodeFilters); not a plain value.
            diagnostics.error("\(what): filters are a list of filter maps", at: node.location)
            return nil
        }
    }
}

/// Numbers in messages: no trailing ".0" for whole numbers.
func format(_ v: Double) -> String {
    if v == v.rounded(), abs(v) < 1e15 { return String(Int(v)) }
    return String(v)
}
