/// tview's version, for `--version` and the man page. Raised with each release.
enum TViewVersion {
    static let current = "0.6.0"
}
