import ArgumentParser
import Foundation
import Reel
import ReelRender

/// `reel fonts`: the font families text layers can name.
struct FontsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fonts",
        abstract: "List the font families text layers can use.",
        discussion: """
            Prints one family per line: with a scene, first the families of its own font files \
            (canvas.fonts), then the families installed for Reel (tools/setup installs Noto: \
            Latin, Greek, Cyrillic, CJK, Arabic, Hebrew, Indic scripts and colour emoji; and the \
            stand-ins below). Reel \
            draws only with these, never with other fonts of the machine, so frames are the \
            same everywhere.

            A text layer without a font uses Core Animation's default, Helvetica, drawn in its \
            stand-in \(FontCatalog.defaultFamily) without a warning. iOS's families, which Linux lacks, are drawn in stand-ins \
            (* marks the metric-compatible ones, whose text wraps at the same words), with a warning: \
            \(FontCatalog.appleNames.map { "\($0.original) → \($0.family)\($0.isMetricCompatible ? "*" : "")" }.joined(separator: ", ")). \
            Any other name that is not available is drawn in the nearest installed family, and \
            `reel validate` warns about it. A name may add style words ("Noto Serif Bold \
            Italic") or be a PostScript name ("NotoSerif-Bold", "HelveticaNeue-BoldItalic").

            With --json: {"default", "families", "sceneFamilies", "appleNames"}.
            """)

    @Argument(
        help: ArgumentHelp("A scene whose own font files (canvas.fonts) are listed too.", valueName: "scene"),
        completion: .file(extensions: ["yaml", "yml", "json"]))
    var scene: String?

    @OptionGroup var limits: LimitOptions

    @Flag(help: "Print JSON instead of one family per line.")
    var json = false

    func run() throws {
        var sceneFamilies: [String] = []
        if let scene {
            let loaded = try SceneInput.load(RenderJob(scene: scene, options: try limits.renderOptions()), quiet: json)
            let catalog = FontCatalog()
            for file in loaded.canvas.fonts {
                for family in (try? catalog.families(inFile: file)) ?? [] where !sceneFamilies.contains(family) {
                    sceneFamilies.append(family)
                }
            }
        }
        let installed = FontCatalog.installedFamilies.filter { !sceneFamilies.contains($0) }
        if json {
            let value: JSONValue = .object([
                ("default", .string(FontCatalog.defaultFamily)),
                ("families", .array(installed.map(JSONValue.string))),
                ("sceneFamilies", .array(sceneFamilies.map(JSONValue.string))),
                ("appleNames", .object(FontCatalog.appleNames.map { ($0.original, .string($0.family)) }))
            ])
            Terminal.print(value.pretty)
        } else {
            for family in sceneFamilies + installed { Terminal.print(family) }
        }
    }
}
