import Foundation
import ReelCore
import Testing

/// DeepStack hops to a fresh thread only when the caller's stack would run out: a Lottie
/// animation's layer tree is a dozen or more levels deep, and hopping after a fixed six levels
/// started a thread (and mapped its stack) for every subtree below that depth, every frame.
@Suite("Deep stacks")
struct DeepStackTests {
    /// The threads `depth` nested levels ran on, started on a thread with a `stackSize` stack.
    func threads(depth: Int, stackSize: Int) -> Set<ObjectIdentifier> {
        let seen = Seen()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            DeepStack.level { seen.recurse(depth) }
            done.signal()
        }
        thread.stackSize = stackSize
        thread.start()
        done.wait()
        return seen.threads
    }

    /// The threads a recursion ran on.
    final class Seen: @unchecked Sendable {
        // @unchecked: written by one thread at a time (each level waits for the next).
        var threads = Set<ObjectIdentifier>()

        func recurse(_ n: Int) {
            threads.insert(ObjectIdentifier(Thread.current))
            if n > 0 { DeepStack.level { recurse(n - 1) } }
        }
    }

    @Test func aThreadUsesHalfItsOwnStackBeforeHopping() {
        // 8 MiB, half of it in 160 KiB levels: 25 levels stay on the caller's thread.
        #expect(DeepStack.callerLevels(stackSize: 8 << 20) == 25)
        #expect(threads(depth: 20, stackSize: 8 << 20).count == 1)
        // The recursion goes on, deeper than that, on another thread.
        #expect(threads(depth: 40, stackSize: 8 << 20).count == 2)
    }

    @Test func smallOrUnknownStacksKeepTheSafeMinimum() {
        #expect(DeepStack.callerLevels(stackSize: nil) == DeepStack.callerLevels)
        #expect(DeepStack.callerLevels(stackSize: 512 << 10) == DeepStack.callerLevels)
        #expect(threads(depth: 20, stackSize: 1 << 20).count > 1)
        // A stack of any size never runs more levels than a thread DeepStack starts.
        #expect(DeepStack.callerLevels(stackSize: 1 << 40) == DeepStack.levelsPerThread)
    }
}
