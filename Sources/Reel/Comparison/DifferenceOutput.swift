import Foundation
import ReelCore
import ReelEncode
import ReelRender

/// Where `reel diff -o` shows a comparison: a video of A | B | difference for every frame
/// (`.mp4`, `.mov`, `.webm`), or a PNG sheet of the telling frames — the first that
/// differs, the worst, and a few evenly spaced — each as A | B | difference. Frames stream
/// through it; the file appears whole when `finish` succeeds, or not at all.
public final class DifferenceOutput {
    /// The file to write.
    public let path: String
    private let names: (a: String, b: String)
    private let fps: Double?
    private let replaceReadOnly: Bool
    private let isSheet: Bool
    /// The video being written (opened at the first frame, when the picture's size is known).
    private var video: (destination: any AtomicDestination, sink: any FrameSink)?
    /// For a sheet: the frames kept so far, by role.
    private var kept: [Int: (frame: FrameComparison.Frame, a: PixelBuffer, b: PixelBuffer)] = [:]
    private var firstDiffering: Int?, worst: Int?, last: Int?
    private let evenlySpaced: Set<Int>

    /// How many evenly spaced frames a sheet shows besides the first differing and the worst.
    public static let spacedFrames = 4

    /// Checks the output's name; nothing is written yet.
    /// - Parameters:
    ///   - path: the output: a `.png` sheet, or a video whose extension picks the format.
    ///   - names: how the clips are labelled (usually their file names).
    ///   - fps: the clips' frame rate (a video at 30 fps when neither has one).
    ///   - frameCount: the clips' length when known in advance (for a sheet's evenly spaced frames).
    ///   - replaceReadOnly: replace an existing read-only file (`-y`).
    /// - Throws: `RenderJobError.invalid` for a name that is neither a PNG nor a video.
    public init(
        path: String, names: (a: String, b: String), fps: Double?, frameCount: Int?, replaceReadOnly: Bool = false
    ) throws {
        self.path = path
        self.names = names
        self.fps = fps
        self.replaceReadOnly = replaceReadOnly
        let ext = (path as NSString).pathExtension.lowercased()
        isSheet = ext == "png"
        if !isSheet {
            guard case .video(_, let codec)? = try? OutputFormat(path: path), codec != .gif else {
                throw RenderJobError.invalid(
                    "-o \(path): give a video (.mp4, .mov, .webm) for A | B | difference of every frame, "
                        + "or a .png for a sheet of the frames that differ most")
            }
        }
        let count = frameCount ?? 0
        evenlySpaced = count > 0 ? Set(LoadedJob.sheetFrames(count: Self.spacedFrames, of: count)) : [0]
    }

    /// Takes the next compared frame.
    /// - Throws: `RenderJobError.failed` when the video cannot be written.
    public func add(_ frame: FrameComparison.Frame, _ a: PixelBuffer, _ b: PixelBuffer) throws {
        if isSheet { return keep(frame, a, b) }
        let picture = DifferencePictures.sideBySide(
            a, b, labels: labels(frame),
            title: "A: \(names.a)   B: \(names.b)   difference ×\(DifferencePictures.amplification)")
        do {
            if video == nil {
                let canvas = Canvas(
                    size: CGSize(width: picture.width, height: picture.height), fps: fps ?? 30, duration: 1)
                var output = try RenderOutput(path: path, format: OutputFormat(path: path), canvas: canvas)
                output.replaceReadOnly = replaceReadOnly
                video = try output.open()
            }
            try video!.sink.append(picture)
        } catch {
            discard()
            throw RenderJobError.failed("\(error)")
        }
    }

    /// Completes the file: the video's last frames, or the sheet of the frames kept.
    /// - Throws: `RenderJobError.failed` when it cannot be written (nothing is left behind).
    public func finish(_ comparison: FrameComparison) throws {
        do {
            if isSheet {
                try writeSheet(comparison)
            } else if let video {
                try video.sink.finish()
                try video.destination.commit()
            } else {
                throw RenderJobError.failed("no frames were compared: nothing to show in \(path)")
            }
        } catch let error as RenderJobError {
            discard()
            throw error
        } catch {
            discard()
            throw RenderJobError.failed("\(error)")
        }
    }

    /// Gives up: removes what was written.
    public func discard() {
        video?.sink.abort()
        video?.destination.discard()
        video = nil
    }

    /// `A  #12  00:00.40`, `B  worst`, `SSIM 0.9812  PSNR 35.10 dB  ≠` (≠: beyond the tolerance).
    func labels(_ frame: FrameComparison.Frame, role: String? = nil) -> [String] {
        let time = frame.time.map { "  " + Self.timecode($0) } ?? ""
        let d = frame.difference
        let psnr = d.psnr.isInfinite ? "identical" : String(format: "PSNR %.2f dB", d.psnr)
        return [
            "A  #\(frame.index)\(time)", "B" + (role.map { "  \($0)" } ?? ""),
            String(format: "SSIM %.4f  ", d.ssim) + psnr + (frame.differs ? "  ≠" : "")
        ]
    }

    /// `01:02.50`: minutes, seconds and hundredths.
    public static func timecode(_ seconds: Double) -> String {
        let hundredths = Int(saturating: (seconds * 100).rounded())
        return String(format: "%02d:%02d.%02d", hundredths / 6000, hundredths / 100 % 60, hundredths % 100)
    }

    private func keep(_ frame: FrameComparison.Frame, _ a: PixelBuffer, _ b: PixelBuffer) {
        let index = frame.index
        if frame.differs && firstDiffering == nil { firstDiffering = index }
        if worst.flatMap({ kept[$0] }).map({ frame.difference.isWorse(than: $0.frame.difference) }) ?? true {
            worst = index
        }
        // Without a known length the last frame stands for the end.
        if evenlySpaced.count <= 1 { last = index }
        let needed = evenlySpaced.union([firstDiffering, worst, last].compactMap { $0 })
        if needed.contains(index) { kept[index] = (frame, a, b) }
        // Frames no role holds any more are let go: a sheet keeps a handful whatever the length.
        for old in kept.keys where !needed.contains(old) { kept[old] = nil }
    }

    private func writeSheet(_ comparison: FrameComparison) throws {
        guard !kept.isEmpty else { throw RenderJobError.failed("no frames were compared: nothing to show in \(path)") }
        let rows = kept.keys.sorted().map { index in
            let k = kept[index]!
            var roles: [String] = []
            if index == firstDiffering { roles.append("first difference") }
            if index == worst { roles.append("worst") }
            return (a: k.a, b: k.b, labels: labels(k.frame, role: roles.isEmpty ? nil : roles.joined(separator: ", ")))
        }
        let verdict =
            comparison.isEqual ? "equal" : "\(comparison.differingCount) of \(comparison.frames.count) frames differ"
        let title = "A: \(names.a)   B: \(names.b)   difference ×\(DifferencePictures.amplification)   \(verdict)"
        let sheet = DifferencePictures.sheet(rows, title: title)
        let target = try AtomicOutput(finalPath: path, replaceReadOnly: replaceReadOnly)
        do {
            try PNGFile.write(sheet, to: target.temporaryPath)
            try target.commit()
        } catch {
            target.discard()
            throw error
        }
    }
}
