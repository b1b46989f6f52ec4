// swift-tools-version:6.0
// (Swift 6.0 is what the sources need: typed throws, noncopyable generics,
// Synchronization; no InlineArray or other 6.2 feature.)
import PackageDescription

let package = Package(
    name: "numtools",
    // The lowest releases the APIs the sources use allow: Synchronization's
    // Mutex and Atomic (the phone metadata store, the signal handlers) need
    // macOS 15, iOS 18, tvOS 18, watchOS 11 and visionOS 2; every other API
    // is older. Linux (glibc, and musl's Static Linux SDK) has no minimum.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "NumToolsCore", targets: ["NumToolsCore"]),
        // libphonenumber's geocoder, carrier and time zone data (3.9 MB, 1.9 MB compressed) and
        // its mappers: PhoneTransform's timezone, carrier and location fields.
        .library(name: "NumToolsPhonePrefixes", targets: ["NumToolsPhonePrefixes"]),
        // The multi-call binary that is installed: every tool in one executable.
        .executable(name: "numtools", targets: ["numtools"]),
        .executable(name: "numgroup", targets: ["numgroup"]),
        .executable(name: "numconv", targets: ["numconv"]),
        .executable(name: "phonefmt", targets: ["phonefmt"]),
        .executable(name: "coinfmt", targets: ["coinfmt"]),
    ],
    targets: [
        // The engine, notations and phones. Its locale data is generated
        // (Generated/, by numtools-datagen): it calls no ICU of its own.
        .target(name: "NumToolsCore"),
        // The prefix data apart, so that a program that formats numbers with
        // NumToolsCore does not carry it; phonefmt links it.
        .target(name: "NumToolsPhonePrefixes", dependencies: ["NumToolsCore"]),
        // The command-line layer: option tables, the runner, signals, file
        // descriptors, completions. NumToolsCore does no process work.
        .target(name: "NumToolsCLI", dependencies: ["NumToolsCore"]),
        // The tools: each one's option table, usage and transform building
        // (Numgroup.swift, ...), and the multi-call dispatcher.
        .target(name: "NumToolsTools", dependencies: ["NumToolsCore", "NumToolsCLI", "NumToolsPhonePrefixes"]),
        // Each tool as an executable of its own (`swift run numgroup`), and
        // `numtools`, which holds them all; each main.swift is one call.
        .executableTarget(name: "numtools", dependencies: ["NumToolsTools"]),
        .executableTarget(name: "numgroup", dependencies: ["NumToolsTools"]),
        .executableTarget(name: "numconv", dependencies: ["NumToolsTools"]),
        .executableTarget(name: "phonefmt", dependencies: ["NumToolsTools"]),
        .executableTarget(name: "coinfmt", dependencies: ["NumToolsTools"]),
        // Development time only (issue 46): the toolchain's ICU asked live,
        // which numtools-datagen writes into NumToolsCore/Generated/ and the
        // tests compare the generated tables with. No tool links it.
        .target(
            name: "NumToolsLocaleOracle", dependencies: ["NumToolsCore"],
            linkerSettings: [.linkedLibrary("_FoundationICU", .when(platforms: [.linux]))]),
        .executableTarget(name: "numtools-datagen", dependencies: ["NumToolsLocaleOracle"]),
        .executableTarget(name: "numtools-bench", dependencies: ["NumToolsCore"], path: "Sources/numtools-bench"),
        // Measures a command's peak memory for the tests; not installed.
        .executableTarget(name: "peak-rss", path: "Sources/peak-rss"),
        .testTarget(
            name: "NumToolsCoreTests",
            dependencies: ["NumToolsCore", "NumToolsCLI", "NumToolsLocaleOracle", "NumToolsPhonePrefixes"]),
        .testTarget(
            name: "CLITests",
            dependencies: ["numtools", "numgroup", "numconv", "phonefmt", "coinfmt", "peak-rss"]
        ),
    ]
)
