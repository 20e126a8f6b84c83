/// A printf-style frame pattern, `frames/img-%04d.png` or `%d.jpg`: the folder, what comes
/// before and after the number in names, and the padded width (`%04d`: 4; `%d`: none).
struct PrintfPattern: Equatable {
    let directory: String
    let prefix: String
    let suffix: String
    let width: Int?

    /// Nil unless the last path component holds exactly one `%d` or `%0Nd` (`%%` is a percent).
    init?(_ argument: String) {
        let slash = argument.lastIndex(of: "/")
        let directory = slash.map { String(argument[...$0]) } ?? ""
        let name = slash.map { String(argument[argument.index(after: $0)...]) } ?? argument
        var prefix = "", suffix = ""
        var width: Int? = nil
        var found = false
        var characters = Array(name)[...]
        while let character = characters.popFirst() {
            guard character == "%" else {
                if found { suffix.append(character) } else { prefix.append(character) }
                continue
            }
            if characters.first == "%" {
                characters.removeFirst()
                if found { suffix.append("%") } else { prefix.append("%") }
                continue
            }
            var digits = ""
            while let next = characters.first, next.isASCII, next.isNumber {
                digits.append(next)
                characters.removeFirst()
            }
            guard !found, characters.popFirst() == "d" else { return nil }
            found = true
            if !digits.isEmpty {
                guard digits.hasPrefix("0"), let value = Int(digits), (1...12).contains(value) else { return nil }
                width = value
            }
        }
        guard found else { return nil }
        self.directory = directory
        self.prefix = prefix
        self.suffix = suffix
        self.width = width
    }

    /// The number in `name`, if `name` is prefix, digits, suffix (with a width, at least that
    /// many digits, as printf writes them).
    func number(inName name: String) -> Int? {
        guard name.hasPrefix(prefix), name.hasSuffix(suffix), name.count > prefix.count + suffix.count else {
            return nil
        }
        let digits = name.dropFirst(prefix.count).dropLast(suffix.count)
        guard digits.allSatisfy({ $0.isASCII && $0.isNumber }), digits.count <= 12 else { return nil }
        if let width {
            guard digits.count == width || (digits.count > width && digits.first != "0") else { return nil }
        } else if digits.count > 1 && digits.first == "0" {
            return nil
        }
        return Int(digits)
    }
}
