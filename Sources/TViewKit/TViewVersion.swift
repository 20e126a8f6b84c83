/// tview's version: the library's and the command line's (`tview --version`, the man page, the
/// Debian package). Semantic versioning; raised with each release (CHANGELOG.md).
public enum TViewVersion {
    /// The version as `MAJOR.MINOR.PATCH`.
    public static let current = "0.7.0"
}
