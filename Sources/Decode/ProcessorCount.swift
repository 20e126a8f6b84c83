import Glibc

/// How many processors this process may run on: for the work split across them (a first
/// frame's bands, decoding ahead), and for decoders' own thread pools.
public enum ProcessorCount {
    public static var online: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }
}
