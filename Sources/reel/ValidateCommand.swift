import ArgumentParser
import Foundation
import Reel
import ReelBatch

struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check scene files (and batch manifests) without rendering.",
        discussion: """
            Decodes each scene and runs its timeline, as rendering would, and prints every problem \
            as FILE:LINE:COLUMN: error: MESSAGE (all of a file's problems at once). Exits 2 if any \
            file has an error.

            With --json, prints one JSON array on stdout instead, one object per problem: \
            {"file", "line", "column", "severity" ("error" or "warning"), "message"}; line and \
            column are 1-based (columns count Unicode characters), or null for a problem found \
            only when the timeline runs. An empty array means every file is valid.
            """)

    @Argument(
        help: ArgumentHelp("Scene files to check (scenes, Lottie JSON, dotLottie archives).", valueName: "scene"),
        completion: .file(extensions: ["yaml", "yml", "json", "lottie"]))
    var scenes: [String]

    @OptionGroup var limits: LimitOptions

    @Flag(name: [.short, .long], help: "Print only problems, not a line per valid file.")
    var quiet = false

    @Flag(help: "Print the problems as a JSON array on stdout, for editors and CI.")
    var json = false

    func validate() throws {
        if scenes.isEmpty { throw ValidationError("Give at least one scene file.") }
    }

    func run() throws {
        var failed = false
        var all: [SceneProblem] = []
        let options = try limits.renderOptions()
        for path in scenes {
            if BatchManifest.isManifest(path: path) {
                // A batch manifest: the manifest itself, then every scene it names.
                do {
                    let plan = try BatchPlan(inputs: [path], settings: .init(outputDirectory: "."))
                    if !json && !quiet { Terminal.print("\(path): ok (a batch manifest of \(plan.jobs.count) jobs)") }
                } catch let error as BatchInputError {
                    failed = true
                    if json { all += error.problems } else { error.problems.forEach { $0.print() } }
                }
                continue
            }
            let (result, problems) = RenderJob(scene: path, options: options).check()
            if result == nil { failed = true }
            if json {
                all += problems
            } else {
                for problem in problems { problem.print() }
                if result != nil, !quiet { Terminal.print("\(path): ok") }
            }
        }
        if json {
            // One object per line inside the array: valid JSON, and still greppable in CI logs.
            let lines = all.map { "  " + $0.json.compact }
            Terminal.print(lines.isEmpty ? "[]" : "[\n" + lines.joined(separator: ",\n") + "\n]")
        }
        if failed { throw ExitCode(ExitStatus.invalidInput) }
    }
}
