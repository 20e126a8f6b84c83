"""The cells of a text picture drawn as pixels, for scoring and for checking what terminals show:
every character tview or its peers print (blocks, quadrants, sextants, octants, the Legacy
Computing wedges, triangles and eighths from their geometry, as terminals draw them; any other
character from DejaVu Sans Mono or a fallback font) in 8x16 pixels, in the cell's colours; and
such a raster scored against its source (`scores`: SSIM of luma, ΔE after blur)."""
import os
import re
import unicodedata

import numpy as np
import pyte
from PIL import Image
from scipy.ndimage import gaussian_filter

CELL_W, CELL_H = 8, 16

def srgb_to_linear(c):
    c = c / 255.0
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


def linear_to_lab(rgb):
    m = np.array([[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722], [0.0193, 0.1192, 0.9505]])
    xyz = rgb @ m.T / np.array([0.95047, 1.0, 1.08883])
    f = np.where(xyz > (6 / 29) ** 3, np.cbrt(xyz), xyz / (3 * (6 / 29) ** 2) + 4 / 29)
    return np.stack([116 * f[..., 1] - 16, 500 * (f[..., 0] - f[..., 1]), 200 * (f[..., 1] - f[..., 2])], -1)


def xterm_palette():
    base = [(0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205),
            (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255),
            (255, 0, 255), (0, 255, 255), (255, 255, 255)]
    levels = [0, 95, 135, 175, 215, 255]
    cube = [(levels[i // 36], levels[i // 6 % 6], levels[i % 6]) for i in range(216)]
    grey = [(8 + 10 * i,) * 3 for i in range(24)]
    return base + cube + grey


PALETTE = xterm_palette()
NAMED = {"black": 0, "red": 1, "green": 2, "brown": 3, "blue": 4, "magenta": 5, "cyan": 6, "white": 7}


def colour(value, default):
    if value == "default":
        return default
    if value in NAMED:
        return PALETTE[NAMED[value]]
    if isinstance(value, str) and len(value) == 6:
        return tuple(int(value[i:i + 2], 16) for i in (0, 2, 4))
    return default


def grid_mask(bits, columns, row_edges):
    """A CELL_H x CELL_W mask from a bit pattern over `columns` x len(row_edges)-1 parts (bit i
    is part i, row by row), rows split at the given pixel edges."""
    mask = np.zeros((CELL_H, CELL_W), bool)
    width = CELL_W // columns
    for i in range(columns * (len(row_edges) - 1)):
        if bits >> i & 1:
            row, column = divmod(i, columns)
            mask[row_edges[row]:row_edges[row + 1], column * width:(column + 1) * width] = True
    return mask


OCTANTS_ELSEWHERE = {0, 1, 2, 3, 5, 10, 15, 20, 40, 63, 64, 80, 85, 90, 95, 128, 160, 165, 170, 175, 192, 240, 245,
                     250, 252, 255}
OCTANT_MASKS = [m for m in range(256) if m not in OCTANTS_ELSEWHERE]
QUADRANTS = {0x2598: 1, 0x259D: 2, 0x2596: 4, 0x2597: 8, 0x258C: 5, 0x2590: 10, 0x259A: 9, 0x259E: 6,
             0x259B: 7, 0x259C: 11, 0x2599: 13, 0x259F: 14, 0x2580: 3, 0x2584: 12, 0x2588: 15}
LEGACY = {0x1FB82: 3, 0x1FB85: 63, 0x1FBE6: 20, 0x1FBE7: 40, 0x1CEA8: 1, 0x1CEAB: 2, 0x1CEA3: 64, 0x1CEA0: 128}


SUPER = 4  # sub-samples a pixel side for the shapes with slanted edges
_V, _U = (np.mgrid[0:CELL_H * SUPER, 0:CELL_W * SUPER] + 0.5) / np.array([CELL_H * SUPER, CELL_W * SUPER])[:, None, None]
POINTS = {"UPPER LEFT": (0, 0), "UPPER CENTRE": (0.5, 0), "UPPER RIGHT": (1, 0), "UPPER MIDDLE LEFT": (0, 1 / 3),
          "UPPER MIDDLE RIGHT": (1, 1 / 3), "LOWER MIDDLE LEFT": (0, 2 / 3), "LOWER MIDDLE RIGHT": (1, 2 / 3),
          "LOWER LEFT": (0, 1), "LOWER CENTRE": (0.5, 1), "LOWER RIGHT": (1, 1)}
EDGE_QUARTER = {"LEFT": lambda u, v: (u <= v) & (u <= 1 - v), "UPPER": lambda u, v: (v <= u) & (v <= 1 - u),
                "RIGHT": lambda u, v: (1 - u <= v) & (1 - u <= 1 - v), "LOWER": lambda u, v: (1 - v <= u) & (1 - v <= 1 - u)}
EDGE_EIGHTH = {"LEFT": lambda u, v: u < 1 / 8, "RIGHT": lambda u, v: u >= 7 / 8, "UPPER": lambda u, v: v < 1 / 8,
               "LOWER": lambda u, v: v >= 7 / 8}
FRACTIONS = {"ONE QUARTER": 2, "THREE EIGHTHS": 3, "FIVE EIGHTHS": 5, "THREE QUARTERS": 6, "SEVEN EIGHTHS": 7}


def shape(char):
    """Symbols for Legacy Computing's other block shapes (wedges, triangles, eighths) and the
    scan lines, from their Unicode names, as fractional coverage (CELL_H x CELL_W, 0 to 1), as
    terminals draw them themselves (kitty, foot, VTE); None for any other character."""
    name = unicodedata.name(char, "")
    inside = None
    if m := re.fullmatch(r"(UPPER|LOWER) (LEFT|RIGHT) BLOCK DIAGONAL (.+) TO (.+)", name):
        (x1, y1), (x2, y2) = POINTS[m[3]], POINTS[m[4]]
        side = lambda u, v: (x2 - x1) * (v - y1) - (y2 - y1) * (u - x1)
        corner = side(0 if m[2] == "LEFT" else 1, 0 if m[1] == "UPPER" else 1)
        inside = lambda u, v: side(u, v) * corner > 0
    elif m := re.fullmatch(r"((?:LEFT|UPPER|RIGHT|LOWER)(?: AND (?:LEFT|UPPER|RIGHT|LOWER))*) TRIANGULAR "
                           r"(ONE QUARTER|HALF|THREE QUARTERS) BLOCK", name):
        edges = m[1].split(" AND ")
        inside = lambda u, v: np.logical_or.reduce([EDGE_QUARTER[e](u, v) for e in edges])
    elif m := re.fullmatch(r"((?:LEFT|UPPER|RIGHT|LOWER)(?: AND (?:LEFT|UPPER|RIGHT|LOWER))+) ONE EIGHTH BLOCK", name):
        edges = m[1].split(" AND ")
        inside = lambda u, v: np.logical_or.reduce([EDGE_EIGHTH[e](u, v) for e in edges])
    elif m := re.fullmatch(r"(VERTICAL|HORIZONTAL) ONE EIGHTH BLOCK-(\d+)", name):
        parts = [int(d) - 1 for d in m[2]]
        axis = 0 if m[1] == "VERTICAL" else 1
        inside = lambda u, v: np.isin(np.floor((u, v)[axis] * 8), parts)
    elif m := re.fullmatch(r"(UPPER|RIGHT) (%s) BLOCK" % "|".join(FRACTIONS), name):
        share = FRACTIONS[m[2]] / 8
        inside = (lambda u, v: v < share) if m[1] == "UPPER" else (lambda u, v: u >= 1 - share)
    elif m := re.fullmatch(r"HORIZONTAL SCAN LINE-(\d)", name):  # lines 1, 3, 7, 9 of nine, 1/8 high
        centre = (int(m[1]) - 0.5) / 9
        inside = lambda u, v: abs(v - centre) < 1 / 16
    if inside is None:
        return None
    return inside(_U, _V).reshape(CELL_H, SUPER, CELL_W, SUPER).mean((1, 3))


def coverage(char):
    """A glyph's foreground as a CELL_H x CELL_W mask from its geometry (fractional where an
    edge is slanted), or None when the character is no block element."""
    code = ord(char)
    mask = np.zeros((CELL_H, CELL_W), bool)
    if char == " ":
        return mask
    if code in QUADRANTS:
        return grid_mask(QUADRANTS[code], 2, [0, 8, 16])
    if 0x2581 <= code <= 0x2587:  # lower one eighth .. seven eighths
        mask[CELL_H - 2 * (code - 0x2580):, :] = True
        return mask
    if code == 0x2594:  # upper one eighth
        mask[:2, :] = True
        return mask
    if code == 0x2595:  # right one eighth
        mask[:, CELL_W - 1:] = True
        return mask
    if 0x2589 <= code <= 0x258F:  # left seven eighths .. left one eighth
        mask[:, :0x2590 - code] = True
        return mask
    if 0x1FB00 <= code <= 0x1FB3B:
        index = code - 0x1FB00 + 1
        return grid_mask(index + (index >= 21) + (index >= 41), 2, [0, 5, 11, 16])
    if 0x1CD00 <= code <= 0x1CDE5:
        return grid_mask(OCTANT_MASKS[code - 0x1CD00], 2, [0, 4, 8, 12, 16])
    if code in LEGACY:
        return grid_mask(LEGACY[code], 2, [0, 4, 8, 12, 16])
    if code == 0x2582:
        mask[12:, :] = True
        return mask
    if code == 0x2586:
        mask[4:, :] = True
        return mask
    return shape(char)


FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"
# Where DejaVu Sans Mono has no glyph (braille, some Latin), the first of these that has one, as
# a terminal falls back to other fonts; with none, DejaVu Sans Mono's missing-glyph box.
FALLBACK_FONTS = [FONT, "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
                  "/usr/share/fonts/truetype/noto/NotoMono-Regular.ttf",
                  "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf"]
_drawn = {}


def drawn(char):
    """Any other character as DejaVu Sans Mono (or a fallback) draws it, its line box (ascent to
    descent, one advance wide) fitted to the cell: foreground coverage from 0 to 1, CELL_H x CELL_W."""
    if char not in _drawn:
        from PIL import ImageDraw, ImageFont
        for path in [p for p in FALLBACK_FONTS if os.path.exists(p)] or [FONT]:
            font = ImageFont.truetype(path, 52)
            ascent, descent = font.getmetrics()
            size = (round(font.getlength("M")), ascent + descent)
            glyph, missing = Image.new("L", size), Image.new("L", size)
            ImageDraw.Draw(glyph).text((0, 0), char, font=font, fill=255)
            ImageDraw.Draw(missing).text((0, 0), "\U0010FFFD", font=font, fill=255)
            if glyph.tobytes() != missing.tobytes():
                break
        else:
            font = ImageFont.truetype(FONT, 52)
            ascent, descent = font.getmetrics()
            glyph = Image.new("L", (round(font.getlength("M")), ascent + descent))
            ImageDraw.Draw(glyph).text((0, 0), char, font=font, fill=255)
        _drawn[char] = np.asarray(glyph.resize((CELL_W, CELL_H), Image.BOX), float)[..., None] / 255
    return _drawn[char]


def cell_block(cell, background=(0, 0, 0)):
    """One pyte cell as CELL_H x CELL_W pixels (its default background `background`), and
    whether its character is no block element (drawn from the font)."""
    fg = np.array(colour(cell.fg, (255, 255, 255)), float)
    bg = np.array(colour(cell.bg, background), float)
    if cell.reverse:
        fg, bg = bg, fg
    cover = coverage(cell.data or " ")
    block = np.empty((CELL_H, CELL_W, 3))
    if cover is None:
        block[:] = bg + (fg - bg) * drawn(cell.data)
    elif cover.dtype != bool:
        block[:] = bg + (fg - bg) * cover[..., None]
    else:
        block[:] = bg
        block[cover] = fg
    return block, cover is None


def rasterise(text, columns, rows):
    screen = pyte.Screen(columns, rows + 2)
    stream = pyte.Stream(screen)
    stream.feed(text.replace("\n", "\r\n"))
    used = [r for r in range(rows + 2) if any(screen.buffer[r][c].data != " " or screen.buffer[r][c].bg != "default"
                                               for c in range(columns))]
    if not used:
        return None, 0
    height = max(used) + 1
    width = max(c + 1 for r in used for c in range(columns)
                if screen.buffer[r][c].data != " " or screen.buffer[r][c].bg != "default")
    image = np.zeros((height * CELL_H, width * CELL_W, 3))
    odd = 0
    for r in range(height):
        for c in range(width):
            block, font_drawn = cell_block(screen.buffer[r][c])
            odd += font_drawn
            image[r * CELL_H:(r + 1) * CELL_H, c * CELL_W:(c + 1) * CELL_W] = block
    return image, odd


# Scoring a rasterised picture against its source (bench/run_fidelity.py, bench/run_video.py).

def coverage_matrix(source, target):
    """target x source: how much of each target pixel each source pixel covers (rows sum to 1),
    exactly, whether the axis shrinks or grows."""
    edges = np.arange(target + 1) * (source / target)
    lo, hi = edges[:-1, None], edges[1:, None]
    pixels = np.arange(source)[None, :]
    covered = np.clip(np.minimum(hi, pixels + 1) - np.maximum(lo, pixels), 0, None)
    return covered / covered.sum(1, keepdims=True)


def reference(path, width, height):
    """The source area-averaged in linear light to width x height, over black: each raster pixel
    the mean of the source area it covers (Pillow's box filter takes whole source pixels, which
    is nearest-neighbour where the picture is enlarged)."""
    source = Image.open(path)
    if source.info.get("icc_profile"):
        # Shown as browsers show it (and tview): its colour profile converted to sRGB.
        from io import BytesIO
        from PIL import ImageCms
        profile = ImageCms.ImageCmsProfile(BytesIO(source.info["icc_profile"]))
        source = ImageCms.profileToProfile(source.convert("RGB"), profile, ImageCms.createProfile("sRGB"),
                                           renderingIntent=ImageCms.Intent.PERCEPTUAL)
    source = source.convert("RGBA")
    rgba = np.asarray(source, float)
    linear = srgb_to_linear(rgba[..., :3]) * (rgba[..., 3:] / 255)
    across = coverage_matrix(source.width, width)
    down = coverage_matrix(source.height, height)
    return np.einsum("ys,sxc,tx->ytc", down, linear, across, optimize=True)


def ssim(a, b):
    c1, c2 = (0.01 * 255) ** 2, (0.03 * 255) ** 2
    mu_a, mu_b = gaussian_filter(a, 1.5), gaussian_filter(b, 1.5)
    va = gaussian_filter(a * a, 1.5) - mu_a ** 2
    vb = gaussian_filter(b * b, 1.5) - mu_b ** 2
    cov = gaussian_filter(a * b, 1.5) - mu_a * mu_b
    return float(np.mean(((2 * mu_a * mu_b + c1) * (2 * cov + c2)) / ((mu_a ** 2 + mu_b ** 2 + c1) * (va + vb + c2))))


def scores(text, path, columns, rows):
    raster, odd = rasterise(text, columns, rows)
    if raster is None:
        return None
    ref_linear = reference(path, raster.shape[1], raster.shape[0])
    out_linear = srgb_to_linear(raster)
    def luma(linear):
        srgb = np.where(linear <= 0.0031308, linear * 12.92, 1.055 * np.power(np.clip(linear, 0, 1), 1 / 2.4) - 0.055)
        return (srgb * 255) @ np.array([0.299, 0.587, 0.114])
    structure = ssim(luma(ref_linear), luma(out_linear))
    blur = lambda x: np.stack([gaussian_filter(x[..., i], 4) for i in range(3)], -1)
    delta = np.linalg.norm(linear_to_lab(blur(ref_linear)) - linear_to_lab(blur(out_linear)), axis=-1)
    return structure, float(delta.mean()), odd
