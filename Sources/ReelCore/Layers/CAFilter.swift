import Foundation

/// A filter for `CALayer.filters` and `CALayer.backgroundFilters`: Core Animation's filter object
/// (`CAFilter(type: "gaussianBlur")`) and, by the alias ``CIFilter``, Core Image's
/// (`CIFilter(name: "CIGaussianBlur")`), so code written for either ports unchanged. Inputs are
/// set by key, as on Apple's platforms: `blur.setValue(20, forKey: "inputRadius")`.
///
/// Kinds and inputs: see ``LayerFilter``. A layer keeps a copy of its filters when they are
/// assigned: change a filter's inputs afterwards through the layer's key paths
/// (`layer.setValue(4, forKeyPath: "filters.gaussianBlur.inputRadius")`) or by assigning again.
public final class CAFilter: @unchecked Sendable {
    /// The filter's value.
    public private(set) var state: LayerFilter

    /// A filter of a Core Animation type (`gaussianBlur`, `colorMatrix`, `colorSaturate`, …) or
    /// a Core Image name (`CIGaussianBlur`, `CIColorMatrix`, `CIColorControls`); nil for others.
    public init?(type: String) {
        guard let kind = LayerFilter.Kind(anyName: type) else { return nil }
        state = LayerFilter(kind: kind)
    }

    /// Core Image's spelling of ``init(type:)``: `CIFilter(name: "CIGaussianBlur")`.
    public convenience init?(name: String) { self.init(type: name) }

    /// A filter holding `state`.
    public init(state: LayerFilter) { self.state = state }

    /// The name key paths reach the filter by (`filters.NAME.inputRadius`); the type's name
    /// unless set.
    public var name: String {
        get { state.name }
        set { state.name = newValue }
    }

    /// Sets an input: a number for scalar inputs, four numbers (or a `CIVector`-like array) for
    /// vectors. Values of other types are ignored.
    public func setValue(_ value: Any?, forKey key: String) {
        switch value {
        case let v as Double: state.inputs[key] = [v]
        case let v as CGFloat: state.inputs[key] = [Double(v)]
        case let v as Float: state.inputs[key] = [Double(v)]
        case let v as Int: state.inputs[key] = [Double(v)]
        case let v as [Double]: state.inputs[key] = v
        case let v as [CGFloat]: state.inputs[key] = v.map { Double($0) }
        case nil: state.inputs[key] = nil
        default: break
        }
    }

    /// An input's value (a number or a list of four), or nil for a key the filter lacks.
    public func value(forKey key: String) -> Any? {
        guard let v = state.input(key) else { return key == "name" ? name : nil }
        return LayerFilter.isVector(key) ? v : v.first
    }

    /// The values of filter objects (and `LayerFilter`s) in a `filters` array; others are skipped.
    static func states(of list: [Any]) -> [LayerFilter] {
        list.compactMap { ($0 as? CAFilter)?.state ?? ($0 as? LayerFilter) }
    }
}

/// Core Image's filter class, as far as layers use it: `CIFilter(name: "CIGaussianBlur")`.
public typealias CIFilter = CAFilter

extension CALayer {
    /// Filters applied to the layer and its sublayers, as a group, before it is composited
    /// (Core Animation on macOS applies them so): ``CAFilter`` objects. A blur spreads the
    /// layer's drawing by its extent; it is clipped only by an ancestor that masks to bounds.
    public var filters: [Any]? {
        get { modelState.filters?.map(CAFilter.init(state:)) }
        set { change(.filters) { $0.filters = newValue.map(CAFilter.states) } }
    }

    /// Filters applied to what is drawn behind the layer, inside its bounds and corner shape,
    /// drawn under the layer's own content: a background blur is the frosted-glass look.
    public var backgroundFilters: [Any]? {
        get { modelState.backgroundFilters?.map(CAFilter.init(state:)) }
        set {
            change(.backgroundFilters) { $0.backgroundFilters = newValue.map(CAFilter.states) }
        }
    }
}

/// Core Image's input keys the layer filters take, by their constants' names.
public let kCIInputRadiusKey = "inputRadius"
public let kCIInputSaturationKey = "inputSaturation"
public let kCIInputBrightnessKey = "inputBrightness"
public let kCIInputContrastKey = "inputContrast"
