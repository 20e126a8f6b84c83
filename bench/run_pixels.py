#!/usr/bin/env python3
"""Pixel output (kitty, sixel, iTerm2) of tview against chafa and timg, every figure from the same
run: med.gif of the bench media at 160x48 cells of 10x20 pixels, in a pseudo-terminal
(bench/ptyrun.py) that answers status queries. Writes bench/results/pixels.md.

Per protocol: one loop (wall time, CPU, peak RSS, bytes), and for tview three loops, whose bytes
less the first loop's are what later loops cost. For sixel, what the first images paint (decoded
here) shows which picture each tool draws: chafa's `--scale 3` makes a canvas of tview's size but
draws the picture at its own 480x270 in its top left, black elsewhere; `-s` with tview's cells
draws it as tview does. Then kitty behind a 2 Mbit/s link with a 2 MB buffer
(bench/link_frames.py): when the loop's last frame is shown. Then a picture bigger than the
screen, huge.gif (1920x1080), as sixel for 8 s: reduced to fit, where memory goes to the scaling.

usage: bench/run_pixels.py --media DIR [--tview PATH] [--out bench/results/pixels.md]
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

import benchlib
from benchlib import CHAFA, HERE, RESULTS, TIMG

LINK = os.path.join(HERE, "link_frames.py")
TVIEW = benchlib.TVIEW  # --tview sets it
CELL = (10, 20)
LOOP_SECONDS = 4.8  # med.gif: 120 frames of 40 ms

# The peers: the newest releases built from source (benchlib's CHAFA and TIMG), Debian 12's as a
# second row. chafa draws pixel pictures at their own size unless told (--scale 1.0 by default), so
# for sixel it runs three times: as it comes; with -s and tview's cells (CELLS, from tview's run:
# 144x41 for med.gif), which draws the picture enlarged to tview's 1440x810, the same picture at the
# same size, what the target compares; and with --scale 3, which makes a 1440x820 canvas but draws
# the picture at its own size in its top left (black elsewhere), kept to show where the figure the
# target was first set against came from. Debian's timg (1.4.5) has no sixel (its -p takes h, q, k,
# i: asked for it, it draws quarter blocks), so it has no sixel row.
CELLS = "CELLS"
PEERS = {
    "kitty": {"chafa 1.18": [CHAFA, "-f", "kitty"], "timg 1.6": [TIMG, "-pk"],
              "chafa (Debian)": ["chafa", "-f", "kitty"], "timg (Debian)": ["timg", "-pk"]},
    "sixel": {"chafa 1.18": [CHAFA, "-f", "sixel"],
              "chafa 1.18 -s (tview's cells)": [CHAFA, "-f", "sixel", "-s", CELLS],
              "chafa 1.18 --scale 3": [CHAFA, "-f", "sixel", "--scale", "3"],
              "timg 1.6": [TIMG, "-ps"],
              "chafa (Debian) -s (tview's cells)": ["chafa", "-f", "sixel", "-s", CELLS]},
    "iterm2": {"chafa 1.18": [CHAFA, "-f", "iterm"], "timg 1.6": [TIMG, "-pi"],
               "chafa (Debian)": ["chafa", "-f", "iterm"], "timg (Debian)": ["timg", "-pi"]},
}


def ptyrun(command, seconds):
    with tempfile.NamedTemporaryFile() as saved:
        figures = benchlib.ptyrun(command, seconds, cell=f"{CELL[0]}x{CELL[1]}", save=saved.name)
        output = saved.read()
        figures["picture"] = picture_size(output)
        figures["drawn"] = picture_extent(output)
    return figures


FIRST_IMAGES = 3  # tview may send its first frame as two images (sixel bands start where rows do)
SIXEL_IMAGE = re.compile(rb'(?:\x1b\[(\d+);(\d+)H)?\x1bP[0-9;]*q(.*?)\x1b\\', re.S)
SIXEL_TOKENS = re.compile(rb'#(\d+)(?:;(\d+);(\d+);(\d+);(\d+))?|!(\d+)([?-~])|([?-~])|(\$)|(-)|"[0-9;]*')


def first_images(output):
    """The first sixel images: (x, y, body), each placed at the cursor position set just before
    it (in pixels; none set: 0, 0)."""
    for match in list(SIXEL_IMAGE.finditer(output))[:FIRST_IMAGES]:
        x = (int(match.group(2)) - 1) * CELL[0] if match.group(2) else 0
        y = (int(match.group(1)) - 1) * CELL[1] if match.group(1) else 0
        yield x, y, match.group(3)


def box_size(box):
    return f"{box[2] - box[0]}x{box[3] - box[1]}" if box else ""


def union(box, other):
    return other if box is None else (min(box[0], other[0]), min(box[1], other[1]), max(box[2], other[2]),
                                      max(box[3], other[3]))


def picture_size(output):
    """The size the first sixel images' raster attributes (" 1 ; 1 ; W ; H) cover, or ''."""
    box = None
    for x, y, body in first_images(output):
        raster = re.match(rb'"\d+;\d+;(\d+);(\d+)', body)
        if raster:
            box = union(box, (x, y, x + int(raster.group(1)), y + int(raster.group(2))))
    return box_size(box)


def picture_extent(output):
    """The size of what the first sixel images paint in colours other than black (chafa pads its
    canvas with black; tview leaves its padding undrawn), or ''."""
    box = None
    black = (b"0", b"0", b"0")
    for left, top, body in first_images(output):
        palette, current, x, band = {}, 0, 0, 0
        for token in SIXEL_TOKENS.finditer(body):
            if token.group(1) is not None:
                if token.group(2) is not None:
                    palette[int(token.group(1))] = token.group(3, 4, 5)
                else:
                    current = int(token.group(1))
                continue
            if token.group(9) or token.group(10):
                x, band = 0, band + (6 if token.group(10) else 0)
                continue
            if token.group(6):
                count, bits = int(token.group(6)), ord(token.group(7)) - 63
            elif token.group(8):
                count, bits = 1, ord(token.group(8)) - 63
            else:
                continue
            if bits and palette.get(current, black) != black:
                rows = [bit for bit in range(6) if bits >> bit & 1]
                box = union(box, (left + x, top + band + rows[0], left + x + count, top + band + rows[-1] + 1))
            x += count
    return box_size(box)


def run(protocol, tool, media, loops=1, cells=None):
    path = os.path.join(media, "med.gif")
    if tool == "tview":
        command = [TVIEW, "--pixels", protocol, "--loops", str(loops), path]
    elif tool.startswith("chafa"):
        command = [cells if part == CELLS else part for part in PEERS[protocol][tool]]
        command += ["-d", str(LOOP_SECONDS * loops), path]
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
    global TVIEW
    parser = argparse.ArgumentParser()
    parser.add_argument("--media", required=True)
    parser.add_argument("--tview", default=TVIEW, help="the tview binary measured")
    parser.add_argument("--out", default=os.path.join(RESULTS, "pixels.md"))
    args = parser.parse_args()
    TVIEW = args.tview
    size = os.path.getsize(os.path.join(args.media, "med.gif"))
    lines = [
        "# Pixel output: tview against chafa and timg",
        "",
        f"med.gif ({size:,} bytes, 480x270, 120 frames, {LOOP_SECONDS} s a loop) at 160x48 cells of 10x20 pixels, "
        "in a pseudo-terminal (`ptyrun.py`), one run each, all in the same run of `make bench`. "
        "Peers: chafa 1.18 and timg 1.6 built from their source (`make bench-peers`), Debian 12's builds as "
        "second rows. "
        "tview enlarges sixel pictures by the largest whole factor that fits (3x here: 1440x810 in 144x41 cells); "
        "chafa sends pixel pictures at their own size unless told, so for sixel it also runs with `-s` and tview's "
        "cells, which draws the same picture at the same size, and with `--scale 3`, which makes a canvas of "
        "tview's size but draws the picture at its own 480x270 in the canvas's top left and paints the rest "
        "black; Debian's timg 1.4.5 has no sixel. kitty and iTerm2 get the picture at its own size and the "
        "terminal enlarges it. *Sixel size*: what the first sixel images' raster attributes cover; *drawn*: what "
        "they paint in colours other than black (decoded here). *Later loops*: bytes of three loops less one "
        "loop, per loop.",
        "",
        "| protocol | tool | sixel size | drawn | wall s (one loop) | CPU % | peak RSS MB | bytes, first loop | "
        "bytes, each later loop |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    summary = {}
    cells = None
    for protocol in ["kitty", "sixel", "iterm2"]:
        for tool in ["tview"] + list(PEERS[protocol]):
            missing = tool != "tview" and benchlib.peer_missing(PEERS[protocol][tool][0])
            if not missing and CELLS in PEERS[protocol].get(tool, []) and not cells:
                missing = "no tview sixel size to match"
            if missing:
                lines.append(f"| {protocol} | {tool} | {missing} | | | | | | |")
                print(lines[-1], flush=True)
                continue
            one = run(protocol, tool, args.media, cells=cells)
            later = ""
            if tool == "tview":
                three = run(protocol, tool, args.media, loops=3)
                later = f"{(three['bytes'] - one['bytes']) // 2:,}"
                summary[protocol] = (one, three)
                if protocol == "sixel" and one["picture"]:
                    width, height = (int(side) for side in one["picture"].split("x"))
                    cells = f"{width // CELL[0]}x{height // CELL[1]}"
            else:
                summary[f"{protocol}-{tool}"] = one
            label = tool.replace("(tview's cells)", cells) if cells else tool
            lines.append(
                f"| {protocol} | {label} | {one['picture']} | {one['drawn'] if protocol == 'sixel' else ''} | "
                f"{one['wall_s']:.2f} | {one['cpu_pct']:.1f} | {one['maxrss_mb']:.1f} | {one['bytes']:,} | {later} |")
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
    same, canvas, own = (summary.get(f"sixel-chafa 1.18{name}") for name in (" -s (tview's cells)", " --scale 3", ""))
    if same and canvas and own:
        against_chafa = (
            f"- sixel, against chafa with the same picture at the same size (`-s {cells}`, drawn {same['drawn']}; "
            f"tview's {sixel_one['drawn']}): {sixel_one['bytes'] / same['bytes']:.2f}x its bytes (at most 0.5x), "
            f"{sixel_one['cpu_pct'] / same['cpu_pct']:.2f}x its CPU (at most 0.5x). Against `--scale 3` (its "
            f"{canvas['drawn']} picture on a {canvas['picture']} canvas, the figure the target was set against): "
            f"{sixel_one['bytes'] / canvas['bytes']:.2f}x its bytes; against chafa at its own {own['drawn']}: "
            f"{sixel_one['bytes'] / own['bytes']:.2f}x.")
    else:
        against_chafa = f"- sixel, against chafa 1.18: {benchlib.peer_missing(CHAFA) or 'not measured'}."
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
