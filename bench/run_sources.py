#!/usr/bin/env python3
"""Image sequences: the first frame of a 1000-frame sequence (480x270 PNGs made by ffmpeg into
MEDIA/seq1000), median of five runs in a pseudo-terminal at 160x48, and one second of playing it
(CPU, peak RSS). Writes bench/results/sources.md.

usage: bench/run_sources.py --media DIR [--out bench/results/sources.md]
"""
import argparse
import os
import statistics
import subprocess

from benchlib import RESULTS, TVIEW
import benchlib


def ptyrun(command, seconds):
    return benchlib.ptyrun(command, seconds)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--media", required=True)
    parser.add_argument("--out", default=os.path.join(RESULTS, "sources.md"))
    args = parser.parse_args()
    folder = os.path.join(args.media, "seq1000")
    if len([n for n in os.listdir(folder) if n.endswith(".png")] if os.path.isdir(folder) else []) != 1000:
        os.makedirs(folder, exist_ok=True)
        subprocess.run(["ffmpeg", "-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i",
                        "testsrc2=size=480x270:rate=25:duration=40", "-frames:v", "1000",
                        os.path.join(folder, "img-%04d.png")], check=True)
    pattern = os.path.join(folder, "img-%04d.png")
    firsts = [ptyrun([TVIEW, "-t", "0.5", pattern], 5)["first_frame_s"] for _ in range(5)]
    playing = ptyrun([TVIEW, "-t", "5", pattern], 10)
    lines = [
        "# Image sequences",
        "",
        "1000 PNG files of 480x270 (`testsrc2`), `tview 'seq1000/img-%04d.png'` at 160x48 in a pseudo-terminal.",
        "",
        f"- first frame, median of 5: {statistics.median(firsts) * 1000:.1f} ms "
        f"(runs: {', '.join(f'{f * 1000:.1f}' for f in firsts)}; target at most 50 ms)",
        f"- playing 5 s at 25 fps: {playing['cpu_pct']:.1f} % CPU, peak RSS {playing['maxrss_mb']:.1f} MB",
    ]
    open(args.out, "w").write("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
