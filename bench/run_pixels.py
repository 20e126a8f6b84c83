#!/usr/bin/env python3
"""Pixel output (kitty, sixel, iTerm2) of tview against chafa and timg, every figure from the same
run: med.gif from ../shared/bench at 160x48 cells of 10x20 pixels, in a pseudo-terminal
(../shared/bench/ptyrun.py) that answers status queries. Writes bench/pixels.md.

Per protocol: one loop (wall time, CPU, peak RSS, bytes), and for tview three loops, whose bytes
less the first loop's are what later loops cost. Then kitty behind a 2 Mbit/s link with a 2 MB
buffer (bench/link_frames.py): when the loop's last frame is shown.

usage: bench/run_pixels.py --media DIR [--out bench/pixels.md]
"""
import argparse
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
PTYRUN = os.path.join(REPO, "..", "shared", "bench", "ptyrun.py")
LINK = os.path.join(HERE, "link_frames.py")
TVIEW = os.path.join(REPO, ".build", "release", "tview")
LOOP_SECONDS = 4.8  # med.gif: 120 frames of 40 ms

PEERS = {
    "kitty": {"chafa": ["chafa", "-f", "kitty"], "timg": ["timg", "-pk"]},
    "sixel": {"chafa": ["chafa", "-f", "sixel"], "timg": ["timg", "-ps"]},
    "iterm2": {"chafa": ["chafa", "-f", "iterm"], "timg": ["timg", "-pi"]},
}


def ptyrun(command, seconds):
    result = subprocess.run(
        [sys.executable, PTYRUN, "--cols", "160", "--rows", "48", "--cell", "10x20", "--seconds", str(seconds), "--"]
        + command, capture_output=True, text=True)
    lines = [line for line in result.stdout.splitlines() if line.startswith("{")]
    return json.loads(lines[-1])


def run(protocol, tool, media, loops=1):
    path = os.path.join(media, "med.gif")
    if tool == "tview":
        command = [TVIEW, "--pixels", protocol, "--loops", str(loops), path]
    elif tool == "chafa":
        command = PEERS[protocol]["chafa"] + ["-d", str(LOOP_SECONDS * loops), path]
    else:
        command = PEERS[protocol]["timg"] + [f"--loops={loops}", path]
    return ptyrun(command, LOOP_SECONDS * loops * 3 + 10)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--media", required=True)
    parser.add_argument("--out", default=os.path.join(HERE, "pixels.md"))
    args = parser.parse_args()
    size = os.path.getsize(os.path.join(args.media, "med.gif"))
    lines = [
        "# Pixel output: tview against chafa and timg",
        "",
        f"med.gif ({size:,} bytes, 480x270, 120 frames, {LOOP_SECONDS} s a loop) at 160x48 cells of 10x20 pixels, "
        "in a pseudo-terminal (`ptyrun.py`), one run each, all in the same run of `make bench`. "
        "tview enlarges sixel pictures by the largest whole factor that fits (3x here: 1440x810), chafa and timg scale theirs to the area themselves; kitty and iTerm2 get it at its own "
        "size and the terminal enlarges it. *Later loops*: bytes of three loops less one loop, per loop.",
        "",
        "| protocol | tool | wall s (one loop) | CPU % | peak RSS MB | bytes, first loop | bytes, each later loop |",
        "|---|---|---|---|---|---|---|",
    ]
    summary = {}
    for protocol in ["kitty", "sixel", "iterm2"]:
        for tool in ["tview", "chafa", "timg"]:
            one = run(protocol, tool, args.media)
            later = ""
            if tool == "tview":
                three = run(protocol, tool, args.media, loops=3)
                later = f"{(three['bytes'] - one['bytes']) // 2:,}"
                summary[protocol] = (one, three)
            else:
                summary[f"{protocol}-{tool}"] = one
            lines.append(
                f"| {protocol} | {tool} | {one['wall_s']:.2f} | {one['cpu_pct']:.1f} | {one['maxrss_mb']:.1f} | "
                f"{one['bytes']:,} | {later} |")
            print(lines[-1], flush=True)
    link = subprocess.run(
        [sys.executable, LINK, "--cols", "160", "--rows", "48", "--link", "250000:2000000", "--seconds", "30", "--",
         TVIEW, "--pixels", "kitty", "--loops", "1", os.path.join(args.media, "med.gif")],
        capture_output=True, text=True, env=dict(os.environ))
    shown = json.loads([line for line in link.stdout.splitlines() if line.startswith("{")][-1])
    kitty_one, kitty_three = summary["kitty"]
    sixel_one = summary["sixel"][0]
    chafa_sixel = summary["sixel-chafa"]
    lines += [
        "",
        "Against the targets:",
        f"- kitty: first loop {kitty_one['bytes']:,} bytes = {kitty_one['bytes'] / size:.2f}x the file (at most 2x); "
        f"each later loop {(kitty_three['bytes'] - kitty_one['bytes']) / 2 / kitty_one['bytes'] * 100:.1f} % of the "
        "first (at most 2 %).",
        f"- sixel: {sixel_one['bytes'] / chafa_sixel['bytes']:.2f}x chafa's bytes (at most 0.5x), "
        f"{sixel_one['cpu_pct'] / chafa_sixel['cpu_pct']:.2f}x its CPU (at most 0.5x).",
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
