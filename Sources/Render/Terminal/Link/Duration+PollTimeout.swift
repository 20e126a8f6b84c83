import Glibc

extension Duration {
    /// This duration as poll(2)'s timeout: whole milliseconds rounded up (waking a little late
    /// is fine, waking early would spin), at most CInt.max, never negative.
    var pollTimeout: CInt {
        let parts = components
        let milliseconds = parts.seconds * 1000 + (parts.attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return CInt(max(0, min(milliseconds, Int64(CInt.max))))
    }
}
