#!/usr/bin/env python3
"""`tview --inline` in pixel terminals survives a resize: xterm -ti vt340 (sixel) and kitty
(its graphics protocol, software GL) under Xvfb, each with an interactive shell (100x40 cells).
A few echo lines are typed, then `tview --inline --loops 0` on an animation made here (a
magenta frame, by which the picture is found on the screenshots, around a square that moves
from frame to frame). The window is made narrower than the picture (xdotool windowsize): tview
must draw nothing (two screenshots a second apart are the same). Widened again, the current
frame must come back whole (the magenta box as large as before, the picture like one of the
animation's frames), in the same place relative to the text above it (the three text rows right
above the picture the same pixels as before the resize: kitty may move everything up when it
re-wraps, so the screen's top is no anchor), and playing on. Then the window is made shorter
than the picture: nothing drawn, and in xterm no pieces of the picture showing (xterm showed the
later frames' changed pixels alone, without the first image under them, whose top had left the
screen); tall again, the frame whole and playing (in xterm, which brings back the lines it
pushed into its scrollback, where it was, and the rest of the window as before). Then q:
tview exits 0, the last frame stays, and the shell's next lines (`echo after`) come right below
the picture.

Every wait is a poll of screenshots against a deadline, so a slow machine only waits longer.

Usage: e2e/inline_pixels.py TVIEW   (needs xvfb, kitty, xterm, x11-apps, xdotool, imagemagick,
pillow)
"""
import os
import shutil
import stat
import subprocess
import sys
import tempfile
import time

from PIL import Image, ImageChops

from imaging import mean_error
from terminal_checks import TITLE, kitty_command
from x11 import X11Terminal, virtual_display

DISPLAY = os.environ.get("E2E_DISPLAY", ":94")
COLUMNS, ROWS = 100, 40
# The window's width while narrower than the picture, in columns: wider than every line typed
# (xterm cuts lines at the window's width for good, kitty re-wraps them).
NARROW = 40
# The window's height while shorter than the picture (16 rows), in rows.
SHORT = 10
# The animation is drawn at CANVAS and saved SCALE times as large (about 64 columns).
FRAMES, CANVAS, BORDER, SCALE = 16, (160, 80), 3, 4
MAGENTA = (255, 0, 255)
# A picture against its closest frame: mean error per channel (sixel dithers).
LIMIT = 12
DEADLINE = 8
ECHOES = ["echo one", "echo two two", "echo three three three"]


def animation(path):
    """FRAMES frames of CANVAS (saved SCALE times as large): a magenta border around dark blue, a
    yellow square moving right and a cyan bar growing, so that any two frames differ plainly.
    Returns the frames (RGB, CANVAS)."""
    frames = []
    for index in range(FRAMES):
        image = Image.new("RGB", CANVAS, MAGENTA)
        image.paste((20, 30, 90), (BORDER, BORDER, CANVAS[0] - BORDER, CANVAS[1] - BORDER))
        left = 8 + index * 8
        image.paste((255, 220, 0), (left, 20, left + 20, 40))
        image.paste((0, 200, 220), (8, 56, 8 + (index + 1) * 9, 68))
        frames.append(image)
    large = [frame.resize((CANVAS[0] * SCALE, CANVAS[1] * SCALE), Image.NEAREST) for frame in frames]
    large[0].save(path, save_all=True, append_images=large[1:], duration=80, loop=0)
    return frames


def marker_box(shot):
    """The bounding box of the magenta pixels: the picture's outer edge."""
    r, g, b = shot.split()
    high = lambda v: 255 if v > 180 else 0  # noqa: E731
    mask = ImageChops.logical_and(ImageChops.logical_and(r.point(high).convert("1"), b.point(high).convert("1")),
                                  g.point(lambda v: 255 if v < 80 else 0).convert("1"))
    return mask.getbbox()


def differs(a, b, box=None):
    """The share of pixels more than 24 apart in some channel (in `box`, if given)."""
    if box:
        a, b = a.crop(box), b.crop(box)
    if a.size != b.size:
        return 1.0
    mask = ImageChops.difference(a, b).convert("L").point(lambda v: 255 if v > 24 else 0)
    return mask.histogram()[255] / (a.size[0] * a.size[1])


def text_lines(shot, top, bottom):
    """Runs of pixel rows between `top` and `bottom` with something not black: (first, last)."""
    lines, start = [], None
    for y in range(max(0, top), min(bottom, shot.size[1])):
        ink = shot.crop((0, y, shot.size[0], y + 1)).convert("L").point(lambda v: 255 if v > 60 else 0).getbbox()
        if ink and start is None:
            start = y
        elif not ink and start is not None:
            lines.append((start, y - 1))
            start = None
    if start is not None:
        lines.append((start, bottom - 1))
    return lines


def above(shot, box, cell_h):
    """The three text rows right above the picture, across the window."""
    return shot.crop((0, max(0, box[1] - 3 * cell_h), shot.size[0], box[1]))


def closest(shot, box, frames):
    """The picture in `box` against the frame it is most like: (mean error, frame number)."""
    return min((mean_error(shot.crop(box), frame), number + 1) for number, frame in enumerate(frames))


def picture_share(shot):
    """The share of a screenshot's pixels in the picture's colours (the magenta border, the dark
    blue inside, the yellow square, the cyan bar), wherever they are."""
    near = None
    for colour in (MAGENTA, (20, 30, 90), (255, 220, 0), (0, 200, 220)):
        plain = Image.new("RGB", shot.size, colour)
        # Within 24 in every channel of the colour.
        close = ImageChops.difference(shot.convert("RGB"), plain).point(lambda v: 255 if v <= 24 else 0)
        r, g, b = close.split()
        mask = ImageChops.logical_and(ImageChops.logical_and(r.convert("1"), g.convert("1")), b.convert("1"))
        near = mask if near is None else ImageChops.logical_or(near, mask)
    return near.convert("L").histogram()[255] / (shot.size[0] * shot.size[1])


def same(pair):
    """Two screenshots alike to the pixel."""
    return pair[0].size == pair[1].size and ImageChops.difference(pair[0], pair[1]).getbbox() is None


def poll(take, condition, seconds=DEADLINE, pause=0.25):
    """Calls take() until condition(result) holds, or the deadline; returns the last result and
    whether it held."""
    deadline = time.time() + seconds
    while True:
        result = take()
        if condition(result):
            return result, True
        if time.time() > deadline:
            return result, False
        time.sleep(pause)


class Session:
    """A shell in one terminal window, typed into and screenshotted."""

    def __init__(self, name, terminal, work):
        self.name, self.terminal, self.work = name, terminal, work
        self.count = 0

    def shot(self, label, missing_ok=False):
        self.count += 1
        try:
            return self.terminal.screenshot(os.path.join(self.work, f"{self.name}-{self.count:02}-{label}.png"))
        except subprocess.CalledProcessError:
            if not missing_ok:
                raise
            return None

    def type(self, text):
        subprocess.run(["xdotool", "type", "--window", self.terminal.window, "--delay", "20", text],
                       env=self.terminal.env, check=True, stderr=subprocess.DEVNULL)

    def twice(self, label, seconds):
        """Two screenshots `seconds` apart."""
        first = self.shot(label)
        time.sleep(seconds)
        return first, self.shot(label)

    def resize(self, width, height):
        subprocess.run(["xdotool", "windowsize", self.terminal.window, str(width), str(height)],
                       env=self.terminal.env, check=True)
        return poll(lambda: self.shot(f"{width}x{height}"), lambda s: s.size == (width, height))


def wrapper(work, tview):
    """./tv in `work`: tview with its exit status in WORK/rc and the terminal's size in WORK/size
    (a short command line, which fits the narrow window unwrapped)."""
    path = os.path.join(work, "tv")
    with open(path, "w") as script:
        script.write(f'#!/bin/sh\nstty size > {work}/size\n{tview} "$@" 2> {work}/err\necho $? > {work}/rc\n')
    os.chmod(path, os.stat(path).st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)


def check(name, command, tview, env, keep):
    """The whole run in one terminal; returns the problems found."""
    work = tempfile.mkdtemp(prefix=f"inline-{name}-")
    wrapper(work, tview)
    frames = animation(os.path.join(work, "anim.gif"))
    terminal = X11Terminal(command, env, TITLE)
    terminal.start(f"cd {work}; PS1='$ ' HISTFILE= exec bash --norc --noprofile -i")
    session = Session(name, terminal, work)
    problems = []

    def problem(text):
        print(f"{name}: problem: {text}")
        problems.append(f"{name}: {text}")
        return problems
    try:
        if not terminal.wait_ready():
            return problem(f"no window: {terminal.log()[-300:]}")
        # The window is found before it is mapped (xwd fails on it until then).
        _, ready = poll(lambda: session.shot("prompt", missing_ok=True),
                        lambda s: s is not None and s.convert("L").point(lambda v: v > 60 and 255).getbbox())
        if not ready:
            return problem("no prompt")
        for line in ECHOES:
            session.type(line + "\n")
        session.type("./tv --inline --loops 0 anim.gif\n")

        # A: the picture found and playing (unlike a screenshot half a second later).
        def playing(_=None):
            first = session.shot("playing")
            box = marker_box(first)
            if box is None:
                return first, None, None
            time.sleep(0.5)
            second = session.shot("playing")
            return first, box, second if marker_box(second) == box else None
        (shot_a, box_a, _), ok = poll(playing, lambda r: r[2] is not None and differs(r[0], r[2], r[1]) > 0.005)
        if not ok:
            return problem(f"no playing picture before the resize (magenta box {box_a})")
        width, height = shot_a.size
        rows, columns = map(int, open(os.path.join(work, "size")).read().split())
        cell_w, cell_h = width / columns, round(height / rows)
        error, number = closest(shot_a, box_a, frames)
        band_a = above(shot_a, box_a, cell_h)
        lines_a = text_lines(band_a, 0, band_a.size[1])
        print(f"{name}: A: {columns}x{rows} cells in {width}x{height} px; picture {box_a[2] - box_a[0]}x"
              f"{box_a[3] - box_a[1]} at {box_a[:2]}, like frame {number} (mean error {error:.1f}); "
              f"{len(lines_a)} text rows right above it; playing")
        if error > LIMIT:
            problem(f"before the resize the picture is unlike every frame (mean error {error:.1f})")
        if len(lines_a) < 3:
            problem(f"only {len(lines_a)} text rows right above the picture, expected the command and the echoes")

        # Narrower than the picture: nothing drawn (two screenshots a second apart the same).
        narrow = round(NARROW * cell_w)
        _, ok = session.resize(narrow, height)
        if not ok:
            return problem(f"the window did not become {narrow}x{height}")
        (b1, b2), ok = poll(lambda: session.twice("narrow", 1.0), same)
        print(f"{name}: B: {NARROW} columns ({narrow} px) wide: "
              f"{'nothing drawn in a second' if ok else 'still drawing'}")
        if not ok:
            problem(f"tview still draws while the window is narrower than the picture "
                    f"({differs(b1, b2):.1%} of the window changed in a second)")

        # Wide again: the frame whole, in the same place relative to the text above, playing on.
        _, ok = session.resize(width, height)
        if not ok:
            return problem(f"the window did not become {width}x{height} again")

        def whole(result):
            """As large as before, and changing."""
            first, box, second = result
            return second is not None and box[2] - box[0] == box_a[2] - box_a[0] \
                and box[3] - box[1] == box_a[3] - box_a[1] and differs(first, second, box) > 0.005
        (shot_c, box_c, shot_d), ok = poll(playing, whole)
        if box_c is None:
            return problem("no picture after widening again")
        error, number = closest(shot_c, box_c, frames)
        moved = differs(band_a, above(shot_c, box_c, cell_h))
        playing_on = shot_d is not None and differs(shot_c, shot_d, box_c) > 0.005
        print(f"{name}: C: picture {box_c[2] - box_c[0]}x{box_c[3] - box_c[1]} at {box_c[:2]} "
              f"(was {box_a[:2]}), like frame {number} (mean error {error:.1f}); text rows above it "
              f"{moved:.1%} unlike before; D half a second later: {'changed' if playing_on else 'the same'}")
        if not ok:
            problem(f"after widening no whole, playing picture: box {box_c} (was {box_a})")
        if error > LIMIT:
            problem(f"after widening the picture is unlike every frame (mean error {error:.1f})")
        if box_c[0] != box_a[0] or moved > 0.002:
            problem(f"after widening the picture is elsewhere relative to the text above it: "
                    f"{moved:.1%} of the three rows above differ, left edge {box_c[0]} (was {box_a[0]})")

        # Shorter than the picture: nothing drawn, and in xterm none of its pieces left showing
        # (xterm stops showing an image whose top left the screen, and showed the later frames'
        # changed pixels alone there). Tall again: the frame whole in the same place, and the
        # rest of the window as it was before (no pieces left anywhere).
        short = round(SHORT * cell_h)
        _, ok = session.resize(width, short)
        if not ok:
            return problem(f"the window did not become {width}x{short}")
        (s1, s2), ok = poll(lambda: session.twice("short", 1.0), same)
        pieces = picture_share(s2)
        print(f"{name}: S: {SHORT} rows ({short} px) high: {'nothing drawn in a second' if ok else 'still drawing'}; "
              f"{pieces:.1%} of the window in the picture's colours")
        if not ok:
            problem(f"tview still draws while the window is shorter than the picture "
                    f"({differs(s1, s2):.1%} of the window changed in a second)")
        if name == "sixel" and pieces > 0.001:
            problem(f"while shorter than the picture, {pieces:.1%} of the window shows pieces of it")
        _, ok = session.resize(width, height)
        if not ok:
            return problem(f"the window did not become {width}x{height} again")
        (shot_t, box_t, _), ok = poll(playing, whole)
        if box_t is None:
            return problem("no picture after making the window tall again")
        outside = [differs(shot_c.crop(part), shot_t.crop(part)) for part in
                   ((0, 0, width, box_c[1]), (0, box_c[3], width, height), (box_c[2], box_c[1], width, box_c[3]))
                   if part[2] > part[0] and part[3] > part[1]]
        elsewhere = max(outside, default=0.0)
        print(f"{name}: T: picture {box_t[2] - box_t[0]}x{box_t[3] - box_t[1]} at {box_t[:2]} (was {box_c[:2]}); "
              f"outside it {elsewhere:.2%} of the window unlike before")
        if not ok:
            problem(f"after making the window tall again no whole, playing picture: {box_t} (was {box_c})")
        # xterm brings back the lines it had pushed into its scrollback, so the window is as it
        # was; kitty leaves them there, and the picture stays at the top with the text above it.
        if name == "sixel" and box_t != box_c:
            problem(f"after making the window tall again the picture is at {box_t[:2]}, not where it was {box_c[:2]}")
        if name == "sixel" and elsewhere > 0.002:
            problem(f"after making the window tall again {elsewhere:.1%} of the window outside the picture differs "
                    f"from before (pieces of it left)")
        shot_c, box_c = shot_t, box_t

        # q: exit status 0, the last frame stays; then the shell's lines right below it.
        terminal.key("q")
        _, ok = poll(lambda: os.path.exists(os.path.join(work, "rc")), bool)
        rc = open(os.path.join(work, "rc")).read().strip() if ok else "none (still running)"
        (_, shot_e), _ = poll(lambda: session.twice("quit", 0.5), same)
        box_e = marker_box(shot_e)
        print(f"{name}: q: exit status {rc}; picture {'at ' + str(box_e[:2]) if box_e else 'gone'}")
        if rc != "0":
            problem(f"tview exited with {rc}: {open(os.path.join(work, 'err')).read().strip()[:300]}")
        if box_e is None or box_e != box_c:
            problem(f"the last frame did not stay: {box_e} (was {box_c})")
            box_e = box_e or box_c
        session.type("echo after\n")
        shot_f, ok = poll(lambda: session.shot("after"), lambda s: len(text_lines(s, box_e[3], s.size[1])) >= 2)
        below = text_lines(shot_f, box_e[3], shot_f.size[1])
        gap = below[0][0] - box_e[3] if below else None
        kept = marker_box(shot_f) == box_e and differs(shot_e, shot_f, box_e) < 0.002
        print(f"{name}: after: {len(below)} text rows below the picture, the first {gap} px below it; "
              f"picture {'kept' if kept else 'changed'}")
        if not ok:
            problem(f"`echo after` did not show below the picture ({len(below)} text rows there)")
        elif gap >= cell_h:
            problem(f"the shell's next line is {gap} px below the picture, not on the row after it")
        if not kept:
            problem("the picture changed when the shell wrote below it")
    finally:
        terminal.stop()
        if problems:
            kept_in = os.path.join(keep, name)
            shutil.rmtree(kept_in, ignore_errors=True)
            shutil.copytree(work, kept_in)
            print(f"{name}: screenshots kept in {kept_in}")
        shutil.rmtree(work, ignore_errors=True)
    return problems


def main():
    tview = os.path.abspath(sys.argv[1])
    keep = tempfile.mkdtemp(prefix="inline-pixels-")
    env = dict(os.environ, DISPLAY=DISPLAY, LIBGL_ALWAYS_SOFTWARE="1")
    env.pop("TMUX", None)
    started = time.time()
    problems = []
    with virtual_display(DISPLAY):
        # allowSendEvents: xterm ignores xdotool's synthetic keys otherwise.
        xterm = ["xterm", "-ti", "vt340", "-xrm", "XTerm*numColorRegisters: 256", "-xrm",
                 "XTerm*allowSendEvents: true", "-T", TITLE, "-geometry", f"{COLUMNS}x{ROWS}+0+0",
                 "-fa", "DejaVu Sans Mono", "-fs", "12", "-bg", "black", "-fg", "grey85", "-bw", "0", "+sb", "-e"]
        kitty = kitty_command(f"{COLUMNS}c", f"{ROWS}c")
        for name, command in (("sixel", xterm), ("kitty", kitty)):
            problems += check(name, command, tview, env, keep)
    if not problems:
        shutil.rmtree(keep, ignore_errors=True)
    for problem in problems:
        print("problem:", problem)
    print(f"inline pixels: {len(problems)} problems ({time.time() - started:.0f} s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
