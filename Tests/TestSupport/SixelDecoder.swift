public import Decode

/// Reads a sixel sequence back into pixels, as a terminal would: raster attributes, colour
/// registers (`#n;2;r;g;b` in percent), `!n` runs, `$` and `-`. Independent of the encoder, so
/// tests can check what a terminal would show.
public struct SixelDecoder {
    public enum Failure: Error, Equatable {
        case notSixel, badNumber
        case undefinedRegister(Int)
        case unterminated
    }

    /// The picture (unpainted pixels transparent) and the registers used.
    public static func decode(_ bytes: [UInt8]) throws -> (image: RGBAImage, registers: Set<Int>) {
        guard bytes.starts(with: Array("\u{1B}P".utf8)), let q = bytes.firstIndex(of: UInt8(ascii: "q")) else {
            throw Failure.notSixel
        }
        guard bytes.suffix(2) == Array("\u{1B}\\".utf8)[...] else { throw Failure.unterminated }
        var index = q + 1
        let end = bytes.count - 2
        func number() throws -> Int {
            var value = 0
            var digits = 0
            while index < end, let digit = bytes[index].digitValue {
                value = value * 10 + digit
                digits += 1
                index += 1
            }
            guard digits > 0 else { throw Failure.badNumber }
            return value
        }
        func numbers() throws -> [Int] {
            var list = [try number()]
            while index < end, bytes[index] == UInt8(ascii: ";") {
                index += 1
                list.append(try number())
            }
            return list
        }
        var width = 0, height = 0
        if index < end, bytes[index] == UInt8(ascii: "\"") {
            index += 1
            let raster = try numbers()
            guard raster.count == 4 else { throw Failure.badNumber }
            width = raster[2]
            height = raster[3]
        }
        var image = RGBAImage(width: width, height: height)
        var palette: [Int: RGBA] = [:]
        var used: Set<Int> = []
        var current = 0
        var x = 0, bandTop = 0
        while index < end {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "#"):
                index += 1
                let values = try numbers()
                if values.count == 5, values[1] == 2 {
                    func level(_ percent: Int) -> UInt8 { UInt8((percent * 255 + 50) / 100) }
                    palette[values[0]] = RGBA(r: level(values[2]), g: level(values[3]), b: level(values[4]))
                } else {
                    current = values[0]
                }
            case UInt8(ascii: "$"):
                x = 0
                index += 1
            case UInt8(ascii: "-"):
                x = 0
                bandTop += 6
                index += 1
            case UInt8(ascii: "!"):
                index += 1
                let run = try number()
                try paint(bytes[index], count: run)
                index += 1
            case 63...126:
                try paint(byte, count: 1)
                index += 1
            default:
                index += 1
            }
        }
        func paint(_ character: UInt8, count: Int) throws {
            guard let color = palette[current] else { throw Failure.undefinedRegister(current) }
            let bits = Int(character) - 63
            for _ in 0..<count {
                for bit in 0..<6 where bits & (1 << bit) != 0 {
                    let y = bandTop + bit
                    if x < width && y < height { image[x, y] = color }
                }
                x += 1
            }
            used.insert(current)
        }
        return (image, used)
    }
}

extension UInt8 {
    fileprivate var digitValue: Int? { (48...57).contains(self) ? Int(self) - 48 : nil }
}
