import CCairo
import CPango

/// The drawing libraries this process runs with, as they report themselves at run time: the
/// shared libraries actually loaded, which on an installed system may be newer than the headers
/// Reel was built against.
public enum RenderLibraries {
    /// Name and version of each: Cairo (`cairo_version_string`) and Pango (`pango_version_string`).
    public static var versions: [(name: String, version: String)] {
        [
            ("cairo", String(cString: cairo_version_string())),
            ("pango", String(cString: pango_version_string()))
        ]
    }
}
