#!/usr/bin/env python3
"""The gallery (`--grid`): 24 animations on one 160x48 screen — 6x med.gif, life.gif, sprite.gif,
big.gif and 15 corpus animations (GIF, APNG, WebP; where ../shared/corpus is) — tview against
timg --grid, in a pseudo-terminal (bench/ptyrun.py), one run each. tview plays 15 s (-t 15,
--stats): first picture of every tile (its first frame draws all tiles at once), peak RSS, CPU,
and how long each tile's loops took on screen against their nominal length. timg gets 60 s.
Writes bench/results/gallery.md.

usage: bench/run_gallery.py --media DIR [--out bench/results/gallery.md]
"""
import argparse
import glob
import json
import os
import re
import tempfile

from benchlib import CORPUS, RESULTS, TVIEW
import benchlib


def files(media):
    """The bench media's and the corpus's files (none where ../shared/corpus is absent)."""
    chosen = [os.path.join(media, "med.gif")] * 6 + [os.path.join(media, n) for n in ("life.gif", "sprite.gif", "big.gif")]
    corpus = sorted(glob.glob(os.path.join(CORPUS, "gif", "*.gif")))[:8] + \
        sorted(glob.glob(os.path.join(CORPUS, "apng", "*.png")))[:4] + \
        sorted(glob.glob(os.path.join(CORPUS, "webp", "*anim*.webp")))[:3]
    return chosen, corpus


def ptyrun(command, seconds, save=None):
    return benchlib.ptyrun(command, seconds, save=save)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--media", required=True)
    parser.add_argument("--out", default=os.path.join(RESULTS, "gallery.md"))
    args = parser.parse_args()
    media, corpus = files(args.media)
    paths = media + corpus
    with tempfile.NamedTemporaryFile(suffix=".out") as saved:
        tview = ptyrun([TVIEW, "--grid", "auto", "--stats", "-t", "15"] + paths, 30, save=saved.name)
        output = open(saved.name, "rb").read().decode("utf-8", "replace")
    from_corpus = f"{len(corpus)} corpus animations" if corpus else "no corpus: ../shared/corpus absent"
    stats = json.loads(re.findall(r'\{"frames_shown[^}]*\}', output)[-1])
    timg = ptyrun(["timg", "--grid=6x4", "--loops=-1"] + paths, 60)
    lines = [
        "# Gallery: tview --grid against timg --grid",
        "",
        f"{len(paths)} files (6x med.gif, life.gif, sprite.gif, big.gif, {from_corpus}) at 160x48, one run each.",
        "",
        "| | first picture s | peak RSS MB | CPU % | bytes/s |",
        "|---|---|---|---|---|",
        f"| tview --grid auto (15 s) | {tview['first_frame_s']:.3f} | {tview['maxrss_mb']:.1f} | {tview['cpu_pct']:.1f} | "
        f"{tview['bytes_per_s']:,.0f} |",
        f"| timg --grid=6x4 (60 s) | {timg['first_frame_s']:.3f} | {timg['maxrss_mb']:.1f} | {timg['cpu_pct']:.1f} | "
        f"{timg['bytes_per_s']:,.0f} |",
        "",
        f"tview: {stats['frames_shown']} frames drawn, {stats['frames_skipped']} skipped; "
        f"{stats.get('tile_loops', 0)} tiles looped within the run, their loops on screen "
        f"{stats.get('tile_loop_ratio_min')}–{stats.get('tile_loop_ratio_max')} of nominal (target within 5 %).",
        "Targets: first picture of every tile at most 0.5 s, peak RSS at most 64 MB.",
    ]
    open(args.out, "w").write("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
