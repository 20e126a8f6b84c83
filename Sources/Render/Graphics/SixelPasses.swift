import Decode

/// The body of a sixel image as passes over each band: a pass goes once from left to right and
/// paints one register in each column it touches, so neighbouring columns of different colours
/// cost a colour selection (`#n`) and no trip back (`$`) with a run of empty columns, which is
/// what a pass for each colour costs. Measured on med.gif at 3x (a dithered gradient and noise
/// changing every frame): 30 % fewer bytes than a pass for each colour.
///
/// A band's pixels are in one of three states: to be painted (changed, or every pixel of a
/// whole image), on screen already in their colour (they may be painted again in it, when that
/// makes a run longer), and never painted (the padding around the picture, not part of the
/// image). A pass may paint over a pixel still to be painted with another colour, when that
/// makes a run longer: a later pass paints it in its own.
struct SixelPasses {
    /// `count` columns of one sixel character (`bits`) in `register`, or the end of a pass (`$`)
    /// or of a band (`-`). `selects`: the register is selected (`#n`) before it, as it differs
    /// from the one selected last (a selection holds across `$` and `-`); `selections` counts
    /// these, so the numbers given and the selections written follow one rule.
    struct Step {
        var register: Int16
        var bits: UInt8
        var count: Int32
        var selects = false
    }

    /// A run of empty columns, in no register.
    static let noRegister: Int16 = -1
    static let passEnd: Int16 = -2
    static let bandEnd: Int16 = -3

    /// At most this many columns are passed over for the register a pass paints (measured: 4 %
    /// fewer bytes at a picture's own size, 1 % at 3x).
    static let deferred = 3

    private(set) var steps: [Step] = []
    /// How often each register is selected, in the order the steps are written.
    private(set) var selections = [Int](repeating: 0, count: 256)
    private var selected: Int16 = -1

    /// - Parameters:
    ///   - registers: a register for each pixel, row by row (`width` × `height`).
    ///   - painted: which pixels must be painted (nil: every pixel in `paintable`).
    ///   - paintable: the pixels that may be painted (their colour is their register's); the
    ///     others are left as the terminal shows them.
    init(registers: [UInt8], width: Int, height: Int, painted: [Bool]?, paintable: PixelRect) {
        var toPaint = [UInt8](repeating: 0, count: width)
        var mayPaint = [UInt8](repeating: 0, count: width)
        var columns = [UInt8](repeating: 0, count: width * 6)
        var choice = [Int16](repeating: -1, count: width)
        let all = [Bool]()
        registers.withUnsafeBufferPointer { registers in
            (painted ?? all).withUnsafeBufferPointer { painted in
                toPaint.withUnsafeMutableBufferPointer { toPaint in
                    mayPaint.withUnsafeMutableBufferPointer { mayPaint in
                        columns.withUnsafeMutableBufferPointer { columns in
                            choice.withUnsafeMutableBufferPointer { choice in
                                var band = Band(
                                    width: width, toPaint: toPaint, mayPaint: mayPaint, columns: columns, choice: choice
                                )
                                for top in stride(from: 0, to: height, by: 6) {
                                    let remaining = band.load(
                                        registers: registers, top: top, rows: min(6, height - top), painted: painted,
                                        paintable: paintable)
                                    paint(&band, remaining: remaining)
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// One band's passes, until every pixel to be painted is.
    private mutating func paint(_ band: inout Band, remaining: Int) {
        var remaining = remaining
        guard remaining > 0 else {
            steps.append(Step(register: Self.bandEnd, bits: 0, count: 0))
            return
        }
        while remaining > 0 {
            let (first, last) = band.chooseRegisters()
            if first > 0 { append(Self.noRegister, bits: 0, count: first) }
            var x = first
            var register: Int16 = -1
            while x <= last {
                if band.choice[x] >= 0 { register = band.choice[x] }
                let (bits, count) = band.longestRun(of: register, from: x, through: last)
                if bits == 0 {
                    append(Self.noRegister, bits: 0, count: count)
                } else {
                    remaining -= band.paint(register, bits: bits, from: x, count: count)
                    append(register, bits: bits, count: count)
                }
                x += count
            }
            steps.append(Step(register: remaining > 0 ? Self.passEnd : Self.bandEnd, bits: 0, count: 0))
        }
    }

    private mutating func append(_ register: Int16, bits: UInt8, count: Int) {
        if let last = steps.last, last.register >= Self.noRegister, last.bits == bits,
            bits == 0 || last.register == register
        {
            steps[steps.count - 1].count += Int32(count)
            return
        }
        let selects = bits != 0 && register != selected
        if selects {
            selections[Int(register)] += 1
            selected = register
        }
        steps.append(Step(register: register, bits: bits, count: Int32(count), selects: selects))
    }

    /// One band's state: for each column, the six pixels' registers and which of them are still
    /// to be painted and may be painted, as bits (bit 0 the top row, as in a sixel character).
    private struct Band {
        let width: Int
        let toPaint: UnsafeMutableBufferPointer<UInt8>
        let mayPaint: UnsafeMutableBufferPointer<UInt8>
        /// Registers column by column, six a column.
        let columns: UnsafeMutableBufferPointer<UInt8>
        /// The register each column paints in this pass (-1: none).
        let choice: UnsafeMutableBufferPointer<Int16>
        /// The columns with pixels still to be painted lie in low...high.
        var low = 0
        var high = -1

        /// Reads the band at `top`; returns how many of its pixels are to be painted.
        /// `painted` empty: every pixel in `paintable` is to be painted.
        mutating func load(
            registers: UnsafeBufferPointer<UInt8>, top: Int, rows: Int, painted: UnsafeBufferPointer<Bool>,
            paintable: PixelRect
        ) -> Int {
            for x in 0..<width {
                toPaint[x] = 0
                mayPaint[x] = 0
            }
            var count = 0
            for bit in 0..<rows {
                let y = top + bit
                guard y >= paintable.y && y < paintable.maxY else { continue }
                let row = y * width
                let mask = UInt8(1) << bit
                for x in paintable.x..<paintable.maxX {
                    columns[x * 6 + bit] = registers[row + x]
                    mayPaint[x] |= mask
                }
                if painted.isEmpty {
                    for x in paintable.x..<paintable.maxX { toPaint[x] |= mask }
                    count += paintable.width
                } else {
                    for x in paintable.x..<paintable.maxX where painted[row + x] {
                        toPaint[x] |= mask
                        count += 1
                    }
                }
            }
            low = 0
            while low < width && toPaint[low] == 0 { low += 1 }
            high = width - 1
            while high >= low && toPaint[high] == 0 { high -= 1 }
            return count
        }

        /// The bits of column `x` whose pixels are in `register`.
        @inline(__always)
        func own(_ register: Int16, _ x: Int) -> UInt8 {
            let base = x * 6
            var bits: UInt8 = 0
            for bit in 0..<6 where Int16(columns[base + bit]) == register { bits |= 1 << bit }
            return bits
        }

        /// Column `x` has a pixel in `register` still to be painted.
        @inline(__always)
        func needs(_ register: Int16, _ x: Int) -> Bool {
            var bits = toPaint[x]
            while bits != 0 {
                if Int16(columns[x * 6 + bits.trailingZeroBitCount]) == register { return true }
                bits &= bits - 1
            }
            return false
        }

        /// Picks the register each column paints in this pass: the one before it while it has
        /// pixels there to paint (or it has again within `deferred` columns: those wait), else,
        /// of those it has, the one that goes on furthest (which makes the fewest changes of
        /// colour along the pass). Returns the first and last columns that paint.
        mutating func chooseRegisters() -> (first: Int, last: Int) {
            var current: Int16 = -1
            var x = low
            while x <= high {
                let waiting = toPaint[x]
                if waiting == 0 {
                    choice[x] = -1
                    x += 1
                    continue
                }
                if current >= 0 && needs(current, x) {
                    choice[x] = current
                    x += 1
                    continue
                }
                // A few columns before the register is needed again are left to a later pass
                // (the run goes on over them): dither dots of two colours by turns go out as a
                // pass of each, not a selection a dot.
                if current >= 0 {
                    var next = x + 1
                    while next <= high && next - x <= SixelPasses.deferred && !needs(current, next) { next += 1 }
                    if next <= high && next - x <= SixelPasses.deferred {
                        for column in x..<next { choice[column] = -1 }
                        x = next
                        continue
                    }
                }
                var best: Int16 = -1
                var reach = x
                var candidates = waiting
                while candidates != 0 {
                    let bit = candidates.trailingZeroBitCount
                    candidates &= candidates - 1
                    let register = Int16(columns[x * 6 + bit])
                    // A register in more than one row is tried once.
                    if own(register, x) & waiting & ((1 << bit) - 1) != 0 { continue }
                    var end = x + 1
                    while end <= high && (toPaint[end] == 0 || needs(register, end)) { end += 1 }
                    if end > reach {
                        best = register
                        reach = end
                    }
                }
                for column in x..<reach { choice[column] = toPaint[column] == 0 ? -1 : best }
                current = best
                x = reach
            }
            var last = high
            while choice[last] < 0 { last -= 1 }
            return (low, last)
        }

        /// The longest run from `x` (through `last`) that one character in `register` can
        /// paint: every pixel of the register still to be painted where the column paints it,
        /// and, where that keeps the character the same, its pixels on screen already and other
        /// colours' pixels still to be painted (a later pass paints them). Empty (bits 0) where
        /// nothing is to be painted.
        func longestRun(of register: Int16, from x: Int, through last: Int) -> (bits: UInt8, count: Int) {
            var lower: UInt8 = 0
            var upper: UInt8 = 63
            var column = x
            while column <= last {
                let chosen = choice[column]
                if chosen >= 0 && chosen != register { break }
                let own = register < 0 ? 0 : own(register, column)
                let must = toPaint[column] & own
                let may = (mayPaint[column] & own) | toPaint[column]
                if (lower | must) & ~(upper & may) != 0 { break }
                lower |= must
                upper &= may
                column += 1
            }
            return (lower == 0 ? 0 : upper, column - x)
        }

        /// Paints `count` columns from `x` with `bits` in `register`; returns how many pixels
        /// that finished.
        mutating func paint(_ register: Int16, bits: UInt8, from x: Int, count: Int) -> Int {
            var done = 0
            for column in x..<(x + count) {
                let finished = toPaint[column] & bits & own(register, column)
                toPaint[column] &= ~finished
                done += finished.nonzeroBitCount
            }
            while low <= high && toPaint[low] == 0 { low += 1 }
            while high >= low && toPaint[high] == 0 { high -= 1 }
            return done
        }
    }
}
