import TViewKit

extension DisplayOptions {
    /// What these options ask of pictures (nil: the terminal decides, or for a still where no
    /// terminal is asked, `PictureOptions.textStyle`'s defaults).
    var pictureOptions: PictureOptions {
        let pixelChoice: PixelChoice
        switch pixels {
        case .auto: pixelChoice = .auto
        case .none: pixelChoice = .none
        case .kitty: pixelChoice = .only(.kitty)
        case .sixel: pixelChoice = .only(.sixel)
        case .iterm2: pixelChoice = .only(.iterm2)
        }
        return PictureOptions(
            colors: colors.textColors, symbols: symbols.textSymbols, eighthBlocks: !symbols.alone,
            wedges: symbols.wedges, background: bg.color, dither: dither, enlarges: !noUpscale,
            area: size.map { ($0.columns, $0.rows) }, tolerance: tolerance, pixels: pixelChoice, pacing: !noPacing,
            drawsThroughCurses: draw == .curses)
    }

    /// How these options draw a still frame as text, in `colors` (no terminal is asked).
    func textStyle(colors: TextColors) -> TextStyle {
        pictureOptions.textStyle(colors: colors)
    }

    /// The colours for output that is not a terminal: `--colors`, else what the environment says
    /// (mono under NO_COLOR, else truecolor).
    func outputColors(environment: [String: String]) -> TextColors {
        colors.textColors ?? TextColors.forOutput(environment: environment)
    }

    /// The pixel protocol `--pixels` names; nil for auto and none (text).
    var pixelProtocol: PixelProtocol? {
        if case .only(let named) = pictureOptions.pixels { return named }
        return nil
    }
}
