internal import CFuzzer

/// Runs libFuzzer (its flags and corpus folders from the command line) on `body`, or replays
/// the files named there; returns its exit status.
public enum FuzzDriver {
    public static func run(_ body: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Int32 {
        var count = CommandLine.argc
        var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        return LLVMFuzzerRunDriver(&count, &arguments, body)
    }
}
