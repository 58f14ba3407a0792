import Foundation
import ReelCore
import Testing

/// `CALayer.setValue(_:forKey:)` / `value(forKey:)` by name, as iOS code calls them (no `try`).
@Suite("CALayer key-value coding")
struct LayerKeyValueCodingTests {
    static func layer(of kind: LayerKind) -> CALayer {
        switch kind {
        case .layer, .transformLayer: CALayer()
        case .shape: CAShapeLayer()
        case .text: CATextLayer()
        case .gradient: CAGradientLayer()
        case .replicator: CAReplicatorLayer()
        case .scroll: CAScrollLayer()
        case .emitter: CAEmitterLayer()
        }
    }

    /// A value of `kind` unlike any default, as iOS code would pass it, and what the layer then holds.
    static func sample(for property: LayerProperty) -> (passed: Any, stored: AnimatableValue)? {
        switch property.kind {
        case .number: return (NSNumber(value: 3), .number(3))
        case .point: return (CGPoint(x: 0.25, y: 7), .point(CGPoint(x: 0.25, y: 7)))
        case .size: return (NSValue(size: CGSize(width: 4, height: 5)), .size(CGSize(width: 4, height: 5)))
        case .rect:
            return (
                CGRect(x: 0.1, y: 0.2, width: 0.3, height: 0.4), .rect(CGRect(x: 0.1, y: 0.2, width: 0.3, height: 0.4))
            )
        case .color:
            return (CGColor(red: 1, green: 0, blue: 0, alpha: 1), .color(CGColor(red: 1, green: 0, blue: 0, alpha: 1)))
        case .transform:
            return (
                NSValue(caTransform3D: CATransform3DMakeScale(2, 2, 1)), .transform(CATransform3DMakeScale(2, 2, 1))
            )
        case .bool: return (true, .bool(true))
        case .numbers: return ([NSNumber(value: 0), NSNumber(value: 0.5)], .numbers([0, 0.5]))
        case .path:
            let path = CGPath(rect: CGRect(x: 0, y: 0, width: 3, height: 3), transform: nil)
            return (path, .path(path))
        case .colors: return ([CGColor.black, CGColor.white], .colors([.black, .white]))
        case .string:
            guard let option = property.options?.last else { return ("Hello", .string("Hello")) }
            return (option, .string(option))
        case .filters:
            let blur = LayerFilter(kind: .gaussianBlur, inputs: ["inputRadius": [3]])
            return ([CAFilter(state: blur)], .filters([blur]))
        case .image, .cells: return nil
        }
    }

    @Test func everyAnimatableKeyRoundTrips() {
        var checked = 0
        for property in LayerProperty.allCases where property.isAnimatable {
            guard let (passed, stored) = Self.sample(for: property) else { continue }
            let layer = Self.layer(of: property.owner)
            layer.setValue(passed, forKey: property.rawValue)
            let held = layer.value(forKeyPath: LayerKeyPath(property: property))
            // Counts round to whole numbers (instanceCount); others hold the value exactly.
            #expect(held == stored, "\(property): \(held)")
            let back = layer.value(forKey: property.rawValue)
            #expect(back != nil, "\(property) reads back")
            if case .number(let n) = stored { #expect(back as? Double == n, "\(property) as? Double") }
            if case .point(let p) = stored { #expect(back as? CGPoint == p, "\(property) as? CGPoint") }
            if case .bool(let b) = stored { #expect(back as? Bool == b, "\(property) as? Bool") }
            if case .color(let c) = stored { #expect((back as! CGColor?) == c, "\(property) as? CGColor") }
            checked += 1
        }
        #expect(checked > 50)
    }

    @Test func typicalIOSSpellings() {
        let layer = CALayer()
        layer.setValue(0.5, forKey: "opacity")
        layer.setValue(CGFloat.pi / 2, forKeyPath: "transform.rotation.z")
        layer.setValue(NSNumber(value: 40), forKeyPath: "position.x")
        layer.setValue(NSValue(point: CGPoint(x: 1, y: 1)), forKey: "anchorPoint")
        #expect(layer.opacity == 0.5)
        #expect(close(layer.value(forKeyPath: "transform.rotation.z") as? Double ?? 0, .pi / 2))
        #expect(layer.position.x == 40)
        #expect(layer.anchorPoint == CGPoint(x: 1, y: 1))
        #expect(layer.value(forKey: "opacity") as? Float == 0.5)
        let shape = CAShapeLayer()
        shape.setValue("round", forKey: "lineCap")
        shape.setValue(CAShapeLayerLineJoin.bevel, forKey: "lineJoin")
        shape.setValue([4, 2], forKey: "lineDashPattern")
        #expect(shape.lineCap == .round && shape.lineJoin == .bevel && shape.lineDashPattern == [4, 2])
        #expect(shape.value(forKey: "lineCap") as? String == "round")
        shape.setValue(nil, forKey: "strokeColor")
        #expect(shape.strokeColor == nil)
    }

    @Test func keyValueSetterAnimatesImplicitlyLikeTheTypedSetter() throws {
        func opacity(_ change: @escaping (CALayer) -> Void) throws -> [Double] {
            let (scene, box) = makeScene()
            scene.at(1) { change(box) }
            let timeline = try scene.compile()
            return [1.0, 1.1, 1.2, 1.3].map { timeline.state("box", at: $0).opacity }
        }
        let byKey = try opacity { $0.setValue(0, forKey: "opacity") }
        let typed = try opacity { $0.opacity = 0 }
        #expect(byKey == typed)
        #expect(byKey[1] > 0 && byKey[1] < 1 && byKey[3] == 0, "a 0.25 s implicit fade: \(byKey)")
    }

    @Test func otherKeysAreStoredWithTheLayer() {
        let layer = CALayer()
        layer.setValue("card-1", forKey: "identifier")
        layer.setValue(3, forKey: "lineWidth")  // CAShapeLayer's property: a plain layer stores it
        #expect(layer.value(forKey: "identifier") as? String == "card-1")
        #expect(layer.value(forKey: "lineWidth") as? Int == 3)
        layer.setValue(nil, forKey: "identifier")
        #expect(layer.value(forKey: "identifier") == nil)
    }

    @Test func valuesThatDoNotFitAreReportedWhenCompiled() throws {
        let (scene, box) = makeScene()
        box.setValue("half", forKey: "opacity")
        #expect(box.opacity == 1, "unchanged")
        #expect {
            _ = try scene.compile()
        } throws: { "\($0)".contains("box") && "\($0)".contains("opacity") && "\($0)".contains("String") }
        let (scene2, box2) = makeScene()
        scene2.at(1) { box2.setValue(CGPoint.zero, forKeyPath: "position.z") }
        #expect {
            _ = try scene2.compile()
        } throws: { "\($0)".contains("at 1.0 s") && "\($0)".contains("position.z") }
        let (scene3, box3) = makeScene()
        box3.setValue("sideways", forKey: "contentsGravity")
        box3.setValue(nil, forKey: "position")
        #expect(box3.position == CGPoint(x: 50, y: 50))
        #expect {
            _ = try scene3.compile()
        } throws: { "\($0)".contains("sideways") && "\($0)".contains("position") }
    }
}
