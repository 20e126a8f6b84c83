#!/usr/bin/env python3
"""End-to-end check in a real terminal: runs `tview --paused` in tmux (80x24) on a sample, reads
the pane with `capture-pane -e`, replays it into pyte and compares every cell's colours with the
sample's expected first frame (16x12 scaled 3x with nearest neighbour: 48x36 pixels in the 23 rows
above the status line). Then presses `.` and checks the status line and the cells of frame 2,
presses q and checks the terminal was given back (normal screen, cursor shown, exit 0). Runs
once with truecolor (COLORTERM=truecolor) and once with 256 colours (no COLORTERM).

Usage: python3 e2e/tmux_render_check.py [path/to/tview]     (needs tmux and pyte)
"""
import os
import subprocess
import sys
import time

import pyte

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
TVIEW = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build/release/tview"))
SAMPLE = os.path.join(ROOT, "samples/good/gif-disposal-1.gif")
EXPECTED = os.path.join(ROOT, "samples/expected/gif-disposal-1.rgba")
SESSION = "tview-e2e-%d" % os.getpid()
COLS, ROWS = 80, 24


def tmux(*args):
    result = subprocess.run(["tmux", "-L", SESSION] + list(args), capture_output=True, text=True)
    # A server killed a moment ago may still hold the socket: a new session then finds it exiting.
    for _ in range(10):
        if result.returncode == 0 or args[0] != "new-session" or "exited unexpectedly" not in result.stderr:
            break
        time.sleep(0.3)
        result = subprocess.run(["tmux", "-L", SESSION] + list(args), capture_output=True, text=True)
    if result.returncode != 0:
        # tmux's own words, so a failure to start a session says why.
        sys.exit(f"tmux {' '.join(args[:2])} failed ({result.returncode}): {result.stderr.strip()}")
    return result.stdout


def expected_cells(frame, expected=EXPECTED, width=16, height=12, scale=3, top=2, left=16):
    """The cells of frame `frame` of an expected .rgba, enlarged `scale` times (nearest), from cell
    (top, left). Default: 16x12 in 80x23 cells (one row is the status line): 3x, 48x36 pixels =
    48 columns x 18 rows, centred: column 16, row 2."""
    size = width * height * 4
    data = open(expected, "rb").read()[frame * size:(frame + 1) * size]
    pixel = lambda x, y: tuple(data[(y * width + x) * 4:(y * width + x) * 4 + 4])
    cells = {}
    for row in range((height * scale + 1) // 2):
        for column in range(width * scale):
            # Past the picture's last row, the bottom half is empty.
            bottom = pixel(column // scale, (2 * row + 1) // scale) if 2 * row + 1 < height * scale else (0, 0, 0, 0)
            cells[(row + top, column + left)] = (pixel(column // scale, (2 * row) // scale), bottom)
    return cells


def hex_to_rgb(text):
    return tuple(int(text[i:i + 2], 16) for i in (0, 2, 4))


def nearest_256_rgb(rgb):
    levels = [0, 95, 135, 175, 215, 255]
    cube = tuple(min(levels, key=lambda l: abs(l - c)) for c in rgb)
    return cube


def run(label, env, tolerance):
    tmux("new-session", "-d", "-s", "main", "-x", str(COLS), "-y", str(ROWS), "-e", "LANG=C.UTF-8")
    try:
        tmux("set", "-g", "default-terminal", "tmux-256color")
        # Half blocks, cell by cell (tmux would get quadrants by default).
        command = "env %s %s --symbols half --paused %s; echo TVIEW_EXIT=$?" % (" ".join(env), TVIEW, SAMPLE)
        tmux("send-keys", "-t", "main", command, "Enter")
        time.sleep(1.5)
        problems = compare(label + " frame 1", expected_cells(0), tolerance)
        status = screen_text()[ROWS - 1]
        if "frame 1/" not in status or "paused" not in status:
            print("  %s: status line says %r" % (label, status))
            problems += 1
        tmux("send-keys", "-t", "main", ".")
        time.sleep(0.8)
        problems += compare(label + " frame 2", expected_cells(1), tolerance)
        if "frame 2/" not in screen_text()[ROWS - 1]:
            print("  %s: after '.', status line says %r" % (label, screen_text()[ROWS - 1]))
            problems += 1
        tmux("send-keys", "-t", "main", "q")
        time.sleep(0.8)
        alternate = tmux("display", "-p", "-t", "main", "#{alternate_on}").strip()
        cursor = tmux("display", "-p", "-t", "main", "#{cursor_flag}").strip()
        text = tmux("capture-pane", "-t", "main", "-p")
        restored = alternate == "0" and cursor == "1" and "TVIEW_EXIT=0" in text
        print("%s: %d problems; terminal restored after q: %s" % (label, problems, restored))
        return problems == 0 and restored
    finally:
        subprocess.run(["tmux", "-L", SESSION, "kill-server"], capture_output=True)


def screen_text():
    return tmux("capture-pane", "-t", "main", "-p", "-N").split("\n")


def compare(label, cells, tolerance):
        captured = tmux("capture-pane", "-t", "main", "-e", "-p", "-N")
        screen = pyte.Screen(COLS, ROWS)
        stream = pyte.Stream(screen)
        # Place each captured line at its row (no reliance on wrapping rules).
        for number, line in enumerate(captured.split("\n")[:ROWS]):
            stream.feed("\x1b[%d;1H" % (number + 1) + line)
        problems = 0
        for (row, column), (top, bottom) in cells.items():
            char = screen.buffer[row][column]
            fg = hex_to_rgb(char.fg) if len(char.fg) == 6 else None
            bg = hex_to_rgb(char.bg) if len(char.bg) == 6 else None
            # A transparent half shows the terminal's own background. ▀ over (a, b) and ▄ over
            # (b, a) are the same picture: read the two halves whatever the glyph.
            # Partly transparent pixels are blended over black (--bg's default).
            blend = lambda p: tuple((c * p[3] + 127) // 255 for c in p[:3])
            want = [None if p[3] == 0 else (blend(p) if tolerance else nearest_256_rgb(blend(p))) for p in (top, bottom)]
            halves = {"\u2580": [fg, bg], "\u2584": [bg, fg], " ": [bg, bg], "\u2588": [fg, fg]}
            shown = halves.get(char.data, ["?", "?"])
            for got, wanted in zip(shown, want):
                if got == "?" or (got is None) != (wanted is None) or (
                        got is not None and max(abs(a - b) for a, b in zip(got, wanted)) > tolerance):
                    problems += 1
                    if problems < 5:
                        print("  %s: cell (%d,%d) %r shows %s, expected %s" % (label, row, column, char.data, got, wanted))
        print("  %s: %d of %d cells wrong" % (label, problems, len(cells)))
        return problems


STILL = os.path.join(ROOT, "samples/good/png-still-alpha.png")
STILL_EXPECTED = os.path.join(ROOT, "samples/expected/png-still-alpha.rgba")


def gallery_run():
    """--grid 2x1 on two copies of a 13x7 still: both tiles' cells against the expected picture
    (3x, 39 columns x 11 rows, rows 5-15 of each 39-column tile: columns 0 and 40), captions and
    status; Right and Enter open the second full screen, q comes back, q quits and restores."""
    tmux("new-session", "-d", "-s", "main", "-x", str(COLS), "-y", str(ROWS), "-e", "LANG=C.UTF-8")
    try:
        tmux("set", "-g", "default-terminal", "tmux-256color")
        # --loops 0: the file opened full screen stays until q (a still plays once otherwise).
        command = "env COLORTERM=truecolor %s --symbols half --grid 2x1 --loops 0 %s %s; echo TVIEW_EXIT=$?" % (
            TVIEW, STILL, STILL)
        tmux("send-keys", "-t", "main", command, "Enter")
        time.sleep(1.5)
        problems = 0
        for left in (0, 40):
            problems += compare("gallery tile at column %d" % left,
                                expected_cells(0, STILL_EXPECTED, 13, 7, 3, 5, left), 8)
        lines = screen_text()
        if lines[ROWS - 2].count("png-still-alpha.png") != 2 or "page 1/1" not in lines[ROWS - 1]:
            print("  gallery: captions %r, status %r" % (lines[ROWS - 2], lines[ROWS - 1]))
            problems += 1
        tmux("send-keys", "-t", "main", "Right")
        time.sleep(0.3)
        tmux("send-keys", "-t", "main", "Enter")
        time.sleep(1.0)
        if "frame 1/1" not in screen_text()[ROWS - 1]:
            print("  gallery: Enter did not open the file: %r" % screen_text()[ROWS - 1])
            problems += 1
        tmux("send-keys", "-t", "main", "q")
        time.sleep(1.0)
        if "page 1/1" not in screen_text()[ROWS - 1]:
            print("  gallery: q did not come back: %r" % screen_text()[ROWS - 1])
            problems += 1
        tmux("send-keys", "-t", "main", "q")
        time.sleep(0.8)
        alternate = tmux("display", "-p", "-t", "main", "#{alternate_on}").strip()
        cursor = tmux("display", "-p", "-t", "main", "#{cursor_flag}").strip()
        restored = alternate == "0" and cursor == "1" and "TVIEW_EXIT=0" in tmux("capture-pane", "-t", "main", "-p")
        print("gallery: %d problems; terminal restored after q: %s" % (problems, restored))
        return problems == 0 and restored
    finally:
        subprocess.run(["tmux", "-L", SESSION, "kill-server"], capture_output=True)


def start_inline(lines, manual_size=False):
    """A tmux session of COLS x ROWS where, after `lines` lines of shell output, tview plays the
    sample --inline, paused, in half blocks, then the shell prints its exit status; returns once
    the first frame is up. The caller kills the server."""
    tmux("new-session", "-d", "-s", "main", "-x", str(COLS), "-y", str(ROWS), "-e", "LANG=C.UTF-8")
    tmux("set", "-g", "default-terminal", "tmux-256color")
    if manual_size:
        # The window keeps the size resize-window gives it.
        tmux("set", "-g", "window-size", "manual")
    command = "clear; seq %d; COLORTERM=truecolor %s --inline --paused --symbols half --loops 1 %s; " \
              "echo TVIEW_EXIT=$?" % (lines, TVIEW, SAMPLE)
    tmux("send-keys", "-t", "main", command, "Enter")
    time.sleep(1.5)


def inline_run():
    """--inline after three lines of shell output, started paused: the picture at the cursor (3x,
    48 columns x 18 rows from row 3, column 0); `.` steps to frame 2 in place; space plays its
    one loop to the end, the last frame stays, the shell's next line is right below it, the
    cursor is shown and echo is back on."""
    try:
        start_inline(3)
        problems = compare("inline frame 1", expected_cells(0, top=3, left=0), 8)
        tmux("send-keys", "-t", "main", ".")
        time.sleep(0.8)
        problems += compare("inline frame 2, in place", expected_cells(1, top=3, left=0), 8)
        tmux("send-keys", "-t", "main", " ")
        time.sleep(1.5)
        problems += compare("inline, the last frame left", expected_cells(2, top=3, left=0), 8)
        lines = screen_text()
        if lines[:3] != ["1", "2", "3"] or not lines[21].startswith("TVIEW_EXIT=0"):
            print("  inline: around the picture %r ... %r" % (lines[:3], lines[21]))
            problems += 1
        tmux("send-keys", "-t", "main", "stty -a | grep -q -- ' echo ' && echo ECHO_IS_ON", "Enter")
        time.sleep(0.5)
        echo = "ECHO_IS_ON" in screen_text()
        cursor = tmux("display", "-p", "-t", "main", "#{cursor_flag}").strip()
        restored = cursor == "1" and echo
        print("inline: %d problems; terminal restored: %s" % (problems, restored))
        return problems == 0 and restored
    finally:
        subprocess.run(["tmux", "-L", SESSION, "kill-server"], capture_output=True)


def inline_screenful_run():
    """--inline after a screenful of shell output (the cursor on the last row): room is made by
    scrolling, the picture is drawn right above the cursor's row (rows 5 to 22 of 24), `.`
    steps in place, and after q the shell's next line follows it."""
    try:
        start_inline(40)
        top = ROWS - 1 - 18
        problems = compare("inline after a screenful, frame 1", expected_cells(0, top=top, left=0), 8)
        tmux("send-keys", "-t", "main", ".")
        time.sleep(0.8)
        problems += compare("inline after a screenful, frame 2 in place", expected_cells(1, top=top, left=0), 8)
        lines = screen_text()
        # The shell's numbers above the picture, untouched: 36 to 40 on rows 0 to 4.
        if lines[:top] != [str(n) for n in range(41 - top, 41)]:
            print("  inline after a screenful: above the picture %r" % lines[:top])
            problems += 1
        tmux("send-keys", "-t", "main", "q")
        time.sleep(0.8)
        # The shell's line after q scrolls the screen a row: the picture is a row higher then.
        problems += compare("inline after a screenful, the frame left", expected_cells(1, top=top - 1, left=0), 8)
        if not screen_text()[ROWS - 2].startswith("TVIEW_EXIT=0"):
            print("  inline after a screenful: no exit line below the picture: %r" % screen_text()[ROWS - 2])
            problems += 1
        print("inline after a screenful: %d problems" % problems)
        return problems == 0
    finally:
        subprocess.run(["tmux", "-L", SESSION, "kill-server"], capture_output=True)


def inline_resize_run():
    """--inline, paused at frame 1, then the window made narrower than the picture (tmux rewraps
    its lines): a step must draw nothing (relative moves would land elsewhere); made wide again,
    the picture is the current frame (2) where it was, whole, and after q the shell's next line
    is below it."""
    try:
        start_inline(3, manual_size=True)
        problems = compare("inline before the resize", expected_cells(0, top=3, left=0), 8)
        tmux("resize-window", "-t", "main", "-x", "30")
        time.sleep(0.5)
        tmux("send-keys", "-t", "main", ".")
        time.sleep(0.8)
        tmux("resize-window", "-t", "main", "-x", str(COLS))
        time.sleep(0.5)
        problems += compare("inline after a narrower window: nothing drawn while narrow, frame 2 once wide",
                            expected_cells(1, top=3, left=0), 8)
        tmux("send-keys", "-t", "main", "q")
        time.sleep(0.8)
        lines = screen_text()
        if lines[:3] != ["1", "2", "3"] or not lines[21].startswith("TVIEW_EXIT=0"):
            print("  inline resize: around the picture %r ... %r" % (lines[:3], lines[21]))
            problems += 1
        print("inline resize: %d problems" % problems)
        return problems == 0
    finally:
        subprocess.run(["tmux", "-L", SESSION, "kill-server"], capture_output=True)


def main():
    ok = run("truecolor", ["COLORTERM=truecolor"], tolerance=8)  # black is sent as (0,0,8)
    # tmux-256color, not xterm-256color: with xterm's entry ncurses clears runs of one colour
    # with ECH, which tmux shows but `capture-pane` does not report.
    ok = run("256 colours", ["TERM=tmux-256color", "COLORTERM="], tolerance=0) and ok
    ok = gallery_run() and ok
    ok = inline_run() and ok
    ok = inline_screenful_run() and ok
    ok = inline_resize_run() and ok
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
