import CFFmpeg
import Foundation

/// An encoder whose chunk has ended, finished on a thread of its own while the next chunk's
/// encoder starts: its delayed packets are collected (with the chunk's timestamps) and freed
/// with it. `result()` waits for the thread.
final class ChunkDrain: @unchecked Sendable {
    // `codec` belongs to the thread until `done` is signalled; the rest is set once, before.
    private var codec: UnsafeMutablePointer<AVCodecContext>?
    private let chunkStart: Int
    private var packetsOut: Int
    private unowned let encoder: VideoEncoder
    private let done = DispatchSemaphore(value: 0)
    private let finished = ManagedAtomicFlag()
    private var packets: [UnsafeMutablePointer<AVPacket>] = []
    private var failure: (any Error)?
    private var collected = false

    init(codec: UnsafeMutablePointer<AVCodecContext>, chunkStart: Int, packetsOut: Int, encoder: VideoEncoder) {
        self.codec = codec
        self.chunkStart = chunkStart
        self.packetsOut = packetsOut
        self.encoder = encoder
    }

    func start() {
        let thread = Thread { [self] in
            do {
                guard let codec else { return }
                try check(avcodec_send_frame(codec, nil), "Flushing the \(encoder.settings.codec.encoderName) encoder")
                packets = try encoder.collectPackets(from: codec, chunkStart: chunkStart, count: &packetsOut)
            } catch {
                failure = error
            }
            avcodec_free_context(&codec)
            finished.set()
            done.signal()
        }
        thread.name = "reel-chunk-drain"
        thread.start()
    }

    /// Whether the thread has finished (never blocks).
    var isDone: Bool { finished.isSet }

    /// Waits for the thread; the packets are the caller's to write and free. Call once.
    func result() throws -> [UnsafeMutablePointer<AVPacket>] {
        if !collected {
            done.wait()
            collected = true
        }
        if let failure { throw failure }
        let result = packets
        packets = []
        return result
    }
}

/// A flag set once by one thread and read by another.
final class ManagedAtomicFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
}
