"""What the bench scripts share: where things are, and running a command in bench/ptyrun.py's
pseudo-terminal (wall, CPU, peak RSS, bytes, first frame)."""
import argparse
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
TVIEW = os.path.join(ROOT, ".build", "release", "tview")
PTYRUN = os.path.join(HERE, "ptyrun.py")
# Optional, beside the repository: the corpus (the gallery's extra files).
CORPUS = os.path.join(ROOT, "..", "shared", "corpus")
RESULTS = os.path.join(HERE, "results")
# The peers: the newest releases, built from their source by `make bench-peers` (setup_peers.sh),
# which has ../shared/bench/build_peers.sh build them: without it they are not built.
CHAFA = "/opt/peers/chafa-1.18/bin/chafa"
TIMG = "/opt/peers/timg-1.6/bin/timg"
PEERS_BUILDER = os.path.join(ROOT, "..", "shared", "bench", "build_peers.sh")
# Debian 12's packages, the second row: chafa 1.12.4 (no octants) and timg 1.4.5.
CHAFA_DEBIAN = "/usr/bin/chafa"
TIMG_DEBIAN = "/usr/bin/timg"


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
    `cell` (WxH) the pixel size TIOCGWINSZ reports, `mosaic` the first-frame clock started by any
    mosaic character (not only a half block). On failure, {"error": what it said}."""
    args = [sys.executable, PTYRUN, "--cols", str(cols), "--rows", str(rows), "--seconds", str(seconds)]
    if mosaic:
        args += ["--glyphs", "mosaic"]
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


def peer_missing(path):
    """Why the peer at `path` is not measured, or None when it runs: a newest peer (/opt/peers) is
    "not built" when the builder beside the repository is absent, "missing" otherwise."""
    if version(path):
        return None
    if path in (CHAFA, TIMG):
        if not os.path.exists(PEERS_BUILDER):
            return "not built: ../shared/bench/build_peers.sh absent"
        return f"missing: {path} (make bench-peers)"
    return f"missing: {path}"


def write_table(path, title, intro, header, rows):
    """A results page: its title, what was measured and how, and one table (`header`'s cells,
    then `rows`, each already a Markdown table row)."""
    lines = ["# " + title, "", intro, "", "| " + " | ".join(header) + " |", "|" + " --- |" * len(header)] + rows
    with open(path, "w") as out:
        out.write("\n".join(lines) + "\n")
