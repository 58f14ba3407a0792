import Foundation
import Hummingbird
import Reel

/// The studio's HTTP interface (docs/preview.md):
///
/// - `GET /` the page;
/// - `GET /state` the scene's state as JSON: version, problems, canvas;
/// - `GET /events` the same state as Server-Sent Events, now and after every reload;
/// - `GET /frame?t=SECONDS[&scale=S]` the frame at `t` as PNG (`reel still --at t [--scale S]`);
/// - `GET /inspect?t=SECONDS[&layer=NAME]` `reel inspect --at t [--layer NAME]`'s JSON;
/// - `GET /timing.svg` the timing diagram.
enum StudioRoutes {
    static func router(for studio: Studio) -> Router<BasicRequestContext> {
        let router = Router()
        router.add(middleware: LoopbackHostMiddleware())
        router.get("/") { _, _ in
            respond(.ok, "text/html; charset=utf-8", Data(StudioPage.html.utf8))
        }
        router.get("/state") { _, _ in
            respond(.ok, "application/json", Data(await studio.state.compact.utf8))
        }
        router.get("/events") { _, _ in
            let events = await studio.listen()
            let body = ResponseBody { writer in
                for await event in events {
                    try await writer.write(ByteBuffer(string: "data: \(event)\n\n"))
                }
                try await writer.finish(nil)
            }
            return Response(
                status: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-store"], body: body)
        }
        router.get("/frame") { request, _ in
            let time: Double, scale: Double?
            do {
                time = try QueryNumber.time.read(request)
                scale = try QueryNumber.scale.value(request)
            } catch let invalid as QueryNumber.Invalid { return problem(.badRequest, invalid.message) }
            do {
                guard let png = try await studio.frame(at: time, scale: scale) else {
                    return problem(.serviceUnavailable, "the scene has not loaded yet")
                }
                return respond(.ok, "image/png", png)
            } catch {
                return problem(.internalServerError, "\(error)")
            }
        }
        router.get("/inspect") { request, _ in
            let time: Double
            do { time = try QueryNumber.time.read(request) } catch let invalid as QueryNumber.Invalid {
                return problem(.badRequest, invalid.message)
            }
            let layer = request.uri.queryParameters["layer"].map(String.init)
            switch await studio.inspect(at: time, layer: layer) {
            case .found(let json): return respond(.ok, "application/json", Data(json.compact.utf8))
            case .unknownLayer(let message): return problem(.notFound, message)
            case .notLoaded: return problem(.serviceUnavailable, "the scene has not loaded yet")
            }
        }
        router.get("/timing.svg") { _, _ in
            guard let svg = await studio.timing() else {
                return problem(.serviceUnavailable, "no timing diagram: the scene has not loaded")
            }
            return respond(.ok, "image/svg+xml", Data(svg.utf8))
        }
        return router
    }

    private static func respond(_ status: HTTPResponse.Status, _ type: String, _ data: Data) -> Response {
        // Every answer depends on the scene file, which changes under the page: never cache.
        Response(
            status: status, headers: [.contentType: type, .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    private static func problem(_ status: HTTPResponse.Status, _ message: String) -> Response {
        respond(status, "text/plain; charset=utf-8", Data((message + "\n").utf8))
    }
}

/// Refuses requests whose Host is not this machine's loopback name: a web page elsewhere could
/// otherwise reach the studio through a DNS name it points at 127.0.0.1 (DNS rebinding).
struct LoopbackHostMiddleware: RouterMiddleware {
    typealias Context = BasicRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        let host = request.head.authority.map { Self.hostName(of: $0) }
        guard let host, host == "127.0.0.1" || host == "localhost" else {
            return Response(
                status: .forbidden, headers: [.contentType: "text/plain; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: "reel preview answers only to 127.0.0.1\n")))
        }
        return try await next(request, context)
    }

    /// `127.0.0.1:8017` → `127.0.0.1`.
    static func hostName(of authority: String) -> String {
        authority.split(separator: ":", maxSplits: 1).first.map(String.init)?.lowercased() ?? ""
    }
}
