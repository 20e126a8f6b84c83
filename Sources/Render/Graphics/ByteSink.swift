/// Where `ControlSequence`'s append functions write: a byte array, or memory written in place
/// (`BoundedByteWriter`, for the cell writer's frames, where an array's append costs a uniqueness
/// check and a capacity check per byte).
public protocol ByteSink {
    mutating func append(_ byte: UInt8)
}

extension Array: ByteSink where Element == UInt8 {}
