/// "WxH" as options spell sizes and grids (`80x24`, `8x4`, `64X64`): two whole numbers within
/// their limits, or nil.
enum Dimensions {
    static func parse(_ argument: String, widths: ClosedRange<Int>, heights: ClosedRange<Int>) -> (Int, Int)? {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]), widths.contains(width),
            heights.contains(height)
        else { return nil }
        return (width, height)
    }
}
