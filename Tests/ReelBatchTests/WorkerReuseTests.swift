import Foundation
import Reel
import ReelTestSupport
import Testing

@testable import ReelBatch

/// Workers kept alive from job to job: fewer processes, each job still alone when it crashes, and
/// each output the same frames as rendering its scene by itself.
@Suite(.serialized) struct WorkerReuseTests {
    /// The `reel` executable built beside the tests.
    static var reel: String {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("reel").path
    }

    /// A one-second 64×36 scene whose square has its own colour and path.
    static func scene(_ colour: String, to x: Int) -> String {
        """
        reel: 1
        canvas: {size: [64, 36], fps: 10, duration: 1, background: "#ffffff"}
        layers: [{name: box, frame: [4, 8, 20, 20], backgroundColor: "\(colour)"}]
        timeline: [{at: 0, add: {layer: box, key: move, animation: {class: CABasicAnimation, keyPath: position.x, toValue: \(x), duration: 1}}}]
        """
    }

    static let colours = ["#cc3333", "#33aa55", "#3366cc", "#aa33cc", "#ccaa33"]

    /// Renders `names` (scene names in order) with one job thread, through a worker command that
    /// logs each worker process it starts; the report and the number of workers.
    static func batch(
        _ names: [String], in folder: ScratchFolder, crash: String = "", memory: [Int?] = []
    ) throws -> (BatchReport, Int) {
        var jobs: [BatchPlan.Job] = []
        for (i, name) in names.enumerated() {
            let scene = try folder.write("scenes/\(name).yaml", scene(colours[i % colours.count], to: 20 + 8 * i))
            var options = RenderOptions()
            options.maxMemory = i < memory.count ? memory[i] : nil
            jobs.append(
                .init(render: RenderJob(scene: scene, options: options, outputs: [folder.path + "/out/\(name).mp4"])))
        }
        let log = folder.path + "/workers.log"
        let command = "echo $$ >> '\(log)'; REEL_TEST_CRASH_SCENE='\(crash)' exec '\(reel)' _worker"
        let settings = BatchRunner.Settings(
            jobs: 1, outputDirectory: folder.path + "/out", worker: ["/bin/sh", "-c", command], version: "test")
        let report = BatchRunner(plan: BatchPlan(jobs: jobs), settings: settings).run()
        let workers = (try String(contentsOfFile: log, encoding: .utf8)).split(separator: "\n").count
        return (report, workers)
    }

    @Test func oneWorkerRendersSeveralJobs() throws {
        let folder = try ScratchFolder()
        let (report, workers) = try Self.batch(["a", "b", "c", "d"], in: folder)
        #expect(report.jobs.map(\.status) == Array(repeating: .rendered, count: 4))
        #expect(workers == 1)
    }

    /// A memory limit is the whole process's (RLIMIT_DATA): only jobs with the same one share a worker.
    /// Each job's peak memory is its own, measured in the worker.
    @Test func jobsShareAWorkerOnlyUnderTheSameMemoryLimit() throws {
        let folder = try ScratchFolder()
        let (report, workers) = try Self.batch(
            ["a", "b", "c", "d"], in: folder, memory: [4 << 30, 4 << 30, 3 << 30, 3 << 30])
        #expect(report.jobs.map(\.status) == Array(repeating: .rendered, count: 4))
        #expect(workers == 2)
        #expect(report.jobs.allSatisfy { $0.peakMemory > 1 << 20 }, "\(report.jobs.map(\.peakMemory))")
    }

    @Test func aCrashEndsOnlyItsJobAndItsWorker() throws {
        let folder = try ScratchFolder()
        let (report, workers) = try Self.batch(["a", "b", "crashme", "d", "e"], in: folder, crash: "crashme")
        #expect(report.jobs.map(\.status) == [.rendered, .rendered, .failed, .rendered, .rendered])
        #expect(report.jobs[2].reason.hasPrefix("the renderer crashed (signal"), "\(report.jobs[2].reason)")
        #expect(report.jobs[2].log?.contains("crashing on purpose") == true)
        // The crash took its worker down (after two jobs that had shared it); the rest had a new one.
        #expect(workers == 2)
    }

    @Test func sharedWorkersRenderWhatSingleRendersDo() throws {
        let folder = try ScratchFolder()
        let names = ["a", "b", "c"]
        let (report, _) = try Self.batch(names, in: folder)
        #expect(report.jobs.map(\.status) == [.rendered, .rendered, .rendered])
        for name in names {
            let single = folder.path + "/\(name)-single.mp4"
            let run = try ToolRun.run(
                Self.reel, ["render", folder.path + "/scenes/\(name).yaml", "-o", single, "--quiet"])
            try #require(run.status == 0, "\(run.stderr)")
            let batched = try MediaTools.frames(folder.path + "/out/\(name).mp4", width: 64, height: 36)
            let alone = try MediaTools.frames(single, width: 64, height: 36)
            #expect(batched.count == 10)
            #expect(batched == alone, "\(name): the batch's frames differ from a render of its own")
        }
    }
}
