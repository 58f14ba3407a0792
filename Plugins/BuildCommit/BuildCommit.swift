import Foundation
import PackagePlugin

/// Writes the git commit `reel --version` reports into the target's sources before every build.
///
/// A prebuild command, because SwiftPM runs those on every build: Package.swift's
/// `Context.gitInformation` is read only when SwiftPM re-evaluates the manifest, which it caches
/// until the manifest itself changes, so a build after a new commit kept the old one.
/// tools/build-commit does the work (and is tested on its own); it rewrites the file only when
/// the commit changes, so an unchanged commit recompiles nothing.
@main
struct BuildCommit: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let package = context.package.directoryURL
        let output = context.pluginWorkDirectoryURL.appending(path: "BuildCommit")
        return [
            // /bin/sh, not a tool built from source: prebuild commands may only run existing executables.
            .prebuildCommand(
                displayName: "Reading the git commit of \(package.lastPathComponent)",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: [
                    package.appending(path: "tools/build-commit").path, package.path,
                    output.appending(path: "BuildCommit.swift").path
                ],
                outputFilesDirectory: output)
        ]
    }
}
