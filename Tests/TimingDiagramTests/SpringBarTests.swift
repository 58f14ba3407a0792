import Foundation
import Reel
import Testing

/// Springs on timing diagrams: their parameters on the bar and in its hover text, and the
/// settling tick where the evaluated motion comes to rest.
@Suite("Timing diagram: springs")
struct SpringBarTests {
    /// `physical`: mass 2, stiffness 300, damping 12, initial velocity 1, added at 0.5 s.
    /// `perceptual`: perceptualDuration 0.6 s, bounce 0.3 — by Apple's mapping (WWDC23 10158)
    /// mass 1, stiffness (2π ÷ 0.6)² = 109.662, damping 4π × 0.7 ÷ 0.6 = 14.661.
    static let scene = """
        reel: 1
        canvas: { size: [200, 100], fps: 30, duration: 4 }
        layers:
          - { name: physical, bounds: [0, 0, 10, 10] }
          - { name: perceptual, bounds: [0, 0, 10, 10] }
        timeline:
          - at: 0.5
            add: { layer: physical, key: drop, animation: { class: CASpringAnimation, keyPath: position.y,
                   fromValue: 0, toValue: 100, mass: 2, stiffness: 300, damping: 12, initialVelocity: 1, duration: 3 } }
          - at: 0
            add: { layer: perceptual, key: pop, animation: { class: CASpringAnimation, keyPath: transform.scale,
                   fromValue: 0.5, toValue: 1, perceptualDuration: 0.6, bounce: 0.3, duration: 2 } }
        """

    static func diagram() throws -> TimingDiagram {
        try TimingDiagram(job: GoldenPicture.load(text: scene, name: "springs.yaml"))
    }

    /// The `<title>` texts of the SVG, unescaped enough for these names.
    static func titles(_ svg: String) -> [String] {
        svg.components(separatedBy: "<title>").dropFirst().map { $0.components(separatedBy: "</title>")[0] }
    }

    @Test func theBarCarriesTheSpringsParameters() throws {
        let diagram = try Self.diagram()
        let physical = try #require(diagram.rows.first { $0.name == "physical" }?.bars.first?.spring)
        #expect(physical.mass == 2 && physical.stiffness == 300 && physical.damping == 12)
        #expect(physical.initialVelocity == 1 && physical.perceptual == nil)
        let perceptual = try #require(diagram.rows.first { $0.name == "perceptual" }?.bars.first?.spring)
        #expect(perceptual.perceptual?.duration == 0.6 && perceptual.perceptual?.bounce == 0.3)
        #expect(abs(perceptual.stiffness - pow(2 * Double.pi / 0.6, 2)) < 1e-9)
        #expect(abs(perceptual.damping - 4 * Double.pi * 0.7 / 0.6) < 1e-9)
    }

    @Test func hoverTextAndBarTextNameThem() throws {
        let diagram = try Self.diagram()
        let svg = diagram.svg()
        let settle = CASpringAnimation()
        (settle.mass, settle.stiffness, settle.damping, settle.initialVelocity) = (2, 300, 12, 1)
        let drop = try #require(Self.titles(svg).first { $0.hasPrefix("position.y “drop”") })
        #expect(drop.contains("mass 2, stiffness 300, damping 12, initial velocity 1"))
        let settles = try #require(drop.components(separatedBy: "settles in ").last?.split(separator: " ").first)
        #expect(abs((Double(settles) ?? 0) - settle.settlingDuration) < 5e-4, "\(settles)")
        #expect(!drop.contains("perceptualDuration"))
        let pop = try #require(Self.titles(svg).first { $0.hasPrefix("transform.scale “pop”") })
        #expect(pop.contains("perceptualDuration 0.6 s, bounce 0.3"))
        #expect(pop.contains("mass 1, stiffness 109.662, damping 14.661"))
        // On the bars: the whole caption fits a 3 s bar at this width.
        #expect(svg.contains(">m 2 k 300 c 12 v₀ 1 · settles "))
        #expect(svg.contains(">0.6 s bounce 0.3 · m 1 k 109.662 c 14.661 v₀ 0 · settles "))
    }

    /// The settling tick is where the evaluated curve stays within 0.05 % of its end: added at
    /// 0.5 s, that is 0.5 s + the settling duration (within a sample of the curve).
    @Test func theRestTimeIsWhereTheCurveSettles() throws {
        let diagram = try Self.diagram()
        let bar = try #require(diagram.rows.first { $0.name == "physical" }?.bars.first)
        let rest = try #require(bar.restTime)
        let settling = try #require(bar.spring).settlingDuration
        #expect(abs(rest - (0.5 + settling)) < 4.0 / 2000 + 1e-3, "rest \(rest), settling \(settling)")
    }
}
