import ArgumentParser
import TViewKit

/// `--bg auto`, `--bg #102030`, `--bg white`.
struct BackgroundColor: ExpressibleByArgument, Equatable {
    /// The colour asked for; nil for auto (the terminal's own).
    let color: RGBColor?

    static let auto = BackgroundColor(color: nil)

    init(color: RGBColor?) {
        self.color = color
    }

    init?(argument: String) {
        switch argument.lowercased() {
        case "auto": self.init(color: nil)
        case "black": self.init(color: RGBColor(red: 0, green: 0, blue: 0))
        case "white": self.init(color: RGBColor(red: 255, green: 255, blue: 255))
        default:
            let hex = argument.hasPrefix("#") ? String(argument.dropFirst()) : argument
            guard hex.count == 6, let value = UInt32(hex, radix: 16) else { return nil }
            self.init(
                color: RGBColor(red: UInt8(value >> 16), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF)))
        }
    }

    /// How `--help` shows the default: as it would be typed.
    var defaultValueDescription: String {
        guard let color else { return "auto" }
        switch (color.red, color.green, color.blue) {
        case (0, 0, 0): return "black"
        case (255, 255, 255): return "white"
        default:
            return "#"
                + [color.red, color.green, color.blue].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
        }
    }
}
