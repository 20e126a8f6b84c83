/// A sequence file decoded ahead: which one, and its picture or why it did not decode. Written by
/// the worker's job, read after `wait` (the worker's semaphores order the two).
final class DecodedMember: @unchecked Sendable {
    var index = -1
    var result: Result<RGBAImage, DecodeError>?
}
