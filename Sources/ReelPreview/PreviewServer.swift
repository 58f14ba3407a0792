import Foundation
import Hummingbird
import Logging
import Reel
import ServiceLifecycle

/// `reel preview`: a local web studio for one scene. It serves a page with the frame at the
/// playhead (drawn on demand), a scrubber, the layer tree with the selected layer's values,
/// and the timing diagram, and reloads the scene whenever it or a file it reads changes.
///
/// The server listens on 127.0.0.1 only: it reads files on this machine for whoever connects,
/// so it is for the person at the keyboard, not the network.
///
/// ```swift
/// let server = PreviewServer(scene: "hello.yaml")
/// try server.runUntilStopped(listening: { print($0) }, shouldStop: { false })
/// ```
public struct PreviewServer: Sendable {
    /// The port tried first when none is asked for; any free port when it is taken.
    public static let defaultPort = 8017

    /// The scene file.
    public var scene: String
    /// Limits and other options the scene loads with.
    public var options: RenderOptions
    /// The port to listen on: 0 lets the system choose one, nil tries `defaultPort` first.
    public var port: Int?

    public init(scene: String, options: RenderOptions = RenderOptions(), port: Int? = nil) {
        self.scene = scene
        self.options = options
        self.port = port
    }

    /// Why the studio could not start.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Serves the studio until `shouldStop` returns true (polled ten times a second), then
    /// closes open event streams, lets requests in flight finish and returns.
    /// - Parameters:
    ///   - listening: called once with the page's address (`http://127.0.0.1:PORT/`) when the
    ///     server accepts connections.
    ///   - problems: called with the scene's problems (`FILE:LINE:COLUMN: error: …`) at start
    ///     and after each reload that has any.
    /// - Throws: `Failure` when the port cannot be listened on.
    public func run(
        listening: @escaping @Sendable (String) -> Void,
        problems: @escaping @Sendable ([SceneProblem]) -> Void = { _ in },
        shouldStop: @escaping @Sendable () -> Bool
    ) async throws {
        let studio = Studio(scene: scene, options: options)
        let initial = await studio.problems
        if !initial.isEmpty { problems(initial) }
        do {
            try await serve(
                studio, port: port ?? Self.defaultPort, listening: listening, problems: problems, shouldStop: shouldStop
            )
        } catch is BindFailure where port == nil {
            // The usual port is taken (another studio, most likely): any free one will do.
            try await serve(studio, port: 0, listening: listening, problems: problems, shouldStop: shouldStop)
        }
    }

    /// `run` for callers that are not async (the command line): blocks until the studio stops.
    public func runUntilStopped(
        listening: @escaping @Sendable (String) -> Void,
        problems: @escaping @Sendable ([SceneProblem]) -> Void = { _ in },
        shouldStop: @escaping @Sendable () -> Bool
    ) throws {
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        Task {
            do { try await run(listening: listening, problems: problems, shouldStop: shouldStop) } catch {
                outcome.error = error
            }
            done.signal()
        }
        done.wait()
        if let error = outcome.error { throw error }
    }

    /// The error `run` met, handed from its task to the waiting thread (which reads it only
    /// after the semaphore, so the lock is for the compiler's sake).
    private final class Outcome: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: (any Error)?
        var error: (any Error)? {
            get { lock.withLock { stored } }
            set { lock.withLock { stored = newValue } }
        }
    }

    private struct BindFailure: Error {}

    private func serve(
        _ studio: Studio, port: Int, listening: @escaping @Sendable (String) -> Void,
        problems: @escaping @Sendable ([SceneProblem]) -> Void, shouldStop: @escaping @Sendable () -> Bool
    ) async throws {
        // Hummingbird's own log lines (startup, each request) would bury the scene's
        // diagnostics on the terminal; the studio reports what matters itself.
        let logger = Logger(label: "reel.preview") { _ in SwiftLogNoOpLogHandler() }
        let started = Started()
        let app = Application(
            router: StudioRoutes.router(for: studio),
            configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: port), serverName: nil),
            onServerRunning: { channel in
                started.set()
                listening("http://127.0.0.1:\(channel.localAddress?.port ?? port)/")
            },
            logger: logger)
        // No signal handling here: the caller decides when to stop (the CLI's interrupt flag).
        let group = ServiceGroup(configuration: ServiceGroupConfiguration(services: [app], logger: logger))
        do {
            try await withThrowingTaskGroup(of: Void.self) { tasks in
                tasks.addTask { try await group.run() }
                tasks.addTask {
                    await Self.watch(studio, problems: problems, shouldStop: shouldStop)
                    guard !Task.isCancelled else { return }
                    // Open pages hold event streams; end them so the graceful shutdown
                    // does not wait for the browser.
                    await studio.close()
                    await group.triggerGracefulShutdown()
                }
                // The server ends first only on a failure (it cannot listen): stop watching.
                try await tasks.next()
                tasks.cancelAll()
                try await tasks.waitForAll()
            }
        } catch {
            if !started.isSet {
                if port != 0 && self.port == nil && Self.isAddressInUse(error) { throw BindFailure() }
                throw Failure(description: "cannot listen on 127.0.0.1:\(port): \(error)")
            }
            throw error
        }
    }

    /// Polls for a stop ten times a second and for changed files every 300 ms, until stopped
    /// or cancelled.
    private static func watch(
        _ studio: Studio, problems: @escaping @Sendable ([SceneProblem]) -> Void,
        shouldStop: @escaping @Sendable () -> Bool
    ) async {
        var tick = 0
        while !shouldStop() && !Task.isCancelled {
            try? await Task.sleep(nanoseconds: 100_000_000)
            tick += 1
            if tick % 3 == 0, await studio.reloadIfChanged() {
                let found = await studio.problems
                if !found.isEmpty { problems(found) }
            }
        }
    }

    private static func isAddressInUse(_ error: any Error) -> Bool {
        "\(error)".contains("Address already in use") || "\(error)".contains("EADDRINUSE")
    }

    /// Set once the server listens; read after it stopped.
    private final class Started: @unchecked Sendable {
        private let lock = NSLock()
        private var value = false
        func set() { lock.withLock { value = true } }
        var isSet: Bool { lock.withLock { value } }
    }
}
