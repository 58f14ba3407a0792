import ArgumentParser
import CReelSupport
import Foundation
import Reel
import ReelBatch

/// `reel _worker`: renders one batch job (a `RenderJob`, every option in it) read as JSON from standard input, writing progress and
/// its result as JSON lines on standard output. `reel batch` runs one per job, so a scene that
/// crashes the renderer or exhausts memory ends this process, not the batch. Not for people.
struct WorkerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "_worker", abstract: "Render one job for 'reel batch' (internal).", shouldDisplay: false)

    func run() throws {
        let input = FileHandle.standardInput.readDataToEndOfFile()
        guard let job = try? RenderJob(json: input, source: "standard input") else {
            throw CommandFailure.invalid("_worker reads a job from 'reel batch' on standard input")
        }
        if let limit = job.options.maxMemory { MemorySize.enforce(limit) }
        reel_install_interrupt_handlers()
        let write = { (message: WorkerMessage) in Terminal.send(message.line + "\n", to: 1) }
        let result = BatchWorker.run(
            job, version: ReelVersion.string, emit: write, shouldStop: { reel_interrupt_signal() != 0 })
        write(WorkerMessage(result: result))
    }
}
