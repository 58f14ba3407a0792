import ArgumentParser
import Foundation
import Reel

/// `reel schema`: the JSON Schema of scene files or batch manifests, printed by the binary itself
/// (it is generated from the decoder's own tables), so an editor can use it without a checkout.
struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the JSON Schema of scene files (or, with --manifest, of batch manifests).",
        discussion: """
            The same text as scenes/scene.schema.json and scenes/batch.schema.json in the \
            repository. Save it and point your editor at it for completion and checking as you \
            type: with the YAML language server (VS Code's YAML extension, Neovim, Helix…) put \
            `# yaml-language-server: $schema=scene.schema.json` on a scene's first line, or map \
            files to it in VS Code's settings: "yaml.schemas": {"./scene.schema.json": "scenes/**/*.yaml"}.

            Examples:
              reel schema > scene.schema.json
              reel schema --manifest > batch.schema.json
            """)

    @Flag(help: "Print the schema of batch manifests (files with 'reel-batch: 1') instead.")
    var manifest = false

    func run() {
        Terminal.send(manifest ? BatchManifestSchema.text : SceneSchema.text, to: 1)
    }
}
