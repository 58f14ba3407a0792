import ArgumentParser
import Foundation
import Reel

struct ConcatCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "concat",
        abstract: "Join the segments of a render (reel render --segment I/N) without re-encoding.",
        discussion: """
            The result is byte for byte the file 'reel render SCENE' writes with the same options. \
            Each part records its scene (SHA-256), options, codec parameters, Reel version and \
            segment, and the parts are joined in the order those records give, not the order they \
            are named in. A part that does not fit (another scene or options, a segment missing or \
            given twice, a truncated file, packets that are not what its record says: another codec, \
            size or codec header, or timestamps other than its frames) is an error naming it: exit 2, \
            nothing written. The output \
            appears only when complete (a temporary file beside it, renamed).

            Sound: parts are silent and record the render's soundtrack (its file and SHA-256); \
            the join encodes it once, as 'reel render' does, so the file must still be there \
            unchanged (otherwise exit 2, nothing written).

            Example (GNU parallel, 8 segments):
              parallel reel render scene.yaml --segment {}/8 -o part{}.mp4 ::: $(seq 0 7)
              reel concat part*.mp4 -o scene.mp4
            """)

    @Argument(help: ArgumentHelp("The segment files, in any order.", valueName: "part"))
    var parts: [String] = []

    @Option(name: [.short, .long], help: ArgumentHelp("The joined file.", valueName: "file"))
    var output: String

    @Flag(name: [.customShort("y"), .long], help: "Replace the output even when it is read-only.")
    var force = false

    @Flag(name: [.short, .long], help: "Print nothing but errors.")
    var quiet = false

    func validate() throws {
        if parts.isEmpty { throw ValidationError("Give the segment files to join.") }
    }

    func run() throws {
        let result: SegmentConcat.Result
        do { result = try SegmentConcat.join(parts, output: output, replaceReadOnly: force) } catch let error
            as RenderJobError
        {
            throw CommandFailure(error)
        }
        if !quiet {
            Terminal.write(
                "\(output): \(result.parts) parts, \(result.frames) frames, \(result.bytes) bytes"
                    + (result.audio.map { ", \($0.summary)" } ?? "") + "\n")
        }
    }
}
