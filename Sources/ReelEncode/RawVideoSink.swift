import Glibc
import ReelCore

/// Writes raw premultiplied BGRA frames to one file: `width × 4` bytes per row, rows and frames
/// back to back, no header — what `ffmpeg -f rawvideo -pix_fmt bgra -s WxH` reads.
///
/// Premultiplied colour is the frame over black, which is what the video encoders see too, so
/// `tools/bench` encodes these frames with the ffmpeg CLI to measure the encode-only floor.
public final class RawVideoSink: FrameSink {
    /// The file being written.
    public let path: String
    /// Frame size in pixels.
    public let width: Int, height: Int
    /// How many frames have been written.
    public private(set) var framesWritten = 0
    private var descriptor: Int32
    private var serialConverter: (any FrameConverter)?

    /// Creates (or truncates) the file.
    /// - Throws: `EncodeError` if the size is not positive or the file cannot be created.
    public init(path: String, width: Int, height: Int) throws {
        guard width > 0, height > 0 else {
            throw EncodeError("The frame size must be positive; got \(width)×\(height) pixels")
        }
        self.path = path
        self.width = width
        self.height = height
        descriptor = try createFile(path)
    }

    deinit { abort() }

    public func makeConverter() throws -> any FrameConverter { RawConverter(width: width, height: height) }

    public func write(_ frame: PreparedFrame) throws {
        guard descriptor >= 0 else { throw EncodeError("Cannot add a frame to \(path): the file is closed") }
        try writeAll(descriptor, frame.bytes, path: path)
        framesWritten += 1
    }

    public func append(_ buffer: PixelBuffer) throws {
        let converter = try serialConverter ?? makeConverter()
        serialConverter = converter
        try write(try converter.prepare(buffer, index: framesWritten, reusing: nil))
    }

    public func finish() throws {
        guard descriptor >= 0 else { return }
        let status = Glibc.close(descriptor)
        descriptor = -1
        if status != 0 { throw EncodeError("Closing \(path) failed: \(String(cString: strerror(errno)))") }
    }

    public func abort() {
        if descriptor >= 0 { _ = Glibc.close(descriptor) }
        descriptor = -1
    }
}

/// Copies frames into tightly packed BGRA bytes.
final class RawConverter: FrameConverter, @unchecked Sendable {
    private let width: Int, height: Int
    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    func prepare(_ buffer: PixelBuffer, index: Int, reusing recycled: PreparedFrame?) throws -> PreparedFrame {
        guard buffer.width == width, buffer.height == height else {
            throw EncodeError(
                "Frame \(index) is \(buffer.width)×\(buffer.height) pixels but the video is \(width)×\(height)")
        }
        let frame = recycled ?? PreparedFrame(index: index, bytes: [])
        frame.index = index
        let rowBytes = width * 4
        if frame.bytes.count != rowBytes * height { frame.bytes = [UInt8](repeating: 0, count: rowBytes * height) }
        frame.bytes.withUnsafeMutableBytes { out in
            for y in 0..<height {
                (out.baseAddress! + y * rowBytes).copyMemory(
                    from: buffer.baseAddress + y * buffer.stride, byteCount: rowBytes)
            }
        }
        return frame
    }
}
