#!/usr/bin/env python3
"""A big gallery in real kitty (issue 23, item 4): `tview --grid auto` on 30 files (14 corpus GIFs,
8 APNGs, 4 WebPs, and med, life, sprite and big from the bench media) in a 1200x800 kitty under
Xvfb, screenshotted many times while every tile plays. Each tile's picture is cut from each
screenshot where tview's layout puts it and compared with every frame of its file as Pillow
composes them (over kitty's black background, reduced to the same box): the best match must be
close, and the picture must not be darker than the file's darkest frame (the reported fault was
black patches over the med.gif tile). A frame caught half drawn would fail both.

Usage: e2e/kitty_gallery.py TVIEW MEDIA [SHOTS]   (MEDIA: the bench media, med.gif and the rest)
The corpus files come from ../shared/corpus beside the repository: without it the check is skipped.
"""
import os
import sys
import tempfile
import time

from PIL import Image, ImageSequence

import terminal_checks
from imaging import mean_error
from x11 import X11Terminal, virtual_display

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.normpath(os.path.join(HERE, "..", "..", "shared", "corpus"))
DISPLAY = ":95"
TITLE = terminal_checks.TITLE
WINDOW = (1200, 800)
# kitty at font_size 11 here: its cell, as it answers CSI 16 t.
CELL = (9, 20)
# Mean error per channel of a tile against its best-matching frame, and how much more of the
# tile may be near black than of the file's darkest frame (one missing 32x32 block of med.gif's
# tile is about 5 %).
LIMIT = 12
BLACKER = 0.03
# The box is found to within rounding: each tile's is moved by up to this many pixels to where
# the first screenshot matches best.
SHIFT = 2


def files(media):
    """The 30 files, in the gallery's order."""
    def pick(folder, suffix, count, prefer=()):
        names = sorted(n for n in os.listdir(os.path.join(CORPUS, folder)) if n.endswith(suffix))
        chosen = [n for n in prefer if n in names] + [n for n in names if n not in prefer]
        return [os.path.join(CORPUS, folder, n) for n in chosen[:count]]
    # Animated WebPs and a photo; not the corpus's random-noise animations, whose every pixel
    # differs from its neighbour (no reduced copy matches them to within a pixel's shift).
    webp = ("imagers-anim.webp", "sdweb-TestImageAnimated.webp", "sdweb-TestImageBlendAnimated.webp",
            "pillow-hopper.webp")
    return (pick("gif", ".gif", 14) + pick("apng", ".png", 8) + pick("webp", ".webp", 4, webp)
            + [os.path.join(media, n) for n in ("med.gif", "life.gif", "sprite.gif", "big.gif")])


def layout(columns, rows, count):
    """Tile places in cells, as GalleryLayout makes them: (column, row, width, picture rows)."""
    best, best_scale = (1, 1), -1.0
    for across in range(1, max(1, min(count, columns // 8)) + 1):
        down = (count + across - 1) // across
        if down > rows // 3:
            continue
        scale = min((columns // across - 1) / 16, 2 * (rows // down - 1) / 9)
        if scale > best_scale:
            best, best_scale = (across, down), scale
    across, down = best
    width, height = columns // across, rows // down
    return [(i % across * width, i // across * height, width - 1, height - 1) for i in range(across * down)]


def shown_box(tile, size):
    """Where kitty shows a picture of `size` in `tile` (screen pixels), as PixelLayout places it:
    the aspect kept, filling the tile's picture area, its cells centred, the picture centred in
    them."""
    column, row, width, rows = tile
    area_w, area_h = width * CELL[0], rows * CELL[1]
    scale = min(area_w / size[0], area_h / size[1])
    shown_w = min(area_w, max(1, round(size[0] * scale)))
    shown_h = min(area_h, max(1, round(size[1] * scale)))
    cells_w, cells_h = -(-shown_w // CELL[0]), -(-shown_h // CELL[1])
    left = (column + (width - cells_w) // 2) * CELL[0] + (cells_w * CELL[0] - shown_w) // 2
    top = (row + (rows - cells_h) // 2) * CELL[1] + (cells_h * CELL[1] - shown_h) // 2
    return left, top, left + shown_w, top + shown_h


def frames(path, box_size):
    """Every frame of `path` over black, reduced to `box_size` (Pillow composes the frames)."""
    shown = []
    with Image.open(path) as image:
        for frame in ImageSequence.Iterator(image):
            rgba = frame.convert("RGBA")
            over = Image.new("RGBA", rgba.size, (0, 0, 0, 255))
            over.alpha_composite(rgba)
            shown.append(over.convert("RGB").resize(box_size, Image.BOX))
    return shown


def best_error(picture, reference):
    return min(mean_error(picture, frame) for frame in reference)


def settle(shot, box, reference):
    """`box` moved (by up to SHIFT pixels) to where `shot` matches `reference` best."""
    candidates = [(box[0] + dx, box[1] + dy, box[2] + dx, box[3] + dy)
                  for dy in range(-SHIFT, SHIFT + 1) for dx in range(-SHIFT, SHIFT + 1)]
    return min(candidates, key=lambda moved: best_error(shot.crop(moved), reference))


def black_share(image):
    histogram = image.convert("L").histogram()
    return sum(histogram[:10]) / (image.size[0] * image.size[1])


def main():
    tview, media = os.path.abspath(sys.argv[1]), sys.argv[2]
    shots = int(sys.argv[3]) if len(sys.argv) > 3 else 20
    if not os.path.isdir(CORPUS):
        print(f"kitty gallery: skipped, no corpus at {CORPUS} (26 of the 30 files come from it)")
        return 0
    paths = files(media)
    if len(paths) != 30:
        print(f"kitty gallery: {len(paths)} files found, not 30")
        return 1
    tiles = layout(WINDOW[0] // CELL[0], WINDOW[1] // CELL[1] - 1, len(paths))
    boxes, references = [], []
    for path, tile in zip(paths, tiles):
        with Image.open(path) as image:
            box = shown_box(tile, image.size)
        boxes.append(box)
        reference = frames(path, (box[2] - box[0], box[3] - box[1]))
        references.append((reference, max(black_share(frame) for frame in reference)))
    env = dict(os.environ, DISPLAY=DISPLAY, LIBGL_ALWAYS_SOFTWARE="1")
    env.pop("TMUX", None)
    worst = [(0.0, 0.0)] * len(paths)
    problems = []
    with virtual_display(DISPLAY), tempfile.TemporaryDirectory() as work:
        kitty = terminal_checks.kitty_command(*WINDOW)
        command = " ".join([tview, "--grid", "auto"] + paths) + "; sleep 120"
        terminal = X11Terminal(kitty, env, TITLE)
        terminal.start(command)
        try:
            if not terminal.wait_ready():
                return print("kitty gallery: no window") or 1
            time.sleep(4)
            for number in range(shots):
                shot = terminal.screenshot(os.path.join(work, f"shot{number:02}.png"))
                if shot.size != WINDOW:
                    problems.append(f"screenshot {number}: {shot.size}, not {WINDOW}")
                    break
                if number == 0:
                    boxes = [settle(shot, box, reference) for box, (reference, _) in zip(boxes, references)]
                for index, (box, (reference, darkest)) in enumerate(zip(boxes, references)):
                    picture = shot.crop(box)
                    error = best_error(picture, reference)
                    blacker = black_share(picture) - darkest
                    worst[index] = (max(worst[index][0], error), max(worst[index][1], blacker))
                    if error > LIMIT or blacker > BLACKER:
                        name = os.path.basename(paths[index])
                        problems.append(f"screenshot {number}, tile {index + 1} ({name}): mean error {error:.1f} "
                                        f"against its closest frame, {blacker:+.1%} near black beyond its darkest")
                        shot.save(os.path.join(os.environ.get("E2E_KEEP", work), f"kitty-gallery-{number:02}.png"))
                time.sleep(0.5)
        finally:
            terminal.stop()
            if problems and terminal.log().strip():
                # kitty's own complaints (its disk cache, the graphics protocol), for the record.
                print("kitty said:", terminal.log()[:3000])
    for index, path in enumerate(paths):
        print(f"kitty gallery: tile {index + 1:2} {os.path.basename(path):52} worst error {worst[index][0]:5.1f}, "
              f"near black beyond darkest {worst[index][1]:+.1%}")
    for problem in problems:
        print("problem:", problem)
    print(f"kitty gallery: {shots} screenshots of 30 tiles, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
