#!/usr/bin/env python3
"""End-to-end check of the previewer's contract in real file managers and fuzzy finders: fzf,
lf and vifm run in tmux (100x30, truecolor), each with tview as its previewer as the README
says, on samples/good with demo-ball.gif selected. The pane's size each one passed is recorded
by a wrapper; the pane is read with `capture-pane -e` and replayed into pyte, and tview's own
output for that size (replayed the same way) must appear in it cell for cell: same character,
same colours. Also: nothing of tview's shows outside that block (no stray escapes) and the
previewer's screen is still its own afterwards.

Usage: python3 e2e/previews.py [path/to/tview]     (needs tmux, fzf, lf, vifm and pyte)
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

import pyte

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
TVIEW = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build/release/tview"))
SAMPLES = os.path.join(ROOT, "samples/good")
SELECTED = "demo-ball.gif"
SESSION = "tview-previews-%d" % os.getpid()
COLS, ROWS = 100, 30


def tmux(*args):
    return subprocess.run(["tmux", "-L", SESSION] + list(args), capture_output=True, text=True).stdout


def replay(lines, columns, rows):
    """A pyte screen with each line placed at its row (no reliance on wrapping rules)."""
    screen = pyte.Screen(columns, rows)
    stream = pyte.Stream(screen)
    for number, line in enumerate(lines[:rows]):
        stream.feed("\x1b[%d;1H" % (number + 1) + line)
    return screen


def cell(screen, row, column):
    """What a cell shows: a space shows only its background, a full block only its foreground
    (a client may leave its own colour on the half that does not show)."""
    char = screen.buffer[row][column]
    if char.data == " ":
        return " ", None, char.bg
    if char.data == "\u2588":
        return char.data, char.fg, None
    return char.data, char.fg, char.bg


def matches(shown, wanted):
    """A cell of tview's shows as `wanted` says; where tview leaves a colour to the terminal
    (default: a transparent half), the client's own background may show."""
    return shown[0] == wanted[0] and all(w in ("default", s) for s, w in zip(shown[1:], wanted[1:]))


def find_block(captured, block, width, height):
    """Where tview's block sits in the captured screen (its top-left cell), with the number of
    cells that differ there: the best place over the whole screen."""
    best = (None, width * height + 1)
    for top in range(ROWS - height + 1):
        for left in range(COLS - width + 1):
            if not matches(cell(captured, top, left), cell(block, 0, 0)):
                continue
            wrong = sum(not matches(cell(captured, top + r, left + c), cell(block, r, c))
                        for r in range(height) for c in range(width))
            if wrong < best[1]:
                best = ((top, left), wrong)
    return best


def client_commands(work):
    wrapper = os.path.join(work, "preview.sh")
    with open(wrapper, "w") as script:
        # Records the size the client gave, then runs what the README says (more options after
        # the size: vifm's --colors 256).
        script.write('#!/bin/sh\nfile=$1 width=$2 height=$3; shift 3\necho "$width $height $*" > %s/size\n'
                     'exec %s --size "${width}x$height" "$@" "$file"\n' % (work, TVIEW))
    os.chmod(wrapper, 0o755)
    lfrc = os.path.join(work, "lfrc")
    lf_wrapper = os.path.join(work, "lf-preview.sh")
    with open(lf_wrapper, "w") as script:
        # lf r28 passes its pane's width two columns wider than it draws (measured at 80 to 120
        # columns): the README's lf previewer asks for two fewer.
        script.write('#!/bin/sh\nexec %s "$1" $(($2 - 2)) "$3"\n' % wrapper)
    os.chmod(lf_wrapper, 0o755)
    with open(lfrc, "w") as config:
        config.write("set previewer %s\n" % lf_wrapper)
    vifm = os.path.join(work, "vifm")
    os.makedirs(vifm)
    with open(os.path.join(vifm, "vifmrc"), "w") as config:
        # vifm 0.12 shows previews in 256 colours (it turns 24-bit ones into its own choice).
        config.write("fileviewer *.gif %s %%c %%pw %%ph --colors 256\nset vifminfo=\nview\n" % wrapper)
    return {
        "fzf": ("ls | fzf --query=%s --preview '%s {} $FZF_PREVIEW_COLUMNS $FZF_PREVIEW_LINES'" % (SELECTED, wrapper),
                [], "Escape"),
        "lf": ("lf -config %s" % lfrc, ["/" + SELECTED, "Enter"], "q"),
        "vifm": ("VIFM=%s MYVIFMRC=%s/vifmrc vifm . ." % (vifm, vifm), ["/" + SELECTED, "Enter"], ":q\n"),
    }


def check(name, command, keys, quit, work):
    problems = []
    size_file = os.path.join(work, "size")
    if os.path.exists(size_file):
        os.remove(size_file)
    tmux("new-session", "-d", "-s", "main", "-x", str(COLS), "-y", str(ROWS), "-e", "LANG=C.UTF-8")
    try:
        tmux("set", "-g", "default-terminal", "tmux-256color")
        tmux("send-keys", "-t", "main", "cd %s && COLORTERM=truecolor %s" % (SAMPLES, command), "Enter")
        time.sleep(1.5)
        for key in keys:
            tmux("send-keys", "-t", "main", key)
            time.sleep(0.3)
        time.sleep(2.0)
        captured = replay(tmux("capture-pane", "-t", "main", "-e", "-p", "-N").split("\n"), COLS, ROWS)
        if not os.path.exists(size_file):
            return ["%s: the previewer was not called" % name]
        recorded = open(size_file).read().split()
        width, height, extra = int(recorded[0]), int(recorded[1]), recorded[2:]
        output = subprocess.run([TVIEW, "--size", "%dx%d" % (width, height)] + extra + [os.path.join(SAMPLES, SELECTED)],
                                capture_output=True, text=True, env=dict(os.environ, COLORTERM="truecolor")).stdout
        lines = output.split("\n")[:-1]
        # Every cell of tview's lines is written: the block is as wide as a line without its SGR.
        block_width = max(len(re.sub(r"\x1b\[[0-9;]*m", "", line)) for line in lines)
        block = replay(lines, width, height)
        place, wrong = find_block(captured, block, block_width, len(lines))
        print("%s: pane %dx%d, tview's %dx%d block at %s, %d of %d cells differ" % (
            name, width, height, block_width, len(lines), place, wrong, block_width * len(lines)))
        if place is None or wrong > 0:
            problems.append("%s: the pane does not show tview's picture cell for cell" % name)
        text = tmux("capture-pane", "-t", "main", "-p")
        if "\x1b" in text or "[?" in text or "_G" in text:
            problems.append("%s: escape sequences shown as text" % name)
        tmux("send-keys", "-t", "main", quit)
        time.sleep(0.5)
        return problems
    finally:
        subprocess.run(["tmux", "-L", SESSION, "kill-server"], capture_output=True)


def main():
    missing = [tool for tool in ("tmux", "fzf", "lf", "vifm") if shutil.which(tool) is None]
    if missing:
        sys.exit("previews: missing %s" % " ".join(missing))
    work = tempfile.mkdtemp()
    try:
        problems = []
        for name, (command, keys, quit) in client_commands(work).items():
            problems += check(name, command, keys, quit, work)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    for problem in problems:
        print("problem:", problem)
    print("previews: %d problems" % len(problems))
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
