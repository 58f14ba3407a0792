import Foundation
import ReelCore
import Testing

@testable import ReelScene

/// Warnings (not errors) for what renders surprisingly, and suggestions for the words other
/// tools use: each names the place and says what to write instead.
@Suite("Warnings and suggestions")
struct WarningTests {
    func warnings(_ text: String) throws -> [String] {
        try SceneLoader.decode(text: text, file: "w.yaml").warnings.map(\.description)
    }

    func errors(_ text: String) -> [String] {
        do {
            _ = try SceneLoader.decode(text: text, file: "w.yaml")
            return []
        } catch let error as SceneLoadError {
            return error.diagnostics.map(\.description)
        } catch {
            return ["\(error)"]
        }
    }

    @Test func emitterCellsThatOutliveWhatIsKeptAreWarnedAbout() throws {
        let scene = """
            reel: 1
            canvas: { size: [100, 100], duration: 1 }
            layers:
              - name: e
                class: emitter
                emitterCells:
                  - { name: old, birthRate: 1, lifetime: 1000 }
                  - { name: many, birthRate: 2000, lifetime: 60 }
                  - { name: fine, birthRate: 100, lifetime: 5 }
            """
        #expect(
            try warnings(scene) == [
                "w.yaml:7:9: warning: particles of this cell would live up to 1000 s; a particle lives at most 600 s",
                "w.yaml:8:9: warning: this cell keeps about 120000 particles alive (birthRate × lifetime); an emitter draws at most 100000, the newest"
            ])
    }

    @Test func aBareAngleOfMoreThanTenTurnsAsksWhetherDegreesWereMeant() throws {
        let scene = """
            reel: 1
            canvas: { size: [100, 100], duration: 1 }
            layers:
              - { name: a, transform.rotation.z: 90 }
              - { name: b, transform.rotation.z: 6.28, transform: [{ rotate: 45deg }] }
            animations:
              spin: { keyPath: transform.rotation.z, byValue: 360, duration: 1 }
            """
        #expect(
            try warnings(scene) == [
                "w.yaml:4:38: warning: transform.rotation.z is 90 radians (14.3 turns); angles are radians: write \"90deg\" if you meant degrees",
                "w.yaml:7:51: warning: byValue is 360 radians (57.3 turns); angles are radians: write \"360deg\" if you meant degrees"
            ])
    }

    @Test func anOnOrderOutPropertyAnimationWarnsThatItDoesNotShow() throws {
        let scene = """
            reel: 1
            canvas: { size: [100, 100], duration: 1 }
            layers:
              - { name: a, actions: { onOrderOut: { keyPath: opacity, toValue: 0 }, onOrderIn: { keyPath: opacity, fromValue: 0 } } }
              - { name: b, actions: { onOrderOut: { class: CATransition, type: fade } } }
            """
        #expect(
            try warnings(scene) == [
                "w.yaml:4:39: warning: an onOrderOut animation does not show: a removed or hidden layer is not drawn (a CATransition here runs on the superlayer and does show the removal)"
            ])
    }

    @Test func wordsFromOtherToolsGetOurs() {
        func only(_ field: String) -> String {
            errors(
                """
                reel: 1
                canvas: { size: [100, 100], duration: 1 }
                animations:
                  a: { keyPath: opacity, toValue: 0, duration: 1, \(field) }
                """
            ).first ?? ""
        }
        #expect(only("timingFunction: easeInOut").hasSuffix("found 'easeInOut' (did you mean 'easeInEaseOut'?)"))
        #expect(only("timingFunction: ease-in-out").hasSuffix("(did you mean 'easeInEaseOut'?)"))
        #expect(only("timingFunction: .curveEaseIn").hasSuffix("(did you mean 'easeIn'?)"))
        #expect(
            only("repeatCount: forever")
                == "w.yaml:4:64: error: repeatCount must be a number or 'infinity', found 'forever' (did you mean 'infinity'?)"
        )
        #expect(only("repeatCount: infinite").hasSuffix("(did you mean 'infinity'?)"))
        let color = errors("reel: 1\ncanvas: { size: [100, 100], duration: 1, background: clear }\n")
        #expect(color.first?.hasSuffix("unknown color name 'clear' (did you mean 'transparent'?)") == true, "\(color)")
    }
}
