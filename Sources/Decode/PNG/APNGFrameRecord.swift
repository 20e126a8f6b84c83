/// One animation frame as found in the file: its control chunk and the chunks holding its data
/// (the IDAT chunks for a default image that is frame 0, else its fdAT chunks).
struct APNGFrameRecord {
    let control: APNGFrameControl
    let usesDefaultImage: Bool
    var dataChunks: [PNGChunk] = []
}
