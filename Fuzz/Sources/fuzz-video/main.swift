import FuzzSupport
import Glibc

// MP4/MOV, WebM and Matroska alike: the same FFmpeg path reads them all.
exit(FuzzDriver.run { data, size in DecodeFuzzing.run(data, size, format: .mp4) })
