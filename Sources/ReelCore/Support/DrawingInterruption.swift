import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Asks long drawing steps to stop early.
///
/// A frame can take seconds to draw (100 000 replicator copies, a blur a thousand points wide),
/// and Ctrl-C used to wait for it. Whoever runs drawing on a thread installs a check with
/// `whileChecking(_:run:)` (the frame pipeline installs "this render was cancelled"); drawing
/// asks `isRequested` between layers and between blur passes and stops when it is true, leaving
/// the frame unfinished — it is not used, since the render is being stopped. The check belongs
/// to the thread, so one render's stop never cuts another render's frames short, and DeepStack
/// carries it to the threads deep layer trees continue on.
public enum DrawingInterruption {
    /// The check installed on each thread (an Unmanaged Box), nil for none.
    private static let checkKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    final class Box: @unchecked Sendable {
        // @unchecked: immutable; the closure itself is @Sendable.
        let check: @Sendable () -> Bool
        init(_ check: @escaping @Sendable () -> Bool) { self.check = check }
    }

    /// Runs `body` with `check` installed on this thread (the previous one restored after).
    public static func whileChecking<T>(_ check: @escaping @Sendable () -> Bool, run body: () throws -> T) rethrows -> T
    {
        let box = Box(check)
        let previous = pthread_getspecific(checkKey)
        pthread_setspecific(checkKey, Unmanaged.passRetained(box).toOpaque())
        defer {
            pthread_setspecific(checkKey, previous)
            Unmanaged<Box>.passUnretained(box).release()
        }
        return try body()
    }

    /// The check installed on this thread, for DeepStack to carry to the threads it starts.
    static var current: Box? {
        pthread_getspecific(checkKey).map { Unmanaged<Box>.fromOpaque($0).takeUnretainedValue() }
    }

    /// Installs a check carried from another thread (DeepStack), for the life of this thread's body.
    static func adopt<T>(_ box: Box?, run body: () -> T) -> T {
        guard let box else { return body() }
        return whileChecking(box.check, run: body)
    }

    /// Whether drawing on this thread should stop now.
    public static var isRequested: Bool {
        current?.check() ?? false
    }
}
