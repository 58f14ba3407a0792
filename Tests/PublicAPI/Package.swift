// swift-tools-version: 6.0
// A package of its own that uses Reel as a user's package would: by path, through the public API
// only. `PublicAPIPackageTests` builds and runs it, so anything a user needs that is internal
// fails the tests.
import PackageDescription

let package = Package(
    name: "ReelConsumer",
    dependencies: [.package(name: "Reel", path: "../..")],
    targets: [
        .executableTarget(
            name: "ReelConsumer",
            dependencies: [
                .product(name: "Reel", package: "Reel"),
                .product(name: "ReelUIKit", package: "Reel")
            ])
    ]
)
