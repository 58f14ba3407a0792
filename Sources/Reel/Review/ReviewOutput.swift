import Foundation
import ReelEncode
import ReelRender

/// Writing review pictures (`reel timing`, `reel plot`): the file name's extension picks SVG or
/// PNG, and the file appears whole or not at all.
public enum ReviewOutput {
    /// The picture formats review commands write.
    public enum Format: String, Sendable {
        case svg, png
    }

    /// The format `path`'s extension names.
    /// - Throws: `RenderJobError.invalid` for any other extension.
    public static func format(of path: String) throws -> Format {
        guard let format = Format(rawValue: (path as NSString).pathExtension.lowercased()) else {
            throw RenderJobError.invalid(
                "\(path): give a file name ending in .svg or .png (the extension picks the format)")
        }
        return format
    }

    /// Writes the picture to `path` in the format its extension names, through a temporary file
    /// renamed into place. `svg` and `png` are asked for only the one needed.
    /// - Throws: `RenderJobError.invalid` for an unknown extension, `.failed` when writing fails.
    public static func write(to path: String, replaceReadOnly: Bool = false, svg: () -> String, png: () -> PixelBuffer)
        throws
    {
        let format = try format(of: path)
        let target: AtomicOutput
        do { target = try AtomicOutput(finalPath: path, replaceReadOnly: replaceReadOnly) } catch {
            throw RenderJobError.failed("\(error)")
        }
        do {
            switch format {
            case .svg: try Data(svg().utf8).write(to: URL(fileURLWithPath: target.temporaryPath))
            case .png: try PNGFile.write(png(), to: target.temporaryPath)
            }
            try target.commit()
        } catch {
            target.discard()
            throw RenderJobError.failed("cannot write \(path): \(error)")
        }
    }
}
