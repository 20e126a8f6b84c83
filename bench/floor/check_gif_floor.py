#!/usr/bin/env python3
"""Checks gif_floor's compositing: its last canvas for every GIF of samples/good against the
expected canvases (samples/expected, tview's browser model, written by samples/make_samples.py
without giflib), and for the bench media against Pillow's (`seek(n - 1); convert("RGBA")`) and
FFmpeg's renderings of the last frame. Every comparison must be exact.

The samples are not compared with Pillow or FFmpeg: they hold the cases where those differ from
browsers, which tview follows: Pillow grows the canvas to a frame past the screen; both paint
disposal 2 with the background colour (opaque black in gif-disposal-2.gif), not transparency;
after a first frame of disposal 3 Pillow keeps what it drew and FFmpeg paints the background
colour, where browsers go back to the empty canvas. The bench media (ffmpeg's GIFs: disposal 1,
a transparent index in every frame, sub-rectangles) render the same in all three, as do
ImageMagick's interlaced re-encodings of them (`convert F.gif -interlace GIF`, checked by hand).

usage: python3 bench/floor/check_gif_floor.py [--media DIR] [FILE.gif...]
  without FILEs: sprite.gif, life.gif, med.gif and big.gif of the bench media (huge.gif too when
  named: Pillow then takes a minute or two)
"""
import argparse
import glob
import json
import os
import subprocess
import sys
import tempfile

import floors

SAMPLES = os.path.join(floors.ROOT, "samples")


def last_canvas(path):
    """gif_floor's last canvas of `path`, as bytes."""
    with tempfile.NamedTemporaryFile(suffix=".rgba") as dump:
        subprocess.run([os.path.join(floors.FLOOR, "gif_floor"), path, "1", dump.name], check=True,
                       capture_output=True)
        return open(dump.name, "rb").read()


def differing(ours, theirs):
    """'exact', or how many pixels differ (or that the sizes do)."""
    if len(ours) != len(theirs):
        return f"{len(theirs) // 4} pixels against our {len(ours) // 4}"
    if ours == theirs:
        return "exact"
    pixels = sum(ours[i:i + 4] != theirs[i:i + 4] for i in range(0, len(ours), 4))
    return f"{pixels} pixels differ"


def pillow_last(path):
    from PIL import Image
    with Image.open(path) as image:
        image.seek(image.n_frames - 1)
        return image.convert("RGBA").tobytes(), image.n_frames


def ffmpeg_last(path, frames):
    return subprocess.run(["ffmpeg", "-v", "error", "-nostdin", "-i", path, "-vf", f"select=eq(n\\,{frames - 1})",
                           "-fps_mode", "passthrough", "-f", "rawvideo", "-pix_fmt", "rgba", "-"],
                          capture_output=True, check=True).stdout


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--media", default="/tmp/tview-bench-media")
    parser.add_argument("files", nargs="*")
    options = parser.parse_args()
    floors.build()
    failures = 0
    for path in sorted(glob.glob(os.path.join(SAMPLES, "good", "*.gif"))):
        name = os.path.basename(path)[:-4]
        meta = json.load(open(os.path.join(SAMPLES, "expected", name + ".json")))
        size = meta["width"] * meta["height"] * 4
        expected = open(os.path.join(SAMPLES, "expected", name + ".rgba"), "rb").read()[-size:] if size else b""
        verdict = differing(last_canvas(path), expected)
        failures += verdict != "exact"
        print(f"{name + '.gif':40s} expected: {verdict}")
    files = options.files or [os.path.join(options.media, name)
                              for name in ("sprite.gif", "life.gif", "med.gif", "big.gif")]
    for path in files:
        ours = last_canvas(path)
        pillow, frames = pillow_last(path)
        verdicts = (differing(ours, pillow), differing(ours, ffmpeg_last(path, frames)))
        failures += verdicts != ("exact", "exact")
        print(f"{os.path.basename(path):40s} {frames} frames, Pillow: {verdicts[0]}, FFmpeg: {verdicts[1]}")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
