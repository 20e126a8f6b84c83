import ArgumentParser

/// `--grid 6x4`, `--grid auto`.
struct GridChoice: ExpressibleByArgument, Equatable {
    /// Columns and rows; nil for auto.
    let size: (columns: Int, rows: Int)?

    init?(argument: String) {
        if argument == "auto" {
            size = nil
            return
        }
        guard let (columns, rows) = Dimensions.parse(argument, widths: 1...64, heights: 1...64) else { return nil }
        size = (columns, rows)
    }

    static func == (left: GridChoice, right: GridChoice) -> Bool {
        left.size?.columns == right.size?.columns && left.size?.rows == right.size?.rows
    }
}
