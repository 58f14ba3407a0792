import Foundation

// MARK: - Key-value coding by name, as on Apple platforms

extension CALayer {
    /// Key-value coding as on Apple platforms: `layer.setValue(0.5, forKey: "opacity")`,
    /// `setValue(CGFloat.pi, forKeyPath: "transform.rotation.z")`,
    /// `setValue(0, forKeyPath: "emitterCells.spark.birthRate")` set the property, with the same
    /// implicit animation as the typed setter. Every layer property and key path Reel knows is
    /// accepted (`LayerKeyPath.allPaths`); a key that names none — or names a property of another
    /// layer class — stores the value with the layer, read back with `value(forKey:)` (as
    /// Core Animation stores any key on a layer); nil removes it.
    ///
    /// Values are converted as an animation's are: numbers of any type or `NSNumber`, `CGPoint`,
    /// `CGRect`, `CGColor`, `CATransform3D` bare or in an `NSValue`, option names or options.
    /// Where Core Animation would raise an exception (a string for `opacity`, nil for
    /// `position`, an unknown option name, `position.z`), Reel does not trap and does not change
    /// the layer: the problem is reported when the scene's timeline is compiled, which then fails
    /// with it, as for an invalid animation. Reel accepts key paths here too.
    public func setValue(_ value: Any?, forKey key: String) {
        setValue(value, forKeyPath: key)
    }

    /// `setValue(_:forKey:)` through a key path (`position.x`, `bounds.size.width`,
    /// `transform.rotation.z`, `emitterCells.NAME.birthRate`).
    public func setValue(_ value: Any?, forKeyPath keyPath: String) {
        switch convertedKeyValue(value, forKeyPath: keyPath) {
        case .success(let (path, converted)?):
            setValue(converted, forKeyPath: path)
        case .success(nil):
            userValues[keyPath] = value
        case .failure(let problem):
            reportKeyValueProblem(problem.description)
        }
    }

    /// The model value of the property `key` names (or a key path), boxed as Foundation boxes it:
    /// numbers and flags as `NSNumber` (read with `as? Double`, `as? Float`, `as? Bool`; Foundation
    /// on Linux does not bridge an `NSNumber` to `CGFloat`), points, sizes, rects and transforms as
    /// themselves (`as? CGPoint`, `as? CATransform3D`), colours as `CGColor`, options by name;
    /// otherwise the value stored under `key`, or nil.
    public func value(forKey key: String) -> Any? { value(forKeyPath: key) }

    /// `value(forKey:)` through a key path.
    public func value(forKeyPath keyPath: String) -> Any? {
        if let path = LayerKeyPath(keyPath), appliesToThisClass(path) { return path.get(modelState).foundationValue }
        return userValues[keyPath]
    }

    /// Checks a value set by key and converts it; nil when the key names no property of this layer.
    func convertedKeyValue(_ value: Any?, forKeyPath keyPath: String) -> Result<
        (LayerKeyPath, AnimatableValue)?, AnimationError
    > {
        guard let path = LayerKeyPath(keyPath) else {
            // `position.z`: a property of the layer, but no such field of it.
            let first = keyPath.split(separator: ".").first.map(String.init) ?? keyPath
            if keyPath.contains("."), let property = LayerProperty(rawValue: first),
                property.applies(to: type(of: self).kind)
            {
                return .failure(
                    AnimationError(
                        "unknown key path '\(keyPath)'\(suggestion(for: keyPath, among: LayerKeyPath.allPaths))"))
            }
            return .success(nil)
        }
        guard appliesToThisClass(path) else { return .success(nil) }
        let kind = path.kind
        let converted: AnimatableValue?
        switch (kind, value) {
        case (.color, nil): converted = .color(nil)
        case (.path, nil): converted = .path(nil)
        case (.image, nil): converted = .image(nil)
        case (_, nil): converted = nil
        case (.string, let v?):
            converted = KeyValue.string(v).map(AnimatableValue.string)
        case (.numbers, let v?):
            converted = KeyValue.numbers(v).map(AnimatableValue.numbers)
        case (.number, let v?):
            converted = KeyValue.number(v).map(AnimatableValue.number) ?? AnimatableValue(any: v, as: kind)
        case (_, let v?):
            converted = AnimatableValue(any: v, as: kind)
        }
        guard let converted else {
            let got = value.map { "\(type(of: $0))" } ?? "nil"
            return .failure(AnimationError("setValue(_:forKeyPath: \"\(keyPath)\"): \(kind.noun) expected, not \(got)"))
        }
        if path.fields.isEmpty, path.cell == nil, let options = path.property.options,
            case .string(let name) = converted,
            !options.contains(name)
        {
            return .failure(
                AnimationError(
                    "setValue(_:forKeyPath: \"\(keyPath)\"): '\(name)' is not one of \(options.joined(separator: ", "))\(suggestion(for: name, among: options))"
                ))
        }
        return .success((path, converted))
    }

    /// Whether the path's property belongs to this layer's class (CALayer's, or its own).
    private func appliesToThisClass(_ path: LayerKeyPath) -> Bool { path.property.applies(to: type(of: self).kind) }

    /// Reports a value set by key that did not fit: to the timeline being compiled (with the
    /// time and layer), or, outside one, when the scene is next compiled.
    func reportKeyValueProblem(_ message: String) {
        if let compiler = TimelineCompiler.current {
            compiler.errors.append(
                "at \(compiler.now) s, on \(name.map { "layer '\($0)'" } ?? "an unnamed layer"): \(message)")
        } else {
            keyValueProblems.append(message)
        }
    }
}

extension AnimatableValue {
    /// The value as Foundation's key-value coding answers it (see `CALayer.value(forKey:)`).
    public var foundationValue: Any? {
        switch self {
        case .number(let v): KeyValue.box(v)
        case .bool(let b): KeyValue.box(b)
        case .point(let p): p
        case .size(let s): s
        case .rect(let r): r
        case .transform(let t): t
        case .color(let c): c
        case .path(let p): p
        case .image(let i): i
        case .imageFade(let f): f.to
        case .string(let s): s
        case .numbers(let v): v.map(KeyValue.box)
        case .colors(let c): c
        case .cells(let c): c.map(CAEmitterCell.init(state:))
        case .filters(let f): f.map(CAFilter.init(state:))
        }
    }
}
