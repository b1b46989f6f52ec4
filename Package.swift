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
        // The command-line layer: option tables, the runner, signals, file
        // descriptors, completions. NumToolsCore does no process work.
        .target(name: "NumToolsCLI", dependencies: ["NumToolsCore"]),
        .executableTarget(name: "numgroup", dependencies: ["NumToolsCore", "NumToolsCLI"]),
        .executableTarget(name: "numconv", dependencies: ["NumToolsCore", "NumToolsCLI"]),
        .executableTarget(name: "phonefmt", dependencies: ["NumToolsCore", "NumToolsCLI"]),
        .executableTarget(name: "coinfmt", dependencies: ["NumToolsCore", "NumToolsCLI"]),
        .executableTarget(name: "numtools-bench", dependencies: ["NumToolsCore"], path: "Sources/numtools-bench"),
        // Measures a command's peak memory for the tests; not installed.
        .executableTarget(name: "peak-rss", path: "Sources/peak-rss"),
        .testTarget(name: "NumToolsCoreTests", dependencies: ["NumToolsCore", "NumToolsCLI"]),
        .testTarget(
            name: "CLITests",
            dependencies: ["numgroup", "numconv", "phonefmt", "coinfmt", "peak-rss"]
        ),
    ]
)
