import CReelSupport
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Recursion over layer trees at any depth.
///
/// Building a presentation tree and drawing it recurse once per level of nesting, and each level
/// takes tens of kilobytes of stack in a debug build: 240 levels overflowed the main thread's
/// 8 MB (SIGSEGV) although `--max-depth` allows 400, and the Swift API allows any depth; Swift
/// concurrency's threads have far smaller stacks. Wrapping each level's work in `level(_:)`
/// counts the levels on the current thread. A thread DeepStack did not start runs as many levels
/// as half its stack holds (`callerLevels(stackSize:)`), and at least `callerLevels`; then, and
/// every `levelsPerThread` levels after, the recursion continues on a fresh thread with a
/// `stackSize` stack while the caller waits. Starting a thread costs tens of microseconds and
/// its stack's pages, and it happens for every subtree at the boundary depth, so the caller's
/// own stack is used as far as it safely goes: a Lottie animation's tree is a dozen or more
/// levels deep, and with a fixed six levels each frame started hundreds of threads.
public enum DeepStack {
    /// Levels run on a thread whose stack size cannot be read (at most a few hundred KB in all).
    public static let callerLevels = 6
    /// Stack one level takes at most (a debug build; a release build takes far less).
    public static let bytesPerLevel = 160 << 10
    /// Levels run on each thread DeepStack starts: under 160 KB of stack each.
    public static let levelsPerThread = 400
    /// Stack of the threads deeper levels run on (reserved, committed only as it is used).
    public static let stackSize = 64 << 20

    /// Levels left to run on the current thread, plus one (0: not set yet on this thread).
    private static let levelsKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    private static func setLevelsLeft(_ n: Int) {
        pthread_setspecific(levelsKey, UnsafeRawPointer(bitPattern: n + 1))
    }

    /// Runs one level of a recursion: `body` on this thread, or on a fresh thread with a large
    /// stack when this thread has run its share of levels.
    public static func level<T>(_ body: () -> T) -> T {
        let stored = Int(bitPattern: pthread_getspecific(levelsKey))
        let left = stored == 0 ? callerLevels(stackSize: currentStackSize()) : stored - 1
        guard left > 0 else { return onFreshThread(body) }
        setLevelsLeft(left - 1)
        defer { setLevelsLeft(left) }
        return body()
    }

    /// Levels a thread DeepStack did not start may run, given its stack size: half the stack, since
    /// the recursion may begin anywhere in it; `callerLevels` when the size is unknown (nil).
    public static func callerLevels(stackSize: Int?) -> Int {
        guard let stackSize else { return callerLevels }
        return min(levelsPerThread, max(callerLevels, stackSize / 2 / bytesPerLevel))
    }

    /// The current thread's stack size, or nil when the system does not say.
    private static func currentStackSize() -> Int? {
        let size = reel_current_stack_size()
        return size > 0 ? Int(size) : nil
    }

    /// Runs `body` on a new thread with a `stackSize` stack and waits for it. The caller is
    /// blocked meanwhile, so whatever `body` touches is used by one thread at a time.
    private static func onFreshThread<T>(_ body: () -> T) -> T {
        withoutActuallyEscaping(body) { body in
            let box = Box(body)
            let done = DispatchSemaphore(value: 0)
            let interruption = DrawingInterruption.current
            let thread = Thread {
                setLevelsLeft(levelsPerThread)
                DrawingInterruption.adopt(interruption) { box.run() }
                done.signal()
            }
            thread.stackSize = stackSize
            thread.start()
            done.wait()
            return box.result!
        }
    }

    /// The body and its result, handed between the waiting thread and the one running it.
    private final class Box<T>: @unchecked Sendable {
        // @unchecked: written by the running thread only while the caller waits on a semaphore.
        private var body: (() -> T)?
        var result: T?
        init(_ body: @escaping () -> T) { self.body = body }
        /// Runs the body and lets go of it before the caller resumes: the body is only borrowed
        /// (`withoutActuallyEscaping`), while the Thread object may outlive the call.
        func run() {
            result = body?()
            body = nil
        }
    }
}
