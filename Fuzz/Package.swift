// swift-tools-version:6.0
import PackageDescription

// libFuzzer targets, one per decoder, kept out of the main package: they link only with
// -sanitize=fuzzer (which brings libFuzzer), so a plain `swift build` of tview must not see them.
// Built and run by `make fuzz` (see the Makefile for the flags).
let package = Package(
    name: "tview-fuzz",
    dependencies: [.package(name: "tview", path: "..")],
    targets: [
        .target(name: "CFuzzer"),
        .target(name: "FuzzSupport", dependencies: ["CFuzzer", .product(name: "TViewLibrary", package: "tview")]),
        .executableTarget(name: "fuzz-gif", dependencies: ["FuzzSupport"]),
        .executableTarget(name: "fuzz-png", dependencies: ["FuzzSupport"]),
        .executableTarget(name: "fuzz-webp", dependencies: ["FuzzSupport"]),
        .executableTarget(name: "fuzz-jpeg", dependencies: ["FuzzSupport"]),
        .executableTarget(name: "fuzz-avif", dependencies: ["FuzzSupport"]),
        .executableTarget(name: "fuzz-jxl", dependencies: ["FuzzSupport"]),
        .executableTarget(name: "fuzz-video", dependencies: ["FuzzSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
