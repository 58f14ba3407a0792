import CReelPixels
import Foundation

/// The fixed-point matrix of Reel's BGRA → yuv420p conversion (docs/color.md): full-range R′G′B′
/// to limited-range Y′CbCr (Y′ 16…235, Cb and Cr 16…240), each coefficient in units of 2⁻¹⁵.
///
/// Derived from the standard's two constants, Kr and Kb (Kg = 1 − Kr − Kb):
///
///     Y′ = 16  + 219/255 · (Kr·R + Kg·G + Kb·B)
///     Cb = 128 + 224/255 · (B − Y′₀) / (2 − 2Kb)      Y′₀ = Kr·R + Kg·G + Kb·B
///     Cr = 128 + 224/255 · (R − Y′₀) / (2 − 2Kr)
///
/// Each weight is rounded to the nearest 2⁻¹⁵, except the green ones, which are what makes each
/// row sum exactly to its rounded total (219/255 for Y′, 0 for Cb and Cr): grey then stays
/// exactly neutral (Cb = Cr = 128) and white and black land exactly on 235 and 16.
struct YUV420Coefficients: Equatable, Sendable {
    /// Y′ weights of R, G, B.
    let yR: Int, yG: Int, yB: Int
    /// Cb weights of R, G, B.
    let uR: Int, uG: Int, uB: Int
    /// Cr weights of R, G, B.
    let vR: Int, vG: Int, vB: Int

    /// BT.709 (ITU-R BT.709-6, item 3.2: Kr = 0.2126, Kb = 0.0722), the matrix Reel's files are tagged with.
    static let bt709 = YUV420Coefficients(kr: 0.2126, kb: 0.0722)

    init(kr: Double, kb: Double) {
        // Units of 2⁻¹⁵: the largest weight (Y′'s green, 20127) fits the signed 16 bits the
        // vector path multiplies with; 2⁻¹⁶ would not.
        let one = 32768.0
        let lumaScale = 219.0 / 255 * one, chromaScale = 224.0 / 255 * one
        func rounded(_ value: Double) -> Int { Int(value.rounded()) }
        yR = rounded(kr * lumaScale)
        yB = rounded(kb * lumaScale)
        yG = rounded(lumaScale) - yR - yB
        uB = rounded(chromaScale / 2)
        uR = rounded(-chromaScale / 2 * kr / (1 - kb))
        uG = -uB - uR
        vR = rounded(chromaScale / 2)
        vB = rounded(-chromaScale / 2 * kb / (1 - kr))
        vG = -vR - vB
    }

    /// The weights as the C paths take them.
    var forC: ReelYUVCoefficients {
        func w(_ value: Int) -> Int16 { Int16(value) }
        return ReelYUVCoefficients(
            yR: w(yR), yG: w(yG), yB: w(yB), uR: w(uR), uG: w(uG), uB: w(uB), vR: w(vR), vG: w(vG), vB: w(vB))
    }
}
