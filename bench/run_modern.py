#!/usr/bin/env python3
"""Animated AVIF and JPEG XL: med (480x270, 120 frames) and big (1280x720, 600 frames) of the
bench media (bench/make_media.py) made into MEDIA/{med,big}.{avif,jxl} (avifenc 4:2:0 8-bit at
speed 8; cjxl lossless from the GIF, its default for GIF, and lossy at distance 1, both at effort
3), then tview (its default symbols as it finds the pseudo-terminal, and half blocks) and chafa
(the newest, built by `make bench-peers`, and Debian 12's, with their default symbols) on each in
a pseudo-terminal at 160x48: first frame (median of five runs), CPU and peak RSS over 10 s of
playing. Writes bench/results/modern.md.

usage: bench/run_modern.py --media DIR [--out bench/results/modern.md]
"""
import argparse
import os
import statistics
import subprocess

from benchlib import CHAFA, CHAFA_DEBIAN, RESULTS, TVIEW
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


def commands(path, chafas):
    out = {
        "tview": [TVIEW, "--pixels", "none", path],
        "tview --symbols half": [TVIEW, "--pixels", "none", "--symbols", "half", path],
    }
    for label, binary in chafas:
        out[label] = [binary, "-d", str(PLAY_SECONDS + 5), path]
    return out


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--media", required=True)
    parser.add_argument("--out", default=os.path.join(RESULTS, "modern.md"))
    args = parser.parse_args()
    found = [(benchlib.version(binary), suffix, binary) for binary, suffix in ((CHAFA, ""), (CHAFA_DEBIAN, " (Debian 12)"))]
    chafas = [(name + suffix, binary) for name, suffix, binary in found if name]
    absent = "" if found[0][0] else f" (chafa 1.18 {benchlib.peer_missing(CHAFA)})"
    rows = []
    for name in ("med", "big"):
        for path in make(args.media, name):
            size = os.path.getsize(path) / 1e6
            for tool, command in commands(path, chafas).items():
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
        f"One run of `bench/run_modern.py`. 160x48 cells in a pseudo-terminal (ptyrun, TERM=xterm-256color); tview "
        f"with `--pixels none` in its default symbols (quadrants with eighth blocks in this terminal) and in half "
        f"blocks, {' and '.join(label for label, _ in chafas) or 'no chafa'} with their defaults{absent}. "
        f"First frame: median of five runs (—: nothing on screen within 4 s); CPU and peak RSS: "
        f"{PLAY_SECONDS} s of playing. med: 480x270, 120 frames; big: 1280x720, 600 frames (bench/make_media.py); "
        "AVIF by avifenc 4:2:0 8-bit, JPEG XL by cjxl from the GIF: lossless (its default for GIF) and "
        "lossy (`-lossy`, distance 1).",
        "",
        "| file | tool | first frame | CPU | peak RSS |",
        "| --- | --- | --- | --- | --- |",
    ] + rows
    open(args.out, "w").write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
