// swift-tools-version:6.0
import PackageDescription

// One settings list for every Swift target (style guide 2.1/2.4).
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "tview",
    products: [
        .executable(name: "tview", targets: ["tview"]),
        // tview as a library: `import TViewKit` (its public API is TViewKit's alone; the modules
        // under it are its implementation).
        .library(name: "TViewKit", targets: ["TViewKit"]),
        // For the fuzz targets in Fuzz/ (a package of their own).
        .library(name: "TViewLibrary", targets: ["Decode", "Picture", "Playback", "Graphics", "Terminal"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // `swift package generate-documentation --target TViewKit` (make docs).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
    ],
    targets: [
        // C libraries, found by pkg-config; apt names them when missing.
        .systemLibrary(name: "CGIF", pkgConfig: "libgif", providers: [.apt(["libgif-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng16", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CWebP", pkgConfig: "libwebpdemux", providers: [.apt(["libwebp-dev"])]),
        .systemLibrary(name: "CNcurses", pkgConfig: "ncursesw", providers: [.apt(["libncursesw5-dev"])]),
        .systemLibrary(name: "CJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg62-turbo-dev"])]),
        // Headers only: CCodecLoader opens libavif and libjxl when a file needs them (no pkgConfig,
        // whose -lavif -ljxl would load them at start).
        .systemLibrary(name: "CAVIF"),
        .systemLibrary(name: "CJXL"),
        .target(
            name: "CCodecLoader", dependencies: ["CAVIF", "CJXL", "CQuietLibraries"],
            linkerSettings: [.linkedLibrary("dl")]),
        // Video clips through FFmpeg's libraries (Debian's libavformat-dev and company), opened when
        // a clip needs them; FFmpeg's types stay inside this shim.
        .target(name: "CVideo", linkerSettings: [.linkedLibrary("dl"), .linkedLibrary("m")]),
        // Colour profiles through lcms2, opened when a picture carries one; zlib for PNG's iCCP.
        .target(name: "CColor", linkerSettings: [.linkedLibrary("dl"), .linkedLibrary("z")]),

        // libpng reports errors by longjmp: it is called from C only, so no jump crosses Swift.
        .target(name: "CPNGShim", dependencies: ["CPNG"]),
        // libjpeg likewise (its error exit is a longjmp).
        .target(name: "CJPEGShim", dependencies: ["CJPEG"]),
        // dav1d and libjxl print their errors to stderr themselves: kept quiet, so failures reach the
        // screen only as tview's own messages. dav1d's logger is taken from libavif's settings
        // alone, by redirecting libavif's own import of dav1d_default_settings when CCodecLoader
        // opens it: nothing is exported, so no linker flag is needed.
        .target(name: "CQuietLibraries", linkerSettings: [.linkedLibrary("dl")]),
        // glibc's mallopt, which Swift's Glibc module does not show; zeroing that spares fresh pages.
        .target(name: "CMemory"),

        .target(
            name: "Decode",
            dependencies: [
                "CGIF", "CPNG", "CPNGShim", "CJPEGShim", "CWebP", "CCodecLoader", "CQuietLibraries", "CMemory",
                "CVideo", "CColor",
            ],
            swiftSettings: swiftSettings
        ),
        // Render, by role (each a module, so the roles cannot leak into each other): the picture
        // (fit, downsample, cells), playback (player, schedule, cache, decode-ahead; knows no
        // terminal) and the terminal (output, input, link pacing, sinks).
        .target(
            name: "Picture", dependencies: ["Decode"], path: "Sources/Render/Picture", swiftSettings: swiftSettings),
        .target(
            name: "Playback", dependencies: ["Decode"], path: "Sources/Render/Playback", swiftSettings: swiftSettings),
        // The pixel protocols (kitty, sixel, iTerm2, tmux passthrough) and the PNG and sixel
        // encoders: byte producers that need no terminal.
        .target(
            name: "Graphics", dependencies: ["CPNG", "Decode", "Picture"], path: "Sources/Render/Graphics",
            swiftSettings: swiftSettings),
        .target(
            name: "Terminal", dependencies: ["CNcurses", "Decode", "Picture", "Playback", "Graphics"],
            path: "Sources/Render/Terminal",
            swiftSettings: swiftSettings),
        // The library's face: animations, still pictures and playing in a terminal, for other
        // programs and for tview's own command line.
        .target(
            name: "TViewKit", dependencies: ["Decode", "Picture", "Playback", "Graphics", "Terminal", "CMemory"],
            swiftSettings: swiftSettings),
        .executableTarget(
            name: "tview",
            dependencies: [
                "TViewKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: swiftSettings
        ),
        // Benchmarks, outside `swift test` (targets live in benchmarks, never in timed tests).
        .executableTarget(
            name: "tview-bench", dependencies: ["Decode", "Picture", "Playback", "Graphics", "Terminal"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "DecodeTests", dependencies: ["Decode", "Graphics", "CMemory"], swiftSettings: swiftSettings),
        // What the test targets share: a VT emulator, a seeded generator.
        .target(
            name: "TestSupport", dependencies: ["Decode", "Picture", "Playback", "Graphics", "Terminal"],
            path: "Tests/TestSupport",
            swiftSettings: swiftSettings),
        .testTarget(
            name: "RenderTests",
            dependencies: ["Decode", "Picture", "Playback", "Graphics", "Terminal", "TestSupport"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "TViewKitTests", dependencies: ["TViewKit", "TestSupport", "Decode", "Picture"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "TViewTests",
            dependencies: [
                "tview", "Decode", "Graphics", "TestSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: swiftSettings),
    ],
    swiftLanguageModes: [.v6]
)
