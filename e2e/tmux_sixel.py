#!/usr/bin/env python3
"""Sixel through a tmux that draws it itself (3.4 and later, built with --enable-sixel): tmux
takes each sixel sequence whole into its input buffer and drops one longer than 1 MB without a
word. tview plays a picture of noise (800x460 pixels: a sixel of about 1.3 MB) full screen in
tmux, inside a pseudo-terminal whose far end answers as a sixel terminal (VT340's device
attributes); the far end must receive sixel images from tmux that cover the picture's rows, and
--probe must state the limit.

Debian 12's tmux is 3.3a, without sixel: give the one to use as TMUX_SIXEL (built from tmux's
source: ./configure --enable-sixel; make). Without it the check skips.

Usage: TMUX_SIXEL=/opt/tmux36/bin/tmux python3 e2e/tmux_sixel.py TVIEW
"""
import fcntl
import os
import pty
import re
import select
import struct
import subprocess
import sys
import tempfile
import termios
import time
import zlib

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TVIEW = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(REPO, ".build/release/tview"))
TMUX = os.environ.get("TMUX_SIXEL", "")
DEVICE_ATTRIBUTES = b"\x1b[?63;1;2;4;6;9;15;22c"


def noise_png(path, width=800, height=480):
    """Random pixels (no Pillow needed): the longest sixel a picture of this size makes."""
    state = 12345
    rows = bytearray()
    for _ in range(height):
        rows.append(0)
        for _ in range(width * 3):
            state = (state * 1103515245 + 12345) & 0x7FFFFFFF
            rows.append(state >> 16 & 0xFF)

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
    png += chunk(b"IDAT", zlib.compress(bytes(rows))) + chunk(b"IEND", b"")
    with open(path, "wb") as handle:
        handle.write(png)


def far_end(command, socket, seconds=6):
    """Runs tmux with `command` in a 80x24 pty (800x480 pixels), answering device attributes as a
    sixel terminal; returns everything tmux wrote."""
    pid, fd = pty.fork()
    if pid == 0:
        os.environ["TERM"] = "xterm-256color"
        os.environ.pop("TMUX", None)
        os.execv(TMUX, ["tmux", "-L", socket, "-f", "/dev/null", "new-session", command])
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 800, 480))
    out = bytearray()
    start = time.monotonic()
    while time.monotonic() - start < seconds:
        ready, _, _ = select.select([fd], [], [], 0.1)
        if not ready:
            continue
        try:
            data = os.read(fd, 1 << 20)
        except OSError:
            break
        out += data
        if b"\x1b[c" in data or b"\x1b[0c" in data:
            os.write(fd, DEVICE_ATTRIBUTES)
    subprocess.run([TMUX, "-L", socket, "kill-server"], capture_output=True)
    return bytes(out)


def main():
    if not TMUX or not os.access(TMUX, os.X_OK):
        print("SKIP: no tmux with sixel (set TMUX_SIXEL)")
        return 0
    version = subprocess.run([TMUX, "-V"], capture_output=True, text=True).stdout.strip()
    work = tempfile.mkdtemp(prefix="tview-tmux-sixel-")
    picture = os.path.join(work, "noise.png")
    noise_png(picture)
    problems = []
    probe = os.path.join(work, "probe.txt")
    far_end("%s --probe > %s; sleep 1" % (TVIEW, probe), "tview-sixel-probe", seconds=3)
    said = open(probe).read() if os.path.exists(probe) else ""
    if "pixels       sixel" not in said or "sixel size" not in said:
        problems.append("--probe inside %s: no sixel or no limit stated" % version)
    out = far_end("%s --paused --no-status %s; sleep 3" % (TVIEW, picture), "tview-sixel")
    images = [m.group(0) for m in re.finditer(rb"\x1bP[0-9;]*q.*?\x1b\\", out, re.S)]
    rows = sum(len(re.findall(rb"-", image)) + 1 for image in images) * 6
    print("%s: %d sixel images reached the terminal, %d bytes, about %d pixel rows" % (
        version, len(images), sum(map(len, images)), rows))
    if not images:
        problems.append("no sixel image reached the terminal (tmux dropped it)")
    elif rows < 440:
        problems.append("the sixel images cover %d pixel rows of the picture's 460" % rows)
    for problem in problems:
        print("problem: " + problem)
    print("tmux sixel: %d problems" % len(problems))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
