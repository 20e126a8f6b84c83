#!/usr/bin/env python3
"""tview in a real terminal window: xterm under Xvfb, paused on the first frame of a sample,
screenshotted with xwd. Checks that the picture reached the window (the screenshot's picture
area matches the sample's expected first frame in colour, truecolor half blocks) and writes the
screenshot as PNG for the README. (Giving the terminal back on q is the tmux check's part.)
Then the sixel encoder's output (tview-bench sixel) in xterm -ti vt340, against the same frame.

Usage: e2e/xterm_screenshot.py TVIEW OUT.png   (tview-bench beside TVIEW; needs xvfb, xterm,
x11-apps, imagemagick, pillow)
"""
import os
import shlex
import subprocess
import sys
import tempfile
import time

from PIL import Image

from imaging import mean_error
from x11 import X11Terminal, screenshot, virtual_display

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
SAMPLE = os.path.join(REPO, "samples/good/demo-ball.gif")
EXPECTED = os.path.join(REPO, "samples/expected/demo-ball.rgba")
WIDTH, HEIGHT = 96, 64  # demo-ball's canvas
DISPLAY = ":97"
TITLE = "tview-e2e"


def first_frame():
    data = open(EXPECTED, "rb").read()[: WIDTH * HEIGHT * 4]
    return Image.frombytes("RGBA", (WIDTH, HEIGHT), data)


def picture_area(shot):
    """The bounding box of what is not the window's black background, above the status line."""
    pixels = shot.load()
    w, h = shot.size
    rows = [y for y in range(h) if any(sum(pixels[x, y]) > 60 for x in range(0, w, 2))]
    cols = [x for x in range(w) if any(sum(pixels[x, y]) > 60 for y in range(0, h, 2))]
    return (min(cols), min(rows), max(cols) + 1, max(rows) + 1) if rows and cols else None


def frame_error(shot, box, frame):
    """Mean error per channel between the shot's box and the frame over black (the window's
    background) enlarged to it."""
    region = shot.crop(box)
    over_black = Image.new("RGB", frame.size)
    over_black.paste(frame, mask=frame.split()[3])
    return mean_error(region, over_black.resize(region.size, Image.BOX))


def sixel_check(env, bench):
    """The sixel encoder's output in xterm -ti vt340 (256 colour registers): the picture it draws,
    at pixel resolution, against the expected first frame. Returns the problems found."""
    size = (WIDTH * 4, HEIGHT * 4)
    with tempfile.NamedTemporaryFile(suffix=".six", delete=False) as six:
        subprocess.run([bench, "sixel", SAMPLE, f"{size[0]}x{size[1]}"], stdout=six, stderr=subprocess.DEVNULL,
                       check=True)
    terminal = X11Terminal(
        ["xterm", "-ti", "vt340", "-xrm", "XTerm*numColorRegisters: 256", "-T", TITLE, "-geometry", "80x24+0+0",
         "-fa", "DejaVu Sans Mono", "-fs", "12", "-bg", "black", "-fg", "grey85", "-bw", "0", "+sb", "-e"], env, TITLE)
    terminal.start(f"printf '\\033[?25l'; cat {six.name}; sleep 30")
    problems = []
    try:
        if not terminal.wait_ready():
            return [f"no xterm -ti vt340 window: {terminal.log()[-300:]}"]
        time.sleep(2)
        with tempfile.NamedTemporaryFile(suffix=".png") as png:
            shot = screenshot(env, TITLE, png.name)
        box = picture_area(shot)
        if box is None:
            return ["sixel: nothing drawn"]
        # The picture starts at the first cell, inside xterm's 2-pixel border; nothing may be drawn
        # past its size. Compared at the frame's own size, where the ordered dither averages out.
        if box[2] > 2 + size[0] or box[3] > 2 + size[1]:
            problems.append(f"sixel drawn beyond {size[0]}x{size[1]}: {box}")
        placed = (2, 2, 2 + size[0], 2 + size[1])
        error = frame_error(shot.crop(placed).resize((WIDTH, HEIGHT), Image.BOX), (0, 0, WIDTH, HEIGHT), first_frame())
        print(f"sixel: {size[0]}x{size[1]} pixels at the first cell: mean error {error:.1f}/255 at the frame's size")
        if error > 10:
            problems.append(f"sixel picture differs from the first frame (mean error {error:.1f})")
    finally:
        terminal.stop()
        os.unlink(six.name)
    return problems


def main():
    tview, out = sys.argv[1], sys.argv[2]
    env = dict(os.environ, DISPLAY=DISPLAY)
    problems = []
    with virtual_display(DISPLAY):
        # The status line shows; --paused holds the first frame for the screenshot.
        terminal = X11Terminal(
            ["xterm", "-T", TITLE, "-geometry", "64x22+0+0", "-fa", "DejaVu Sans Mono", "-fs", "12",
             "-bg", "black", "-fg", "grey85", "-bw", "0", "+sb", "-e"], env, TITLE)
        # From the sample's folder, so that the status line (in the README's screenshot) names the file alone.
        terminal.start(f"cd {os.path.dirname(SAMPLE)}; TERM=xterm-256color COLORTERM=truecolor "
                       f"exec {shlex.quote(os.path.abspath(tview))} --paused {os.path.basename(SAMPLE)}")
        if not terminal.wait_ready():
            problems.append(f"no xterm window: {terminal.log()[-300:]}")
        time.sleep(2)
        shot = screenshot(env, TITLE, out)
        box = picture_area(shot.crop((0, 0, shot.size[0], shot.size[1] - shot.size[1] // 22)))
        if box is None:
            problems.append("nothing drawn in the window")
        else:
            error = frame_error(shot, box, first_frame())
            print(f"picture at {box} in a {shot.size[0]}x{shot.size[1]} window: mean error {error:.1f}/255")
            # Half blocks are 2 pixels a cell: coarse, but the colours must be the frame's.
            if error > 24:
                problems.append(f"picture differs from the first frame (mean error {error:.1f})")
        terminal.stop()
        bench = os.path.join(os.path.dirname(tview), "tview-bench")
        problems += sixel_check(env, bench)
    for problem in problems:
        print("problem:", problem)
    print(f"xterm: {len(problems)} problems; screenshot in {out}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
