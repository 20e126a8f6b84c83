/// Where one chunk sits in the file: `offset` is the start of its length field, so the whole
/// chunk (length, type, data, CRC) spans `offset ..< offset + 12 + length`.
struct PNGChunk {
    let offset: Int
    let length: Int
    let type: String

    var dataOffset: Int { offset + 8 }
    var totalLength: Int { 12 + length }

    static let ihdr = "IHDR"
    static let plte = "PLTE"
    static let trns = "tRNS"
    static let idat = "IDAT"
    static let iend = "IEND"
    static let actl = "acTL"
    static let fctl = "fcTL"
    static let fdat = "fdAT"
    static let exif = "eXIf"
    static let iccp = "iCCP"
    static let srgb = "sRGB"
    static let gama = "gAMA"
    static let chrm = "cHRM"
}
