import Foundation
import Reel
import Testing

/// Big scenes stay readable and bounded: quiet layers fold away, pictures stay within a pixel budget.
@Suite("Timing diagrams: large scenes")
struct LargeSceneTests {
    @Test func quietLayersFoldInLargeTrees() throws {
        let quiet = (0..<150).map { "  - { name: quiet-\($0), bounds: [0, 0, 4, 4] }" }.joined(separator: "\n")
        let scene = """
            reel: 1
            canvas: { size: [100, 100], fps: 10, duration: 2 }
            layers:
            \(quiet)
              - name: holder
                sublayers:
                  - { name: busy, bounds: [0, 0, 4, 4] }
            timeline:
              - at: 0.5
                add: { layer: busy, key: spin, animation: { keyPath: transform.rotation.z, toValue: 3, duration: 1 } }
            """
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reel-large-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("large.yaml").path
        try scene.write(toFile: path, atomically: true, encoding: .utf8)
        let diagram = try TimingDiagram(job: RenderJob(scene: path).load())
        #expect(diagram.rows.count == 153)
        let svg = diagram.svg()
        // The animated layer and its ancestors are drawn; the 150 quiet ones are counted, not drawn.
        #expect(svg.contains(">busy<") && svg.contains(">holder<") && svg.contains(">root<"))
        #expect(!svg.contains(">quiet-7<"))
        #expect(svg.contains("150 layers without animations not shown"))
    }

    @Test func veryShortRepeatsStayBoundedAndCoverTheirTime() throws {
        let scene = """
            reel: 1
            canvas: { size: [100, 100], fps: 30, duration: 6 }
            layers:
              - { name: buzz, bounds: [0, 0, 4, 4] }
            timeline:
              - at: 0.5
                add: { layer: buzz, key: b, animation: { keyPath: opacity, fromValue: 0, toValue: 1, duration: 0.001, repeatCount: infinity } }
            """
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reel-buzz-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("buzz.yaml").path
        try scene.write(toFile: path, atomically: true, encoding: .utf8)
        let bar = try #require(TimingDiagram(job: RenderJob(scene: path).load()).rows.last?.bars.first)
        // 5500 iterations: the first 2000 or so are told apart, the rest is one active stretch.
        #expect(bar.spans.count > 1_000 && bar.spans.count <= 2_100)
        // No gaps: the stretches cover 0.5…6 s end to end.
        #expect(abs(bar.spans[0].start - 0.5) < 1e-6 && bar.spans.last?.end == 6)
        #expect(zip(bar.spans, bar.spans.dropFirst()).allSatisfy { abs($0.end - $1.start) < 1e-9 })
        #expect(bar.activeEnd == nil)
    }

    @Test func picturesStayWithinThePixelBudget() {
        var drawing = Diagram(width: 8000, height: 9000, background: .white)
        drawing.add(.rect(x: 0, y: 0, width: 10, height: 10, fill: DiagramColor(hex: 0xFF0000)))
        let image = drawing.render(scale: 2)
        #expect(Double(image.width * image.height) <= Diagram.maxPixels * 1.001)
        // The same proportions, just smaller.
        #expect(abs(Double(image.width) / Double(image.height) - 8000.0 / 9000) < 0.01)
    }
}
