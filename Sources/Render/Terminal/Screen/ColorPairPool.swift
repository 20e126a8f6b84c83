import Playback
/// Hands out colour pairs for (foreground, background) combinations and never redefines a pair
/// that a cell still on screen uses: each pair counts the cells drawn with it, and one whose
/// count falls to zero is reused only after the frame that released it has reached the screen
/// (`commit`). When every pair is taken, a combination falls back to the nearest of a fixed set
/// of pairs over the 8 classic colours, defined once and never changed.
///
/// Colour numbers are ncurses': -1 is the terminal's default, others are palette indices or, on
/// direct-colour terminals, 0xRRGGBB values.
struct ColorPairPool {
    typealias Key = Int64

    /// Pairs 1…81: every (fg, bg) of {default, 0…7}.
    static let reservedColors: [Int32] = [-1, 0, 1, 2, 3, 4, 5, 6, 7]
    private static let firstDynamic = 1 + reservedColors.count * reservedColors.count

    private let capacity: Int
    private let define: (Int32, Int32, Int32) -> Void
    private var pairOfKey: [Key: Int32] = [:]
    private var keyOfPair: [Key?]
    private var useCount: [Int32]
    private var nextUnused: Int
    private var released: [Int32] = []
    private var reusable: [Int32] = []

    /// - Parameters:
    ///   - capacity: COLOR_PAIRS.
    ///   - define: init_extended_pair(pair, fg, bg).
    init(capacity: Int, define: @escaping (Int32, Int32, Int32) -> Void) {
        self.capacity = max(capacity, 1)
        self.define = define
        keyOfPair = [Key?](repeating: nil, count: self.capacity)
        useCount = [Int32](repeating: 0, count: self.capacity)
        nextUnused = Self.firstDynamic
        var pair: Int32 = 1
        for foreground in Self.reservedColors {
            for background in Self.reservedColors where Int(pair) < self.capacity {
                define(pair, foreground, background)
                pair += 1
            }
        }
    }

    static func key(_ foreground: Int32, _ background: Int32) -> Key {
        Int64(foreground) << 32 | Int64(UInt32(bitPattern: background))
    }

    /// The pair to draw a cell in; counts one more use of it.
    mutating func acquire(foreground: Int32, background: Int32, fallback: (Int32) -> Int32) -> Int32 {
        let key = Self.key(foreground, background)
        if let pair = pairOfKey[key] {
            useCount[Int(pair)] += 1
            return pair
        }
        guard let pair = freePair() else {
            return reservedPair(fallback(foreground), fallback(background))
        }
        if let old = keyOfPair[Int(pair)] { pairOfKey[old] = nil }
        keyOfPair[Int(pair)] = key
        pairOfKey[key] = pair
        useCount[Int(pair)] = 1
        define(pair, foreground, background)
        return pair
    }

    /// One cell drawn with `pair` was overwritten.
    mutating func release(_ pair: Int32) {
        guard Int(pair) >= Self.firstDynamic, Int(pair) < capacity, useCount[Int(pair)] > 0 else { return }
        useCount[Int(pair)] -= 1
        if useCount[Int(pair)] == 0 { released.append(pair) }
    }

    /// The frame is on screen: pairs it released may now be redefined.
    mutating func commit() {
        reusable.append(contentsOf: released)
        released.removeAll(keepingCapacity: true)
    }

    /// How many cells use `pair` (tests).
    func uses(of pair: Int32) -> Int32 { Int(pair) < capacity ? useCount[Int(pair)] : 0 }

    /// A pair never defined yet, else one released by an earlier frame. Fresh pairs go first:
    /// redefining a pair makes ncurses scan the whole screen for cells that use it, and a
    /// released pair may be wanted again for the same colours.
    private mutating func freePair() -> Int32? {
        if nextUnused < capacity {
            defer { nextUnused += 1 }
            return Int32(nextUnused)
        }
        while let pair = reusable.popLast() {
            if useCount[Int(pair)] == 0 { return pair }  // else it was taken up again meanwhile
        }
        return nil
    }

    private func reservedPair(_ foreground: Int32, _ background: Int32) -> Int32 {
        let count = Int32(Self.reservedColors.count)
        func slot(_ color: Int32) -> Int32 { color < 0 ? 0 : 1 + min(color, 7) }
        let pair = 1 + slot(foreground) * count + slot(background)
        return Int(pair) < capacity ? pair : 0  // a terminal with very few pairs: default colours

    }
}
