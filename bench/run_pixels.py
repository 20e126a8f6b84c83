#!/usr/bin/env python3
"""Pixel output (kitty, sixel, iTerm2) of tview against chafa and timg, every figure from the same
run: med.gif of the bench media at 160x48 cells of 10x20 pixels, in a pseudo-terminal
(bench/ptyrun.py) that answers status queries. Writes bench/results/pixels.md.

Per protocol: one loop (wall time, CPU, peak RSS, bytes), and for tview three loops, whose bytes
less the first loop's are what later loops cost. Then kitty behind a 2 Mbit/s link with a 2 MB
buffer (bench/link_frames.py): when the loop's last frame is shown. Then a picture bigger than the
screen, huge.gif (1920x1080), as sixel for 8 s: reduced to fit, where memory goes to the scaling.

usage: bench/run_pixels.py --media DIR [--out bench/results/pixels.md]
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

import benchlib
from benchlib import CHAFA, HERE, RESULTS, TIMG, TVIEW

LINK = os.path.join(HERE, "link_frames.py")
LOOP_SECONDS = 4.8  # med.gif: 120 frames of 40 ms

# The peers: the newest releases built from source (benchlib's CHAFA and TIMG), Debian 12's as a
# second row. chafa draws pixel pictures at their own size unless told (--scale 1.0 by default), so
# for sixel it runs twice: as it comes, and at tview's size (--scale 3: 1440x798 against tview's
# 1440x810), which is what the target compares. Debian's timg (1.4.5) has no sixel (its -p takes h,
# q, k, i: asked for it, it draws quarter blocks), so it has no sixel row.
PEERS = {
    "kitty": {"chafa 1.18": [CHAFA, "-f", "kitty"], "timg 1.6": [TIMG, "-pk"],
              "chafa (Debian)": ["chafa", "-f", "kitty"], "timg (Debian)": ["timg", "-pk"]},
    "sixel": {"chafa 1.18": [CHAFA, "-f", "sixel"], "chafa 1.18 --scale 3": [CHAFA, "-f", "sixel", "--scale", "3"],
              "timg 1.6": [TIMG, "-ps"], "chafa (Debian) --scale 3": ["chafa", "-f", "sixel", "--scale", "3"]},
    "iterm2": {"chafa 1.18": [CHAFA, "-f", "iterm"], "timg 1.6": [TIMG, "-pi"],
               "chafa (Debian)": ["chafa", "-f", "iterm"], "timg (Debian)": ["timg", "-pi"]},
}


def ptyrun(command, seconds):
    with tempfile.NamedTemporaryFile() as saved:
        figures = benchlib.ptyrun(command, seconds, cell="10x20", save=saved.name)
        figures["picture"] = picture_size(saved.read())
    return figures


def picture_size(output):
    """The first sixel image's size from its raster attributes (DCS ... q " 1 ; 1 ; W ; H), or ''."""
    match = re.search(rb'\x1bP[0-9;]*q"\d+;\d+;(\d+);(\d+)', output)
    return f"{int(match.group(1))}x{int(match.group(2))}" if match else ""


def run(protocol, tool, media, loops=1):
    path = os.path.join(media, "med.gif")
    if tool == "tview":
        command = [TVIEW, "--pixels", protocol, "--loops", str(loops), path]
    elif tool.startswith("chafa"):
        command = PEERS[protocol][tool] + ["-d", str(LOOP_SECONDS * loops), path]
    else:
        command = PEERS[protocol][tool] + [f"--loops={loops}", path]
    return ptyrun(command, LOOP_SECONDS * loops * 3 + 10)


BIG_SECONDS = 8


def run_big(tool, media):
    """huge.gif as sixel for BIG_SECONDS: tview reduces it to 1600x900, chafa to what fits. (timg
    decodes every frame before playing: 1000 frames of 8 MB.)"""
    path = os.path.join(media, "huge.gif")
    if tool == "tview":
        command = [TVIEW, "--pixels", "sixel", "--duration", str(BIG_SECONDS), path]
    else:
        command = PEERS["sixel"][tool] + ["-d", str(BIG_SECONDS), path]
    return ptyrun(command, BIG_SECONDS + 10)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--media", required=True)
    parser.add_argument("--out", default=os.path.join(RESULTS, "pixels.md"))
    args = parser.parse_args()
    size = os.path.getsize(os.path.join(args.media, "med.gif"))
    lines = [
        "# Pixel output: tview against chafa and timg",
        "",
        f"med.gif ({size:,} bytes, 480x270, 120 frames, {LOOP_SECONDS} s a loop) at 160x48 cells of 10x20 pixels, "
        "in a pseudo-terminal (`ptyrun.py`), one run each, all in the same run of `make bench`. "
        "Peers: chafa 1.18 and timg 1.6 built from their source (`make bench-peers`), Debian 12's builds as "
        "second rows. "
        "tview enlarges sixel pictures by the largest whole factor that fits (3x here: 1440x810); chafa sends "
        "pixel pictures at their own size unless told, so for sixel it also runs with `--scale 3` (1440x798), the "
        "same size as tview's; Debian's timg 1.4.5 has no sixel. kitty and iTerm2 get the picture at its own size "
        "and the terminal enlarges it. *Sixel size*: the first sixel image's raster size. *Later loops*: bytes of "
        "three loops less one loop, per loop.",
        "",
        "| protocol | tool | sixel size | wall s (one loop) | CPU % | peak RSS MB | bytes, first loop | bytes, each later loop |",
        "|---|---|---|---|---|---|---|---|",
    ]
    summary = {}
    for protocol in ["kitty", "sixel", "iterm2"]:
        for tool in ["tview"] + list(PEERS[protocol]):
            missing = tool != "tview" and benchlib.peer_missing(PEERS[protocol][tool][0])
            if missing:
                lines.append(f"| {protocol} | {tool} | {missing} | | | | | |")
                print(lines[-1], flush=True)
                continue
            one = run(protocol, tool, args.media)
            later = ""
            if tool == "tview":
                three = run(protocol, tool, args.media, loops=3)
                later = f"{(three['bytes'] - one['bytes']) // 2:,}"
                summary[protocol] = (one, three)
            else:
                summary[f"{protocol}-{tool}"] = one
            lines.append(
                f"| {protocol} | {tool} | {one['picture']} | {one['wall_s']:.2f} | {one['cpu_pct']:.1f} | {one['maxrss_mb']:.1f} | "
                f"{one['bytes']:,} | {later} |")
            print(lines[-1], flush=True)
    link = subprocess.run(
        [sys.executable, LINK, "--cols", "160", "--rows", "48", "--link", "250000:2000000", "--seconds", "30", "--",
         TVIEW, "--pixels", "kitty", "--loops", "1", os.path.join(args.media, "med.gif")],
        capture_output=True, text=True, env=dict(os.environ))
    shown = json.loads([line for line in link.stdout.splitlines() if line.startswith("{")][-1])
    lines += [
        "",
        f"huge.gif (1920x1080, 1000 frames of 40 ms) as sixel for {BIG_SECONDS} s at the same 160x48 cells of "
        "10x20 pixels: a picture bigger than the screen, reduced to fit (area averages in linear light for tview).",
        "",
        "| tool | sixel size | CPU % | peak RSS MB | bytes |",
        "|---|---|---|---|---|",
    ]
    for tool in ["tview", "chafa 1.18"]:
        missing = tool != "tview" and benchlib.peer_missing(CHAFA)
        if missing:
            lines.append(f"| {tool} | {missing} | | | |")
            continue
        big = run_big(tool, args.media)
        lines.append(
            f"| {tool} | {big['picture']} | {big['cpu_pct']:.1f} | {big['maxrss_mb']:.1f} | {big['bytes']:,} |")
        print(lines[-1], flush=True)
    kitty_one, kitty_three = summary["kitty"]
    sixel_one = summary["sixel"][0]
    chafa_sixel, chafa_own = summary.get("sixel-chafa 1.18 --scale 3"), summary.get("sixel-chafa 1.18")
    if chafa_sixel and chafa_own:
        against_chafa = (
            f"- sixel, against chafa at the same size: {sixel_one['bytes'] / chafa_sixel['bytes']:.2f}x its bytes "
            f"(at most 0.5x), {sixel_one['cpu_pct'] / chafa_sixel['cpu_pct']:.2f}x its CPU (at most 0.5x); against "
            f"chafa at its own {chafa_own['picture']}: {sixel_one['bytes'] / chafa_own['bytes']:.2f}x its bytes.")
    else:
        against_chafa = f"- sixel, against chafa 1.18: {benchlib.peer_missing(CHAFA)}."
    lines += [
        "",
        "Against the targets:",
        f"- kitty: first loop {kitty_one['bytes']:,} bytes = {kitty_one['bytes'] / size:.2f}x the file (at most 2x); "
        f"each later loop {(kitty_three['bytes'] - kitty_one['bytes']) / 2 / kitty_one['bytes'] * 100:.1f} % of the "
        "first (at most 2 %).",
        against_chafa,
        f"- one loop: kitty {kitty_one['wall_s']:.2f} s, sixel {sixel_one['wall_s']:.2f} s, iTerm2 "
        f"{summary['iterm2'][0]['wall_s']:.2f} s for {LOOP_SECONDS} s nominal (within 2 %: at most "
        f"{LOOP_SECONDS * 1.02:.2f} s, start-up and the last frame's own time included).",
        f"- kitty behind 2 Mbit/s with a 2 MB buffer: {shown.get('frames_shown')} frames shown, the last at "
        f"{shown.get('last_frame_s')} s, everything shown at {shown.get('display_done_s')} s (at most 5.3 s).",
    ]
    open(args.out, "w").write("\n".join(lines) + "\n")
    print("\n".join(lines[-5:]))


if __name__ == "__main__":
    main()
