#!/usr/bin/env python3
"""tview in a real foot, headless (foot_terminal.FootTerminal: cage with WLR_BACKENDS=headless, as
an unprivileged user made for the tests; screenshots with grim; keys put into foot's tty).

- --probe: foot is found by its answers, sixel chosen, sextants (foot draws them itself).
- Text in sextants: the screenshot against the expected first frame and, cell by cell, against
  tview's bytes rasterised (text_screen).
- Sixel: tview starts paused on demo-ball.gif and is stepped frame by frame (every step after
  the first goes out as a sixel image of the changed pixels), each screenshot's picture against
  the frame (as pixel_terminals does for xterm and mlterm: mean error at most 10/255, a whole
  multiple of the frame's size); then q gives the terminal back.

Usage: e2e/foot_checks.py TVIEW OUTDIR   (needs foot, cage, grim, xwayland, fonts-dejavu-core;
writes OUTDIR/screenshot-foot-sextants.png)"""
import os
import sys
import time

from PIL import ImageStat


import text_screen
from foot_terminal import FootTerminal
from imaging import mean_error, picture_box
from terminal_checks import SAMPLE, TEXT_LIMIT, frame, probe_check, run_terminal

LIMIT = 12


def status_top(shot):
    """The top row of the status line (light, reverse video), which may sit above a margin."""
    grey = shot.convert("L")
    light = [ImageStat.Stat(grey.crop((0, y, shot.size[0], y + 1))).mean[0] > 100 for y in range(shot.size[1])]
    top = next((y for y in range(shot.size[1] - 1, 0, -1) if light[y]), shot.size[1])
    while top > 0 and light[top - 1]:
        top -= 1
    return top


def sextants_check(tview, outdir):
    terminal = FootTerminal()
    work = terminal.home
    # From the sample's folder, so that the status line (in docs/' screenshot) names the file alone.
    play = text_screen.recorded(f"{tview} --pixels none --symbols sextant --paused {os.path.basename(SAMPLE)}",
                                f"{work}/bytes")
    terminal.start(f"sleep 1; stty size > {work}/size; cd {os.path.dirname(SAMPLE)}; {play}; sleep 60")
    try:
        if not terminal.wait_ready():
            return [f"foot-sextants: no window; {terminal.log()[-300:]}"]
        time.sleep(5)
        shot = terminal.screenshot(os.path.join(work, "shot.png"))
        box = picture_box(shot, shot.size[1] - status_top(shot) + 2)
        if box is None:
            return ["foot-sextants: nothing drawn"]
        error = mean_error(shot.crop(box), frame(1))
        shot.save(os.path.join(outdir, "screenshot-foot-sextants.png"))
        print(f"foot-sextants: frame 1: picture {box[2] - box[0]}x{box[3] - box[1]}, mean error {error:.1f}/255 "
              f"(limit {LIMIT})")
        rows, columns = map(int, open(os.path.join(work, "size")).read().split())
        drawn_error, cells, cell = text_screen.compare(shot, os.path.join(work, "bytes"), columns, rows, box)
        print(f"foot-sextants: cells {cells} ({cell and cell[0]}x{cell and cell[1]} px) against tview's bytes "
              f"rasterised: mean error {drawn_error if drawn_error is None else round(drawn_error, 1)}/255 "
              f"(limit {TEXT_LIMIT})")
        problems = []
        if error > LIMIT:
            problems.append("foot-sextants: the picture differs from the expected frame")
        if drawn_error is None or drawn_error > TEXT_LIMIT:
            problems.append("foot-sextants: foot drew the cells unlike tview's bytes")
        return problems
    finally:
        terminal.stop()


def main():
    tview, outdir = os.path.abspath(sys.argv[1]), sys.argv[2]
    os.makedirs(outdir, exist_ok=True)
    problems = probe_check("foot", FootTerminal(), tview,
                           {"name": "foot", "pixels": "sixel", "answered": True, "symbols": "sextant",
                            "wedges": True},
                           said=["sixel_whole_cells"])
    problems += sextants_check(tview, outdir)
    # With the wedges, which foot (1.9 and later) draws itself too; in a larger font, whose
    # cells cover more than a pixel of the sample (at size 11 they cover under one across and
    # under two down: edges between two pixel rows, all drawn by ▄ and the eighths).
    problems += run_terminal("foot-wedges", FootTerminal(font="DejaVu Sans Mono:size=24"), tview, outdir, 12, False,
                             pixels="none",
                             extra="--symbols sextant+wedge", text_limit=TEXT_LIMIT, status_top=status_top,
                             must_draw=range(0x1FB3C, 0x1FB52))
    problems += run_terminal("foot-sixel", FootTerminal(), tview, outdir, 10, True, pixels="sixel",
                             status_top=status_top)
    for problem in problems:
        print("problem:", problem)
    print(f"foot: {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
