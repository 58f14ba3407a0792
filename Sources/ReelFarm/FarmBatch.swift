import Foundation
import Reel
import ReelBatch

/// A batch (`reel batch`'s inputs: scenes, folders, manifests) rendered on a render farm: one
/// task per job that needs rendering, a long job split into segments with a task each, and a
/// last step that joins the segments and merges the tasks' reports into `reel batch`'s.
///
/// The plan is a file in a hidden work folder under the output folder, on shared storage: the
/// tasks and the merge read it there, and each task writes its report beside it. The engine
/// (Slurm here) only runs `reel _farm task WORK I` for every I and then `reel _farm merge WORK`.
public struct FarmBatch: Codable, Sendable {
    /// One job of the batch.
    public struct Job: Codable, Sendable {
        /// The render job, every option resolved (limits, threads, memory), and its schedule: what
        /// a task on a node renders, read from the plan file.
        public var planned: BatchPlan.Job
        public var scene: String { planned.scene }
        public var outputs: [String] { planned.outputs }
        /// Segments its one video is split into (1: rendered whole by one task).
        public var segments: Int
        /// The job's report when no task renders it: up to date, or an invalid scene.
        public var decided: JobReport?
        /// Why it is rendered (`new`, `scene changed`, …).
        public var reason: String?
    }

    /// One task: a job, or one segment of one.
    public struct Task: Codable, Sendable {
        public var job: Int
        public var segment: Segment?
        /// Where a segment is written, in the work folder.
        public var part: String?
    }

    /// How the command line schedules the batch and reports it (how each job renders is in its
    /// `RenderJob`: a job's `maxMemory` left nil is its node's memory).
    public struct Settings: Codable, Sendable {
        public var outputDirectory: String
        public var force = false
        public var baseline: String?
        public var reports = BatchReport.Files()
        /// A job whose video is longer than this is split into segments of about this length.
        public var splitSeconds: Double = FarmBatch.defaultSplitSeconds

        public init(outputDirectory: String) { self.outputDirectory = outputDirectory }
    }

    /// Long enough that a segment's fixed costs (loading the scene, starting encoders, queueing)
    /// vanish in its render time, short enough that an hour of video spreads over 60 nodes.
    public static let defaultSplitSeconds = 60.0

    public var version: String
    public var started: String
    public var settings: Settings
    public var jobs: [Job]
    public var tasks: [Task]

    /// The plan file in a work folder.
    public static func planPath(_ work: String) -> String { work + "/batch.json" }
    /// A task's report in a work folder.
    public static func reportPath(_ work: String, task: Int) -> String { work + "/task-\(task).json" }
    /// The merged report (JSON, decodable) in a work folder.
    public static func mergedPath(_ work: String) -> String { work + "/report.json" }

    /// Decides what each job of `plan` needs: nothing (up to date), nothing it can (an invalid
    /// scene, reported now instead of after a wait in the queue), one task, or one per segment.
    public init(plan: BatchPlan, settings: Settings, version: String, work: String) {
        self.version = version
        self.settings = settings
        started = ISO8601DateFormatter().string(from: Date())
        jobs = []
        tasks = []
        for job in plan.jobs {
            let reasons = job.outputs.compactMap {
                settings.force ? "--force" : Freshness.staleReason(output: $0, job: job.render, version: version)
            }
            var entry = Job(planned: job, segments: 1, reason: reasons.first)
            if reasons.isEmpty {
                var report = JobReport(scene: job.scene, outputs: job.outputs, status: .skipped, reason: "up to date")
                report.countRecordedOutputs()
                entry.decided = report
            } else {
                let (loaded, problems) = job.render.check()
                if let loaded {
                    do {
                        // Planned here so options the format cannot take are reported before any queueing.
                        let plans = try job.outputs.map { try loaded.plan(output: $0) }
                        entry.segments = Self.segments(plans, splitSeconds: settings.splitSeconds)
                    } catch {
                        entry.decided = JobReport(
                            scene: job.scene, outputs: job.outputs, status: .invalid, reason: "\(error)",
                            diagnostics: problems)
                    }
                } else {
                    let errors = problems.filter { $0.severity == .error }.count
                    entry.decided = JobReport(
                        scene: job.scene, outputs: job.outputs, status: .invalid,
                        reason: errors == 1 ? "the scene has an error" : "the scene has \(errors) errors",
                        diagnostics: problems)
                }
            }
            let index = jobs.count
            jobs.append(entry)
            guard entry.decided == nil else { continue }
            if entry.segments == 1 {
                tasks.append(Task(job: index, segment: nil, part: nil))
            } else {
                let ext = (job.outputs[0] as NSString).pathExtension
                for i in 0..<entry.segments {
                    tasks.append(
                        Task(
                            job: index, segment: Segment(index: i, count: entry.segments),
                            part: "\(work)/job-\(index)-part-\(i).\(ext)"))
                }
            }
        }
    }

    /// Segments for a job: its one video cut into pieces of about `splitSeconds` (whole chunks);
    /// 1 for jobs with several outputs, GIFs and PNG sequences (a task renders those whole).
    static func segments(_ plans: [PlannedRender], splitSeconds: Double) -> Int {
        guard plans.count == 1, let plan = plans.first, splitSeconds > 0,
            case .video(_, let codec) = plan.output.format, codec != .gif
        else { return 1 }
        let seconds = Double(plan.session.frames.count) / plan.canvas.fps
        let grid = ChunkGrid(frames: plan.session.frames, seconds: ChunkGrid.defaultSeconds, fps: plan.canvas.fps)
        return max(1, min(Int((seconds / splitSeconds).rounded(.up)), grid.chunkCount))
    }

    public func save(to work: String) throws {
        try AtomicOutput.write(Array(JSONEncoder.reports.encode(self)), to: Self.planPath(work))
    }

    public static func load(from work: String) throws -> FarmBatch {
        guard let data = FileManager.default.contents(atPath: planPath(work)) else {
            throw SlurmError(
                "cannot read \(planPath(work)): is the work folder on storage every node shares?", exitCode: 2)
        }
        return try JSONDecoder.reports.decode(FarmBatch.self, from: data)
    }
}
