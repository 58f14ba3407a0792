import Foundation

/// A layer, as in Core Animation: model properties, a place in the tree, and animations.
///
/// Setting a property changes the model. Inside a scene's timeline (`scene.at(t) { … }`) the
/// change is recorded at that time and, for animatable properties of a layer already on screen,
/// makes an implicit animation from the presentation value — exactly Core Animation's rules.
/// Outside a timeline, setting a property just configures the initial state.
open class CALayer {
    /// The model values, as one value. (Apple's `model()` is a method returning the layer
    /// itself, so the state has this name.)
    public internal(set) var modelState = LayerState()
    /// The layer's name; scene files and `inspect` refer to layers by it.
    public var name: String?
    /// The parent layer, nil for the root or a detached layer.
    public internal(set) weak var superlayer: CALayer?
    var children: [CALayer] = []
    /// Actions by key (a property, `onOrderIn`, `onOrderOut`): `NSNull()` disables the implicit
    /// animation for that key, a `CAAnimation` replaces the default one (its keyPath, from and
    /// to values are filled in as for the default), a `CATransition` animates the change as a
    /// transition. See `action(forKey:)` for the whole lookup.
    public var actions: [String: CAAction]?
    /// Chooses actions before `actions` does (see `action(forKey:)`).
    public weak var delegate: CALayerDelegate?
    /// Core Animation's style dictionary; its `"actions"` (`[String: CAAction]`) are looked up
    /// after `actions`.
    public var style: [AnyHashable: Any]?
    /// Lays out the sublayers (`CAConstraintLayoutManager` reads their `constraints`) whenever
    /// the model geometry changes in a transaction, and before the first frame.
    public var layoutManager: CALayoutManager?
    /// This layer's rules for a `CAConstraintLayoutManager` on its superlayer.
    public var constraints: [CAConstraint]?

    /// Adds a constraint (`constraints` += it).
    public func addConstraint(_ c: CAConstraint) { constraints = (constraints ?? []) + [c] }

    /// Lays the sublayers out now (the layout manager's work; nothing without one).
    open func layoutSublayers() { layoutManager?.layoutSublayers(of: self) }

    /// Core Animation marks the layer for layout; Reel lays out at the end of every transaction
    /// anyway, so this only lays out now, outside a timeline.
    public func setNeedsLayout() { if TimelineCompiler.current == nil { layoutSublayers() } }

    /// Lays out now, as Core Animation does for a layer that needs it.
    public func layoutIfNeeded() { layoutSublayers() }
    /// Properties Core Animation has that Reel accepts without drawing differently (see
    /// CALayer+AppleCompatibility.swift).
    var accepted = AcceptedLayerProperties()
    /// Values stored by key-value coding under keys that name no property (see `setValue(_:forKey:)`).
    var userValues: [String: Any] = [:]
    /// Problems from key-value coding outside a timeline, reported when the scene is compiled.
    var keyValueProblems: [String] = []
    /// Animations added outside a timeline (they start at time 0), by key.
    var pendingAnimations: [(key: String?, animation: CAAnimation)] = []

    public required init() {}

    /// A layer whose properties are copied from `other` (used by `presentation()`).
    public required init(layer other: CALayer) {
        modelState = other.modelState
        name = other.name
        accepted = other.accepted
    }

    /// `<CALayer: 0x…; name = "box"; position = CGPoint (50 50); bounds = CGRect (0 0; 20 20); …>`:
    /// the class, the object's address (as Apple's `description` shows it; it differs from run
    /// to run), name, position, bounds, the main appearance properties and the class's own that
    /// differ from their defaults, the number of sublayers and the animation keys. `print(layer)`
    /// is Linux's `NSLog("%@", layer)`.
    open var description: String { DescriptionFormat.object(self, fields: descriptionFields(all: false)) }

    /// `description` with every property that differs from its default, and the values stored
    /// by key (what `po layer` is for in the debugger).
    open var debugDescription: String { DescriptionFormat.object(self, fields: descriptionFields(all: true)) }

    /// The class's action for `event`, looked up after the delegate, `actions` and `style`:
    /// none (nil) unless a subclass overrides it.
    open class func defaultAction(forKey event: String) -> CAAction? { nil }

    /// Whether the contents are flipped when drawn: false, as for every layer on iOS (Reel does
    /// not implement `isGeometryFlipped`).
    open func contentsAreFlipped() -> Bool { false }

    /// The layer's preferred size in its superlayer: the size of the frame (the bounds mapped into the
    /// superlayer), as Apple's default implementation without a layout manager. Overridable.
    open func preferredFrameSize() -> CGSize { frame.size }

    /// The default value of a property by key, as Foundation boxes it (see `value(forKey:)`);
    /// nil for keys that name no property of the class. Overriding it does not change a new
    /// layer's values in Reel: set them in `init()`.
    open class func defaultValue(forKey key: String) -> Any? {
        guard let path = LayerKeyPath(key), path.property.applies(to: kind) else { return nil }
        return path.get(LayerState()).foundationValue
    }

    /// The short class name used by scene files and `inspect`.
    open class var className: String { kind.rawValue }

    /// Which class's properties apply and how the layer draws.
    open class var kind: LayerKind { .layer }

    // MARK: - Geometry

    public var bounds: CGRect {
        get { modelState.bounds }
        set {
            let old = modelState.bounds
            change(.bounds) { LayerProperty.bounds.set(&$0, .rect(newValue)) }
            if needsDisplayOnBoundsChange, modelState.bounds != old { setNeedsDisplay() }
        }
    }
    public var position: CGPoint {
        get { modelState.position }
        set { change(.position) { $0.position = newValue } }
    }
    public var zPosition: CGFloat {
        get { modelState.zPosition }
        set { change(.zPosition) { $0.zPosition = newValue } }
    }
    public var anchorPoint: CGPoint {
        get { modelState.anchorPoint }
        set { change(.anchorPoint) { $0.anchorPoint = newValue } }
    }
    public var anchorPointZ: CGFloat {
        get { modelState.anchorPointZ }
        set { change(.anchorPointZ) { $0.anchorPointZ = newValue } }
    }
    public var transform: CATransform3D {
        get { modelState.transform }
        set { change(.transform) { $0.transform = newValue } }
    }
    public var sublayerTransform: CATransform3D {
        get { modelState.sublayerTransform }
        set { change(.sublayerTransform) { $0.sublayerTransform = newValue } }
    }
    /// The layer's rectangle in its superlayer: the bounding box of the bounds transformed about
    /// the anchor point and placed at position (see `LayerState.frame`). Setting it changes
    /// bounds.size and position — under a transform, solving for the size whose transformed box
    /// is the new frame — each change a transaction change (so implicitly animated).
    public var frame: CGRect {
        get { modelState.frame }
        set {
            var solved = modelState
            solved.setFrame(newValue)
            bounds = CGRect(origin: bounds.origin, size: solved.bounds.size)
            position = solved.position
        }
    }

    // MARK: - Appearance

    public var isHidden: Bool {
        get { modelState.isHidden }
        set { change(.hidden) { $0.isHidden = newValue } }
    }
    public var opacity: Float {
        get { Float(modelState.opacity) }
        set { change(.opacity) { $0.opacity = CGFloat(newValue) } }
    }
    public var backgroundColor: CGColor? {
        get { modelState.backgroundColor }
        set { change(.backgroundColor) { $0.backgroundColor = newValue } }
    }
    public var cornerRadius: CGFloat {
        get { modelState.cornerRadius }
        set { change(.cornerRadius) { $0.cornerRadius = newValue } }
    }
    public var borderWidth: CGFloat {
        get { modelState.borderWidth }
        set { change(.borderWidth) { $0.borderWidth = newValue } }
    }
    public var borderColor: CGColor? {
        get { modelState.borderColor }
        set { change(.borderColor) { $0.borderColor = newValue } }
    }
    public var masksToBounds: Bool {
        get { modelState.masksToBounds }
        set { change(.masksToBounds) { $0.masksToBounds = newValue } }
    }
    public var maskedCorners: CACornerMask {
        get { modelState.maskedCorners }
        set { change(.maskedCorners) { $0.maskedCorners = newValue } }
    }
    public var isDoubleSided: Bool {
        get { modelState.isDoubleSided }
        set { change(.doubleSided) { $0.isDoubleSided = newValue } }
    }

    // MARK: - Contents

    /// The image drawn in the bounds (`layer.contents = image` — a `CGImage` here, not `Any`).
    public var contents: CGImage? {
        get { modelState.contents }
        set { change(.contents) { $0.contents = newValue } }
    }
    public var contentsGravity: CALayerContentsGravity {
        get { modelState.contentsGravity }
        set { change(.contentsGravity) { $0.contentsGravity = newValue } }
    }
    public var contentsRect: CGRect {
        get { modelState.contentsRect }
        set { change(.contentsRect) { $0.contentsRect = newValue } }
    }
    public var contentsScale: CGFloat {
        get { modelState.contentsScale }
        set { change(.contentsScale) { $0.contentsScale = newValue } }
    }

    // MARK: - Drawing (the rest is in CALayer+Display.swift)

    /// Whether a change of the model bounds marks the layer as needing display, so that its
    /// drawing is redone at the new size (default false: the old drawing is stretched by
    /// contentsGravity).
    public var needsDisplayOnBoundsChange = false
    /// Accepted for source compatibility; drawing is recorded, never done on a background thread.
    public var drawsAsynchronously = false
    /// Set by `setNeedsDisplay()`, cleared when the layer is displayed.
    var needsDisplayFlag = false
    /// Changes made outside a compile (see `ModelGeneration`).
    var changeCount: UInt64 = 0

    /// Makes the layer's contents: the delegate's `display(_:)` when the delegate has one, else
    /// records `draw(in:)` in a context the size of the bounds (× contentsScale) and sets the
    /// recording as `contents`. Called when the layer needs display, at the end of the
    /// transaction; override to set `contents` some other way.
    open func display() {
        if let delegate { delegate.display(self) } else { displayByDrawing() }
    }

    /// Whether a model change of `key` (a layer property's name) marks the layer as needing
    /// display, as Core Animation asks; false unless a subclass says so. Reel redraws for model
    /// changes only, not for every frame of an animation of the key.
    open class func needsDisplay(forKey key: String) -> Bool { false }

    /// Draws the layer's content (y down, origin at the top-left of the bounds, in points). The
    /// default asks the delegate's `draw(_:in:)`; subclasses override it, as on iOS.
    open func draw(in ctx: CGContext) {
        delegate?.draw(self, in: ctx)
    }

    // MARK: - Shadow

    public var shadowColor: CGColor? {
        get { modelState.shadowColor }
        set { change(.shadowColor) { $0.shadowColor = newValue } }
    }
    public var shadowOpacity: Float {
        get { Float(modelState.shadowOpacity) }
        set { change(.shadowOpacity) { $0.shadowOpacity = CGFloat(newValue) } }
    }
    public var shadowOffset: CGSize {
        get { modelState.shadowOffset }
        set { change(.shadowOffset) { $0.shadowOffset = newValue } }
    }
    public var shadowRadius: CGFloat {
        get { modelState.shadowRadius }
        set { change(.shadowRadius) { $0.shadowRadius = newValue } }
    }
    public var shadowPath: CGPath? {
        get { modelState.shadowPath }
        set { change(.shadowPath) { $0.shadowPath = newValue?.copy() } }
    }

    // MARK: - Layer timing (CAMediaTiming)

    public var beginTime: Double {
        get { modelState.beginTime }
        set { change(.beginTime) { $0.beginTime = newValue } }
    }
    public var speed: Float {
        get { Float(modelState.speed) }
        set { change(.speed) { $0.speed = Double(newValue) } }
    }
    public var timeOffset: Double {
        get { modelState.timeOffset }
        set { change(.timeOffset) { $0.timeOffset = newValue } }
    }

    // MARK: - Key-value coding

    /// Sets a property or a key path into one (`position.x`, `transform.rotation.z`), with the
    /// same implicit animation as the typed setter.
    public func setValue(_ value: AnimatableValue, forKeyPath keyPath: LayerKeyPath) {
        change(keyPath.property) { keyPath.set(&$0, value) }
    }

    /// The model value at a key path.
    public func value(forKeyPath keyPath: LayerKeyPath) -> AnimatableValue { keyPath.get(modelState) }

    /// Sets a property by name (`setValue(_:forKey:)`), as above.
    public func setValue(_ value: AnimatableValue, forKey key: LayerProperty) {
        change(key) { key.set(&$0, value) }
    }

    /// Applies a model change and reports it to the timeline being compiled, if any.
    func change(_ property: LayerProperty, _ mutate: (inout LayerState) -> Void) {
        modelDidChange()
        TimelineCompiler.current?.willMutate(self)
        let old = modelState
        mutate(&modelState)
        TimelineCompiler.current?.layerDidChange(self, property: property, from: old)
        if type(of: self).needsDisplay(forKey: property.rawValue), property.get(old) != property.get(modelState) {
            setNeedsDisplay()
        }
    }

    // MARK: - The layer tree

    /// The sublayers, back to front; nil when there are none (as in Core Animation).
    public var sublayers: [CALayer]? {
        get { children.isEmpty ? nil : children }
        set {
            willMutate(self)
            for child in children { willMutate(child) }
            for child in children { child.superlayer = nil }
            children = []
            for layer in newValue ?? [] { insertSublayer(layer, at: UInt32(children.count)) }
            TimelineCompiler.current?.structureDidChange(self)
        }
    }

    /// Appends `layer` as the frontmost sublayer (removing it from its old parent first).
    public func addSublayer(_ layer: CALayer) {
        insertSublayer(layer, at: UInt32(children.count))
    }

    /// Inserts `layer` at `index` among the sublayers (clamped to the end).
    public func insertSublayer(_ layer: CALayer, at index: UInt32) {
        precondition(layer !== self, "a layer cannot be its own sublayer")
        var ancestor: CALayer? = self
        while let a = ancestor {
            precondition(a !== layer, "adding a layer below itself would make a cycle")
            ancestor = a.superlayer
        }
        willMutate(self, layer)
        layer.detach()
        children.insert(layer, at: min(Int(index), children.count))
        layer.superlayer = self
        TimelineCompiler.current?.structureDidChange(self)
    }

    /// Inserts `layer` just below `sibling` (or at the back when sibling is nil or not a child).
    public func insertSublayer(_ layer: CALayer, below sibling: CALayer?) {
        let index = sibling.flatMap { s in children.firstIndex { $0 === s } } ?? 0
        insertSublayer(layer, at: UInt32(index))
    }

    /// Inserts `layer` just above `sibling` (or at the front when sibling is nil or not a child).
    public func insertSublayer(_ layer: CALayer, above sibling: CALayer?) {
        let index = sibling.flatMap { s in children.firstIndex { $0 === s }.map { $0 + 1 } } ?? children.count
        insertSublayer(layer, at: UInt32(index))
    }

    /// Detaches the layer from its superlayer.
    public func removeFromSuperlayer() {
        detach()
    }

    private func detach() {
        guard let parent = superlayer else { return }
        willMutate(self, parent)
        parent.children.removeAll { $0 === self }
        superlayer = nil
        TimelineCompiler.current?.structureDidChange(parent)
    }

    /// A layer whose alpha masks this layer and its sublayers (it is not a sublayer; its
    /// geometry is in this layer's coordinate space).
    public var mask: CALayer? {
        willSet { willMutate(self, mask, newValue, newValue?.superlayer, newValue?.maskOwner) }
        didSet {
            guard oldValue !== mask else { return }
            if let mask {
                precondition(mask !== self, "a layer cannot mask itself")
                mask.removeFromSuperlayer()
                mask.maskOwner?.mask = nil
                mask.maskOwner = self
            }
            oldValue?.maskOwner = nil
            TimelineCompiler.current?.structureDidChange(self)
        }
    }
    /// The layer this layer masks, if it is a mask.
    weak var maskOwner: CALayer?

    /// This layer, its mask and all layers below it, depth first, back to front.
    public var subtree: [CALayer] {
        var result = [self]
        if let mask { result += mask.subtree }
        for child in children { result += child.subtree }
        return result
    }

    /// The first layer named `name` in this subtree.
    public func layer(named name: String) -> CALayer? {
        if self.name == name { return self }
        for child in children {
            if let found = child.layer(named: name) { return found }
        }
        return nil
    }

    // MARK: - Animations

    /// Adds a copy of `anim` under `key`, replacing any animation under the same key.
    /// `beginTime` 0 becomes the layer's current time; a duration of 0 becomes the transaction's.
    public func add(_ anim: CAAnimation, forKey key: String?) {
        let copy = anim.copy()
        if let compiler = TimelineCompiler.current {
            compiler.addAnimation(copy, to: self, forKey: key)
        } else {
            modelDidChange()
            if let key { pendingAnimations.removeAll { $0.key == key } }
            pendingAnimations.append((key, copy))
        }
    }

    /// Removes the animation under `key`; the presentation snaps back to the model.
    public func removeAnimation(forKey key: String) {
        if let compiler = TimelineCompiler.current {
            compiler.removeAnimations(from: self, key: key)
        } else {
            modelDidChange()
            pendingAnimations.removeAll { $0.key == key }
        }
    }

    /// Removes every animation of the layer.
    public func removeAllAnimations() {
        if let compiler = TimelineCompiler.current {
            compiler.removeAnimations(from: self, key: nil)
        } else {
            modelDidChange()
            pendingAnimations.removeAll()
        }
    }

    /// The keys of the animations attached now, in the order they were added.
    public func animationKeys() -> [String]? {
        let keys = TimelineCompiler.current?.animationKeys(of: self) ?? pendingAnimations.compactMap(\.key)
        return keys.isEmpty ? nil : keys
    }

    /// The animation attached under `key` now (a copy of what was added).
    public func animation(forKey key: String) -> CAAnimation? {
        if let compiler = TimelineCompiler.current { return compiler.animation(of: self, forKey: key) }
        return pendingAnimations.last { $0.key == key }?.animation
    }

    /// The model layer: the layer itself, as on Apple platforms (a presentation copy answers
    /// with the layer it was made from).
    public func model() -> Self {
        guard let source = presentationSource else { return self }
        return source as? Self ?? self
    }

    /// The layer a presentation copy was made from (nil for a model layer).
    weak var presentationSource: CALayer?

    /// A copy of the layer holding its presentation values at the current scene time
    /// (`CACurrentMediaTime()`), or nil outside a timeline.
    public func presentation() -> Self? {
        guard let compiler = TimelineCompiler.current, let state = compiler.presentationState(of: self) else {
            return nil
        }
        let copy = Self(layer: self)
        copy.modelState = state
        copy.presentationSource = self
        return copy
    }

    /// Converts a time from `layer`'s time space (nil: the scene's) to this layer's.
    /// A paused `layer` (speed 0 on its way to the scene) converts from the present, see `sceneTime(fromLocal:)`.
    public func convertTime(_ t: Double, from layer: CALayer?) -> Double {
        let sceneTime = layer.map { $0.sceneTime(fromLocal: t) } ?? t
        return localTime(fromScene: sceneTime)
    }

    /// Converts a time from this layer's time space to `layer`'s (nil: the scene's).
    /// A paused layer (speed 0 on its way to the scene) converts from the present, see `sceneTime(fromLocal:)`.
    public func convertTime(_ t: Double, to layer: CALayer?) -> Double {
        let sceneTime = sceneTime(fromLocal: t)
        return layer.map { $0.localTime(fromScene: sceneTime) } ?? sceneTime
    }

    /// The ancestors from the root down to this layer (a mask's parent is the layer it masks).
    var ancestry: [CALayer] {
        var chain: [CALayer] = []
        var l: CALayer? = self
        while let layer = l {
            chain.append(layer)
            l = layer.superlayer ?? layer.maskOwner
        }
        return chain.reversed()
    }

    /// This layer's time against scene time (nil: the same).
    var clock: LayerClock? { ancestry.reduce(LayerClock?.none) { LayerClock.chain($0, $1.modelState) } }

    func localTime(fromScene t: Double) -> Double { clock.map { $0.localTime(atSceneTime: t) } ?? t }

    /// The scene time of local time `t`. A paused layer's time stands at one value for every
    /// scene time, so Core Animation's inverse, `(t − timeOffset) / speed + beginTime`, has no
    /// answer: this gives the present (`CACurrentMediaTime()`) — its frozen time is current now — so
    /// the present converted there and back is the present again.
    func sceneTime(fromLocal t: Double) -> Double {
        guard let clock else { return t }
        return clock.sceneTime(atLocalTime: t) ?? CACurrentMediaTime()
    }
}

/// The scene time inside a timeline closure (`scene.at(t) { … }`, a delegate callback), else 0.
public func CACurrentMediaTime() -> Double {
    TimelineCompiler.current?.now ?? 0
}
