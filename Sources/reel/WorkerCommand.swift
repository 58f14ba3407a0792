import ArgumentParser
import CReelSupport
import Foundation
import Reel
import ReelBatch

/// `reel _worker`: renders batch jobs (`RenderJob`s, every option in each) read from standard input, one
/// JSON document a line, writing progress and each job's result as JSON lines on standard output. `reel
/// batch` keeps one alive for several jobs (start-up is most of a small job's cost) and starts another
/// when one ends, so a scene that crashes the renderer or exhausts memory ends this process, not the
/// batch. Not for people.
struct WorkerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "_worker", abstract: "Render jobs for 'reel batch' (internal).", shouldDisplay: false)

    func run() throws {
        reel_install_interrupt_handlers()
        let write = { (message: WorkerMessage) in Terminal.send(message.line + "\n", to: 1) }
        var served = 0
        while reel_interrupt_signal() == 0, let line = readLine(strippingNewline: true) {
            if line.isEmpty { continue }
            guard let job = try? RenderJob(json: Data(line.utf8), source: "standard input") else {
                throw CommandFailure.invalid("_worker reads jobs from 'reel batch' on standard input, one a line")
            }
            // A memory limit is the process's: 'reel batch' gives such a job a worker of its own.
            if let limit = job.options.maxMemory { MemorySize.enforce(limit) }
            PeakMemory.reset()
            let result = BatchWorker.run(
                job, version: ReelVersion.string, emit: write, shouldStop: { reel_interrupt_signal() != 0 })
            write(WorkerMessage(result: result, peakMemory: PeakMemory.current()))
            served += 1
        }
        if served == 0 { throw CommandFailure.invalid("_worker reads a job from 'reel batch' on standard input") }
    }
}
