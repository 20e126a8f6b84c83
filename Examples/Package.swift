// swift-tools-version:6.0
import PackageDescription

// Two small programs that use tview as a library, depending on it as another package would
// (here by path; elsewhere by URL and version). `make examples` builds and runs them.
let package = Package(
    name: "tview-examples",
    dependencies: [.package(name: "tview", path: "..")],
    targets: [
        // An animation shown inline while a slow task runs, taken away when the task ends.
        .executableTarget(
            name: "progress-animation", dependencies: [.product(name: "TViewKit", package: "tview")]),
        // One frame of an image as text for a box of cells, as a file manager's preview wants it.
        .executableTarget(name: "thumbnail", dependencies: [.product(name: "TViewKit", package: "tview")]),
    ],
    swiftLanguageModes: [.v6]
)
