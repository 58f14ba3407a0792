import Foundation

/// A dotLottie archive (`.lottie`): a zip with `manifest.json`, its animations as Lottie JSON
/// (`animations/ID.json`, or `a/ID.json` in version 2) and their images (`images/`, or `i/`).
/// One animation is read: the one asked for, else the manifest's active or initial one, else
/// the first it lists.
struct DotLottie {
    let archive: ZipArchive
    /// The chosen animation's id and entry name (`animations/ID.json`).
    let animation: String
    let entryName: String
    /// Where images are: `images/` or `i/`.
    private let imageFolder: String

    /// The animation ids `manifest.json` lists, in its order.
    let animations: [String]

    /// Opens the archive in `bytes` and picks `animation` (nil: the manifest's choice).
    init(bytes: [UInt8], maxBytes: Int, animation wanted: String?) throws(ZipArchive.Problem) {
        let zip = try ZipArchive(bytes: bytes, limits: ZipArchive.Limits(maxBytes: maxBytes))
        archive = zip
        guard let manifestEntry = zip.entry("manifest.json") else {
            throw ZipArchive.Problem("the zip archive has no manifest.json, so it is not a dotLottie")
        }
        let manifestBytes = try zip.contents(of: manifestEntry)
        let manifest = try? JSONSerialization.jsonObject(with: Data(manifestBytes))
        guard let manifest = manifest as? [String: Any], let list = manifest["animations"] as? [Any] else {
            throw ZipArchive.Problem(
                "manifest.json is not a dotLottie manifest (an object with a list of 'animations')")
        }
        let ids = list.compactMap { ($0 as? [String: Any])?["id"] as? String }
        animations = ids
        let listed = ids.map { "'\($0)'" }.joined(separator: ", ")
        let initial = (manifest["initial"] as? [String: Any])?["animation"] as? String
        let preferred = [manifest["activeAnimationId"] as? String, initial].compactMap { $0 }
        guard let chosen = wanted ?? preferred.first(where: ids.contains) ?? ids.first else {
            throw ZipArchive.Problem("manifest.json lists no animations")
        }
        guard ids.contains(chosen) else {
            throw ZipArchive.Problem("the archive has no animation '\(chosen)'; its animations are \(listed)")
        }
        guard let entry = ["animations/", "a/"].map({ $0 + chosen + ".json" }).first(where: { zip.entry($0) != nil })
        else {
            throw ZipArchive.Problem(
                "manifest.json lists animation '\(chosen)' but the archive has neither animations/\(chosen).json nor a/\(chosen).json"
            )
        }
        animation = chosen
        entryName = entry
        imageFolder = entry.hasPrefix("a/") ? "i/" : "images/"
    }

    /// The chosen animation's JSON.
    func animationBytes() throws(ZipArchive.Problem) -> [UInt8] {
        try archive.contents(of: archive.entry(entryName)!)
    }

    /// The bytes of image `file` (a name in the image folder) and its entry's name.
    func image(named file: String) -> Result<([UInt8], String), ZipArchive.Problem> {
        let name = imageFolder + file
        guard let entry = archive.entry(name) else {
            return .failure(ZipArchive.Problem("image '\(file)' is not in the archive (looked for \(name))"))
        }
        return Result { () throws(ZipArchive.Problem) in (try archive.contents(of: entry), name) }
    }
}
