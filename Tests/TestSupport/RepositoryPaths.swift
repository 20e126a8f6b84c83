/// Paths inside the repository, for tests in any target.
public enum RepositoryPaths {
    public static let repository: String = {
        var path = #filePath
        for _ in 0..<3 { path = String(path[..<path.lastIndex(of: "/")!]) }
        return path
    }()

    public static func sample(_ name: String) -> String { repository + "/samples/good/" + name }
}
