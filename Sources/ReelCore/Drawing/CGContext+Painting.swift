import Foundation

// Painting, clipping and the paint state of `CGContext`: each paint is recorded with the state
// it was made in, so the recording replays without any state of its own beyond the clip.
extension CGContext {
    // MARK: - Colours and lines

    public func setFillColor(_ color: CGColor) { state.fillColor = color }
    public func setFillColor(gray: CGFloat, alpha: CGFloat) { state.fillColor = CGColor(gray: gray, alpha: alpha) }
    public func setFillColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        state.fillColor = CGColor(red: red, green: green, blue: blue, alpha: alpha)
    }
    public func setStrokeColor(_ color: CGColor) { state.strokeColor = color }
    public func setStrokeColor(gray: CGFloat, alpha: CGFloat) { state.strokeColor = CGColor(gray: gray, alpha: alpha) }
    public func setStrokeColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        state.strokeColor = CGColor(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// The pen's width in user space (at the CTM of the stroke).
    public func setLineWidth(_ width: CGFloat) { state.stroke.width = width }
    public func setLineCap(_ cap: CGLineCap) { state.stroke.cap = cap }
    public func setLineJoin(_ join: CGLineJoin) { state.stroke.join = join }
    public func setMiterLimit(_ limit: CGFloat) { state.stroke.miterLimit = limit }
    /// Dashes: alternating painted and unpainted lengths (user space), starting `phase` into the
    /// pattern; an empty array draws solid lines.
    public func setLineDash(phase: CGFloat, lengths: [CGFloat]) {
        state.stroke.dashes = lengths
        state.stroke.dashPhase = phase
    }

    /// Multiplies the alpha of everything painted afterwards (0…1).
    public func setAlpha(_ alpha: CGFloat) { state.style.alpha = min(max(alpha, 0), 1) }
    public func setBlendMode(_ mode: CGBlendMode) { state.style.blendMode = mode }
    public func setShouldAntialias(_ antialias: Bool) { state.style.antialias = antialias }
    public func setAllowsAntialiasing(_ allows: Bool) { state.style.antialias = allows }

    /// A shadow under everything painted afterwards: `offset` and `blur` in points, unaffected
    /// by the CTM (Core Graphics keeps them in base space); positive heights move it down, as in
    /// UIKit contexts. A nil colour turns the shadow off.
    public func setShadow(offset: CGSize, blur: CGFloat, color: CGColor?) {
        guard let color, color.alpha > 0 else { state.style.shadow = nil; return }
        state.style.shadow = DrawingShadow(
            offset: CGSize(width: offset.width * scale, height: offset.height * scale),
            blur: max(blur, 0) * scale, color: color)
    }

    /// A shadow in Core Graphics' default colour, black at one third opacity.
    public func setShadow(offset: CGSize, blur: CGFloat) {
        setShadow(offset: offset, blur: blur, color: CGColor(gray: 0, alpha: 1.0 / 3))
    }

    // MARK: - Painting the path

    /// Fills the current path, then discards it.
    public func fillPath(using rule: CGPathFillRule = .winding) {
        guard !pathElements.isEmpty else { return }
        commands.append(.fill(takePath(), rule, state.fillColor, state.style))
    }

    /// Strokes the current path with the current line settings, then discards it.
    public func strokePath() {
        guard !pathElements.isEmpty else { return }
        var stroke = state.stroke
        stroke.transform = state.ctm
        commands.append(.stroke(takePath(), stroke, state.strokeColor, state.style))
    }

    /// Fills and/or strokes the current path (fill first), then discards it.
    public func drawPath(using mode: CGPathDrawingMode) {
        guard !pathElements.isEmpty else { return }
        let path = takePath()
        switch mode {
        case .fill, .fillStroke: commands.append(.fill(path, .winding, state.fillColor, state.style))
        case .eoFill, .eoFillStroke: commands.append(.fill(path, .evenOdd, state.fillColor, state.style))
        case .stroke: break
        }
        if mode == .stroke || mode == .fillStroke || mode == .eoFillStroke {
            var stroke = state.stroke
            stroke.transform = state.ctm
            commands.append(.stroke(path, stroke, state.strokeColor, state.style))
        }
    }

    // MARK: - Painting shapes (each replaces the current path, as in Core Graphics)

    public func fill(_ rect: CGRect) { fill([rect]) }

    public func fill(_ rects: [CGRect]) {
        beginPath()
        addRects(rects)
        fillPath()
    }

    public func fillEllipse(in rect: CGRect) {
        beginPath()
        addEllipse(in: rect)
        fillPath()
    }

    public func stroke(_ rect: CGRect) {
        beginPath()
        addRect(rect)
        strokePath()
    }

    /// Strokes `rect` with a line `width` wide (the line width setting is left as it was).
    public func stroke(_ rect: CGRect, width: CGFloat) {
        let kept = state.stroke.width
        state.stroke.width = width
        stroke(rect)
        state.stroke.width = kept
    }

    public func strokeEllipse(in rect: CGRect) {
        beginPath()
        addEllipse(in: rect)
        strokePath()
    }

    /// Strokes a line for each pair of points.
    public func strokeLineSegments(between points: [CGPoint]) {
        beginPath()
        var i = 0
        while i + 1 < points.count {
            move(to: points[i])
            addLine(to: points[i + 1])
            i += 2
        }
        strokePath()
    }

    /// Makes `rect` transparent (inside the clip), whatever the alpha, blend mode and shadow.
    public func clear(_ rect: CGRect) {
        beginPath()
        addRect(rect)
        var style = DrawingStyle()
        style.blendMode = .clear
        commands.append(.fill(takePath(), .winding, .clear, style))
    }

    // MARK: - Clipping

    /// Intersects the clip with the current path, then discards the path. An empty path clips
    /// everything away.
    public func clip(using rule: CGPathFillRule = .winding) {
        let path = takePath()
        state.clipBox = state.clipBox.intersection(path.isEmpty ? .null : path.boundingBox)
        if state.clipBox.isNull { state.clipBox = .zero }
        commands.append(.clip(path, rule))
    }

    public func clip(to rect: CGRect) { clip(to: [rect]) }

    public func clip(to rects: [CGRect]) {
        // Core Graphics leaves the current path alone here.
        let kept = (pathElements, currentBase, subpathStart)
        beginPath()
        addRects(rects)
        clip()
        (pathElements, currentBase, subpathStart) = kept
    }

    // MARK: - Gradients, images, text

    /// Fills the clip with `gradient` along the line from `start` to `end` (user space): colours
    /// are constant across it; beyond the ends only when `options` say so.
    public func drawLinearGradient(
        _ gradient: CGGradient, start: CGPoint, end: CGPoint, options: CGGradientDrawingOptions
    ) {
        commands.append(
            .linearGradient(
                LinearGradientPaint(gradient: gradient, start: start, end: end, options: options, transform: state.ctm),
                state.style))
    }

    /// Fills the clip with `gradient` between two circles (user space).
    public func drawRadialGradient(
        _ gradient: CGGradient, startCenter: CGPoint, startRadius: CGFloat, endCenter: CGPoint, endRadius: CGFloat,
        options: CGGradientDrawingOptions
    ) {
        let paint = RadialGradientPaint(
            gradient: gradient, startCenter: startCenter, startRadius: max(startRadius, 0),
            endCenter: endCenter, endRadius: max(endRadius, 0), options: options, transform: state.ctm)
        commands.append(.radialGradient(paint, state.style))
    }

    /// Draws `image` scaled into `rect`, as Core Graphics does: its first row at `rect.maxY`. In
    /// this y-down space that is upside down — the familiar quirk of `CGContextDrawImage` in
    /// iOS layer and UIKit contexts; flip first (`translateBy(x: 0, y: rect.maxY + rect.minY)`,
    /// `scaleBy(x: 1, y: -1)`) to draw it upright.
    public func draw(_ image: CGImage, in rect: CGRect) {
        commands.append(.image(image, rect, state.ctm, state.style))
    }

    /// Draws one line of text (Reel's call; iOS code uses `NSString.draw(at:withAttributes:)`):
    /// the top-left of its line box at `point`, upright in this y-down space, in `font` (a
    /// family name; nil: the default font) of `size` points.
    public func drawText(_ string: String, at point: CGPoint, font: String? = nil, size: CGFloat, color: CGColor) {
        guard !string.isEmpty, size > 0, size.isFinite else { return }
        let text = DrawingText(string: string, point: point, font: font, size: size, color: color, transform: state.ctm)
        commands.append(.text(text, state.style))
    }
}
