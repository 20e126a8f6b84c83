"""Text pictures in real terminals against what tview meant: tview runs under `script`, which
keeps every byte it writes; the bytes are replayed into pyte, the screen rasterised from each
glyph's geometry (bench/cell_raster.py, which the fidelity bench uses too: blocks, quadrants, sextants, octants and
eighths as rectangles), and the picture's cells compared with the same cells of a screenshot.
Where the frame comparison checks the whole path, this checks that the terminal draws each
symbol and colour as sent."""
import os
import shlex
import sys

import numpy as np
import pyte
from PIL import Image

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "bench"))
import cell_raster as scorer  # noqa: E402


def recorded(command, log):
    """`command` (a shell string) run under script, its output also kept in `log`."""
    return f"script -q -f -c {shlex.quote(command)} {log}"


def screen_of(log, columns, rows):
    screen = pyte.Screen(columns, rows)
    stream = pyte.ByteStream(screen)
    stream.feed(open(log, "rb").read())
    return screen


def picture_cells(screen, rows):
    """The bounding box (column, row, end column, end row) of the cells in the first `rows` rows
    that show anything: a symbol or a background colour."""
    used = [(c, r) for r in range(rows) for c in range(screen.columns)
            if screen.buffer[r][c].data not in (" ", "") or screen.buffer[r][c].bg != "default"]
    if not used:
        return None
    return (min(c for c, _ in used), min(r for _, r in used), max(c for c, _ in used) + 1,
            max(r for _, r in used) + 1)


def rasterise(screen, box, background):
    columns, top_rows = box[2] - box[0], box[3] - box[1]
    image = np.zeros((top_rows * scorer.CELL_H, columns * scorer.CELL_W, 3))
    for r in range(top_rows):
        for c in range(columns):
            block, _ = scorer.cell_block(screen.buffer[box[1] + r][box[0] + c], background)
            image[r * scorer.CELL_H:(r + 1) * scorer.CELL_H, c * scorer.CELL_W:(c + 1) * scorer.CELL_W] = block
    return image


def compare(shot, log, columns, rows, picture, background=(0, 0, 0)):
    """Mean error per channel (0-255) between the screenshot's picture cells and the
    rasterised bytes, the cells compared and the terminal's cell size in pixels. `picture` is
    the picture's box in the screenshot: with the picture's cells from the bytes it gives where
    the cells are and their size (terminals pad and round differently). The last row (the
    status line) is left out."""
    screen = screen_of(log, columns, rows)
    box = picture_cells(screen, rows - 1)
    if box is None:
        return None, None, None
    cell = (round((picture[2] - picture[0]) / (box[2] - box[0])), round((picture[3] - picture[1]) / (box[3] - box[1])))
    expected = rasterise(screen, box, background)
    left, top = picture[0], picture[1]
    region = shot.crop((left, top, left + (box[2] - box[0]) * cell[0], top + (box[3] - box[1]) * cell[1]))
    # The terminal's cells are not 8x16: both pictures compared at the rasteriser's size.
    drawn = np.asarray(region.resize((expected.shape[1], expected.shape[0]), Image.BOX), float)
    return float(np.abs(drawn - expected).mean()), box, cell
