import Foundation
import ReelCore

/// Which frames a contact sheet shows (`reel sheet --count`, `--frames`, `--at`).
public enum SheetFrames: Sendable, Equatable {
    /// This many frames spread evenly over the scene, first and last included.
    case count(Int)
    /// These frame numbers (0-based), in this order.
    case frames([Int])
    /// These scene times in seconds, in this order; each tile shows exactly that moment.
    case times([Double])

    /// The most tiles a sheet takes.
    public static let maximumTiles = 1000

    /// The times to draw and the frame number each is labelled with.
    /// - Throws: `RenderJobError.invalid` for an empty list, too many tiles, or a frame or time
    ///   outside the scene (frames 0…frameCount−1, times 0…duration).
    func moments(frameCount: Int, fps: Double, duration: Double) throws -> [(time: Double, frame: Int)] {
        switch self {
        case .count(let n):
            guard (1...Self.maximumTiles).contains(n) else {
                throw RenderJobError.invalid("--count must be 1…\(Self.maximumTiles), got \(n)")
            }
            return LoadedJob.sheetFrames(count: n, of: frameCount).map { (Double($0) / fps, $0) }
        case .frames(let list):
            try Self.checkLength(list.count)
            for frame in list where !(0..<frameCount).contains(frame) {
                throw RenderJobError.invalid(
                    "--frames \(frame): the scene's frames are 0…\(frameCount - 1) "
                        + "(\(JSONValue.format(duration)) s at \(JSONValue.format(fps)) fps)")
            }
            return list.map { (Double($0) / fps, $0) }
        case .times(let list):
            try Self.checkLength(list.count)
            for time in list where !(time.isFinite && time >= 0 && time <= duration) {
                throw RenderJobError.invalid(
                    "--at \(JSONValue.format(time)): the scene runs from 0 to \(JSONValue.format(duration)) s")
            }
            // The frame a time falls in (frames sample the start of their interval); a hair of
            // tolerance so 2.2 s at 30 fps is frame 66, not 65.99….
            return list.map { ($0, min(Int(($0 * fps + 1e-9).rounded(.down)), max(frameCount - 1, 0))) }
        }
    }

    private static func checkLength(_ n: Int) throws {
        guard n >= 1 else { throw RenderJobError.invalid("give at least one frame or time") }
        guard n <= maximumTiles else {
            throw RenderJobError.invalid("a sheet takes at most \(maximumTiles) frames, got \(n)")
        }
    }
}
