#!/usr/bin/env python3
"""tview's text in sextants in a real foot (which draws them itself), headless: the cage
compositor with WLR_BACKENDS=headless (it refuses root, so foot runs as an unprivileged user made
for the test), screenshot with grim, the picture compared with the expected first frame and, cell
by cell, with tview's bytes rasterised (text_screen).

Usage: e2e/foot_sextants.py TVIEW OUTDIR   (needs foot, cage, grim, xwayland, fonts-dejavu-core)"""
import os
import pwd
import shutil
import subprocess
import sys
import tempfile
import time

from PIL import Image

import text_screen
from pixel_terminals import SAMPLE, TEXT_LIMIT, frame, mean_error, picture_box

USER = "tview-e2e"
LIMIT = 12


def main():
    tview, outdir = os.path.abspath(sys.argv[1]), sys.argv[2]
    os.makedirs(outdir, exist_ok=True)
    try:
        pwd.getpwnam(USER)
    except KeyError:
        subprocess.run(["useradd", "--no-create-home", "--shell", "/bin/sh", USER], check=True)
    work = tempfile.mkdtemp(prefix="tview-foot-")
    os.chmod(work, 0o777)
    try:
        shutil.copy(tview, os.path.join(work, "tview"))
        shutil.copy(SAMPLE, os.path.join(work, "sample.gif"))
        runtime = os.path.join(work, "runtime")
        script = f"""
export XDG_RUNTIME_DIR={runtime} WLR_BACKENDS=headless WLR_LIBINPUT_NO_DEVICES=1 WLR_RENDERER=pixman
mkdir -p {runtime} && chmod 700 {runtime}
cage -- foot -o main.font='DejaVu Sans Mono:size=11' -o colors.background=000000 \\
    sh -c 'sleep 1; stty size > {work}/size; script -q -f -c "{work}/tview --pixels none --symbols sextant --paused {work}/sample.gif" {work}/bytes; sleep 60' \\
    > {work}/cage.log 2>&1 &
sleep 6
WAYLAND_DISPLAY=$(ls {runtime} | grep wayland | grep -v lock | head -1) grim {work}/shot.png
kill %1
"""
        subprocess.run(["su", USER, "-s", "/bin/sh", "-c", script], timeout=60)
        shot_path = os.path.join(work, "shot.png")
        if not os.path.exists(shot_path):
            print("problem: foot: no screenshot;", open(os.path.join(work, "cage.log")).read()[-500:])
            return 1
        shot = Image.open(shot_path).convert("RGB")
        # The status line (light, reverse video) may sit above a margin: leave out from its top.
        grey = shot.convert("L")
        light = [sum(grey.crop((0, y, shot.size[0], y + 1)).getdata()) / shot.size[0] > 100
                 for y in range(shot.size[1])]
        status_top = next((y for y in range(shot.size[1] - 1, 0, -1) if light[y]), shot.size[1])
        while status_top > 0 and light[status_top - 1]:
            status_top -= 1
        box = picture_box(shot, shot.size[1] - status_top + 2)
        if box is None:
            print("problem: foot: nothing drawn")
            return 1
        error = mean_error(shot.crop(box), frame(1))
        shot.save(os.path.join(outdir, "screenshot-foot-sextants.png"))
        print(f"foot-sextants: frame 1: picture {box[2] - box[0]}x{box[3] - box[1]}, mean error {error:.1f}/255 "
              f"(limit {LIMIT})")
        rows, columns = map(int, open(os.path.join(work, "size")).read().split())
        drawn_error, cells, cell = text_screen.compare(shot, os.path.join(work, "bytes"), columns, rows, box)
        print(f"foot-sextants: cells {cells} ({cell and cell[0]}x{cell and cell[1]} px) against tview's bytes rasterised: "
              f"mean error {drawn_error if drawn_error is None else round(drawn_error, 1)}/255 (limit {TEXT_LIMIT})")
        problems = []
        if error > LIMIT:
            problems.append("the picture differs from the expected frame")
        if drawn_error is None or drawn_error > TEXT_LIMIT:
            problems.append("foot drew the cells unlike tview's bytes")
        for problem in problems:
            print("problem: foot:", problem)
        return 1 if problems else 0
    finally:
        time.sleep(0.5)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
