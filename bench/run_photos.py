#!/usr/bin/env python3
"""Big photos, measured in one run through bench/ptyrun.py: the first picture of a
6000x4000 JPEG (24 megapixels, 4 MB: skimage's astronaut enlarged, with noise so it compresses
as a photo does) at 80x24 and 160x48 beside chafa 1.18 and timg 1.6, and a timelapse of 100 such
JPEGs (each shifted) played at 25 fps at 160x48 (tview; its --stats say how many frames were
shown); then 120 frames of big.gif (1280x720) as a JPEG XL animation, lossless and lossy (cjxl),
and as an AVIF sequence (ffmpeg's libaom), played at 160x48. Beside each, the decoder's floor
(bench/floor/floors.py): djpeg at the DCT scale tview uses, libjxl alone on one thread and on two.
Writes bench/results/photos.md.

usage: python3 bench/run_photos.py [--media DIR] [--out bench/results/photos.md]
"""
import json
import os
import subprocess

from benchlib import CHAFA, TIMG, arguments, peer_missing, ptyrun, version, write_table
from floor import floors


def make_photos(media):
    """media/timelapse/frame000.jpg ... frame099.jpg, made once (deterministic)."""
    folder = os.path.join(media, "timelapse")
    if os.path.exists(os.path.join(folder, "frame099.jpg")):
        return folder
    import numpy as np
    from PIL import Image
    from skimage import data
    os.makedirs(folder, exist_ok=True)
    base = np.asarray(Image.fromarray(data.astronaut()).resize((6000, 4000), Image.BILINEAR)).astype(np.int16)
    noise = np.random.default_rng(3).integers(-12, 13, size=base.shape, dtype=np.int16)
    for i in range(100):
        shifted = np.roll(base + noise, i * 20, axis=1)
        Image.fromarray(np.clip(shifted, 0, 255).astype(np.uint8)).save(
            os.path.join(folder, "frame%03d.jpg" % i), quality=85)
    return folder


def make_animations(media):
    """media/anim720.gif (120 frames of big.gif) as anim720-lossless.jxl, anim720-lossy.jxl and
    anim720.avif, made once."""
    gif = os.path.join(media, "anim720.gif")
    made = {"JPEG XL lossless": os.path.join(media, "anim720-lossless.jxl"),
            "JPEG XL lossy": os.path.join(media, "anim720-lossy.jxl"),
            "AVIF": os.path.join(media, "anim720.avif")}
    quiet = {"capture_output": True, "check": True}
    if not os.path.exists(gif):
        subprocess.run(["ffmpeg", "-y", "-i", os.path.join(media, "big.gif"), "-frames:v", "120", gif], **quiet)
    if not os.path.exists(made["JPEG XL lossless"]):
        subprocess.run(["cjxl", gif, made["JPEG XL lossless"], "-d", "0", "-e", "3"], **quiet)
    if not os.path.exists(made["JPEG XL lossy"]):
        subprocess.run(["cjxl", gif, made["JPEG XL lossy"], "-d", "1", "-e", "3"], **quiet)
    if not os.path.exists(made["AVIF"]):
        subprocess.run(["ffmpeg", "-y", "-i", gif, "-c:v", "libaom-av1", "-cpu-used", "8", "-crf", "35",
                        "-pix_fmt", "yuv420p", "-f", "avif", made["AVIF"]], **quiet)
    return made


def dct_scale(width, height, cols, rows):
    """The libjpeg-turbo scale (1/8, 1/4, 1/2 or 1) tview decodes a width x height JPEG at for
    cols x rows cells of its default set (cells twice as tall as wide; 4x8 samples a cell): the
    picture fitted, then the coarsest scale that still gives those samples, as JPEGDecoder.scale."""
    fit = min(cols / width, rows * 2 / height)  # cell columns a picture pixel
    shown = min(1, 4 * fit)  # samples a picture pixel
    for divisor in (8, 4, 2):
        if 1 / divisor >= shown:
            return f"1/{divisor}"
    return "8/8"


def jpeg_floor_cell(photo, scale):
    """The floor column of one JPEG: djpeg at tview's scale (median of three), and whole."""
    scaled = sorted(floors.jpeg_floor(photo, scale)["cpu_s"] for _ in range(3))[1]
    whole = floors.jpeg_floor(photo)["cpu_s"]
    return scaled, f"djpeg -scale {scale}: {scaled:.3f} s (whole: {whole:.2f} s)"


def timelapse_floor(folder, scale, seconds):
    """How many of the timelapse's 100 frames two processors of bare libjpeg-turbo at tview's
    scale could decode within its `seconds`: the issue's mark is 0.8x that."""
    times = [floors.jpeg_floor(os.path.join(folder, "frame%03d.jpg" % i), scale)["cpu_s"] for i in range(0, 100, 10)]
    per_frame = sum(times) / len(times)
    return min(100, int(2 * seconds / per_frame)), per_frame


def playing(tview, arguments, nominal, lateness=False):
    """ptyrun's figures for one loop of `arguments` at 160x48, and --stats of the same through a
    pipe: the table's cells from the first picture on (with the latest frame's lateness)."""
    figures = ptyrun([tview, "--loops", "1"] + arguments, 60, cols=160, rows=48, mosaic=True)
    stats = subprocess.run([tview, "--loops", "1", "--stats", "--animate", "--size", "160x48"] + arguments,
                           capture_output=True, text=True)
    counts = json.loads([line for line in stats.stderr.splitlines() if line.startswith("{")][-1])
    first = figures.get("first_frame_s") or 0
    total = counts["frames_shown"] + counts["frames_skipped"]
    late = f", latest frame {counts['late_ms_max']:.1f} ms late" if lateness else ""
    return (f"{first * 1000:.0f} ms | {figures.get('cpu_s', 0):.2f} | {figures.get('maxrss_mb', 0):.1f} | "
            f"{counts['frames_shown']} of {total} frames shown, loop "
            f"{(figures.get('wall_s', 0) - first) / nominal * 100:.0f} % of nominal{late} |"), counts["frames_shown"]


def main():
    args = arguments("photos.md")
    floors.build()
    folder = make_photos(args.media)
    photo = os.path.join(folder, "frame000.jpg")
    chafa, timg = version(CHAFA), version(TIMG)
    rows = []
    for cols, lines in ((80, 24), (160, 48)):
        _, floor = jpeg_floor_cell(photo, dct_scale(6000, 4000, cols, lines))
        tools = [("tview", [args.tview, photo])]
        if chafa:
            tools.append((chafa, [CHAFA, photo]))
        if timg:
            tools.append((timg, [TIMG, photo]))
        for tool, command in tools:
            runs = [ptyrun(command, 20, cols=cols, rows=lines, mosaic=True) for _ in range(3)]
            firsts = sorted(r.get("first_frame_s") or r.get("first_glyph_s") or 99 for r in runs)
            middle = sorted(runs, key=lambda r: r.get("cpu_s", 0))[1]
            rows.append(f"| 6000x4000 JPEG | {cols}x{lines} | {tool} | {firsts[1] * 1000:.0f} ms | "
                        f"{middle.get('cpu_s', 0):.2f} | {middle.get('maxrss_mb', 0):.1f} | – | "
                        f"{floor if tool == 'tview' else ''} |")
            print(rows[-1])
        for name, found, path in (("chafa 1.18", chafa, CHAFA), ("timg 1.6", timg, TIMG)):
            if not found:
                rows.append(f"| 6000x4000 JPEG | {cols}x{lines} | {name} | {peer_missing(path)} | | | | |")
    for name, path in make_animations(args.media).items():
        cells, _ = playing(args.tview, [path], 4.8)
        floor = "–"
        if path.endswith(".jxl"):
            one, two = floors.jxl_floor(path, 4.8, threads=0), floors.jxl_floor(path, 4.8, threads=2)
            floor = (f"libjxl: {one['cpu_s']:.2f} s CPU on one thread ({one['wall_s'] / 120 * 1000:.0f} ms a frame), "
                     f"{two['cpu_s']:.2f} s on two ({two['wall_s'] / 120 * 1000:.0f} ms a frame)")
        rows.append(f"| 1280x720, 120 frames of 40 ms, {name} | 160x48 | tview | {cells} {floor} |")
        print(rows[-1])
    scale = dct_scale(6000, 4000, 160, 48)
    could, per_frame = timelapse_floor(folder, scale, 4.0)
    timelapse = ["--fps", "25", os.path.join(folder, "frame%03d.jpg")]
    cells, shown = playing(args.tview, timelapse, 4.0, lateness=True)
    rows.append("| 100 JPEGs of 6000x4000 at 25 fps (4 s) | 160x48 | tview | " + cells
                + f" djpeg -scale {scale}: {per_frame * 1000:.0f} ms a frame; two processors could decode {could} "
                f"in the 4 s: tview showed {shown / could:.2f}x that |")
    print(rows[-1])
    write_table(args.out, "Big photos",
                "One run of `bench/run_photos.py` in ptyrun's pseudo-terminal (TERM=xterm-256color, COLORTERM=truecolor: "
                "text, each tool's defaults). *first picture*: median of three runs, from start to the first picture on "
                "screen; CPU and peak RSS of the median run. tview decodes a JPEG with libjpeg-turbo's DCT scaling at the "
                "size shown, and a sequence's next two files on threads of their own. The timelapse's frame counts "
                "come from `--stats` of the same playing through a pipe (`--animate`). *floor*: the decoder alone "
                "(bench/floor/floors.py, user + system seconds): djpeg at the scale tview uses (median of three; "
                "the timelapse's from every tenth file), libjxl decoding every frame to RGBA with no runner and "
                "with JxlThreadParallelRunner of two threads.",
                ["picture", "cells", "tool", "first picture", "CPU s", "peak RSS MB", "playing", "floor"],
                rows)


if __name__ == "__main__":
    main()
