import FuzzSupport
import Glibc

exit(FuzzDriver.run { data, size in DecodeFuzzing.run(data, size, format: .avif) })
