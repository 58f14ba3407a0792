import Foundation
import Testing

@testable import ReelCore

/// `Scene.refuseCompiling` lets a closure stop the compile at once with a located error (scene
/// files stop an `on:` handler that would otherwise run 2 million times, 48 s and 1.3 GB later).
@Suite("Refusing to compile")
struct RefuseCompilingTests {
    @Test func aRefusalStopsTheCompileWithItsLocation() {
        let scene = Scene(canvas: Canvas(size: CGSize(width: 10, height: 10), duration: 10))
        var later = false
        scene.at(1) { Scene.refuseCompiling("no more", line: 3, column: 4) }
        scene.at(2) { later = true }
        #expect {
            _ = try scene.compile()
        } throws: { error in
            guard let e = error as? TimelineError else { return false }
            return e.messages == ["no more"] && e.line == 3 && e.column == 4
        }
        #expect(!later, "nothing runs after the refusal")
    }

    @Test func outsideACompileItDoesNothing() throws {
        Scene.refuseCompiling("ignored")
        let scene = Scene(canvas: Canvas(size: CGSize(width: 10, height: 10), duration: 1))
        _ = try scene.compile()
    }
}
