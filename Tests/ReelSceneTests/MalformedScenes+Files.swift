import Testing

@testable import ReelScene

extension MalformedScenes {
    /// The file as a whole: parsing, the top level, the canvas and its limits, JSON's quirks.
    static let files: [Malformed] = [
        // Parsing
        file("", "1:1: the file is empty; a scene needs at least 'reel', 'canvas' and 'layers'", schema: .unparsable),
        file(
            "# only a comment\n",
            "1:1: the file has no content (only comments?); a scene needs at least 'reel', 'canvas' and 'layers'",
            schema: .unparsable),
        file(
            "reel: 1\ncanvas: [1, 2\nlayers: []\n",
            "3:7: syntax error: did not find expected ',' or ']' (while parsing a flow sequence at 2:9)",
            schema: .unparsable),
        file(
            "reel: 1\ncanvas:\n\tsize: [10, 10]\n", "3:1: a tab character here: YAML indents with spaces only",
            schema: .unparsable),
        file(
            "reel: 1\ncanvas: { size: [10, 10], duration: 1 }\n---\nreel: 1\n",
            "3:1: a scene file holds one YAML document; this is a second one (remove the '---')", schema: .accepts),
        file(
            "reel: 1\nreel: 1\ncanvas: { size: [10, 10], duration: 1 }\n",
            "2:1: duplicate key 'reel' in the same map (first at 1:1); remove one", schema: .accepts),
        file(
            "reel: 1\ncanvas: { size: [10, 10], duration: 1 }\n[1, 2]: x\n",
            "3:1: a key must be a name, found a list of 2", schema: .accepts),
        file(
            "reel: 1\ncanvas: { size: [10, 10], duration: 1 }\nlayers: [*box]\n",
            "3:10: unknown alias '*box'; an anchor '&box' must come before it",
            "3:10: a layer must be a map of keys to values, found null"),
        file(
            "reel: !!binary 1\ncanvas: { size: [10, 10], duration: 1 }\n",
            "1:7: the YAML tag '!!binary' is not part of the scene format; remove it",
            schema: .accepts),
        file(
            "reel: 1\ncanvas:\n  size: [10, 10]\n  duration: 1\n  background: #101820\n",
            "5:15: the value is missing: an unquoted '#101820' starts a YAML comment; write colors in quotes: \"#101820\"",
            schema: .accepts),
        file(
            "reel: 1\ncanvas: { size: [10, 10], duration: 1, background: #101820 }\nlayers: []\n",
            "3:7: syntax error: did not find expected ',' or '}' (while parsing a flow mapping at 2:9); an unquoted '#101820' on line 2 starts a YAML comment: write colors in quotes",
            schema: .unparsable),
        file(
            "reel: 1\ncanvas: { size: [10, 10], duration: 1 }\nlayers: [{ name: \"a\u{0}b\" }]\n",
            "3:20: the file contains a NUL byte; scene files are text", schema: .unparsable),
        // The top level
        file("- 1\n- 2\n", "1:1: a scene file must be a map of keys to values, found a list of 2"),
        file(
            "reel: 2\ncanvas: { size: [10, 10], duration: 1 }\n",
            "1:7: unsupported format version 2; this reel reads 'reel: 1'"),
        file(
            "reel: \"1\"\ncanvas: { size: [10, 10], duration: 1 }\n",
            "1:7: unsupported format version the string \"1\"; this reel reads 'reel: 1'"),
        file(
            "canvas: { size: [10, 10], duration: 1 }\n", "1:1: a scene file starts with 'reel: 1' (the format version)"),
        file(
            "reel: 1\nlayers: [{ name: a, opacity: 2 }]\n",
            "1:1: the scene needs a 'canvas' with at least size and duration",
            "2:30: opacity must be between 0 and 1, found 2"),
        file(
            "reel: 1\ncanvas: { size: [10, 10], duration: 1 }\nlayer: []\n",
            "3:1: unknown key 'layer' in the scene (did you mean 'layers'?)"),
        file(
            "reel: 1\ncanvas: { size: [10, 10], duration: 1 }\nlayers: {}\n",
            "3:9: 'layers' must be a list of layers, back to front; found a map"),
        file(
            "reel: 1\ncanvas: { size: [10, 10], duration: 1 }\nlayers: [5]\n",
            "3:10: a layer must be a map of keys to values, found the number 5"),
        file(
            "reel: 1\ncanvas: { size: [10, 10], duration: 1 }\ntimeline: { at: 1 }\n",
            "3:11: 'timeline' must be a list of entries (each with 'at' or 'on'), found a map"),
        // The canvas
        file("reel: 1\ncanvas: []\n", "2:9: 'canvas' must be a map of keys to values, found a list of 0"),
        file("reel: 1\ncanvas: { duration: 1 }\n", "2:9: 'canvas' needs 'size: [width, height]' in points"),
        file("reel: 1\ncanvas: { size: [10, 10] }\n", "2:9: 'canvas' needs 'duration' in seconds"),
        file(
            "reel: 1\ncanvas: { size: [10], duration: 1 }\n",
            "2:17: canvas size must be a size [width, height] (2 numbers), found 1"),
        file("reel: 1\ncanvas: { size: [0, 10], duration: 1 }\n", "2:17: canvas size must be positive, found [0, 10]"),
        file(
            "reel: 1\ncanvas: { size: [10, 10], duration: -2 }\n",
            "2:37: canvas duration must be greater than 0 seconds, found -2"),
        file(
            "reel: 1\ncanvas: { size: [10, 10], duration: \"2\" }\n",
            "2:37: canvas duration must be a number, found the string \"2\" (remove the quotes)"),
        file(
            "reel: 1\ncanvas: { size: [10, 10], duration: 1e400 }\n",
            "2:37: canvas duration must be a number, found 1e400, which is not a finite number", schema: .accepts),
        file(
            "reel: 1\ncanvas: { size: [10, 10], duration: 1, fps: 0 }\n",
            "2:45: fps must be between 1 and 1000, found 0"),
        file(
            "reel: 1\ncanvas: { size: [10, 10], duration: 1, scale: 0 }\n",
            "2:47: canvas scale must be greater than 0 and at most 16"),
        file(
            "reel: 1\ncanvas: { size: [10, 10], duration: 1, backgroud: red }\n",
            "2:40: unknown key 'backgroud' in 'canvas' (did you mean 'background'?)"),
        file(
            "reel: 1\ncanvas: { size: [10, 10], duration: 1, background: \"#12\" }\n",
            "2:52: background: '#12' is not a hex color; use #RGB, #RGBA, #RRGGBB or #RRGGBBAA"),
        file(
            "reel: 1\ncanvas: { size: [10, 10], duration: 1, background: reed }\n",
            "2:52: background: unknown color name 'reed' (did you mean 'red'?)"),
        // Limits (a typo must not eat the disk)
        file(
            "reel: 1\ncanvas: { size: [10, 10], duration: 60000 }\n",
            "2:27: the scene would have 3600000 frames (fps × duration); the limit is 216000 (raise it with --max-frames)",
            schema: .accepts),
        file(
            "reel: 1\ncanvas: { size: [10, 10], duration: 1e300 }\n",
            "2:27: the scene would have 6e+301 frames (fps × duration); the limit is 216000 (raise it with --max-frames)",
            schema: .accepts),
        file(
            "reel: 1\ncanvas: { size: [100000, 10], duration: 1 }\n",
            "2:11: the frame would be 100000×10 pixels (size × scale); the limit is 16384 per side and 40000000 pixels (raise it with --max-pixels)",
            schema: .accepts),
        file(
            "reel: 1\ncanvas: { size: [0.1, 0.1], duration: 1 }\n",
            "2:11: the frame would be 0×0 pixels (size × scale); it needs at least 1×1",
            schema: .accepts),
        // JSON, with its quirks: CRLF line ends, a byte-order mark, tabs, surrogate pairs, NaN
        file(
            "{\"reel\": 1,\r\n \"canvas\": {\"size\": [10, 10], \"duration\": 1},\r\n \"layers\": [{\"name\": \"a\", \"opacity\": 7}]}\r\n",
            "3:38: opacity must be between 0 and 1, found 7"),
        file(
            "\u{FEFF}{\"reel\": 1, \"canvas\": {\"size\": [10, 10], \"duration\": 1, \"fps\": 0}}",
            "1:64: fps must be between 1 and 1000, found 0"),
        file(
            "{\"reel\": 1, \"canvas\": {\"size\": [10, 10],\t\"duration\": 1, \"duration\": 2}}",
            "1:57: duplicate key 'duration' in the same map (first at 1:42); remove one", schema: .accepts),
        file(
            "{\"reel\": 1, \"canvas\": {\"size\": [10, 10], \"duration\": 1},\n \"layers\": [{\"class\": \"text\", \"string\": \"\\ud83d\\ude00\", \"fontSize\": -1}]}",
            "2:69: fontSize must not be negative, found -1"),
        file(
            "{\"reel\": 1, \"canvas\": {\"size\": [10, 10], \"duration\": NaN}}",
            "1:54: canvas duration must be a number, found NaN, which is not a finite number"),
        file(
            "{\"reel\": 1, \"canvas\": {\"size\": [10, 10], \"duration\": 1}, \"layers\": [{\"name\": \"a\"}, {\"name\": \"a\"}]}",
            "1:93: duplicate layer name 'a' (first at 1:78); names must be unique", schema: .accepts)
    ]
}
