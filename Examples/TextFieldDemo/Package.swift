// swift-tools-version:6.0
// An app that uses NumToolsCore as a library, the way a text field would:
// no stdin, no stream engine, just values in and formatted values out.
import PackageDescription

let package = Package(
    name: "TextFieldDemo",
    // NumToolsCore's own minimums (its Package.swift says why).
    platforms: [.macOS(.v15), .iOS(.v18)],
    dependencies: [.package(name: "numtools", path: "../..")],
    targets: [
        .executableTarget(
            name: "TextFieldDemo",
            dependencies: [.product(name: "NumToolsCore", package: "numtools")]
        )
    ]
)
