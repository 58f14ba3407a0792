import ReelCore

/// Something that consumes rendered frames in order and turns them into a file.
///
/// The life of a sink: any number of `append(_:)` calls, then exactly one `finish()` (the file is
/// complete and playable when it returns) or `abort()` (give up; the file is closed but is not
/// valid and should be deleted, e.g. with `AtomicOutput.discard()`).
///
/// Sinks stream: they must not keep frames after `append(_:)` returns, so memory stays flat no
/// matter how long the video is, and the caller may reuse the buffer for the next frame.
public protocol FrameSink: AnyObject {
    /// Adds the next frame. Frames arrive in presentation order, one per frame interval.
    /// - Throws: `EncodeError` if the frame has the wrong size or the encoder or disk fails.
    func append(_ frame: PixelBuffer) throws

    /// Flushes everything still buffered and completes the file.
    /// - Throws: `EncodeError` if the remaining data cannot be written.
    func finish() throws

    /// Stops without completing the file and releases all resources.
    ///
    /// Used on interrupt or after an error. Safe to call more than once, and after `finish()`
    /// (then it does nothing).
    func abort()
}
