#!/usr/bin/env python3
"""End-to-end check in a real terminal: runs tview in tmux (80x24) on a sample, reads the pane
with `capture-pane -e`, replays it into pyte and compares every cell's colours with the sample's
expected first frame (scaled 4x with nearest neighbour, as tview does for a 16x12 picture in
80x24). Then presses q and checks the terminal was given back (normal screen, cursor shown).
Runs once with truecolor (COLORTERM=truecolor) and once with 256 colours (no COLORTERM).

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
    return subprocess.run(["tmux", "-L", SESSION] + list(args), check=True, capture_output=True, text=True).stdout


def expected_cells():
    data = open(EXPECTED, "rb").read()[: 16 * 12 * 4]
    pixel = lambda x, y: tuple(data[(y * 16 + x) * 4:(y * 16 + x) * 4 + 3])
    cells = {}
    # 16x12 fits 80x24 cells at 4x: 64x48 pixels = 64 columns x 24 rows, centred at column 8.
    for row in range(24):
        for column in range(64):
            cells[(row, column + 8)] = (pixel(column // 4, (2 * row) // 4), pixel(column // 4, (2 * row + 1) // 4))
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
        command = "env %s %s %s; echo TVIEW_EXIT=$?" % (" ".join(env), TVIEW, SAMPLE)
        tmux("send-keys", "-t", "main", command, "Enter")
        time.sleep(1.5)
        captured = tmux("capture-pane", "-t", "main", "-e", "-p", "-N")
        screen = pyte.Screen(COLS, ROWS)
        stream = pyte.Stream(screen)
        # Place each captured line at its row (no reliance on wrapping rules).
        for number, line in enumerate(captured.split("\n")[:ROWS]):
            stream.feed("\x1b[%d;1H" % (number + 1) + line)
        problems = 0
        for (row, column), (top, bottom) in expected_cells().items():
            char = screen.buffer[row][column]
            if char.data != "\u2580" and not (char.data == " " and top == bottom):
                problems += 1
                continue
            fg = hex_to_rgb(char.fg) if len(char.fg) == 6 else None
            bg = hex_to_rgb(char.bg) if len(char.bg) == 6 else None
            want_top = top if tolerance else nearest_256_rgb(top)
            want_bottom = bottom if tolerance else nearest_256_rgb(bottom)
            shown_top = bg if char.data == " " else fg
            for got, want in ((shown_top, want_top), (bg, want_bottom)):
                if got is None or max(abs(a - b) for a, b in zip(got, want)) > tolerance:
                    problems += 1
                    if problems < 5:
                        print("  %s: cell (%d,%d) shows %s, expected %s" % (label, row, column, got, want))
        tmux("send-keys", "-t", "main", "q")
        time.sleep(0.8)
        alternate = tmux("display", "-p", "-t", "main", "#{alternate_on}").strip()
        cursor = tmux("display", "-p", "-t", "main", "#{cursor_flag}").strip()
        text = tmux("capture-pane", "-t", "main", "-p")
        restored = alternate == "0" and cursor == "1" and "TVIEW_EXIT=0" in text
        print("%s: %d of %d cells wrong; terminal restored after q: %s" % (label, problems, len(expected_cells()), restored))
        return problems == 0 and restored
    finally:
        subprocess.run(["tmux", "-L", SESSION, "kill-server"], capture_output=True)


def main():
    ok = run("truecolor", ["COLORTERM=truecolor"], tolerance=8)  # black is sent as (0,0,8)
    # tmux-256color, not xterm-256color: with xterm's entry ncurses clears runs of one colour
    # with ECH, which tmux shows but `capture-pane` does not report.
    ok = run("256 colours", ["TERM=tmux-256color", "COLORTERM="], tolerance=0) and ok
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
