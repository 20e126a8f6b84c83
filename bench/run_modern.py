#!/usr/bin/env python3
"""Animated AVIF and JPEG XL: med (480x270, 120 frames) and big (1280x720, 600 frames) from
../shared/bench made into MEDIA/{med,big}.{avif,jxl} (avifenc 4:2:0 8-bit at speed 8; cjxl
lossless from the GIF, its default for GIF, and lossy at distance 1, both at effort 3), then tview and chafa on each in a pseudo-terminal at 160x48
(half blocks for tview, chafa's defaults): first frame (median of five runs), CPU and peak RSS
over 10 s of playing. Writes bench/results/modern.md.

usage: bench/run_modern.py --media DIR [--out bench/results/modern.md]
"""
import argparse
import os
import statistics
import subprocess

from benchlib import RESULTS, TVIEW
import benchlib
PLAY_SECONDS = 10


def ptyrun(command, seconds):
    return benchlib.ptyrun(command, seconds)


def make(media, name):
    gif = os.path.join(media, name + ".gif")
    avif = os.path.join(media, name + ".avif")
    jxl = os.path.join(media, name + ".jxl")
    lossy_jxl = os.path.join(media, name + "-lossy.jxl")
    if not os.path.exists(avif):
        ffmpeg = subprocess.Popen(["ffmpeg", "-hide_banner", "-loglevel", "error", "-i", gif, "-pix_fmt", "yuv420p",
                                   "-f", "yuv4mpegpipe", "-"], stdout=subprocess.PIPE)
        subprocess.run(["avifenc", "--stdin", "-j", "2", "-s", "8", "--fps", "25", avif], stdin=ffmpeg.stdout,
                       check=True, capture_output=True)
        ffmpeg.wait()
    if not os.path.exists(jxl):
        subprocess.run(["cjxl", gif, jxl, "-e", "3"], check=True, capture_output=True)
    if not os.path.exists(lossy_jxl):
        subprocess.run(["cjxl", gif, lossy_jxl, "-d", "1", "-e", "3"], check=True, capture_output=True)
    return [avif, jxl, lossy_jxl]


def commands(path):
    return {
        "tview": [TVIEW, "--pixels", "none", path],
        "chafa": ["chafa", "-d", str(PLAY_SECONDS + 5), path],
    }


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--media", required=True)
    parser.add_argument("--out", default=os.path.join(RESULTS, "modern.md"))
    args = parser.parse_args()
    chafa = subprocess.run(["chafa", "--version"], capture_output=True, text=True).stdout.splitlines()[0]
    rows = []
    for name in ("med", "big"):
        for path in make(args.media, name):
            size = os.path.getsize(path) / 1e6
            for tool, command in commands(path).items():
                firsts = [ptyrun(command, 4).get("first_frame_s") for _ in range(5)]
                firsts = [f for f in firsts if f is not None]
                playing = ptyrun(command, PLAY_SECONDS)
                first = f"{statistics.median(firsts) * 1000:.0f} ms" if firsts else "—"
                rows.append(f"| {os.path.basename(path)} ({size:.2f} MB) | {tool} | {first} | "
                            f"{playing['cpu_pct']:.1f} % | {playing['maxrss_mb']:.1f} MB |")
                print(rows[-1], flush=True)
    lines = [
        "# Animated AVIF and JPEG XL",
        "",
        f"One run of `bench/run_modern.py` ({chafa}). 160x48 cells in a pseudo-terminal (ptyrun); tview in half "
        f"blocks (`--pixels none`), chafa with its defaults. First frame: median of five runs; CPU and peak RSS: "
        f"{PLAY_SECONDS} s of playing. med: 480x270, 120 frames; big: 1280x720, 600 frames (../shared/bench); "
        "AVIF by avifenc 4:2:0 8-bit, JPEG XL by cjxl from the GIF: lossless (its default for GIF) and "
        "lossy (`-lossy`, distance 1).",
        "",
        "| file | tool | first frame | CPU | peak RSS |",
        "| --- | --- | --- | --- | --- |",
    ] + rows
    open(args.out, "w").write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
