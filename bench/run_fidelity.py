#!/usr/bin/env python3
"""Picture quality of text output: tview's symbol sets beside chafa's and timg's, one run.

Each tool prints a picture as ANSI text in an area of COLSxROWS cells. The text is read back
(pyte), every cell rasterised at 8x16 pixels from its glyph's exact geometry (half blocks,
quadrants, sextants, octants and eighth blocks as rectangles; fg and bg as emitted, 256-colour
indices through the xterm palette), and compared with the source area-averaged in linear light
to the same raster (with its colour profile converted to sRGB, as browsers show it):

- structure: SSIM of luma (Gaussian window sigma 1.5, data range 255), higher is better;
- colour: mean CIE76 Delta E after a Gaussian blur of sigma 4 px in linear light, lower is better.

A cell whose character is no block element (chafa's box-drawing lines, for one) is drawn as
DejaVu Sans Mono draws it, anti-aliased, its line box fitted to the cell; the table says how
many such cells each run had.

Usage: bench/run_fidelity.py [--tview PATH] [--out bench/results/fidelity.md]
Images: scikit-image's bundled photos (public domain or CC0: astronaut, chelsea, coffee,
rocket), a star field and line art drawn here (`synthetic`), and a frame of the bench media's
med.gif when it is there."""
import argparse
import os
import subprocess
import sys
import tempfile

import numpy as np
from PIL import Image

import benchlib  # noqa: E402
from benchlib import CHAFA, CHAFA_DEBIAN, TIMG, TIMG_DEBIAN, version  # noqa: E402
from cell_raster import scores  # noqa: E402

# The peers (benchlib's): the newest releases built from source, and Debian 12's packages as
# extra rows. A missing one is a note in the tables.


def run(command):
    result = subprocess.run(command, capture_output=True, timeout=120, env=dict(os.environ, TERM="xterm-256color"))
    return result.stdout.decode("utf-8", "replace")




def ptyrun(command, cols, rows, seconds):
    """ptyrun's figures (CPU, peak RSS, bytes, first frame) for `command` in a pty of cols x rows,
    its first-frame clock started by any mosaic character."""
    return benchlib.ptyrun(command, seconds, cols=cols, rows=rows, mosaic=True)


def peers():
    """(key, label, path, version) of the four peers; version None where missing."""
    out = []
    for key, path, series in [("chafa", CHAFA, "chafa 1.18"), ("timg", TIMG, "timg 1.6"),
                              ("chafa-debian", CHAFA_DEBIAN, None), ("timg-debian", TIMG_DEBIAN, None)]:
        found = version(path)
        out.append((key, found or series or os.path.basename(path), path, found))
        if not series:
            out[-1] = (key, out[-1][1] + " (Debian 12)", path, found)
    return out


def settings(tview, known):
    """The rows of each table: (key, label, how to run it on image/columns/rows/colours, or a note)."""
    out = [(("tview", name), f"tview {name}", lambda i, c, r, k, n=name: [tview, "--symbols", n, "--size", f"{c}x{r}",
                                                                          "--colors", k, i])
           for name in TVIEW_SETS]
    # What SSIM gives a picture with no light at all: on sparse light on black (the star field) it
    # is above every tool's, so SSIM there measures how much of the cell area is dark.
    out.append((("blank", ""), "every cell black (a reference, no picture)",
                lambda i, c, r, k: [sys.executable, "-c", f"print(('\\x1b[48;2;0;0;0m' + ' ' * {c} + '\\x1b[0m\\n') * {r}, end='')"]))
    for key, label, path, found in known:
        if key.startswith("chafa"):
            # chafa 1.18 asks the terminal (its controlling tty, even with output in a pipe) unless told
            # not to; 1.12 has no --probe.
            probe = ["--probe", "off"] if found and "--probe" in run([path, "--help"]) else []
            variants = [("default", [])] + [(f"{n} -w 9", ["--symbols", n, "-w", "9"]) for n in ("quad", "sextant")]
            if key == "chafa":  # the newest's strongest settings
                variants += [(f"{n} -w 9", ["--symbols", n, "-w", "9"]) for n in ("octant", "all")]
            for name, extra in variants:
                def command(i, c, r, k, path=path, extra=extra, probe=probe):
                    return [path, "--animate", "off", "--polite", "on", *probe, "-f", "symbols", "-s", f"{c}x{r}",
                            "-c", "full" if k == "truecolor" else "256", *extra, i]
                out.append(((key, name), f"{label} {name}", command if found else benchlib.peer_missing(path)))
        else:
            # timg has no 256-colour mode for blocks.
            out.append(((key, "-pq"), f"{label} -pq", (lambda i, c, r, k, path=path: [path, "-pq", f"-g{c}x{r}", i]
                                                     if k == "truecolor" else None) if found else benchlib.peer_missing(path)))
    return out


def cost_section(tview, media, known):
    """Playing med.gif at 160x48 in each set beside chafa, and huge.gif's first frame."""
    med, huge = os.path.join(media, "med.gif"), os.path.join(media, "huge.gif")
    if not (os.path.exists(med) and os.path.exists(huge)):
        return []
    lines = ["## Cost of the symbol sets (one run, `bench/ptyrun.py --cols 160 --rows 48`)", "",
             "med.gif (480x270, 120 frames, one 4.8 s loop) played for 9.6 s at 160x48 cells, truecolor; bytes a "
             "loop are the bytes written over the loops played (wall time / 4.8 s). `make bench`'s "
             "bench/results/cost.md has the medians of three runs of each set:", "",
             "| | CPU | bytes a loop | peak RSS |", "| --- | --- | --- | --- |"]
    runs = [(f"tview {name}", [tview, "--pixels", "none", "--symbols", name, med])
            for name in ["half", "quad", "sextant", "octant", "sextant-only", "sextant+wedge", "octant+wedge"]]
    for key, label, path, found in known:
        if key == "chafa":
            runs += [(f"{label} --symbols {n}", [path, "--symbols", n, "-d", "9.6", med] if found
                      else benchlib.peer_missing(path)) for n in ("sextant", "octant")]
        if key.startswith("chafa"):
            runs.append((f"{label} (default symbols)", [path, "-d", "9.6", med] if found else benchlib.peer_missing(path)))
    for label, command in runs:
        if isinstance(command, str):  # why the peer is not there
            lines.append(f"| {label} | {command} |||")
            continue
        data = ptyrun(command, 160, 48, 9.6)
        if not data.get("wall_s"):
            lines.append(f"| {label} | — | — | — |")
            continue
        loops = data["wall_s"] / 4.8
        lines.append(f"| {label} | {data['cpu_pct']:.1f} % | {data['bytes'] / loops / 1e6:.2f} MB | "
                     f"{data['maxrss_mb']:.1f} MB |")
        print(lines[-1], flush=True)
    lines += ["", "First frame of huge.gif (1920x1080) at 160x48 (the end of the first burst of output after "
              "the first mosaic character), three runs each, chafa's in the same run:", "", "| | first frame |", "| --- | --- |"]
    def first_frames(label, command):
        values = [ptyrun(command, 160, 48, 1.5).get("first_frame_s") for _ in range(3)]
        shown = ", ".join("—" if v is None else f"{v * 1000:.0f} ms" for v in values)
        lines.append(f"| {label} | {shown} |")
        print(lines[-1], flush=True)

    for name in ["half", "quad", "sextant", "octant"]:
        first_frames(f"tview {name}", [tview, "--pixels", "none", "--symbols", name, huge])
    # The newest chafa beside them: first-frame times are this machine's, and machines differ.
    for key, label, path, found in known:
        if key == "chafa" and found:
            first_frames(f"{label} (default symbols)", [path, "-d", "1", huge])
    return lines + [""]


TVIEW_SETS = ["half", "quad-only", "sextant-only", "quad", "sextant", "octant", "sextant+wedge", "octant+wedge"]
# The targets: the best sets against chafa's default; each set alone against chafa's same
# set at -w 9 (each chafa there is, the newest and Debian's).
TARGETS = [("octant", "default"), ("sextant", "default"), ("quad-only", "quad -w 9"), ("sextant-only", "sextant -w 9")]


def cell(result):
    return "—" if result is None else f"{result[0]:.3f} / {result[1]:.2f}" + (f" ({result[2]} odd)" if result[2] else "")


def synthetic(work):
    """Two pictures the photos lack, made the same way every run: a star field (260 points of one
    to three pixels, grey 140 to 255, on black) and line art (lines of one to three pixels, black
    and dark blue on white: diagonals, circles, a box, a hatch)."""
    from PIL import ImageDraw
    rng = np.random.default_rng(5)
    width, height = 640, 360
    stars = np.zeros((height, width, 3), np.uint8)
    for _ in range(260):
        x, y = rng.integers(0, width - 2), rng.integers(0, height - 2)
        size = rng.choice([1, 1, 1, 2, 2, 3])
        stars[y:y + size, x:x + size] = rng.integers(140, 256)
    star_path = os.path.join(work, "starfield.png")
    Image.fromarray(stars).save(star_path)
    art = Image.new("RGB", (width, height), "white")
    draw = ImageDraw.Draw(art)
    for x in range(0, width, 40):
        draw.line([(x, 0), (x + 120, height)], fill="black", width=2)
    for radius in range(20, 180, 25):
        draw.ellipse([width // 2 - radius, height // 2 - radius, width // 2 + radius, height // 2 + radius],
                     outline=(20, 20, 120), width=2)
    draw.rectangle([30, 30, 200, 120], outline="black", width=3)
    for y in range(200, 340, 12):
        draw.line([(30, y), (250, y + 8)], fill="black", width=1)
    art_path = os.path.join(work, "lineart.png")
    art.save(art_path)
    return [star_path, art_path]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tview", default=".build/release/tview")
    parser.add_argument("--out", default="bench/results/fidelity.md")
    parser.add_argument("--media", default="/tmp/tview-bench-media")
    args = parser.parse_args()
    from skimage import data_dir
    work = tempfile.mkdtemp()
    images = []
    for name in ["astronaut.png", "chelsea.png", "coffee.png", "rocket.jpg"]:
        path = os.path.join(data_dir, name)
        if os.path.exists(path):
            png = os.path.join(work, name.rsplit(".", 1)[0] + ".png")
            Image.open(path).convert("RGB").save(png)
            images.append(png)
    images += synthetic(work)
    med = os.path.join(args.media, "med.gif")
    if os.path.exists(med):
        frame = os.path.join(work, "med-frame.png")
        Image.open(med).convert("RGB").save(frame)
        images.append(frame)
    known = peers()
    rows = settings(args.tview, known)
    names = [os.path.basename(image) for image in images]
    rows_out = ["# Text picture fidelity", "",
                "One run of `bench/run_fidelity.py`. Peers: "
                + "; ".join(f"{label} (`{path}`)" if found else f"{label}: {benchlib.peer_missing(path)}"
                            for _, label, path, found in known) + ". "
                "SSIM of luma (higher is better) / mean ΔE76 after a 4 px blur (lower is better); "
                "each tool's text rasterised at 8x16 a cell from the glyphs' geometry (the Legacy Computing "
                "wedges, triangles and eighths that chafa's `all` uses too, as terminals draw them; *odd*: cells "
                "of any other character, drawn from DejaVu Sans Mono or a fallback font). tview's quad, "
                "sextant and octant sets include the eighth blocks; `-only` is the set alone, as "
                "chafa's `--symbols quad` and `--symbols sextant`; `+wedge` adds the wedges (U+1FB3C–U+1FB51), "
                "as chafa's `all` has them. chafa 1.18's `octant -w 9` and `all -w 9` are "
                "its strongest settings for text. *mean*: over the images.", ""]
    missed, strongest, blank_ahead = [], [], []
    for columns, lines in [(80, 24), (160, 48)]:
        for colours in ["truecolor", "256"]:
            rows_out += [f"## {columns}x{lines}, {colours}", "",
                         "| | " + " | ".join(names) + " | mean |", "| --- " * (len(names) + 2) + "|"]
            by = {}
            for key, label, how in rows:
                if isinstance(how, str):
                    rows_out.append(f"| {label} | {how} |" + " |" * len(names))
                    continue
                results = []
                for image in images:
                    command = how(image, columns, lines, colours)
                    results.append(None if command is None else scores(run(command), image, columns, lines))
                by[key] = dict(zip(names, results))
                scored = [r for r in results if r]
                mean = (sum(r[0] for r in scored) / len(scored), sum(r[1] for r in scored) / len(scored), 0) \
                    if scored and len(scored) == len(results) else None
                rows_out.append(f"| {label} | " + " | ".join(cell(r) for r in results) + f" | {cell(mean)} |")
                print(f"{columns}x{lines} {colours}", rows_out[-1], flush=True)
            for name in names:
                where = f"{name} {columns}x{lines} {colours}"
                for chafa, label in [(k, l) for k, l, _, found in known if k.startswith("chafa") and found]:
                    for ours, theirs in TARGETS:
                        a, b = by.get(("tview", ours), {}).get(name), by.get((chafa, theirs), {}).get(name)
                        if a and b and (a[0] < b[0] or a[1] > b[1]):
                            missed.append(f"{where}: tview {ours} {a[0]:.3f} / {a[1]:.2f} against {label} {theirs} "
                                          f"{b[0]:.3f} / {b[1]:.2f}")
                # tview's strongest (octants with wedges) against chafa's (octants, and every
                # symbol it has, wedges too).
                a = by.get(("tview", "octant+wedge"), {}).get(name)
                blank = by.get(("blank", ""), {}).get(name)
                for theirs in ("octant -w 9", "all -w 9"):
                    b = by.get(("chafa", theirs), {}).get(name)
                    if blank and b and blank[0] >= b[0]:
                        blank_ahead.append(f"{where}: {blank[0]:.3f} / {blank[1]:.2f} against chafa {theirs} "
                                           f"{b[0]:.3f} / {b[1]:.2f}")
                    if a and b:
                        strongest.append((a[0] >= b[0], a[1] <= b[1],
                                          f"{where}: tview octant+wedge {a[0]:.3f} / {a[1]:.2f} "
                                          f"against chafa {theirs} {b[0]:.3f} / {b[1]:.2f}"))
            rows_out.append("")
    rows_out += cost_section(args.tview, args.media, known)
    rows_out += ["## Targets", "",
                 "tview octant and sextant against chafa's default symbols, quad-only and sextant-only against "
                 "chafa's same set at -w 9 (each chafa measured): SSIM at least and ΔE at most theirs, on every "
                 "image. " + ("Missed:" if missed else "All met."), ""] + [f"- {line}" for line in missed] + [""]
    if strongest:
        behind = [line for ssim_ok, delta_ok, line in strongest if not (ssim_ok and delta_ok)]
        rows_out += [f"## Against {known[0][1]}'s strongest settings", "",
                     f"tview octant+wedge against chafa `--symbols octant -w 9` and `--symbols all -w 9`: SSIM at least "
                     f"theirs in {sum(s for s, _, _ in strongest)} of {len(strongest)} comparisons, ΔE at most "
                     f"theirs in {sum(d for _, d, _ in strongest)}. "
                     + ("Behind on either in:" if behind else "Ahead on both in all."), ""] \
            + [f"- {line}" for line in behind] + [""]
        if blank_ahead:
            rows_out += ["A picture with every cell black scores at least chafa's strongest SSIM in:", ""] \
                + [f"- {line}" for line in blank_ahead] \
                + ["", "There SSIM rewards dark area, not the picture: any light where the source is black "
                   "costs SSIM (its stabilising constant is small next to the square of even a dim grey), "
                   "while ΔE after the blur counts the light that is dropped.", ""]
    with open(args.out, "w") as handle:
        handle.write("\n".join(rows_out) + "\n")
    print("written", args.out)


if __name__ == "__main__":
    sys.exit(main())
