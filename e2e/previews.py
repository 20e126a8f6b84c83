#!/usr/bin/env python3
"""End-to-end check of the previewer's contract in real file managers and fuzzy finders: fzf,
lf, vifm, ranger and nnn run in tmux (100x30, truecolor), each with tview as its previewer as the
README says, on samples/good with demo-ball.gif selected, then the next file. The pane's size
each one passed is recorded by a wrapper; the pane is read with `capture-pane -e` and replayed
into pyte, and tview's own output for that size (replayed the same way) must appear in it cell
for cell: same character, same colours. Also: nothing of tview's shows outside that block (no
stray escapes), the next file's picture replaces the first, and after quitting the tty's modes
are as they were.

Usage: python3 e2e/previews.py [path/to/tview] [client...]   (needs tmux, fzf, lf, vifm, ranger, nnn, pyte)
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
NEXT = "gif-1x1.gif"
# A tmux server of its own for each client: `kill-server` returns before the old server is gone,
# and a session made on the same socket right after could die with it (seen: a client's keys
# then went nowhere and its previewer was "not called", now and then).
SOCKET = {"name": None}
COLS, ROWS = 100, 30


def tmux(*args):
    return subprocess.run(["tmux", "-L", SOCKET["name"]] + list(args), capture_output=True, text=True).stdout


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
        script.write('#!/bin/sh\nfile=$1 width=$2 height=$3; shift 3\n'
                     'echo "${file##*/} $width $height $*" >> %s/size\n'
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
    ranger = os.path.join(work, "ranger")
    os.makedirs(ranger)
    scope = os.path.join(ranger, "scope.sh")
    with open(scope, "w") as script:
        # ranger 1.9.3 shows a preview script's output in 256 colours.
        script.write('#!/bin/sh\nexec %s "$1" "$2" "$3" --colors 256\n' % wrapper)
    os.chmod(scope, 0o755)
    with open(os.path.join(ranger, "rc.conf"), "w") as config:
        config.write("set preview_script %s\nset use_preview_script true\nset preview_images false\n" % scope)
    fifo = os.path.join(work, "nnn.fifo")
    # nnn 4.7 writes each file it moves to into NNN_FIFO (once something reads it); a tmux pane
    # beside it previews them as the README says. The first move after the reader starts is
    # the first nnn writes.
    nnn_pane = ("while read -r f; do clear; %s \"$f\" \"$(tput cols)\" \"$(($(tput lines) - 1))\" | cat; "
                "done < %s" % (wrapper, fifo))
    # Each: the command, keys that select demo-ball.gif, keys that select the next file, quit
    # keys, the pane that shows the preview. A key may be a tmux command (a tuple).
    return {
        "fzf": ("ls | fzf --query=%s --preview '%s {} $FZF_PREVIEW_COLUMNS $FZF_PREVIEW_LINES'" % (SELECTED, wrapper),
                [], ["C-u", NEXT], ["Escape"]),
        "lf": ("lf -config %s" % lfrc, ["/" + SELECTED, "Enter"], ["j"], ["q"]),
        "vifm": ("VIFM=%s MYVIFMRC=%s/vifmrc vifm . ." % (vifm, vifm), ["/" + SELECTED, "Enter"], ["j"], [":q", "Enter"]),
        # ranger turns previews off for root after reading its configuration: on again by command.
        "ranger": ("ranger --confdir=%s" % ranger,
                   # Its console drops what comes in the same burst as the key that opens it.
                   [":", "set preview_files true", "Enter", ":", "set use_preview_script true", "Enter",
                    "/", SELECTED, "Enter"], ["j"], ["q"]),
        "nnn": ("rm -f %s; mkfifo %s; NNN_FIFO=%s nnn %s" % (fifo, fifo, fifo, SELECTED),
                [("split-window", "-h", "-t", "main", nnn_pane), ("select-pane", "-t", "main.0"), "j", "k"],
                ["j"], ["q"], "main.1"),
    }


def shown_blocks(file, work):
    """For each pane size the client asked `file`'s preview for (the wrapper's records; ranger
    asks for several widths as its columns change): the size, tview's output for it replayed,
    and the block's size. Empty when the previewer was not called for it."""
    size_file = os.path.join(work, "size")
    # Clients call their previewer when they get round to it: wait up to 10 s, then the screen
    # settles a moment.
    for _ in range(100):
        records = [line.split() for line in open(size_file)] if os.path.exists(size_file) else []
        records = [record for record in records if record and record[0] == file]
        if records:
            break
        time.sleep(0.1)
    else:
        return []
    time.sleep(0.5)
    blocks = []
    for record in dict.fromkeys(tuple(r) for r in reversed(records)):
        width, height, extra = int(record[1]), int(record[2]), list(record[3:])
        output = subprocess.run([TVIEW, "--size", "%dx%d" % (width, height)] + extra + [os.path.join(SAMPLES, file)],
                                capture_output=True, text=True, env=dict(os.environ, COLORTERM="truecolor")).stdout
        lines = output.split("\n")[:-1]
        # Every cell of tview's lines is written: the block is as wide as a line without its SGR.
        block_width = max(len(re.sub(r"\x1b\[[0-9;]*m", "", line)) for line in lines)
        blocks.append((width, height, replay(lines, width, height), block_width, len(lines)))
    return blocks


def best_block(captured, blocks):
    """The block (of `shown_blocks`) found in `captured` with the fewest differing cells: the
    block, its place and that count."""
    found = []
    for block in blocks:
        place, wrong = find_block(captured, block[2], block[3], block[4])
        found.append((wrong, place is None, block, place))
    wrong, _, block, place = min(found, key=lambda f: (f[0], f[1]))
    return block, place, wrong


def capture(pane="main"):
    return replay(tmux("capture-pane", "-t", pane, "-e", "-p", "-N").split("\n"), COLS, ROWS)


def send(keys):
    for key in keys:
        if isinstance(key, tuple):
            tmux(*key)
        else:
            tmux("send-keys", "-t", "main", key)
        time.sleep(0.3)


def check(name, command, keys, next_keys, quit, work, pane="main"):
    problems = []
    size_file = os.path.join(work, "size")
    if os.path.exists(size_file):
        os.remove(size_file)
    SOCKET["name"] = "tview-previews-%d-%s" % (os.getpid(), name)
    tmux("new-session", "-d", "-s", "main", "-x", str(COLS), "-y", str(ROWS), "-e", "LANG=C.UTF-8")
    try:
        tmux("set", "-g", "default-terminal", "tmux-256color")
        tmux("send-keys", "-t", "main", "stty -g > %s/stty-before" % work, "Enter")
        tmux("send-keys", "-t", "main", "cd %s && COLORTERM=truecolor %s" % (SAMPLES, command), "Enter")
        # Keys go once the client lists the files: typed sooner they reach the shell or a client
        # that discards what came before its screen was up (ranger, slow to start on a busy
        # machine, then never called its previewer: seen while a compiler ran beside it).
        for _ in range(100):
            time.sleep(0.1)
            screen = tmux("capture-pane", "-t", pane, "-p")
            if any(SELECTED in line and "COLORTERM=" not in line for line in screen.split("\n")):
                break
        time.sleep(0.5)
        send(keys)
        blocks = shown_blocks(SELECTED, work)
        captured = capture(pane)
        if not blocks:
            return ["%s: the previewer was not called" % name]
        first, place, wrong = best_block(captured, blocks)
        width, height, block, block_width, block_height = first
        print("%s: pane %dx%d, tview's %dx%d block at %s, %d of %d cells differ" % (
            name, width, height, block_width, block_height, place, wrong, block_width * block_height))
        if place is None or wrong > 0:
            problems.append("%s: the pane does not show tview's picture cell for cell" % name)
        text = tmux("capture-pane", "-t", pane, "-p")
        if "\x1b" in text or "[?" in text or "_G" in text:
            problems.append("%s: escape sequences shown as text" % name)
        # The next file: its picture where the first was, nothing of the first left.
        send(next_keys)
        blocks = shown_blocks(NEXT, work)
        captured = capture(pane)
        if not blocks:
            problems.append("%s: the previewer was not called for the next file" % name)
        else:
            _, next_place, next_wrong = best_block(captured, blocks)
            _, old_wrong = find_block(captured, block, block_width, block_height)
            print("%s: next file: block at %s, %d cells differ; the first picture's best place now differs in %d" % (
                name, next_place, next_wrong, old_wrong))
            if next_place is None or next_wrong > 0:
                problems.append("%s: the pane does not show the next file's picture cell for cell" % name)
            if old_wrong == 0:
                problems.append("%s: the first picture is still shown" % name)
        send(quit)
        time.sleep(0.8)
        tmux("send-keys", "-t", "main", "stty -g > %s/stty-after" % work, "Enter")
        time.sleep(0.5)
        modes = [open(os.path.join(work, f)).read() if os.path.exists(os.path.join(work, f)) else None
                 for f in ("stty-before", "stty-after")]
        if modes[1] is None or modes[0] != modes[1]:
            problems.append("%s: the tty's modes differ after quitting" % name)
        return problems
    finally:
        tmux("kill-server")
        for f in ("stty-before", "stty-after"):
            if os.path.exists(os.path.join(work, f)):
                os.remove(os.path.join(work, f))


def main():
    missing = [tool for tool in ("tmux", "fzf", "lf", "vifm", "ranger", "nnn") if shutil.which(tool) is None]
    if missing:
        sys.exit("previews: missing %s" % " ".join(missing))
    work = tempfile.mkdtemp()
    try:
        problems = []
        only = sys.argv[2:]
        for name, client in client_commands(work).items():
            if not only or name in only:
                problems += check(name, *client[:4], work, *client[4:])
    finally:
        shutil.rmtree(work, ignore_errors=True)
    for problem in problems:
        print("problem:", problem)
    print("previews: %d problems" % len(problems))
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
