import Foundation
import ReelCore
import ReelLottie

// MARK: - Image assets
extension LottieDecoder {
    /// An image asset (`id`, `w`, `h`, `u`, `p`, `e`) with its image loaded; one that cannot be
    /// loaded is a warning, and its layers draw nothing (as lottie-ios without the image).
    func decodeImageAsset(_ asset: [String: SceneNode], _ node: SceneNode, _ path: String)
        -> (String, LottieImageAsset)?
    {
        guard let file = asset["p"]?.string, let id = asset["id"]?.string else { return nil }
        let side = Double(limits.maxSide)
        func size(_ key: String) -> Double {
            let value = number(asset[key], "\(path).\(key)", default: 0)
            guard value >= 0, value <= side else {
                diagnostics.error(
                    "\(path).\(key) is \(JSONValue.format(value)); an image's size must be 0 to \(limits.maxSide) points",
                    at: asset[key]?.location ?? node.location)
                return 0
            }
            return value
        }
        var image: CGImage?
        switch images?.image(id: id, folder: asset["u"]?.string ?? "", file: file) {
        case .success(let loaded)?: image = loaded
        case .failure(let problem)?: warn(path, "\(problem.message); the image is not drawn", at: node)
        case nil: warn(path, "images cannot be loaded here; the image is not drawn", at: node)
        }
        return (id, LottieImageAsset(width: size("w"), height: size("h"), image: image))
    }
}
