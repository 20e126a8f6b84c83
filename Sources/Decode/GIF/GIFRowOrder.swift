/// The order in which a GIF image's rows arrive: top to bottom, or the four interlace passes
/// (every 8th row from 0, every 8th from 4, every 4th from 2, every 2nd from 1).
struct GIFRowOrder: Sequence, IteratorProtocol {
    private let height: Int
    private let interlaced: Bool
    private var pass = 0
    private var step = 0

    private static let starts = [0, 4, 2, 1]
    private static let steps = [8, 8, 4, 2]

    init(height: Int, interlaced: Bool) {
        self.height = height
        self.interlaced = interlaced
    }

    mutating func next() -> Int? {
        guard interlaced else {
            guard step < height else { return nil }
            defer { step += 1 }
            return step
        }
        while pass < 4 {
            let row = Self.starts[pass] + step * Self.steps[pass]
            if row < height {
                step += 1
                return row
            }
            pass += 1
            step = 0
        }
        return nil
    }
}
