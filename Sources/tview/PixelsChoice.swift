import ArgumentParser

/// `--pixels`.
enum PixelsChoice: String, ExpressibleByArgument, CaseIterable {
    case auto, kitty, sixel, iterm2, none
}
