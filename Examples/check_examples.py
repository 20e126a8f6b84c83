#!/usr/bin/env python3
"""Runs the two example programs as a person would and checks what they show (make examples).

thumbnail: on a pipe, a 20x6 box: at most 6 picture lines of at most 20 cells, then the
summary line; exit 0; a file that is not an image: one line on stderr, exit 1.

progress-animation: in a pseudo-terminal of 80x24 read by pyte (which answers the terminal's
status and attribute queries, as a terminal does), below a line of text: while the task runs,
the picture's coloured cells are on the screen under that line; once the task ends they are gone,
the "done" line stands where the picture began, and the program exits 0.

Usage: check_examples.py BUILD_DIR (where the examples' executables are)."""
import os
import pty
import re
import select
import subprocess
import sys
import time

import pyte

HERE = os.path.dirname(os.path.abspath(__file__))
SAMPLE = os.path.join(HERE, "..", "samples", "good", "demo-ball.gif")
problems = []
current = ["thumbnail"]


def check(condition, what):
    if not condition:
        problems.append((current[0], what))


def thumbnail(build):
    run = subprocess.run([os.path.join(build, "thumbnail"), SAMPLE, "20x6"], capture_output=True, timeout=60)
    lines = run.stdout.decode().splitlines()
    check(run.returncode == 0, f"thumbnail exited {run.returncode}: {run.stderr!r}")
    check(2 <= len(lines) <= 7, f"thumbnail wrote {len(lines)} lines")
    screen = pyte.Screen(20, 10)
    pyte.Stream(screen).feed("\r\n".join(lines[:-1]))
    drawn = [row for row in range(10) if any(screen.buffer[row][c].bg != "default" for c in range(20))]
    check(1 <= len(drawn) <= 6, f"thumbnail's picture has {len(drawn)} rows with colour")
    check(lines and lines[-1].startswith("GIF 96x64"), f"thumbnail's summary: {lines[-1:]}")
    bad = subprocess.run([os.path.join(build, "thumbnail"), __file__], capture_output=True, timeout=60)
    check(bad.returncode == 1 and len(bad.stderr.decode().splitlines()) == 1,
          f"thumbnail on a text file: exit {bad.returncode}, stderr {bad.stderr!r}")


class AnsweringScreen(pyte.Screen):
    """A screen that sends its answers (status, device attributes) back to the program."""
    def __init__(self, columns, lines, master):
        super().__init__(columns, lines)
        self.master = master

    def write_process_input(self, data):
        os.write(self.master, data.encode())


def coloured_rows(screen):
    return [row for row in range(screen.lines)
            if any(screen.buffer[row][c].bg != "default" for c in range(screen.columns))]


def progress(build):
    current[0] = "progress-animation"
    pid, master = pty.fork()
    if pid == 0:
        os.environ.update({"TERM": "xterm-256color", "COLORTERM": "truecolor"})
        os.execv("/bin/sh", ["sh", "-c", f"echo before the task; exec {os.path.join(build, 'progress-animation')} "
                                          f"{SAMPLE} 1.5"])
    screen = AnsweringScreen(80, 24, master)
    stream = pyte.ByteStream(screen)
    # pyte prints APC strings (kitty's graphics query) as text; a terminal without kitty's
    # protocol ignores them, so they are taken out (one cut across reads is held back).
    apc = re.compile(rb"\x1b_.*?\x1b\\", re.S)
    held = b""
    start = time.monotonic()
    seen_while_running = []
    status = None
    while time.monotonic() - start < 30:
        ready, _, _ = select.select([master], [], [], 0.05)
        if ready:
            try:
                data = os.read(master, 65536)
            except OSError:
                data = b""
            if not data:
                break
            data = apc.sub(b"", held + data)
            cut = data.rfind(b"\x1b_")
            held, data = (data[cut:], data[:cut]) if cut >= 0 else (b"", data)
            stream.feed(data)
        if 0.5 < time.monotonic() - start < 1.2:
            seen_while_running.append(coloured_rows(screen))
        done, code = os.waitpid(pid, os.WNOHANG)
        if done:
            status = code
    if status is None:
        _, status = os.waitpid(pid, 0)
    rows = [row for seen in seen_while_running for row in seen]
    check(rows and min(rows) == 1, f"while the task ran, the picture's rows were {sorted(set(rows))} (expected from row 1)")
    check(not coloured_rows(screen), f"after the task, coloured rows remain: {coloured_rows(screen)}")
    text = [screen.display[row].rstrip() for row in range(4)]
    check(text[0] == "before the task", f"first line: {text[0]!r}")
    check(text[1].startswith("done: the task ended after"), f"where the picture began: {text[1]!r}")
    check(os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0, f"progress-animation ended with status {status}")


def main():
    build = sys.argv[1]
    thumbnail(build)
    progress(build)
    for program, problem in problems:
        print(f"examples: {program}: {problem}")
    failed = len({program for program, _ in problems})
    print(f"examples: {2 - failed} passed, {failed} failed")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
