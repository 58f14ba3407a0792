import Foundation
import Testing

/// The README's command table is `reel --help`'s list of subcommands: the same commands, in the
/// same order, with the same one-line descriptions.
@Suite("README")
struct ReadmeCLITests {
    /// `reel --help`'s SUBCOMMANDS section as (name, abstract); wrapped abstracts joined again.
    static func helpCommands(_ help: String) -> [(String, String)] {
        var commands: [(String, String)] = []
        var inSection = false
        for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
            if line == "SUBCOMMANDS:" {
                inSection = true
            } else if inSection {
                if line.trimmingCharacters(in: .whitespaces).isEmpty { break }
                if line.hasPrefix("  ") && !line.hasPrefix("   ") {
                    // "  render (default)   Render a scene…": the name, then the abstract.
                    let words = line.split(separator: " ", maxSplits: 1).map(String.init)
                    let rest = (words.count > 1 ? words[1] : "").trimmingCharacters(in: .whitespaces)
                    let abstract = rest.hasPrefix("(default)") ? String(rest.dropFirst("(default)".count)) : rest
                    commands.append((words[0], abstract.trimmingCharacters(in: .whitespaces)))
                } else if let last = commands.popLast() {
                    commands.append(
                        (
                            last.0,
                            (last.1 + " " + line.trimmingCharacters(in: .whitespaces)).trimmingCharacters(
                                in: .whitespaces)
                        ))
                }
            }
        }
        return commands
    }

    /// The README's rows "| `reel NAME` | ABSTRACT |".
    static func readmeCommands(_ readme: String) -> [(String, String)] {
        readme.split(separator: "\n").compactMap { line -> (String, String)? in
            guard line.hasPrefix("| `reel ") else { return nil }
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count == 2 else { return nil }
            return (String(cells[0].dropFirst("`reel ".count).dropLast()), cells[1])
        }
    }

    @Test func theCommandTableIsReelsHelp() throws {
        let help = try ReelProcess.run(["--help"])
        #expect(help.status == 0)
        let listed = Self.helpCommands(help.stdout)
        #expect(listed.count >= 10, "\(help.stdout)")
        let readme = try String(contentsOf: ReelProcess.repository.appendingPathComponent("README.md"), encoding: .utf8)
        let table = Self.readmeCommands(readme)
        #expect(table.map(\.0) == listed.map(\.0), "the same commands in the same order")
        for ((name, abstract), (_, row)) in zip(listed, table) {
            #expect(row == abstract, "reel \(name)")
        }
    }
}
