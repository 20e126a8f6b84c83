public import Decode

extension RGBA {
    /// This pixel over an opaque `background` (its alpha ignored), as straight-alpha blending
    /// rounds it: what partial transparency shows as on a terminal.
    @inline(__always)
    public func over(r backgroundRed: UInt8, g backgroundGreen: UInt8, b backgroundBlue: UInt8) -> RGBA {
        guard a < 255 else { return RGBA(r: r, g: g, b: b) }
        let alpha = Int(a)
        @inline(__always) func mix(_ value: UInt8, _ under: UInt8) -> UInt8 {
            UInt8((Int(value) * alpha + Int(under) * (255 - alpha) + 127) / 255)
        }
        return RGBA(r: mix(r, backgroundRed), g: mix(g, backgroundGreen), b: mix(b, backgroundBlue))
    }
}
