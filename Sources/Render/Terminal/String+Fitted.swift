extension String {
    /// Cut or padded with spaces to `width` characters (a status line's row).
    func fitted(to width: Int) -> String {
        let width = max(0, width)
        let cut = String(prefix(width))
        return cut + String(repeating: " ", count: max(0, width - cut.count))
    }
}
