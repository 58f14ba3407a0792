import CFFmpeg

/// Why encoding or decoding failed, in words a user can act on.
///
/// Every FFmpeg failure is turned into one of these: the message says what Reel was doing and
/// carries FFmpeg's own explanation (`av_strerror`), so nobody has to decode a negative number.
public struct EncodeError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The full, human-readable explanation.
    public let message: String
    /// FFmpeg's (negative) error code when the failure came from an FFmpeg call, otherwise nil.
    public let code: Int32?

    /// Creates an error with a message and, when FFmpeg reported it, FFmpeg's error code.
    public init(_ message: String, code: Int32? = nil) {
        self.message = message
        self.code = code
    }

    public var description: String { message }
}

extension EncodeError {
    /// An error for a failed FFmpeg call: "<what we were doing> failed: <FFmpeg's words>".
    static func ffmpeg(_ code: Int32, while doing: String) -> EncodeError {
        EncodeError("\(doing) failed: \(ffmpegErrorText(code))", code: code)
    }
}

/// FFmpeg's text for an error code (av_err2str is a macro, so this goes through the shim).
func ffmpegErrorText(_ code: Int32) -> String {
    var buffer = [CChar](repeating: 0, count: 256)
    return buffer.withUnsafeMutableBufferPointer { raw in
        reel_av_strerror(code, raw.baseAddress, raw.count)
        return String(cString: raw.baseAddress!)
    }
}

/// Throws an `EncodeError` when an FFmpeg call returned a negative code; otherwise passes the code on.
@discardableResult
func check(_ code: Int32, _ doing: @autoclosure () -> String) throws(EncodeError) -> Int32 {
    if code < 0 { throw EncodeError.ffmpeg(code, while: doing()) }
    return code
}

/// A C string from FFmpeg (codec, pixel-format or colour names), or a fallback when FFmpeg has none.
func ffmpegName(_ name: UnsafePointer<CChar>?, or fallback: String = "unknown") -> String {
    guard let name else { return fallback }
    return String(cString: name)
}
