import Foundation

/// The kind of a transition's effect.
public struct CATransitionType: RawRepresentable, Hashable, Sendable, CaseIterable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The new appearance fades in as the old fades out.
    public static let fade = CATransitionType(rawValue: "fade")
    /// The new appearance slides in over the old.
    public static let moveIn = CATransitionType(rawValue: "moveIn")
    /// The new appearance slides in and pushes the old out.
    public static let push = CATransitionType(rawValue: "push")
    /// The old appearance slides out, revealing the new.
    public static let reveal = CATransitionType(rawValue: "reveal")
    // Private types iOS code reaches for by name.
    /// A cube turning from the old face to the new.
    public static let cube = CATransitionType(rawValue: "cube")
    /// A card flipping over, the new appearance on its back.
    public static let oglFlip = CATransitionType(rawValue: "oglFlip")
    /// The old appearance curls up like a page, revealing the new.
    public static let pageCurl = CATransitionType(rawValue: "pageCurl")
    /// The new appearance uncurls down over the old, like a page put back.
    public static let pageUnCurl = CATransitionType(rawValue: "pageUnCurl")
    /// Ripples spread from the centre while the appearance changes, as on water.
    public static let rippleEffect = CATransitionType(rawValue: "rippleEffect")
    /// The old appearance is sucked away into a point, like a genie, over the new.
    public static let suckEffect = CATransitionType(rawValue: "suckEffect")
    /// A camera iris closes on the old appearance and opens on the new.
    public static let cameraIris = CATransitionType(rawValue: "cameraIris")

    public static let allCases: [CATransitionType] = [
        .fade, .moveIn, .push, .reveal, .cube, .oglFlip, .pageCurl, .pageUnCurl,
        .rippleEffect, .suckEffect, .cameraIris
    ]

    /// Whether the type takes a direction (subtype).
    public var hasDirection: Bool { ![.fade, .rippleEffect, .suckEffect, .cameraIris].contains(self) }
}

/// The direction a transition comes from.
public struct CATransitionSubtype: RawRepresentable, Hashable, Sendable, CaseIterable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let fromLeft = CATransitionSubtype(rawValue: "fromLeft")
    public static let fromRight = CATransitionSubtype(rawValue: "fromRight")
    public static let fromTop = CATransitionSubtype(rawValue: "fromTop")
    public static let fromBottom = CATransitionSubtype(rawValue: "fromBottom")
    public static let allCases: [CATransitionSubtype] = [.fromLeft, .fromRight, .fromTop, .fromBottom]
}

/// Animates the changes a transaction makes to a layer and its subtree as a whole: the old
/// appearance (a snapshot taken just before the transaction) gives way to the new one (drawn
/// live) through the effect of `type`. A layer has one transition at a time, under the key
/// `transition`, whatever key it is added with.
open class CATransition: CAAnimation {
    public var type: CATransitionType = .fade
    /// The direction for the sliding and turning types (Core Animation's default: from the left).
    public var subtype: CATransitionSubtype?
    /// Where in the effect the transition starts (0…1).
    public var startProgress: Float = 0
    /// Where in the effect the transition ends (0…1).
    public var endProgress: Float = 1

    public required init() {}

    open override func copyFields(from other: CAAnimation) {
        super.copyFields(from: other)
        guard let o = other as? CATransition else { return }
        type = o.type; subtype = o.subtype; startProgress = o.startProgress; endProgress = o.endProgress
    }

    override func descriptionFields() -> [(String, String)] {
        var fields = [("type", type.rawValue)]
        if let subtype { fields.append(("subtype", subtype.rawValue)) }
        if startProgress != 0 { fields.append(("startProgress", DescriptionFormat.number(Double(startProgress)))) }
        if endProgress != 1 { fields.append(("endProgress", DescriptionFormat.number(Double(endProgress)))) }
        return fields + super.descriptionFields()
    }

    override func setProperty(_ value: Any?, forKey key: String) -> KeyValueOutcome {
        switch key {
        case "type": return KeyValue.setOption(value, key, among: CATransitionType.allCases) { type = $0 }
        case "subtype":
            guard value != nil else { subtype = nil; return .set }
            return KeyValue.setOption(value, key, among: CATransitionSubtype.allCases) { subtype = $0 }
        case "startProgress": return KeyValue.setNumber(value, key) { startProgress = Float($0) }
        case "endProgress": return KeyValue.setNumber(value, key) { endProgress = Float($0) }
        default: return super.setProperty(value, forKey: key)
        }
    }

    override func property(forKey key: String) -> Any?? {
        switch key {
        case "type": type.rawValue
        case "subtype": .some(subtype?.rawValue)
        case "startProgress": NSNumber(value: startProgress)
        case "endProgress": NSNumber(value: endProgress)
        default: super.property(forKey: key)
        }
    }

    open override func validate() throws {
        try super.validate()
        guard (0...1).contains(startProgress), (0...1).contains(endProgress) else {
            throw AnimationError("startProgress and endProgress must be within 0…1")
        }
    }

    override func compiled(in context: AnimationCompileContext) throws -> CompiledAnimation {
        try validate()
        let spec = TransitionSpec(
            type: type, subtype: subtype ?? .fromLeft, startProgress: Double(startProgress),
            endProgress: Double(endProgress), old: nil)
        return CompiledAnimation(
            timing: timing, timingFunction: timingFunction, removedOnCompletion: isRemovedOnCompletion,
            content: .transition(spec))
    }
}

/// A compiled transition: the effect and the frozen old appearance of the layer's subtree.
public struct TransitionSpec: Sendable {
    public var type: CATransitionType
    public var subtype: CATransitionSubtype
    public var startProgress: Double
    public var endProgress: Double
    /// The layer as it looked just before the transaction that added the transition.
    var old: PresentationLayer?
}

/// A transition under way, as the renderer needs it.
public struct TransitionState: Sendable {
    public var type: CATransitionType
    public var subtype: CATransitionSubtype
    /// Progress through the effect, 0 (all old) … 1 (all new), after start/endProgress.
    public var progress: Double
    /// The frozen old appearance of the layer and its subtree.
    public var old: PresentationLayer
}
