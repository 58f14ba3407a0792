import Foundation

extension CALayerContentsGravity {
    /// Where content of `size` goes in `bounds` under this gravity, as Core Animation places a
    /// layer's contents: stretched (`resize`), scaled to fit or to fill keeping its aspect
    /// (`resizeAspect`, `resizeAspectFill`, centred), or at its own size against an edge or
    /// corner. A fill may overflow `bounds`; callers crop it when they must.
    public func rect(placing size: CGSize, in bounds: CGRect) -> CGRect {
        func place(_ size: CGSize, _ h: Double, _ v: Double) -> CGRect {
            CGRect(
                x: bounds.minX + (bounds.width - size.width) * h, y: bounds.minY + (bounds.height - size.height) * v,
                width: size.width, height: size.height)
        }
        switch self {
        case .resize: return bounds
        case .resizeAspect, .resizeAspectFill:
            guard size.width > 0, size.height > 0 else { return bounds }
            let sx = bounds.width / size.width, sy = bounds.height / size.height
            let k = self == .resizeAspect ? min(sx, sy) : max(sx, sy)
            return place(CGSize(width: size.width * k, height: size.height * k), 0.5, 0.5)
        case .center: return place(size, 0.5, 0.5)
        case .top: return place(size, 0.5, 0)
        case .bottom: return place(size, 0.5, 1)
        case .left: return place(size, 0, 0.5)
        case .right: return place(size, 1, 0.5)
        case .topLeft: return place(size, 0, 0)
        case .topRight: return place(size, 1, 0)
        case .bottomLeft: return place(size, 0, 1)
        case .bottomRight: return place(size, 1, 1)
        }
    }
}
