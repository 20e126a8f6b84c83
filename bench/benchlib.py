"""What the bench scripts share: where things are, and running a command in
../shared/bench/ptyrun.py's pseudo-terminal (wall, CPU, peak RSS, bytes, first frame)."""
import argparse
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
TVIEW = os.path.join(ROOT, ".build", "release", "tview")
SHARED = os.path.join(ROOT, "..", "shared")
PTYRUN = os.path.join(SHARED, "bench", "ptyrun.py")
CORPUS = os.path.join(SHARED, "corpus")
RESULTS = os.path.join(HERE, "results")
# The peers: the newest releases, built from their source by `make bench-peers` (setup_peers.sh).
CHAFA = "/opt/peers/chafa-1.18/bin/chafa"
TIMG = "/opt/peers/timg-1.6/bin/timg"
# Debian 12's packages, the second row: chafa 1.12.4 (no octants) and timg 1.4.5.
CHAFA_DEBIAN = "/usr/bin/chafa"
TIMG_DEBIAN = "/usr/bin/timg"

# Every mosaic character (block elements, sextants, octants): with `mosaic`, ptyrun's first-frame
# clock starts at the first of these it sees (its own list holds only the half blocks).
MOSAIC_GLYPHS = tuple(chr(c).encode() for c in [*range(0x2580, 0x25A0), *range(0x1FB00, 0x1FB3C),
                                                *range(0x1CD00, 0x1CDE6), 0x1FB82, 0x1FB85, 0x1FBE6, 0x1FBE7])


def arguments(page):
    """The options of a script that writes one results page: --media (the bench media), --tview
    (the binary measured) and --out (bench/results/`page` by default)."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--media", default="/tmp/tview-bench-media")
    parser.add_argument("--tview", default=TVIEW)
    parser.add_argument("--out", default=os.path.join(RESULTS, page))
    return parser.parse_args()


def ptyrun(command, seconds, cols=160, rows=48, link=None, save=None, cell=None, mosaic=False):
    """ptyrun.py's figures for `command` in a pty of `cols` x `rows` for at most `seconds`, as a
    dict; with `link` (BPS:BUFFER) behind a throttled link, `save` its output kept in that file,
    `cell` (WxH) the pixel size TIOCGWINSZ reports. On failure, {"error": what it said}."""
    runner = [os.path.join(HERE, "mosaic_ptyrun.py")] if mosaic else [PTYRUN]
    args = [sys.executable] + runner + ["--cols", str(cols), "--rows", str(rows), "--seconds", str(seconds)]
    if link:
        args += ["--link", link]
    if save:
        args += ["--save", save]
    if cell:
        args += ["--cell", cell]
    result = subprocess.run(args + ["--"] + command, capture_output=True, text=True)
    lines = [line for line in result.stdout.splitlines() if line.startswith("{")]
    try:
        return json.loads(lines[-1])
    except (IndexError, ValueError):
        return {"error": result.stderr.strip()[-200:]}


def version(path):
    """'chafa 1.18.2' or 'timg 1.4.5', or None when the binary is missing or does not run."""
    try:
        result = subprocess.run([path, "--version"], capture_output=True, text=True, timeout=20)
    except (OSError, subprocess.TimeoutExpired):
        return None
    match = re.search(r"(?:Chafa version|timg) v?(\d+\.\d+\.\d+)", result.stdout + result.stderr)
    return f"{os.path.basename(path)} {match.group(1)}" if match else None


def write_table(path, title, intro, header, rows):
    """A results page: its title, what was measured and how, and one table (`header`'s cells,
    then `rows`, each already a Markdown table row)."""
    lines = ["# " + title, "", intro, "", "| " + " | ".join(header) + " |", "|" + " --- |" * len(header)] + rows
    with open(path, "w") as out:
        out.write("\n".join(lines) + "\n")
