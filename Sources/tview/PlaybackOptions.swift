import ArgumentParser

/// How playing goes: what `PlaybackArguments` parses or `QuickCommandLine` reads.
struct PlaybackOptions: Equatable {
    static let defaults = PlaybackOptions()

    var loops: Int?
    var duration: Double?
    var cacheMb: Int = 10
    var grid: GridChoice?
    var inline = false
    var paused = false
    var noStatus = false
    var animate = false
    var stats = false

    /// What is wrong with these options together, for a usage error; nil when nothing is.
    var problem: String? {
        if let loops, loops < 0 { return "--loops takes 0 (forever) or more" }
        if cacheMb < 0 || cacheMb > 4096 { return "--cache-mb takes 0 to 4096" }
        if let duration, !(duration > 0) { return "--duration takes a number of seconds above 0" }
        if inline && grid != nil { return "--inline and --grid cannot be used together" }
        return nil
    }

    var timeLimit: Duration? {
        duration.map { .nanoseconds(Int64(($0 * 1e9).rounded())) }
    }
}

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
