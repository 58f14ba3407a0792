import ArgumentParser
import CReelSupport
import Foundation
import Reel
import ReelBatch
import ReelFarm

/// `reel _farm task WORK I` and `reel _farm merge WORK`: what the jobs `reel submit` queues for a
/// batch run on the cluster's nodes. Not for people.
struct FarmCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "_farm", abstract: "Run a task or the merge of a batch submitted with 'reel submit' (internal).",
        shouldDisplay: false)

    @Argument(help: "task or merge") var step: String
    @Argument(help: "The batch's work folder.") var work: String
    @Argument(help: "The task's number (task).") var index: Int?

    func run() throws {
        do {
            switch (step, index) {
            case ("task", let index?):
                BatchCommand.installInterruptHandlers()
                let report = try FarmBatch.runTask(
                    work: work, index: index, worker: [BatchCommand.executable, "_worker"],
                    nodeMemory: MemorySize.physical, shouldStop: { reel_interrupt_signal() != 0 })
                Terminal.print("\(report.status.rawValue): \(report.scene) (\(report.reason))")
                if report.status.isFailure { throw ExitCode(ExitStatus.failure) }
            case ("merge", nil):
                let report = try FarmBatch.merge(work: work)
                let counts = report.counts.filter { $0.1 > 0 }.map { "\($0.1) \($0.0.rawValue)" }.joined(
                    separator: ", ")
                Terminal.print("\(report.jobs.count) jobs: \(counts)")
                if report.hasFailures(failOnChange: false) { throw ExitCode(ExitStatus.failure) }
            default:
                throw CommandFailure.invalid("usage: reel _farm task WORK I | reel _farm merge WORK")
            }
        } catch let error as SlurmError {
            throw CommandFailure(message: error.description, exitCode: error.exitCode)
        } catch let error as RenderJobError {
            throw CommandFailure(error)
        }
    }
}
