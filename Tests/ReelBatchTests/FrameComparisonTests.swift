import Foundation
import Reel
import Testing

/// The streaming comparison shared by `reel diff` and `reel batch --baseline`.
@Suite struct FrameComparisonTests {
    /// Frames held in memory; `frameCount` known in advance or not, like a scene or a video.
    final class Frames: FrameSource {
        let path: String
        let width: Int, height: Int
        let fps: Double?
        let frameCount: Int?
        private var frames: [PixelBuffer]
        private(set) var largestRead = 0

        init(_ frames: [PixelBuffer], fps: Double? = 10, knownCount: Bool = false, path: String = "mem") {
            self.frames = frames
            (self.path, width, height, self.fps) = (path, frames.first?.width ?? 8, frames.first?.height ?? 8, fps)
            frameCount = knownCount ? frames.count : nil
        }

        func next(_ count: Int) throws -> [PixelBuffer] {
            let taken = Array(frames.prefix(count))
            frames.removeFirst(taken.count)
            largestRead = max(largestRead, taken.count)
            return taken
        }

        func countRemaining() throws -> Int {
            defer { frames = [] }
            return frames.count
        }
    }

    /// A 16×16 frame of one grey level.
    static func frame(_ level: UInt8) -> PixelBuffer {
        let buffer = PixelBuffer(width: 16, height: 16)
        for y in 0..<16 {
            let row = buffer.baseAddress.advanced(by: y * buffer.stride).assumingMemoryBound(to: UInt8.self)
            for x in 0..<16 {
                (row[x * 4], row[x * 4 + 1], row[x * 4 + 2], row[x * 4 + 3]) = (level, level, level, 255)
            }
        }
        return buffer
    }

    @Test(arguments: 1...5)
    func lengthsThatDifferAreCountedWhateverTheBatch(batch: Int) throws {
        let a = (0..<8).map { _ in Self.frame(100) }, b = (0..<9).map { _ in Self.frame(100) }
        let result = try FrameComparison.run(Frames(a), Frames(b), batch: batch)
        #expect(result.mismatch == .frameCount(a: 8, b: 9))
        #expect(result.frames.count == 8 && !result.isEqual)
        let reversed = try FrameComparison.run(Frames(b), Frames(a), batch: batch)
        #expect(reversed.mismatch == .frameCount(a: 9, b: 8))
        let same = try FrameComparison.run(Frames(a), Frames(a.map { _ in Self.frame(100) }), batch: batch)
        #expect(same.mismatch == nil && same.isEqual && same.frames.count == 8)
    }

    @Test func firstAndWorstFramesAndTheirTimes() throws {
        // Frames 3 and 4 differ (by 20 and 60 levels); the rest are equal.
        let a = (0..<6).map { _ in Self.frame(100) }
        let b = [100, 100, 100, 120, 160, 100].map { Self.frame(UInt8($0)) }
        var visited: [Int] = []
        let source = Frames(b)
        let result = try FrameComparison.run(
            Frames(a), source, batch: 4, visit: { frame, _, _ in visited.append(frame.index) })
        #expect(visited == Array(0..<6), "every frame visited once, in order")
        #expect(source.largestRead <= 4, "frames are read a batch at a time")
        #expect(result.firstDiffering?.index == 3 && result.firstDiffering?.time == 0.3)
        #expect(result.worst?.index == 4)
        #expect(result.differingCount == 2)
        // Uniform grey: PSNR of a 60-level offset in B, G, R (alpha equal) is 10·log10(255² / (60²·3/4)).
        let expected = 10 * log10(255 * 255 / (3600 * 0.75))
        #expect(abs((result.minimumPSNR ?? 0) - expected) < 1e-9)
        // The clip's PSNR comes from the mean squared error over all six frames.
        let mse = (400 * 0.75 + 3600 * 0.75) / 6
        #expect(abs((result.meanPSNR ?? 0) - 10 * log10(255 * 255 / mse)) < 1e-9)
    }

    @Test func sizesAndRatesAreCheckedFirst() throws {
        let small = Frames([PixelBuffer(width: 8, height: 8)]), large = Frames([PixelBuffer(width: 16, height: 8)])
        let sizes = try FrameComparison.run(small, large)
        #expect(sizes.mismatch == .size(a: (8, 8), b: (16, 8), frame: 0) && sizes.frames.isEmpty)
        let rates = try FrameComparison.run(Frames([Self.frame(1)], fps: 30), Frames([Self.frame(1)], fps: 25))
        #expect(rates.mismatch == .rate(a: 30, b: 25))
        #expect(rates.mismatch?.describe(a: "A", b: "B") == "the frame rates differ: A is 30 fps, B is 25 fps")
        // No rate on one side (a still image) matches any.
        #expect(try FrameComparison.run(Frames([Self.frame(1)], fps: nil), Frames([Self.frame(1)], fps: 25)).isEqual)
        // Known counts that differ are found before any frame is read.
        let a = Frames([Self.frame(1)], knownCount: true), b = Frames([Self.frame(1), Self.frame(1)], knownCount: true)
        #expect(try FrameComparison.run(a, b).mismatch == .frameCount(a: 1, b: 2))
        #expect(a.largestRead == 0)
    }
}
