import ArgumentParser
import Foundation
import Reel

/// `reel _job FILE`: renders the render job in FILE (JSON, written by `reel submit --segments`):
/// what a farm node runs, so every option given on the submitting machine — limits, encoding,
/// threads — is the one in force where the frames are drawn. Not for people.
struct JobCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "_job", abstract: "Render a job file written by 'reel submit' (internal).", shouldDisplay: false)

    @Argument(help: "The job file (JSON).") var file: String

    @Option(help: ArgumentHelp("This task's segment of the job (a job array's index).", valueName: "I/N"))
    var segment: Segment?

    @Option(
        name: [.short, .long],
        help: ArgumentHelp("Write this instead of the job's outputs (a segment's part).", valueName: "file"))
    var output: String?

    func run() throws {
        var job: RenderJob
        do { job = try RenderJob(file: file) } catch let error as RenderJobError { throw CommandFailure(error) }
        if let segment { job.options.segment = segment }
        if let output { job.outputs = [output] }
        // A budget the submitter left open is this node's, as `reel render` decides it.
        let budget = job.options.maxMemory ?? MemorySize.machineBudget
        job.options.maxMemory = budget
        MemorySize.enforce(budget)
        let loaded = try SceneInput.load(job, quiet: true)
        for path in job.outputs { try RenderCommand.render(loaded, to: path, progress: false, quiet: true) }
    }
}
