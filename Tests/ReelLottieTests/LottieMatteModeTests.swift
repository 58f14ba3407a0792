import Foundation
import ReelCore
import ReelScene
import Testing

/// Track mattes other than alpha ones. lottie-ios's Core Animation engine knows no luma matte
/// (`tt: 3`, `4`): it takes the matte layer as one, so it is not drawn, and applies none, so the
/// layer is drawn whole.
@Suite struct LottieMatteModeTests {
    @Test(arguments: [3, 4]) func aLumaMatteIsAWarningAndTheLayerIsDrawnWhole(mode: Int) throws {
        let matte = shapeLayer(
            "matte", shapes: square(x: 50, y: 100, side: 60, rgb: [0, 0, 1]), extra: #", "td": 1"#)
        let shown = shapeLayer(
            "shown", shapes: square(x: 150, y: 100, side: 60, rgb: [1, 0, 0]), extra: #", "tt": \#(mode)"#)
        let text = lottie(matte + "," + shown)
        let warnings = try loadLottie(text).warnings.map(\.message)
        #expect(warnings.count == 1 && warnings[0].hasPrefix("layers[1]: luma track mattes are not supported"))
        let frame = try render(text, at: 0)
        #expect(isColor(frame, 150, 100, [255, 0, 0]), "the layer, outside its matte, drawn")
        #expect(frame.rgba(x: 50, y: 100).a == 0, "the matte not drawn")
    }
}
