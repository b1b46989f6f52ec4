// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "numtools",
    products: [
        .library(name: "NumToolsCore", targets: ["NumToolsCore"]),
        .executable(name: "numgroup", targets: ["numgroup"]),
        .executable(name: "numconv", targets: ["numconv"]),
        .executable(name: "phonefmt", targets: ["phonefmt"]),
        .executable(name: "coinfmt", targets: ["coinfmt"]),
    ],
    targets: [
        .target(name: "NumToolsCore"),
        .executableTarget(name: "numgroup", dependencies: ["NumToolsCore"]),
        .executableTarget(name: "numconv", dependencies: ["NumToolsCore"]),
        .executableTarget(name: "phonefmt", dependencies: ["NumToolsCore"]),
        .executableTarget(name: "coinfmt", dependencies: ["NumToolsCore"]),
        .executableTarget(name: "numtools-bench", dependencies: ["NumToolsCore"], path: "Sources/numtools-bench"),
        // Measures a command's peak memory for the tests; not installed.
        .executableTarget(name: "peak-rss", path: "Sources/peak-rss"),
        .testTarget(name: "NumToolsCoreTests", dependencies: ["NumToolsCore"]),
        .testTarget(
            name: "CLITests",
            dependencies: ["numgroup", "numconv", "phonefmt", "coinfmt", "peak-rss"]
        ),
    ]
)
