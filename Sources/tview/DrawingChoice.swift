import ArgumentParser

/// `--draw`.
enum DrawingChoice: String, ExpressibleByArgument, CaseIterable {
    case direct, curses
}
