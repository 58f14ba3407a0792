import ArgumentParser
import Foundation
import Reel
import ReelFarm

struct SubmitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "submit",
        abstract: "Render a scene on a Slurm cluster: a job array of segments and a job that joins them.",
        discussion: """
            Submits `reel render SCENE --segment I/N` for I = 0…N-1 as one Slurm job array, and \
            `reel concat` of the parts as a job that runs after all of them succeeded (afterok). The \
            result is byte-identical to `reel render SCENE` with the same options. Prints the job \
            ids; with --wait, waits for the output and exits with the jobs' status (a failed segment \
            is reported with the end of its log).

            The scene, its images, the output's folder and this reel binary must have the same paths \
            on every node (shared storage), and every node must run this reel version: each job \
            checks that first. Parts and logs are kept in a hidden folder beside the output until \
            the join. Arguments after -- go to sbatch (both jobs): reel submit s.yaml -o s.mp4 \
            --segments 8 -- --account=video --time=30.
            """)

    @OptionGroup var input: SceneOptions

    @Option(name: [.short, .long], help: ArgumentHelp("The output file (on shared storage).", valueName: "file"))
    var output: String

    @Option(parsing: .unconditional, help: ArgumentHelp("How many segments (array tasks) to render.", valueName: "n"))
    var segments: Int

    @Flag(help: "Wait until the output is written (or a job failed), and exit with that status.")
    var wait = false

    @Option(help: ArgumentHelp("The Slurm partition to run in (default: the cluster's).", valueName: "p"))
    var partition: String?

    @OptionGroup var encoding: EncodingOptions

    @Option(name: .customLong("chunk-seconds"), parsing: .unconditional,
            help: ArgumentHelp("Seconds per independently encoded chunk; a segment is whole chunks (default \(JSONValue.format(ChunkGrid.defaultSeconds))).", valueName: "s"))
    var chunkSeconds: Double?

    @Argument(parsing: .postTerminator, help: ArgumentHelp("Options for sbatch, after --.", valueName: "sbatch-option"))
    var sbatchOptions: [String] = []

    /// Declared last so `--help` lists the everyday options first.
    @OptionGroup var limits: LimitOptions

    func validate() throws {
        if !(1...10_000).contains(segments) { throw ValidationError("--segments must be 1…10000, got \(segments).") }
    }

    func run() throws {
        var options = try limits.renderOptions()
        encoding.apply(to: &options)
        options.chunkSeconds = chunkSeconds
        // Checked here first: a scene that cannot render must not wait in a queue to fail N times.
        let loaded = try input.load(options)
        let outputPath = URL(fileURLWithPath: output).standardizedFileURL.path
        let folder = (outputPath as NSString).deletingLastPathComponent
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw CommandFailure.invalid("cannot write \(output): the folder \(folder) does not exist")
        }
        // The last segment planned here says whether the scene splits that many ways (enough
        // chunks; not a GIF) before anything waits in a queue.
        do {
            var last = options
            last.segment = Segment(index: segments - 1, count: segments)
            _ = try loaded.with(options: last).plan(output: outputPath)
        } catch let error as RenderJobError {
            throw CommandFailure(error)
        }
        var forwarded = encoding.arguments
        if let chunkSeconds { forwarded += ["--chunk-seconds", JSONValue.format(chunkSeconds)] }
        if limits.allowImagesOutside { forwarded.append("--allow-images-outside") }
        var submission = SlurmSubmission(scene: URL(fileURLWithPath: input.scene).standardizedFileURL.path, output: outputPath,
                                         segments: segments, reel: BatchCommand.executable, version: ReelVersion.string)
        submission.partition = partition
        submission.renderArguments = forwarded
        submission.sbatchArguments = sbatchOptions
        do {
            let jobs = try Slurm.submit(submission)
            print("segments: job \(jobs.segmentsJob) (an array of \(segments))" + (jobs.concatJob.map { ", join: job \($0)" } ?? ""))
            print("output: \(outputPath)")
            guard wait else { return }
            try Slurm.wait(for: jobs, progress: { Terminal.write("\($0)\n") })
            Terminal.write("\(outputPath): done\n")
        } catch let error as SlurmError {
            throw CommandFailure(message: error.description, exitCode: error.exitCode)
        }
    }
}
