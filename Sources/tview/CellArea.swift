import ArgumentParser

/// `--size 80x24`.
struct CellArea: ExpressibleByArgument, Equatable {
    let columns: Int
    let rows: Int

    init?(argument: String) {
        guard let (columns, rows) = Dimensions.parse(argument, widths: 1...4000, heights: 1...2000) else { return nil }
        self.columns = columns
        self.rows = rows
    }
}
