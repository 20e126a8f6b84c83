#!/usr/bin/env python3
"""Runs a command in a pseudo-terminal of a given size and measures it from outside, the same way
for tview and its peers: wall time, CPU time (user + system) and peak RSS of the process (from
wait4), the bytes it wrote, and when its picture began to show. Prints one JSON object.

The harness plays the terminal: TERM=xterm-256color and COLORTERM=truecolor, the size (and, with
--cell, the pixel size) in TIOCGWINSZ, and answers to cursor position (CSI 6n, CSI ? 6n), status
(CSI 5n) and device attributes (CSI c: a VT220) when they are shown. It answers nothing else.

With --link BPS:BUFFER it is a terminal behind a slow link: output is taken from the pty while
the BUFFER bytes in between have room (like an SSH channel's window) and shown at BPS bytes a
second; answers leave when their question is shown, as from a terminal at the far end.

usage: python3 bench/ptyrun.py [--cols 160] [--rows 48] [--cell WxH] [--seconds 10]
                               [--link BPS:BUFFER] [--glyphs half|mosaic] [--save FILE] -- CMD ARGS...

The command gets SIGTERM after --seconds and SIGKILL 2 s later. The fields printed:
  wall_s            start to the command's exit
  cpu_s, cpu_pct    user + system seconds, and over wall_s
  maxrss_mb         peak resident memory
  bytes             bytes written to the pty; bytes_per_s over wall_s
  first_byte_s      when the first byte was shown
  first_glyph_s     when the first picture character was shown: the half blocks, or with
                    --glyphs mosaic any block element, sextant or octant
  first_frame_s     the end of the burst of output holding the first glyph (the first 15 ms
                    with nothing shown after it): the first frame drawn
  display_done_s    when the last byte was shown (behind a link, later than wall_s)
  queries_answered  how many questions were answered
  exit              the exit status (negative: the signal); killed_by_harness: cut at --seconds
"""
import argparse
import collections
import fcntl
import json
import os
import pty
import re
import select
import signal
import struct
import termios
import time

HALF_BLOCKS = [0x2580, 0x2584]
# Block elements (the half blocks, quadrants, eighths), sextants, octants and the few Legacy
# Computing characters the octant sets borrow.
MOSAIC = [*range(0x2580, 0x25A0), *range(0x1FB00, 0x1FB3C), *range(0x1CD00, 0x1CDE6),
          0x1FB82, 0x1FB85, 0x1FBE6, 0x1FBE7]
GLYPHS = {"half": HALF_BLOCKS, "mosaic": MOSAIC}

QUESTION = re.compile(rb"\x1b\[(?:\??6n|5n|0?c)")
QUIET_AFTER_FRAME = 0.015  # seconds with nothing shown that end the first frame's burst
POLL = 0.002  # seconds between looks at the pty, the link and the command
GRACE = 2.0  # seconds from SIGTERM to SIGKILL


def answer(question):
    if question.endswith(b"6n"):
        return b"\x1b[1;1R"  # the cursor at the top left
    if question.endswith(b"5n"):
        return b"\x1b[0n"  # ready
    return b"\x1b[?62;22c"  # a VT220 with ANSI colour


class Screen:
    """The far end: counts and keeps what is shown, notes when, answers the questions in it."""

    def __init__(self, master, glyphs, keep):
        self.master = master
        self.glyphs = [chr(code).encode() for code in glyphs]
        self.kept = bytearray() if keep else None
        self.tail = b""  # the end of what was shown, for a sequence split between two pieces
        self.first_byte = self.first_glyph = self.last_shown = None
        self.answered = 0

    def show(self, data, now):
        if self.first_byte is None:
            self.first_byte = now
        seen = self.tail + data
        if self.first_glyph is None and any(glyph in seen for glyph in self.glyphs):
            self.first_glyph = now
        for question in QUESTION.finditer(seen):
            if question.end() > len(self.tail):
                try:
                    os.write(self.master, answer(question.group()))
                    self.answered += 1
                except OSError:
                    pass
        self.tail = seen[-8:]
        self.last_shown = now
        if self.kept is not None:
            self.kept += data


class Link:
    """A link of `rate` bytes a second with `capacity` bytes of buffer before it. Bytes taken
    wait in the buffer until the rate lets them through; at most 20 ms of rate (and 1 KB) is
    saved up while the link idles."""

    def __init__(self, rate, capacity):
        self.rate, self.capacity = rate, capacity
        self.waiting = collections.deque()
        self.held = 0
        self.allowance, self.last = 0.0, time.monotonic()

    def room(self):
        return self.capacity - self.held

    def put(self, data):
        self.waiting.append(data)
        self.held += len(data)

    def deliver(self):
        """The pieces that get through now, each as soon as the rate allows."""
        now = time.monotonic()
        self.allowance = min(self.allowance + (now - self.last) * self.rate, self.rate * 0.02 + 1024)
        self.last = now
        while self.waiting and self.allowance >= 1:
            piece = self.waiting[0]
            count = min(len(piece), int(self.allowance))
            if count == len(piece):
                self.waiting.popleft()
            else:
                self.waiting[0] = piece[count:]
            self.allowance -= count
            self.held -= count
            yield piece[:count]


def start(command, cols, rows, cell_width, cell_height):
    """The command's pid and the pty's master side, the size set on both sides before it runs."""
    size = struct.pack("HHHH", rows, cols, cols * cell_width, rows * cell_height)
    environment = dict(os.environ, TERM="xterm-256color", COLORTERM="truecolor", LINES=str(rows), COLUMNS=str(cols))
    pid, master = pty.fork()
    if pid == 0:
        try:
            fcntl.ioctl(0, termios.TIOCSWINSZ, size)
            os.execvpe(command[0], command, environment)
        except OSError as error:
            os.write(2, f"ptyrun: {command[0]}: {error.strerror}\r\n".encode())
        os._exit(127)
    fcntl.ioctl(master, termios.TIOCSWINSZ, size)
    return pid, master


def read(master, most):
    """Up to `most` bytes from the pty; b"" at its end (EIO once the command's side is closed)."""
    try:
        return os.read(master, most)
    except OSError:
        return b""


def main():
    parser = argparse.ArgumentParser(description="Runs a command in a pseudo-terminal and measures it.")
    parser.add_argument("--cols", type=int, default=160)
    parser.add_argument("--rows", type=int, default=48)
    parser.add_argument("--cell", default="0x0", help="a cell's pixel size WxH for TIOCGWINSZ (0x0: none)")
    parser.add_argument("--seconds", type=float, default=10.0, help="SIGTERM after this, SIGKILL 2 s later")
    parser.add_argument("--link", default="", help="BPS:BUFFER, e.g. 250000:2000000")
    parser.add_argument("--glyphs", choices=sorted(GLYPHS), default="half", help="what starts first_glyph_s")
    parser.add_argument("--save", default="", help="keep everything shown in this file")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    options = parser.parse_args()
    command = options.command[1:] if options.command[:1] == ["--"] else options.command
    if not command:
        parser.error("no command")
    cell_width, cell_height = (int(side) for side in options.cell.lower().split("x"))
    link = Link(*(int(part) for part in options.link.split(":"))) if options.link else None

    began = time.monotonic()
    pid, master = start(command, options.cols, options.rows, cell_width, cell_height)
    screen = Screen(master, GLYPHS[options.glyphs], keep=bool(options.save))
    total = 0
    ended = False  # the pty's end reached
    first_frame = None
    terminated = None  # when SIGTERM was sent
    exited = status = usage = None
    while True:
        now = time.monotonic() - began
        if exited is None and terminated is None and now > options.seconds:
            os.kill(pid, signal.SIGTERM)
            terminated = now
        elif exited is None and terminated is not None and now > terminated + GRACE:
            os.kill(pid, signal.SIGKILL)
        if (first_frame is None and screen.first_glyph is not None
                and now - screen.last_shown > QUIET_AFTER_FRAME):
            first_frame = screen.last_shown
        # Take what the command wrote, as far as the link's buffer has room.
        most = 65536 if link is None else min(65536, link.room())
        ready = []
        if not ended and most > 0:
            ready, _, _ = select.select([master], [], [], POLL)
        else:
            time.sleep(POLL)
        if ready:
            data = read(master, most)
            ended = not data
            total += len(data)
            if data and link is None:
                screen.show(data, time.monotonic() - began)
            elif data:
                link.put(data)
        if link is not None:
            for piece in link.deliver():
                screen.show(piece, time.monotonic() - began)
        if exited is None:
            waited, status, usage = os.wait4(pid, os.WNOHANG)
            if waited == pid:
                exited = time.monotonic() - began
        # Done when the command has exited, nothing more is to be read and the link is empty.
        if exited is not None and (ended or not select.select([master], [], [], 0)[0]) \
                and (link is None or not link.held):
            break
    if first_frame is None and screen.first_glyph is not None:
        first_frame = screen.last_shown
    if options.save:
        with open(options.save, "wb") as out:
            out.write(screen.kept)
    cpu = usage.ru_utime + usage.ru_stime
    wall = exited
    print(json.dumps({
        "cmd": " ".join(command), "cols": options.cols, "rows": options.rows, "link": options.link,
        "wall_s": round(wall, 3), "cpu_s": round(cpu, 3), "cpu_pct": round(100 * cpu / wall, 1) if wall else None,
        "maxrss_mb": round(usage.ru_maxrss / 1024, 1), "bytes": total, "bytes_per_s": int(total / wall) if wall else None,
        "first_byte_s": rounded(screen.first_byte), "first_glyph_s": rounded(screen.first_glyph),
        "first_frame_s": rounded(first_frame), "display_done_s": rounded(screen.last_shown),
        "queries_answered": screen.answered,
        "exit": os.waitstatus_to_exitcode(status), "killed_by_harness": terminated is not None,
    }))


def rounded(seconds):
    return None if seconds is None else round(seconds, 4)


if __name__ == "__main__":
    main()
