import Foundation
import ReelCore
import ReelLottie

// MARK: - Fonts that travel with a Lottie
extension LottieDecoder {
    /// Most font files one Lottie brings, and the largest one read: a CJK font is about 20 MB.
    static let maxFontFiles = 16
    static let maxFontFileBytes = 32 * 1024 * 1024

    /// Finds the fonts of text set in a font Reel's own set lacks, where the app showing the
    /// Lottie would have registered them: `fonts.list[].fPath` (relative to the file), a
    /// dotLottie's fonts (`f/`, `fonts/`), TrueType/OpenType files in a `fonts` or `Fonts` folder beside the file,
    /// then the fonts the user installed. Files are read only inside the scene's root (the
    /// images' sandbox), never from URLs. They join `document.fontFiles`.
    func locateFonts(in document: inout LottieDocument, _ node: SceneNode?) {
        guard let catalog = fonts, let images else { return }
        var found = FoundFonts(catalog: catalog, decoder: self)
        func missing() -> Bool {
            texts.contains {
                document.glyphs(for: $0.text) == nil
                    && document.availableFontName(for: $0.text, in: catalog) == nil
            }
        }
        func adopt() {
            document.fontFiles = found.files
            document.fontFamilies = found.families
        }
        guard missing() else { return }
        let base = images.cache.baseDirectory
        for (entry, path) in capped(fontPaths(node), "fonts.list", at: node) {
            found.add(file: entry, shown: "fonts.list fPath '\(entry)'", base: base, at: path)
        }
        adopt()
        if let archive = images.archive, missing() {
            for entry in capped(archive.fontEntries, "the dotLottie", at: node) {
                found.add(entry: entry, of: archive, at: node)
            }
            adopt()
        }
        for folder in ["fonts", "Fonts"] where missing() {
            let url = base.appendingPathComponent(folder)
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).filter {
                fontFileExtensions.contains(URL(fileURLWithPath: $0).pathExtension.lowercased())
            }
            for name in capped(names.sorted(), "'\(folder)'", at: node) {
                found.add(file: "\(folder)/\(name)", shown: "font file '\(folder)/\(name)'", base: base, at: node)
            }
            adopt()
        }
        for text in texts.map(\.text) where missing() {
            for name in document.fontNames(for: text) {
                guard let file = catalog.installedFile(named: name) else { continue }
                found.add(installed: file)
                adopt()
                break
            }
        }
    }

    /// The first `maxFontFiles` of the font files `source` holds, with a warning when it holds
    /// more (each one is parsed, and an archive's are held in memory).
    private func capped<T>(_ files: [T], _ source: String, at node: SceneNode?) -> ArraySlice<T> {
        if files.count > Self.maxFontFiles {
            compatibility(
                "fonts: \(source) holds \(files.count) font files; the first \(Self.maxFontFiles) are read",
                at: node?.location ?? SourcePosition(line: 1, column: 1))
        }
        return files.prefix(Self.maxFontFiles)
    }

    /// The `fPath` of each `fonts.list` entry that names a file, with its node; a URL is a
    /// warning (nothing is fetched).
    private func fontPaths(_ node: SceneNode?) -> [(String, SceneNode)] {
        guard let node, case .mapping(let pairs, _) = node,
            case .sequence(let items, _)? = pairs.first(where: { $0.key == "list" })?.value
        else { return [] }
        var paths: [(String, SceneNode)] = []
        for (n, item) in items.enumerated() {
            guard case .mapping(let fields, _) = item, let pathNode = fields.first(where: { $0.key == "fPath" })?.value,
                let path = pathNode.string?.trimmingCharacters(in: .whitespaces), !path.isEmpty
            else { continue }
            if path.contains("://") || path.hasPrefix("//") {
                warn(
                    "fonts.list[\(n)]",
                    "font '\(SceneNode.abbreviated(path))' is a URL; Reel fetches nothing, so ship the font file beside the Lottie (in 'fonts/')",
                    at: pathNode)
            } else {
                paths.append((path, pathNode))
            }
        }
        return paths
    }
}

/// The font files found for one Lottie, each checked to be a font, within the count and size
/// budgets; a file that cannot be used is a located warning (the text falls back as on iOS).
private struct FoundFonts {
    let catalog: SceneFontCatalog
    let decoder: LottieDecoder
    var files: [String] = []
    var families: [String] = []

    init(catalog: SceneFontCatalog, decoder: LottieDecoder) {
        self.catalog = catalog
        self.decoder = decoder
    }

    /// A file written relative to `base`, used when it is inside the root.
    mutating func add(file written: String, shown: String, base: URL, at node: SceneNode?) {
        let limits = decoder.limits
        switch SceneFile.resolve(
            written, what: "font file", plural: "fonts", base: base, limits: limits
        )
        {
        case .failure(let problem): warn(problem.message, at: node)
        case .success(let path): add(path, shown: shown, at: node)
        }
    }

    /// A font entry of a dotLottie, read in memory.
    mutating func add(entry: ZipArchive.Entry, of archive: DotLottie, at node: SceneNode?) {
        let shown = "the dotLottie's font '\(entry.name)'"
        guard entry.size <= LottieDecoder.maxFontFileBytes else {
            return warn(
                "\(shown) is \(entry.size) bytes; font files are read up to \(LottieDecoder.maxFontFileBytes)", at: node
            )
        }
        do {
            guard let path = MemoryFontFiles.path(for: try archive.archive.contents(of: entry)) else {
                return warn("\(shown) cannot be used: fonts in archives are read on Linux only", at: node)
            }
            // Not a font: nothing else can use its file (the same bytes are never a font).
            if !add(path, shown: shown, at: node) { MemoryFontFiles.discard(path) }
        } catch {
            // contents(of:) throws only ZipArchive.Problem (typed throws).
            warn("\(shown) cannot be used: \(error.message)", at: node)
        }
    }

    /// A font the user installed (found by name by the catalogue).
    mutating func add(installed path: String) { add(path, shown: "installed font '\(path)'", at: nil) }

    /// Adds the font file at `path`; false when it is not a font.
    @discardableResult
    private mutating func add(_ path: String, shown: String, at node: SceneNode?) -> Bool {
        guard !files.contains(path) else { return true }
        guard files.count < LottieDecoder.maxFontFiles else {
            warn("\(shown) is not read: a Lottie brings at most \(LottieDecoder.maxFontFiles) font files", at: node)
            return true
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        guard size <= LottieDecoder.maxFontFileBytes else {
            warn("\(shown) is \(size) bytes; font files are read up to \(LottieDecoder.maxFontFileBytes)", at: node)
            return true
        }
        do {
            let inFile = try catalog.families(inFile: path)
            guard !inFile.isEmpty else {
                warn("\(shown) cannot be used: it holds no font", at: node)
                return false
            }
            files.append(path)
            families += inFile.filter { !families.contains($0) }
            return true
        } catch {
            warn("\(shown) cannot be used: \(error)", at: node)
            return false
        }
    }

    private func warn(_ message: String, at node: SceneNode?) {
        decoder.compatibility("fonts: \(message)", at: node?.location ?? SourcePosition(line: 1, column: 1))
    }
}
