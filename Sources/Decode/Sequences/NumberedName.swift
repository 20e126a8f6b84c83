/// A file name split around its last run of digits: `img-0042.png` → "img-", 42 (4 digits),
/// ".png".
struct NumberedName: Equatable {
    let prefix: String
    let number: Int
    let digits: Int
    let suffix: String

    init?(_ name: String) {
        let characters = Array(name)
        guard let last = characters.lastIndex(where: { $0.isASCII && $0.isNumber }) else { return nil }
        var first = last
        while first > 0, characters[first - 1].isASCII, characters[first - 1].isNumber { first -= 1 }
        guard last - first < 12, let number = Int(String(characters[first...last])) else { return nil }
        prefix = String(characters[..<first])
        suffix = String(characters[(last + 1)...])
        self.number = number
        digits = last - first + 1
    }

    /// `a2` before `a10`: runs of digits compare as numbers, the rest as text.
    static func naturalOrder(_ a: String, _ b: String) -> Bool {
        var left = Array(a)[...], right = Array(b)[...]
        while let x = left.first, let y = right.first {
            if x.isASCII && x.isNumber && y.isASCII && y.isNumber {
                let xs = left.prefix { $0.isASCII && $0.isNumber }, ys = right.prefix { $0.isASCII && $0.isNumber }
                let xn = xs.drop { $0 == "0" }, yn = ys.drop { $0 == "0" }
                if xn.count != yn.count { return xn.count < yn.count }
                if xn != yn { return String(xn) < String(yn) }
                left = left.dropFirst(xs.count)
                right = right.dropFirst(ys.count)
            } else {
                if x != y { return x < y }
                left = left.dropFirst()
                right = right.dropFirst()
            }
        }
        return left.count < right.count
    }
}
