#!/usr/bin/env python3
"""The decoders' floors: what decoding alone costs, so a table can set each of tview's costs
beside it. Each floor is a program that decodes every frame of the file and does nothing else,
measured from outside as ptyrun measures tview: user + system seconds of the process (wait4),
and those seconds over the file's loop duration (CPU %, 100 % is one processor kept busy).

  GIF       gif_floor FILE 1: giflib's record API, every frame composited into one RGBA canvas
            (disposal 0-3, transparency, interlace, clipping: tview's browser model)
  JPEG XL   jxl_floor FILE 1 THREADS: libjxl, every frame to 8-bit RGBA as libjxl coalesces it;
            THREADS 0 no runner (the calling thread alone), N JxlThreadParallelRunner of N threads
  JPEG      djpeg -outfile /dev/null FILE (libjpeg-turbo's own tool; -scale M/8 for the DCT
            scaling tview uses at the size it shows)
  video     ffmpeg -threads 1 -i CLIP -f null - (as bench/run_video.py's floor row)

The programs are built by `make -C bench/floor` (cc -O2; pkg-config for libjxl and
libjxl_threads, -lgif for giflib, which has no .pc file) into .build/floor; `build()` runs it.

usage: python3 bench/floor/floors.py [--media DIR] [FILE...]
  without FILEs: big.gif and huge.gif of the bench media, and the 120-frame JPEG XL animations
  bench/run_photos.py makes (anim720-lossless.jxl, anim720-lossy.jxl) where they are there.
  Import it (`from floor import floors`, bench/ on the path) for build(), gif_floor(), ...
"""
import argparse
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
FLOOR = os.path.join(ROOT, ".build", "floor")


def build():
    """Builds the floor programs (make -C bench/floor) and returns their folder."""
    subprocess.run(["make", "-s", "-C", HERE, "OUT=" + FLOOR], check=True)
    return FLOOR


def run(command):
    """wall_s and cpu_s (user + system, the process and its threads) of `command`, its output
    thrown away, and what it said on stderr; raises on failure. (No peak RSS: a child forked
    from Python reports the parent's pages it held before exec.)"""
    began = time.monotonic()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.monotonic() - began
    message = process.stderr.read().decode(errors="replace").strip()
    process.stderr.close()
    if os.waitstatus_to_exitcode(status) != 0:
        raise RuntimeError(f"{' '.join(command)}: {message}")
    return {"wall_s": wall, "cpu_s": usage.ru_utime + usage.ru_stime, "said": message}


def gif_loop_seconds(path):
    """One loop of a GIF as a player times it: the delays of its graphic control blocks, a
    delay of 10 ms or less (or none) counted as 100 ms, as browsers and tview do."""
    data = open(path, "rb").read()
    position = 13 + (3 * (2 << (data[10] & 7)) if data[10] & 0x80 else 0)
    total = 0
    delay = None
    while position < len(data):
        kind = data[position]
        if kind == 0x21:  # an extension: the graphic control block holds the delay
            if data[position + 1] == 0xF9:
                delay = int.from_bytes(data[position + 4:position + 6], "little")
            position += 2
            while data[position]:
                position += data[position] + 1
            position += 1
        elif kind == 0x2C:  # an image: its descriptor, colour table and data
            flags = data[position + 9]
            position += 10 + (3 * (2 << (flags & 7)) if flags & 0x80 else 0) + 1
            while data[position]:
                position += data[position] + 1
            position += 1
            total += delay * 10 if delay and delay > 1 else 100
            delay = None
        else:
            break
    return total / 1000


def with_percent(figures, loop_seconds):
    figures["loop_s"] = loop_seconds
    figures["cpu_pct"] = 100 * figures["cpu_s"] / loop_seconds if loop_seconds else None
    return figures


def gif_floor(path, loop_seconds=None):
    """The GIF floor for one loop of `path`."""
    figures = run([os.path.join(FLOOR, "gif_floor"), path, "1"])
    return with_percent(figures, loop_seconds or gif_loop_seconds(path))


def jxl_loop_seconds(path):
    """One loop of a JPEG XL animation as a player times it, from its frame headers alone
    (`jxl_frames headers`, coalesced: the shown frames): a duration of 10 ms or less counted as
    100 ms, as for GIF. None for a still."""
    said = subprocess.run([os.path.join(FLOOR, "jxl_frames"), "headers", path, "coalesced"], capture_output=True,
                          text=True, check=True).stdout.splitlines()
    numerator, denominator = (int(n) for n in said[0].split("ticks ")[1].split()[0].split("/"))
    if not numerator:
        return None  # a still
    total = 0
    for line in said[2:]:
        cells = line.split()
        if len(cells) != 10 or not cells[0].isdigit():
            break
        milliseconds = int(cells[2]) * denominator * 1000 / numerator
        total += milliseconds if milliseconds > 10 else 100
    return total / 1000


def jxl_floor(path, loop_seconds=None, threads=0):
    """The JPEG XL floor for one loop: `threads` 0 decodes on one thread, N with libjxl's
    thread runner of N threads (its CPU then counts them all)."""
    figures = run([os.path.join(FLOOR, "jxl_floor"), path, "1", str(threads)])
    return with_percent(figures, loop_seconds or jxl_loop_seconds(path))


def jpeg_floor(path, scale=None):
    """libjpeg-turbo decoding one JPEG (djpeg), whole or at `scale` ("1/8" ... "8/8")."""
    return run(["djpeg"] + (["-scale", scale] if scale else []) + ["-outfile", os.devnull, path])


def video_floor(clip, loop_seconds):
    """FFmpeg decoding the clip alone on one thread, nothing shown."""
    figures = run(["ffmpeg", "-hide_banner", "-loglevel", "error", "-nostdin", "-threads", "1", "-i", clip,
                   "-f", "null", "-"])
    return with_percent(figures, loop_seconds)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--media", default="/tmp/tview-bench-media")
    parser.add_argument("files", nargs="*")
    options = parser.parse_args()
    build()
    rows = []
    files = options.files or [os.path.join(options.media, name) for name in
                              ("big.gif", "huge.gif", "anim720-lossless.jxl", "anim720-lossy.jxl")]
    for path in files:
        if not os.path.exists(path):
            print(f"{path}: missing", file=sys.stderr)
            continue
        name = os.path.basename(path)
        if path.endswith(".gif"):
            rows.append((name, "gif_floor", gif_floor(path)))
        elif path.endswith(".jxl"):
            for threads in (0, 1, 2):
                rows.append((name, f"jxl_floor, threads {threads}", jxl_floor(path, threads=threads)))
        else:
            print(f"{path}: neither GIF nor JPEG XL", file=sys.stderr)
            continue
        print(*rows[-1][:2], rows[-1][2], flush=True)
    print("\n| file | floor | loop s | CPU s | CPU % | wall s |\n|---|---|---|---|---|---|")
    for name, how, f in rows:
        loop, percent = (f"{f['loop_s']:.1f}", f"{f['cpu_pct']:.1f}") if f["loop_s"] else ("–", "–")
        print(f"| {name} | {how} | {loop} | {f['cpu_s']:.2f} | {percent} | {f['wall_s']:.2f} |")


if __name__ == "__main__":
    main()
