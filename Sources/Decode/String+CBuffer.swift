extension String {
    /// The C string a library wrote into `buffer` (up to its first zero byte), as UTF-8 with
    /// invalid bytes replaced.
    init(cBuffer buffer: [CChar]) {
        self.init(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
