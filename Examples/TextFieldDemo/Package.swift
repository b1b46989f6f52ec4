// swift-tools-version:6.0
// An app that uses NumToolsCore as a library, the way a text field would:
// no stdin, no stream engine, just values in and formatted values out.
import PackageDescription

let package = Package(
    name: "TextFieldDemo",
    dependencies: [.package(name: "numtools", path: "../..")],
    targets: [
        .executableTarget(
            name: "TextFieldDemo",
            dependencies: [.product(name: "NumToolsCore", package: "numtools")]
        )
    ]
)
