#!/usr/bin/env python3
"""A model of kitty 0.35 as the outer terminal of tmux, for checking Unicode-placeholder images
inside tmux on machines without a new kitty (Debian 12 has kitty 0.26.5, which predates
placeholders, and no ghostty).

The model runs a tmux client in a pseudo-terminal and plays the terminal at the far end:

- it answers what kitty 0.35.2 answers: XTVERSION (`CSI > q` -> `DCS >|kitty(0.35.2) ST`),
  primary and secondary DA, `CSI 14/16/18 t`, DSR/CPR, DECRQM for the modes kitty knows, OSC
  10/11/12/4 colour queries, the kitty keyboard query and the graphics protocol's replies;
- it records every byte tmux writes to it (`raw`), and every query and reply (`exchanges`);
- it keeps the text cells in a pyte screen, with colours kept exactly (index or 24-bit, and the
  SGR 58 underline colour, which pyte does not know) and combining characters;
- it runs the kitty graphics protocol (transmission f=24/32/100, o=z, chunking, t=d/f/t/s,
  i/I/p, q, a=t/T/q/p/d/f/a/c, U=1 virtual placements, frames and their composition) with one
  image store for the main screen and one for the alternate screen, as kitty does;
- `snapshot()` rebuilds the picture kitty would show: every U+10EEEE cell is mapped to (image
  id, placement id, row, column) as kitty's screen_render_line_graphics does (diacritics from
  rowcolumn-diacritics.txt, id in the foreground colour, optional third diacritic for the id's
  high byte, placement id in the underline colour, inheritance from the cell to the left) and the
  image's slice is painted, the image fitted to the placement's c x r cells as kitty's
  grman_put_cell_image does (aspect kept, centred, linear filtering, transparent outside).

Sources: kitty v0.35.2 kitty/graphics.c, kitty/screen.c, gen/rowcolumn-diacritics.txt,
docs/graphics-protocol.rst; tmux 3.3a input.c, tty.c, tty-keys.c, screen-write.c.

Not modelled: text glyphs (cells without a placeholder are painted with their background, or a
block of their foreground colour with mark_text=True), kitty's terminal-driven animation timing
(a running animation is reported, its current frame is the one last chosen), real (non-virtual)
placements are painted approximately and only follow whole-screen scrolling, relative
placements (P/Q), scrollback of the outer terminal (tmux keeps the outer on the alternate screen).

Usage (tests):
    with KittyOuter(columns=80, rows=24, cell=(10, 20)) as k:
        k.start("tview --paused some.gif")           # tmux new-session, attached, in the pty
        k.wait_text("frame 1/")                      # or k.wait_quiet(), k.wait_for(predicate)
        snap = k.snapshot()       # snap.pixels: numpy (24*20, 80*10, 3) uint8
        snap.bbox(image_id), snap.placeholders, snap.images, snap.problems
        pane = k.split_window("cmd"); k.new_window("cmd"); k.select_window(":0")
        k.scroll(5); k.leave_copy_mode(); k.resize(100, 30); k.send_keys("q")
        k.raw, k.graphics_commands(), k.queries()    # what reached the terminal, what it answered
Without tmux, k.feed(bytes) runs bytes through the model directly.
Run alone: python3 e2e/kitty_outer_model.py [--png out.png] [--size 80x24] -- command
"""
import base64
import codecs
import fcntl
import io
import os
import re
import select
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import termios
import threading
import time
import unicodedata
import zlib

import numpy as np
import pyte
from pyte.screens import StaticDefaultDict
from wcwidth import wcwidth

try:
    from PIL import Image as _PIL
except ImportError:  # PNG then goes through the small reader below
    _PIL = None

KITTY_VERSION = "0.35.2"
PLACEHOLDER = "\U0010EEEE"

# kitty's gen/rowcolumn-diacritics.txt (the same in v0.35.2 and today): the n-th mark stands for n.
DIACRITICS = (
    0x0305, 0x030D, 0x030E, 0x0310, 0x0312, 0x033D, 0x033E, 0x033F, 0x0346, 0x034A, 0x034B, 0x034C,
    0x0350, 0x0351, 0x0352, 0x0357, 0x035B, 0x0363, 0x0364, 0x0365, 0x0366, 0x0367, 0x0368, 0x0369,
    0x036A, 0x036B, 0x036C, 0x036D, 0x036E, 0x036F, 0x0483, 0x0484, 0x0485, 0x0486, 0x0487, 0x0592,
    0x0593, 0x0594, 0x0595, 0x0597, 0x0598, 0x0599, 0x059C, 0x059D, 0x059E, 0x059F, 0x05A0, 0x05A1,
    0x05A8, 0x05A9, 0x05AB, 0x05AC, 0x05AF, 0x05C4, 0x0610, 0x0611, 0x0612, 0x0613, 0x0614, 0x0615,
    0x0616, 0x0617, 0x0657, 0x0658, 0x0659, 0x065A, 0x065B, 0x065D, 0x065E, 0x06D6, 0x06D7, 0x06D8,
    0x06D9, 0x06DA, 0x06DB, 0x06DC, 0x06DF, 0x06E0, 0x06E1, 0x06E2, 0x06E4, 0x06E7, 0x06E8, 0x06EB,
    0x06EC, 0x0730, 0x0732, 0x0733, 0x0735, 0x0736, 0x073A, 0x073D, 0x073F, 0x0740, 0x0741, 0x0743,
    0x0745, 0x0747, 0x0749, 0x074A, 0x07EB, 0x07EC, 0x07ED, 0x07EE, 0x07EF, 0x07F0, 0x07F1, 0x07F3,
    0x0816, 0x0817, 0x0818, 0x0819, 0x081B, 0x081C, 0x081D, 0x081E, 0x081F, 0x0820, 0x0821, 0x0822,
    0x0823, 0x0825, 0x0826, 0x0827, 0x0829, 0x082A, 0x082B, 0x082C, 0x082D, 0x0951, 0x0953, 0x0954,
    0x0F82, 0x0F83, 0x0F86, 0x0F87, 0x135D, 0x135E, 0x135F, 0x17DD, 0x193A, 0x1A17, 0x1A75, 0x1A76,
    0x1A77, 0x1A78, 0x1A79, 0x1A7A, 0x1A7B, 0x1A7C, 0x1B6B, 0x1B6D, 0x1B6E, 0x1B6F, 0x1B70, 0x1B71,
    0x1B72, 0x1B73, 0x1CD0, 0x1CD1, 0x1CD2, 0x1CDA, 0x1CDB, 0x1CE0, 0x1DC0, 0x1DC1, 0x1DC3, 0x1DC4,
    0x1DC5, 0x1DC6, 0x1DC7, 0x1DC8, 0x1DC9, 0x1DCB, 0x1DCC, 0x1DD1, 0x1DD2, 0x1DD3, 0x1DD4, 0x1DD5,
    0x1DD6, 0x1DD7, 0x1DD8, 0x1DD9, 0x1DDA, 0x1DDB, 0x1DDC, 0x1DDD, 0x1DDE, 0x1DDF, 0x1DE0, 0x1DE1,
    0x1DE2, 0x1DE3, 0x1DE4, 0x1DE5, 0x1DE6, 0x1DFE, 0x20D0, 0x20D1, 0x20D4, 0x20D5, 0x20D6, 0x20D7,
    0x20DB, 0x20DC, 0x20E1, 0x20E7, 0x20E9, 0x20F0, 0x2CEF, 0x2CF0, 0x2CF1, 0x2DE0, 0x2DE1, 0x2DE2,
    0x2DE3, 0x2DE4, 0x2DE5, 0x2DE6, 0x2DE7, 0x2DE8, 0x2DE9, 0x2DEA, 0x2DEB, 0x2DEC, 0x2DED, 0x2DEE,
    0x2DEF, 0x2DF0, 0x2DF1, 0x2DF2, 0x2DF3, 0x2DF4, 0x2DF5, 0x2DF6, 0x2DF7, 0x2DF8, 0x2DF9, 0x2DFA,
    0x2DFB, 0x2DFC, 0x2DFD, 0x2DFE, 0x2DFF, 0xA66F, 0xA67C, 0xA67D, 0xA6F0, 0xA6F1, 0xA8E0, 0xA8E1,
    0xA8E2, 0xA8E3, 0xA8E4, 0xA8E5, 0xA8E6, 0xA8E7, 0xA8E8, 0xA8E9, 0xA8EA, 0xA8EB, 0xA8EC, 0xA8ED,
    0xA8EE, 0xA8EF, 0xA8F0, 0xA8F1, 0xAAB0, 0xAAB2, 0xAAB3, 0xAAB7, 0xAAB8, 0xAABE, 0xAABF, 0xAAC1,
    0xFE20, 0xFE21, 0xFE22, 0xFE23, 0xFE24, 0xFE25, 0xFE26, 0x10A0F, 0x10A38, 0x1D185, 0x1D186, 0x1D187,
    0x1D188, 0x1D189, 0x1D1AA, 0x1D1AB, 0x1D1AC, 0x1D1AD, 0x1D242, 0x1D243, 0x1D244,
)
DIACRITIC_NUMBER = {chr(c): i + 1 for i, c in enumerate(DIACRITICS)}  # 1-based, as kitty's


def diacritic(n):
    """The mark for row/column/byte `n` (0-based)."""
    return chr(DIACRITICS[n])


def placeholder_cell(row, column, high_byte=None):
    """U+10EEEE with the row and column marks (and the id's high byte if given)."""
    text = PLACEHOLDER + diacritic(row) + diacritic(column)
    return text + diacritic(high_byte) if high_byte is not None else text


# kitty's default colours (kitty/options/definition.py) and the xterm cube and greys.
_BASE16 = ["000000", "cc0403", "19cb00", "cecb00", "0d73cc", "cb1ed1", "0dcdcd", "dddddd",
           "767676", "f2201f", "23fd00", "fffd00", "1a8fff", "fd28ff", "14ffff", "ffffff"]


def palette_rgb(index):
    if index < 16:
        return tuple(int(_BASE16[index][i:i + 2], 16) for i in (0, 2, 4))
    if index < 232:
        index -= 16
        level = lambda v: 0 if v == 0 else 55 + 40 * v
        return level(index // 36), level(index // 6 % 6), level(index % 6)
    grey = 8 + 10 * (index - 232)
    return grey, grey, grey


DEFAULT_FG = (0xdd, 0xdd, 0xdd)
DEFAULT_BG = (0, 0, 0)


def colour_rgb(colour, default):
    """A colour as kept on the cells: None (default), ('i', n) or ('rgb', 0xRRGGBB)."""
    if colour is None:
        return default
    if colour[0] == "i":
        return palette_rgb(colour[1])
    v = colour[1]
    return (v >> 16) & 255, (v >> 8) & 255, v & 255


def colour_id(colour):
    """kitty's color_to_id: the colour's value bits (index or 24-bit), 0 for the default."""
    return 0 if colour is None else colour[1] & 0xFFFFFF


def cell_colours(char):
    """(foreground, underline colour, background) of a pyte cell as the model keeps them."""
    fg, ul = char.fg if isinstance(char.fg, tuple) else (None, None)
    bg = char.bg if isinstance(char.bg, tuple) else None
    return fg, ul, bg


# ---------------------------------------------------------------------------------------------
# PNG without PIL: 8 and 16 bit, grey/RGB/palette/grey+alpha/RGBA, interlaced or not.

def _png_unfilter(raw, width, height, bpp, stride):
    out = bytearray(height * stride)
    prev = bytearray(stride)
    pos = 0
    for y in range(height):
        ftype = raw[pos]
        line = bytearray(raw[pos + 1:pos + 1 + stride])
        pos += 1 + stride
        if ftype == 1:
            for i in range(bpp, stride):
                line[i] = (line[i] + line[i - bpp]) & 255
        elif ftype == 2:
            for i in range(stride):
                line[i] = (line[i] + prev[i]) & 255
        elif ftype == 3:
            for i in range(stride):
                left = line[i - bpp] if i >= bpp else 0
                line[i] = (line[i] + ((left + prev[i]) >> 1)) & 255
        elif ftype == 4:
            for i in range(stride):
                a = line[i - bpp] if i >= bpp else 0
                b = prev[i]
                c = prev[i - bpp] if i >= bpp else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        out[y * stride:(y + 1) * stride] = line
        prev = line
    return out, pos


def decode_png(data):
    """RGBA numpy array (height, width, 4) of a PNG; PIL when present, else this reader."""
    if _PIL is not None:
        with _PIL.open(io.BytesIO(data)) as im:
            return np.array(im.convert("RGBA"), dtype=np.uint8)
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    pos, idat, palette, trns = 8, bytearray(), None, None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            width, height, depth, ctype, _, _, interlace = struct.unpack(">IIBBBBB", body)
        elif kind == b"PLTE":
            palette = np.frombuffer(body, np.uint8).reshape(-1, 3)
        elif kind == b"tRNS":
            trns = body
        elif kind == b"IDAT":
            idat += body
        elif kind == b"IEND":
            break
    if depth not in (8, 16) and not (ctype == 3 and depth in (1, 2, 4)) and not (ctype == 0 and depth in (1, 2, 4)):
        raise ValueError("unsupported PNG depth %d" % depth)
    channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[ctype]
    raw = zlib.decompress(bytes(idat))
    bits = channels * depth

    def unpack(buf, w, h):
        stride = (w * bits + 7) // 8
        rows, used = _png_unfilter(buf, w, h, max(1, bits // 8), stride)
        a = np.frombuffer(bytes(rows), np.uint8).reshape(h, stride)
        if depth == 16:
            a = a.reshape(h, w * channels, 2)[:, :, 0]
        elif depth < 8:
            a = np.unpackbits(a, axis=1).reshape(h, -1, depth)[:, :w * channels]
            a = (a * (1 << np.arange(depth - 1, -1, -1))).sum(axis=2).astype(np.uint8)
            if ctype == 0:
                a = (a * (255 // ((1 << depth) - 1))).astype(np.uint8)
        return a.reshape(h, w, channels), used

    if interlace:
        passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
        pix = np.zeros((height, width, channels), np.uint8)
        pos = 0
        for x0, y0, dx, dy in passes:
            w, h = (width - x0 + dx - 1) // dx, (height - y0 + dy - 1) // dy
            if w <= 0 or h <= 0:
                continue
            part, used = unpack(raw[pos:], w, h)
            pos += used
            pix[y0::dy, x0::dx] = part
    else:
        pix, _ = unpack(raw, width, height)
    if ctype == 3:
        index = pix[:, :, 0]
        alpha = np.full(256, 255, np.uint8)
        if trns:
            alpha[:len(trns)] = np.frombuffer(trns, np.uint8)
        pal = np.zeros((256, 3), np.uint8)
        pal[:len(palette)] = palette
        return np.dstack([pal[index], alpha[index]])
    if ctype == 4:
        g, a = pix[:, :, 0], pix[:, :, 1]
        return np.dstack([g, g, g, a])
    if ctype in (0, 2):
        rgb = np.repeat(pix[:, :, :1], 3, axis=2) if ctype == 0 else pix
        alpha = np.full(pix.shape[:2], 255, np.uint8)
        if trns and depth == 8:  # a colour key (16-bit keys are compared on the high byte)
            key = struct.unpack(">%dH" % (len(trns) // 2), trns)
            alpha[(pix == np.array(key, np.uint16).astype(np.uint8)).all(axis=2)] = 0
        return np.dstack([rgb, alpha])
    return pix.copy()


# ---------------------------------------------------------------------------------------------
# The graphics protocol, after kitty v0.35.2 kitty/graphics.c.

class GraphicsError(Exception):
    def __init__(self, code, message):
        super().__init__("%s:%s" % (code, message))
        self.code = code


def parse_graphics(body):
    """`G<control>;<payload>` (the APC body) -> (keys, base64 payload). Numbers stay numbers."""
    control, _, payload = body[1:].partition(";")
    keys = {}
    for item in control.split(","):
        if "=" not in item:
            continue
        k, v = item.split("=", 1)
        if k in "atodf" and len(k) == 1 and not v.lstrip("-").isdigit():
            keys[k] = v[:1]
        else:
            try:
                keys[k] = int(v)
            except ValueError:
                keys[k] = v
    return keys, payload


def _alpha_blend(under, over, opaque_under):
    """kitty's blend_on_opaque / alpha_blend on uint8 RGBA arrays of one shape (in place)."""
    sa = over[..., 3:4].astype(np.float32) / 255.0
    if opaque_under:
        rgb = over[..., :3] * sa + under[..., :3] * (1.0 - sa)
        under[..., :3] = rgb.astype(np.uint8)
        return
    da = under[..., 3:4].astype(np.float32) / 255.0
    alpha = sa + da * (1.0 - sa)
    with np.errstate(divide="ignore", invalid="ignore"):
        rgb = (over[..., :3] * sa + under[..., :3] * da * (1.0 - sa)) / alpha
    rgb = np.where(alpha > 0, rgb, 0)
    new_a = (255 * alpha).astype(np.uint8)
    new_rgb = np.where(new_a > 0, rgb, 0).astype(np.uint8)
    keep = over[..., 3:4] == 0  # kitty leaves the pixel alone when the source alpha is 0
    under[..., :3] = np.where(keep, under[..., :3], new_rgb)
    under[..., 3:4] = np.where(keep, under[..., 3:4], new_a)


def _compose(canvas, canvas_opaque, data, x, y, blend):
    """Draw `data` (h, w, 4) onto `canvas` at (x, y), clipped; kitty's compose()."""
    h = min(data.shape[0], canvas.shape[0] - y)
    w = min(data.shape[1], canvas.shape[1] - x)
    if h <= 0 or w <= 0:
        return
    under = canvas[y:y + h, x:x + w]
    over = data[:h, :w]
    if blend:
        _alpha_blend(under, over, canvas_opaque)
    else:
        under[...] = over
        if canvas_opaque:
            under[..., 3] = 255


class Frame:
    def __init__(self, fid, data, x=0, y=0, opaque=False, alpha_blend=False, gap=0, bgcolor=0, base=0):
        self.id, self.data, self.x, self.y = fid, data, x, y
        self.opaque, self.alpha_blend, self.gap, self.bgcolor, self.base = opaque, alpha_blend, gap, bgcolor, base


class Ref:
    """A placement: virtual (U=1) or real."""
    def __init__(self, internal_id):
        self.internal_id = internal_id
        self.client_id = 0
        self.virtual = False
        self.columns = self.rows = 0           # c and r as given
        self.eff_columns = self.eff_rows = 0   # the cells a real placement covers
        self.start_row = self.start_column = 0
        self.src = (0, 0, 0, 0)
        self.offset = (0, 0)
        self.z = 0

    def describe(self):
        d = {"placement_id": self.client_id, "virtual": self.virtual, "c": self.columns, "r": self.rows}
        if not self.virtual:
            d.update(row=self.start_row, column=self.start_column, eff_c=self.eff_columns, eff_r=self.eff_rows)
        return d


class KittyImage:
    def __init__(self, internal_id):
        self.internal_id = internal_id
        self.client_id = 0
        self.number = 0
        self.width = self.height = 0
        self.loaded = False
        self.frames = []          # frames[0] is the root frame
        self.frame_counter = 0
        self.current = 0          # index into frames
        self.animation_state = 1  # 1 stopped, 2 loading, 3 running (kitty's s=)
        self.max_loops = 0
        self.refs = []            # insertion order, as kitty's hash iteration
        self.version = 0          # bumped when what would be shown changes

    def frame(self, number):
        """1-based frame number -> Frame, as kitty's frame_for_number."""
        return self.frames[number - 1] if 1 <= number <= len(self.frames) else None

    def frame_by_id(self, fid):
        for f in self.frames:
            if f.id == fid:
                return f
        return None

    def coalesced(self, frame, depth=0):
        """The full picture of a frame (kitty's get_coalesced_frame_data), RGBA."""
        if depth > 32:
            raise GraphicsError("EINVAL", "frame chain too long")
        full = frame.data.shape[1] == self.width and frame.data.shape[0] == self.height and not frame.x and not frame.y
        if not frame.base:
            if full:
                return frame.data.copy()
            canvas = np.zeros((self.height, self.width, 4), np.uint8)
            if frame.bgcolor:
                c = frame.bgcolor
                canvas[...] = ((c >> 24) & 255, (c >> 16) & 255, (c >> 8) & 255, c & 255)
            if frame.opaque:
                canvas[..., 3] = 255
            _compose(canvas, frame.opaque, frame.data, frame.x, frame.y, frame.alpha_blend and not frame.opaque)
            return canvas
        base = self.frame_by_id(frame.base)
        if base is None:
            raise GraphicsError("EINVAL", "base frame missing")
        canvas = self.coalesced(base, depth + 1)
        _compose(canvas, base.opaque, frame.data, frame.x, frame.y, frame.alpha_blend and not frame.opaque)
        return canvas

    def current_pixels(self):
        return self.coalesced(self.frames[self.current]) if self.frames else None

    def describe(self):
        return {"id": self.client_id, "number": self.number, "width": self.width, "height": self.height,
                "frames": len(self.frames), "current_frame": self.current + 1,
                "animation_state": self.animation_state, "loaded": self.loaded,
                "placements": [r.describe() for r in self.refs]}


class GraphicsManager:
    """One image store (kitty keeps one for the main screen, one for the alternate screen)."""

    def __init__(self, model, name):
        self.model = model
        self.name = name
        self.images = []          # creation order, like kitty's hash
        self.image_counter = 0
        self.ref_counter = 0
        self.loading = None       # chunked upload in progress

    # lookups
    def by_id(self, cid):
        for img in self.images:
            if img.client_id == cid:
                return img
        return None

    def by_number(self, number):
        found = None
        for img in self.images:   # the newest with that number
            if img.number == number:
                found = img
        return found

    def free_client_id(self):
        used = sorted({img.client_id for img in self.images if img.client_id})
        ans = 1
        for cid in used:
            if cid != ans:
                break
            ans = cid + 1
        return ans

    def new_image(self):
        self.image_counter += 1
        img = KittyImage(self.image_counter)
        self.images.append(img)
        return img

    def remove_image(self, img):
        if img in self.images:
            self.images.remove(img)
        if self.loading and self.loading["image"] is img:
            self.loading = None

    def new_ref(self, img):
        self.ref_counter += 1
        ref = Ref(self.ref_counter)
        img.refs.append(ref)
        return ref

    # data
    def _read_payload(self, keys, data_b64):
        """The bytes a transmission carries in a chunk: base64 for t=d, a file for t=f/t/s."""
        tt = keys.get("t", "d")
        raw = base64.b64decode(data_b64 + "=" * (-len(data_b64) % 4)) if data_b64 else b""
        if tt == "d":
            return raw
        path = raw.decode("utf-8", "replace")
        if tt == "s":
            path = os.path.join("/dev/shm", path.lstrip("/"))
        try:
            with open(path, "rb") as f:
                f.seek(keys.get("O", 0))
                size = keys.get("S", 0)
                data = f.read(size) if size else f.read()
        except OSError as e:
            raise GraphicsError("EBADF", "Failed to open file %s: %s" % (path, e))
        if tt == "t" and "tty-graphics-protocol" in path:
            os.unlink(path)
        elif tt == "s":
            os.unlink(path)
        return data

    @staticmethod
    def _decode(keys, data):
        """-> (RGBA array, opaque) from the whole transmitted data."""
        fmt = keys.get("f", 32)
        if keys.get("o") == "z":
            try:
                data = zlib.decompress(data)
            except zlib.error as e:
                raise GraphicsError("EINVAL", "Failed to inflate: %s" % e)
        elif keys.get("o"):
            raise GraphicsError("EINVAL", "Unknown image compression: %s" % keys["o"])
        if fmt == 100:
            try:
                return decode_png(data), False
            except Exception as e:  # noqa: BLE001 - any PNG failure is EBADPNG in kitty
                raise GraphicsError("EBADPNG", "Failed to decode PNG: %s" % e)
        if fmt not in (24, 32):
            raise GraphicsError("EINVAL", "Unknown image format: %s" % fmt)
        w, h = keys.get("s", 0), keys.get("v", 0)
        if not w or not h:
            raise GraphicsError("EINVAL", "Zero width/height not allowed")
        bpp = fmt // 8
        need = w * h * bpp
        if len(data) < need:
            raise GraphicsError("ENODATA", "Insufficient image data: %d < %d" % (len(data), need))
        a = np.frombuffer(data[:need], np.uint8).reshape(h, w, bpp)
        if bpp == 3:
            return np.dstack([a, np.full((h, w), 255, np.uint8)]), True
        return a.copy(), False

    # commands
    def handle(self, body, cursor):
        """One APC G command; returns the reply text (without ESC _ ... ESC \\) or None, and
        the new cursor (x, y) (real placements move kitty's cursor)."""
        keys, payload = parse_graphics(body)
        self.model.graphics_log.append({"screen": self.name, "keys": dict(keys),
                                        "payload_len": len(payload), "time": time.monotonic()})
        self.cursor = cursor
        if keys.get("i") and keys.get("I"):
            return self._reply(keys, False, GraphicsError("EINVAL", "Must not specify both image id and image number")), self.cursor
        action = keys.get("a", "t")
        try:
            if action in ("t", "T", "q"):
                reply = self._transmit(keys, payload)
            elif action == "f":
                reply = self._frame(keys, payload)
            elif action == "a":
                reply = self._animate(keys)
            elif action == "p":
                reply = self._put_command(keys)
            elif action == "d":
                self._delete(keys)
                reply = None
            elif action == "c":
                reply = self._compose_command(keys)
            else:
                raise GraphicsError("EINVAL", "Unknown graphics command action: %s" % action)
        except GraphicsError as e:
            reply = self._reply(keys, False, e)
        return reply, self.cursor

    @staticmethod
    def _reply(keys, loaded, error=None, override=None):
        """kitty's finish_command_response."""
        k = dict(keys)
        if override:
            k.update(override)
        quiet = k.get("q", 0)
        if quiet and (error is None or quiet > 1):
            return None
        if not (k.get("i") or k.get("I")):
            return None
        if error is None and not loaded:
            return None
        text = "G"
        if k.get("i"):
            text += "i=%d" % k["i"]
        if k.get("I"):
            text += ",I=%d" % k["I"]
        if k.get("p"):
            text += ",p=%d" % k["p"]
        if k.get("r") and k.get("a") in ("f", "a"):
            text += ",r=%d" % k["r"]
        return text + ";" + ("OK" if error is None else str(error))

    def _transmit(self, keys, payload):
        action = keys.get("a", "t")
        tt = keys.get("t", "d")
        continuing = tt == "d" and self.loading is not None
        if continuing and self.loading["kind"] == "frame":
            return self._frame(keys, payload)
        if continuing:
            load = self.loading
            start = load["start"]
            if "q" in keys:
                start["q"] = keys["q"]
        else:
            self.loading = None
            is_query = action == "q"
            if is_query and not keys.get("i"):
                raise GraphicsError("EINVAL", "Query graphics command without image id")
            iid = 0 if is_query else keys.get("i", 0)
            img = self.by_id(iid) if iid else None
            if img is not None:  # re-transmission: the old data and all placements go
                img.frames, img.refs, img.loaded, img.current = [], [], False, 0
                img.animation_state = 1
                img.version += 1
            else:
                # kitty trims images that have no placements and no id first (add_trim_predicate)
                for other in list(self.images):
                    if not other.refs and not other.client_id and not other.number:
                        self.remove_image(other)
                img = self.new_image()
                img.client_id = iid
                img.number = 0 if is_query else keys.get("I", 0)
                if not img.client_id and img.number:
                    img.client_id = self.free_client_id()
            start = dict(keys)
            start["i"] = keys["i"] if is_query else img.client_id
            load = {"kind": "add", "image": img, "start": start, "chunks": [], "query": is_query}
        load["chunks"].append(self._read_payload(load["start"], payload))
        if keys.get("m", 0) == 1 and tt == "d":
            self.loading = load
            return None
        self.loading = None
        start, img = load["start"], load["image"]
        try:
            pixels, opaque = self._decode(start, b"".join(load["chunks"]))
        except GraphicsError as e:
            if load["query"]:
                self.remove_image(img)
            return self._reply(start, False, e)
        img.width, img.height = pixels.shape[1], pixels.shape[0]
        img.frame_counter += 1
        img.frames = [Frame(img.frame_counter, pixels, opaque=opaque)]
        img.current = 0
        img.loaded = True
        img.version += 1
        if load["query"]:
            self.remove_image(img)
            return self._reply({"i": start["i"], "q": start.get("q", 0)}, True)
        reply = self._reply(start, True)
        if start.get("a") == "T":
            self._put(start, img)
        return reply

    def _find(self, keys):
        if keys.get("i"):
            return self.by_id(keys["i"])
        if keys.get("I"):
            return self.by_number(keys["I"])
        return None

    def _put_command(self, keys):
        if not keys.get("i") and not keys.get("I"):
            raise GraphicsError("EINVAL", "Put graphics command without image id or number")
        img = self._find(keys)
        if img is None:
            raise GraphicsError("ENOENT", "Put command refers to non-existent image with id: %d and number: %d"
                                % (keys.get("i", 0), keys.get("I", 0)))
        self._put(keys, img)
        return self._reply(keys, True, override={"i": img.client_id})

    def _put(self, keys, img):
        """kitty's handle_put_command (no relative placements)."""
        if not img.loaded:
            raise GraphicsError("ENOENT", "Put command refers to image with id: %d that could not load its data" % img.client_id)
        cw, ch = self.model.cell_size
        ref = None
        pid = keys.get("p", 0)
        if pid and img.client_id:
            for r in img.refs:
                if r.client_id == pid:
                    ref = r
                    break
        if ref is None:
            ref = self.new_ref(img)
        sx, sy = keys.get("x", 0), keys.get("y", 0)
        sw = keys.get("w", 0) or img.width
        sh = keys.get("h", 0) or img.height
        sw = min(sw, img.width - (sx if img.width > sx else img.width))
        sh = min(sh, img.height - (sy if img.height > sy else img.height))
        ref.src = (sx, sy, sw, sh)
        ref.z = keys.get("z", 0)
        ref.start_column, ref.start_row = self.cursor
        ref.offset = (min(keys.get("X", 0), cw - 1), min(keys.get("Y", 0), ch - 1))
        ref.columns, ref.rows = keys.get("c", 0), keys.get("r", 0)
        if img.client_id:
            ref.client_id = pid
        # kitty's update_dest_rect
        cols, rows = ref.columns, ref.rows
        if cols == 0:
            if rows == 0:
                t = int(sw + ref.offset[0])
                cols = -(-t // cw)
            else:
                hpx = ch * rows + ref.offset[1]
                cols = int(np.ceil(hpx * sw / max(1, sh) / cw))
        if rows == 0:
            if ref.columns == 0:
                t = int(sh + ref.offset[1])
                rows = -(-t // ch)
            else:
                wpx = cw * cols + ref.offset[0]
                rows = int(np.ceil(wpx * sh / max(1, sw) / ch))
        ref.eff_columns, ref.eff_rows = cols, rows
        ref.virtual = bool(keys.get("U", 0))
        if ref.virtual:
            ref.start_row = ref.start_column = 0
        elif keys.get("C", 0) != 1:
            x, y = self.cursor
            self.cursor = (x + cols, y + (rows - 1 if rows else 0))
        img.version += 1

    def _filter_refs(self, predicate, free_images, only_first=False):
        """kitty's filter_refs: drop matching placements; drop images left with none when
        freeing (upper case) or when they have no id."""
        matched = False
        for img in list(self.images):
            before = len(img.refs)
            img.refs = [r for r in img.refs if not predicate(r, img)]
            if len(img.refs) != before:
                matched = True
                img.version += 1
            if not img.refs and (free_images or img.client_id == 0):
                self.remove_image(img)
            if only_first and matched:
                break

    def clear(self, everything):
        """kitty's grman_clear (ED 2 / ED 3, entering the alternate screen, RIS)."""
        if everything:
            self._filter_refs(lambda r, img: not r.virtual, True)
        else:
            self._filter_refs(lambda r, img: not r.virtual and r.start_row + r.eff_rows > 0, True)

    def scroll(self, top, bottom, amount):
        """Real placements move with scrolled text (kitty's grman_scroll_images, simplified:
        whole-screen scrolls only, and they are kept when they leave the top)."""
        if top != 0 or bottom != self.model.rows - 1:
            return
        for img in self.images:
            for r in img.refs:
                if not r.virtual:
                    r.start_row -= amount

    def _delete(self, keys):
        self.loading = None
        d = keys.get("d", "a")
        free = d.isupper()
        lo = d.lower()
        real = lambda r: not r.virtual
        x, y, z = keys.get("x", 0), keys.get("y", 0), keys.get("z", 0)
        in_col = lambda r, col: r.start_column <= col - 1 < r.start_column + r.eff_columns
        in_row = lambda r, row: r.start_row <= row - 1 < r.start_row + r.eff_rows
        pid = keys.get("p", 0)
        if lo == "a":
            self._filter_refs(lambda r, img: real(r) and r.start_row + r.eff_rows > 0, free)
        elif lo == "i":
            cid = keys.get("i", 0)
            self._filter_refs(lambda r, img: bool(cid) and img.client_id == cid and (not pid or r.client_id == pid), free)
        elif lo == "n":
            num = keys.get("I", 0)
            target = self.by_number(num) if num else None
            self._filter_refs(lambda r, img: img is target and (not pid or r.client_id == pid), free)
        elif lo == "r":
            self._filter_refs(lambda r, img: bool(img.client_id) and x <= img.client_id <= y, free)
        elif lo == "p":
            self._filter_refs(lambda r, img: real(r) and in_col(r, x) and in_row(r, y), free)
        elif lo == "q":
            self._filter_refs(lambda r, img: real(r) and in_col(r, x) and in_row(r, y) and r.z == z, free)
        elif lo == "x":
            self._filter_refs(lambda r, img: real(r) and in_col(r, x), free)
        elif lo == "y":
            self._filter_refs(lambda r, img: real(r) and in_row(r, y), free)
        elif lo == "z":
            self._filter_refs(lambda r, img: real(r) and r.z == z, free)
        elif lo == "c":
            cx, cy = self.cursor
            self._filter_refs(lambda r, img: real(r) and in_col(r, cx + 1) and in_row(r, cy + 1), free)
        elif lo == "f":
            self._delete_frame(keys)
        else:
            raise GraphicsError("EINVAL", "Unknown graphics command delete action: %s" % d)

    def _delete_frame(self, keys):
        img = self._find(keys)
        if img is None or len(img.frames) < 2:
            return
        number = min(len(img.frames), keys.get("r", 0)) or 1
        index = number - 1
        if index == 0:
            # the root goes: the next frame becomes the root, as kitty copies extra_frames[0]
            img.frames.pop(0)
        else:
            img.frames.pop(index)
        if img.current >= len(img.frames):
            img.current = len(img.frames) - 1
        elif index and index - 1 < img.current:
            img.current -= 1
        img.version += 1

    def _frame(self, keys, payload):
        """a=f: kitty's handle_animation_frame_load_command."""
        if self.loading is not None and self.loading["kind"] == "frame" and keys.get("t", "d") == "d":
            load = self.loading
            if "q" in keys:
                load["start"]["q"] = keys["q"]
        else:
            img = self.loading["image"] if self.loading else self._find(keys)
            self.loading = None
            if img is None:
                if not keys.get("i") and not keys.get("I"):
                    raise GraphicsError("EINVAL", "Add frame data command without image id or number")
                raise GraphicsError("ENOENT", "Animation command refers to non-existent image with id: %d and number: %d"
                                    % (keys.get("i", 0), keys.get("I", 0)))
            load = {"kind": "frame", "image": img, "start": dict(keys), "chunks": []}
        load["chunks"].append(self._read_payload(load["start"], payload))
        if keys.get("m", 0) == 1 and load["start"].get("t", "d") == "d":
            self.loading = load
            return None
        self.loading = None
        g, img = load["start"], load["image"]
        number = g.get("r", 0)
        if not number or number > len(img.frames) + 1:
            number = len(img.frames) + 1
        is_new = number == len(img.frames) + 1
        reply_keys = dict(g, r=number)
        try:
            data, opaque = self._decode(g, b"".join(load["chunks"]))
            if data.shape[1] > img.width:
                raise GraphicsError("EINVAL", "Frame width %d larger than image width: %d" % (data.shape[1], img.width))
            if data.shape[0] > img.height:
                raise GraphicsError("EINVAL", "Frame height %d larger than image height: %d" % (data.shape[0], img.height))
            gap = g.get("z", 0)
            gap = gap if gap > 0 else 0 if gap < 0 else 40
            frame = Frame(0, data, g.get("x", 0), g.get("y", 0), opaque,
                          g.get("X", 0) != 1 and not opaque, gap, g.get("Y", 0))
            if is_new:
                img.frame_counter += 1
                frame.id = img.frame_counter
                other = g.get("c", 0)
                if other:
                    base = img.frame(other)
                    if base is None:
                        raise GraphicsError("EINVAL", "No frame with number: %d found" % other)
                    if base.base and self._chain_too_large(img, base):
                        canvas = img.coalesced(base)
                        _compose(canvas, base.opaque, frame.data, frame.x, frame.y, frame.alpha_blend)
                        frame.data, frame.x, frame.y = canvas, 0, 0
                        frame.opaque = base.opaque
                    else:
                        frame.base = base.id
                img.frames.append(frame)
            else:
                target = img.frame(number)
                if g.get("z", 0):
                    target.gap = gap
                canvas = img.coalesced(target)
                _compose(canvas, target.opaque, frame.data, frame.x, frame.y, frame.alpha_blend)
                target.data, target.x, target.y, target.base, target.bgcolor, target.alpha_blend = canvas, 0, 0, 0, 0, False
                if target is img.frames[img.current]:
                    img.version += 1
        except GraphicsError as e:
            return self._reply(reply_keys, False, e)
        return self._reply(reply_keys, True)

    @staticmethod
    def _chain_too_large(img, frame):
        limit = img.width * img.height * 2
        drawn = frame.data.shape[0] * frame.data.shape[1]
        num = 1
        while drawn < limit and num < 5:
            if not frame.base:
                break
            frame = img.frame_by_id(frame.base)
            if frame is None:
                break
            drawn += frame.data.shape[0] * frame.data.shape[1]
            num += 1
        return num >= 5 or drawn >= limit

    def _animate(self, keys):
        """a=a: kitty's handle_animation_control_command."""
        img = self._find(keys)
        if img is None:
            raise GraphicsError("ENOENT", "Animation command refers to non-existent image with id: %d and number: %d"
                                % (keys.get("i", 0), keys.get("I", 0)))
        r = keys.get("r", 0)
        if r and r <= len(img.frames) and keys.get("z", 0):
            z = keys["z"]
            img.frames[r - 1].gap = z if z > 0 else 0
        c = keys.get("c", 0)
        if c and c - 1 != img.current and c <= len(img.frames):
            img.current = c - 1
            img.version += 1
        s = keys.get("s", 0)
        if s in (1, 2, 3):
            img.animation_state = s
        if keys.get("v", 0):
            img.max_loops = keys["v"] - 1
        return None

    def _compose_command(self, keys):
        img = self._find(keys)
        if img is None:
            raise GraphicsError("ENOENT", "Animation command refers to non-existent image with id: %d and number: %d"
                                % (keys.get("i", 0), keys.get("I", 0)))
        src, dst = img.frame(keys.get("r", 0)), img.frame(keys.get("c", 0))
        if src is None or dst is None:
            raise GraphicsError("ENOENT", "No such frame")
        w = keys.get("w", 0) or img.width
        h = keys.get("h", 0) or img.height
        dx, dy, sx, sy = keys.get("x", 0), keys.get("y", 0), keys.get("X", 0), keys.get("Y", 0)
        if dx + w > img.width or dy + h > img.height:
            raise GraphicsError("EINVAL", "The destination rectangle is out of bounds")
        if sx + w > img.width or sy + h > img.height:
            raise GraphicsError("EINVAL", "The source rectangle is out of bounds")
        if src is dst and max(sx, dx) < min(sx, dx) + w and max(sy, dy) < min(sy, dy) + h:
            raise GraphicsError("EINVAL", "The source and destination rectangles are the same and overlap")
        over = img.coalesced(src)[sy:sy + h, sx:sx + w].copy()
        canvas = img.coalesced(dst)
        _compose(canvas, dst.opaque, over, dx, dy, keys.get("C", 0) != 1)
        dst.data, dst.x, dst.y, dst.base, dst.bgcolor, dst.alpha_blend = canvas, 0, 0, 0, 0, False
        img.version += 1
        return self._reply(keys, True)


# ---------------------------------------------------------------------------------------------
# The text screen: pyte, with exact colours, SU/SD, REP and the alternate screen added.

class _Screen(pyte.Screen):
    def __init__(self, columns, lines, on_scroll):
        super().__init__(columns, lines)
        self.on_scroll = on_scroll
        self.last_char = None

    def draw(self, data):
        # pyte stops at the first character wcwidth calls unprintable; kitty would still show
        # the rest, so leave such characters out instead.
        if any(ord(c) > 0x7E for c in data):
            data = "".join(c for c in data if ord(c) < 0x7F or wcwidth(c) >= 0)
        if data:
            super().draw(data)
            self.last_char = data[-1]

    def index(self):
        top, bottom = self.margins or (0, self.lines - 1)
        if self.cursor.y == bottom:
            self.on_scroll(top, bottom, 1)
        super().index()

    def scroll_up(self, n):
        """SU: n lines up inside the margins, the cursor left where it is."""
        top, bottom = self.margins or (0, self.lines - 1)
        y = self.cursor.y
        for _ in range(max(1, n)):
            self.cursor.y = bottom
            self.index()
        self.cursor.y = y

    def scroll_down(self, n):
        top, bottom = self.margins or (0, self.lines - 1)
        y = self.cursor.y
        for _ in range(max(1, n)):
            self.cursor.y = top
            self.reverse_index()
        self.cursor.y = y

    def new_buffer(self):
        return type(self.buffer)(lambda: StaticDefaultDict(self.default_char))


_SGR_FLAGS = {1: ("bold", True), 22: ("bold", False), 3: ("italics", True), 23: ("italics", False),
              4: ("underscore", True), 21: ("underscore", True), 24: ("underscore", False),
              5: ("blink", True), 25: ("blink", False), 7: ("reverse", True), 27: ("reverse", False),
              9: ("strikethrough", True), 29: ("strikethrough", False)}


def _sgr_colour(parts, i):
    """Parse 38/48/58 at parts[i] (semicolon or colon form) -> (colour or False, next i)."""
    sub = parts[i].split(":")
    if len(sub) > 1:
        try:
            if sub[1] == "5":
                return ("i", int(sub[2] or 0) & 255), i + 1
            if sub[1] == "2":
                vals = sub[2:]
                if len(vals) >= 4:
                    vals = vals[1:]  # 38:2:<colour space>:r:g:b
                r, g, b = (int(v or 0) & 255 for v in (vals + ["0", "0", "0"])[:3])
                return ("rgb", (r << 16) | (g << 8) | b), i + 1
        except ValueError:
            pass
        return False, i + 1
    try:
        if i + 2 < len(parts) + 1 and parts[i + 1] == "5":
            return ("i", int(parts[i + 2] or 0) & 255), i + 3
        if parts[i + 1] == "2":
            r, g, b = (int(v or 0) & 255 for v in parts[i + 2:i + 5])
            return ("rgb", (r << 16) | (g << 8) | b), i + 5
    except (ValueError, IndexError):
        pass
    return False, len(parts)


class _Parser:
    """Splits what tmux writes into text, controls and escape sequences (including the string
    sequences pyte does not know: DCS, APC, PM, SOS), and hands them to the model."""

    def __init__(self, model):
        self.model = model
        self.pending = ""

    def feed(self, text):
        s = self.pending + text
        self.pending = ""
        i, n = 0, len(s)
        m = self.model
        while i < n:
            j = s.find("\x1b", i)
            if j < 0:
                m._text(s[i:])
                return
            if j > i:
                m._text(s[i:j])
            if j + 1 >= n:
                self.pending = s[j:]
                return
            c = s[j + 1]
            if c == "[":
                k = j + 2
                while k < n and "\x30" <= s[k] <= "\x3f":
                    k += 1
                p_end = k
                while k < n and "\x20" <= s[k] <= "\x2f":
                    k += 1
                if k >= n:
                    self.pending = s[j:]
                    return
                if "\x40" <= s[k] <= "\x7e":
                    m._csi(s[j + 2:p_end], s[p_end:k], s[k], s[j:k + 1])
                    i = k + 1
                elif s[k] == "\x1b":
                    i = k                      # aborted by a new sequence
                elif s[k] < "\x20":
                    m._text(s[k])              # a control inside CSI is executed
                    s = s[:k] + s[k + 1:]
                    n -= 1
                    i = j
                else:
                    i = k + 1                  # malformed: dropped
            elif c == "]":
                k = j + 2
                end = None
                while k < n:
                    if s[k] == "\x07":
                        end = (k, k + 1)
                        break
                    if s[k] == "\x1b":
                        if k + 1 >= n:
                            break
                        if s[k + 1] == "\\":
                            end = (k, k + 2)
                            break
                        end = (k, k)           # aborted
                        break
                    k += 1
                if end is None:
                    self.pending = s[j:]
                    return
                m._osc(s[j + 2:end[0]], s[j:end[1]])
                i = end[1]
            elif c in "P_^X":
                k = j + 2
                body = []
                done = None
                while k < n:
                    e = s.find("\x1b", k)
                    if e < 0 or e + 1 >= n:
                        break
                    body.append(s[k:e])
                    if s[e + 1] == "\\":
                        done = e + 2
                        break
                    if s[e + 1] == "\x1b" and c == "P":
                        body.append("\x1b")    # tmux's doubled ESC inside passthrough
                        k = e + 2
                        continue
                    body.append("\x1b")
                    k = e + 1
                if done is None:
                    self.pending = s[j:]
                    return
                m._string(c, "".join(body), s[j:done])
                i = done
            else:
                k = j + 1
                while k < n and "\x20" <= s[k] <= "\x2f":
                    k += 1
                if k >= n:
                    self.pending = s[j:]
                    return
                m._esc(s[j:k + 1])
                i = k + 1


# ---------------------------------------------------------------------------------------------
# Rebuilding the picture.

def fit_box(pixels, box_columns, box_rows, cell):
    """The image fitted into box_columns x box_rows cells as kitty fits a virtual placement:
    aspect kept, centred on the short side, sampled with linear filtering and a transparent
    border (GL_LINEAR, CLAMP_TO_BORDER). Returns RGBA float32 (rows*ch, columns*cw, 4)."""
    cw, ch = cell
    h, w = pixels.shape[:2]
    bw, bh = box_columns * cw, box_rows * ch
    if w * box_rows * ch > h * box_columns * cw:
        xs = np.float32(bw) / max(1, w)
        ys = xs
        xo, yo = np.float32(0), (np.float32(bh) - np.float32(h) * ys) / 2
    else:
        ys = np.float32(bh) / max(1, h)
        xs = ys
        yo, xo = np.float32(0), (np.float32(bw) - np.float32(w) * xs) / 2
    u = (np.arange(bw, dtype=np.float32) + 0.5 - xo) / xs - 0.5   # texel space
    v = (np.arange(bh, dtype=np.float32) + 0.5 - yo) / ys - 0.5
    u0, v0 = np.floor(u).astype(np.int64), np.floor(v).astype(np.int64)
    fu, fv = (u - u0)[None, :, None], (v - v0)[:, None, None]
    src = np.zeros((h + 2, w + 2, 4), np.float32)        # one transparent texel all round
    src[1:-1, 1:-1] = pixels
    cu0, cu1 = np.clip(u0 + 1, 0, w + 1), np.clip(u0 + 2, 0, w + 1)
    cv0, cv1 = np.clip(v0 + 1, 0, h + 1), np.clip(v0 + 2, 0, h + 1)
    top = src[cv0][:, cu0] * (1 - fu) + src[cv0][:, cu1] * fu
    bottom = src[cv1][:, cu0] * (1 - fu) + src[cv1][:, cu1] * fu
    return top * (1 - fv) + bottom * fv


def placeholder_runs(cells):
    """kitty's screen_render_line_graphics over one line. `cells` are None (no placeholder) or
    (fg id, underline id, row, column, high byte) with the numbers 1-based and 0 when the mark
    is missing. Yields (first column, length, image id, placement id, image row, image column)
    with the image row/column 0-based."""
    run = 0
    prev = (0, 0, 0, 0, 0)  # id low 24 bits, placement id, high byte, row, column
    for i, cell in enumerate(cells + [None]):
        cur_id = cur_pid = cur_hi = cur_row = cur_col = 0
        if cell is not None:
            cur_id, cur_pid, cur_row, cur_col, cur_hi = cell
        p_id, p_pid, p_hi, p_row, p_col = prev
        if (run > 0 and cell is not None and cur_id == p_id and cur_pid == p_pid
                and (not cur_row or cur_row == p_row) and (not cur_col or cur_col == p_col + 1)
                and (not cur_hi or cur_hi == p_hi)):
            run += 1
            cur_row, cur_col, cur_hi = max(p_row, 1), p_col + 1, max(p_hi, 1)
        else:
            if run > 0:
                yield (i - run, run, p_id | ((p_hi - 1) << 24), p_pid, p_row - 1, p_col - run)
                run = 0
            if cell is not None:
                run = 1
                cur_col = cur_col or 1
                cur_row = cur_row or 1
                cur_hi = cur_hi or 1
        prev = (cur_id, cur_pid, cur_hi, cur_row, cur_col)


class Snapshot:
    """What the model's kitty shows at one moment."""

    def __init__(self, pixels, cell, text, placeholders, images, real_placements, problems, screen):
        self.pixels = pixels              # numpy uint8 (rows*ch, columns*cw, 3)
        self.cell = cell
        self.text = text                  # the screen's lines
        self.placeholders = placeholders  # one dict per U+10EEEE cell
        self.images = images              # image id -> describe()
        self.real_placements = real_placements
        self.problems = problems          # placeholders kitty could not draw, and why
        self.screen = screen              # "main" or "alt"

    def cells_of(self, image_id):
        return [p for p in self.placeholders if p["image_id"] == image_id]

    def bbox(self, image_id):
        """(column, row, end column, end row) of the image's placeholder cells, or None."""
        cells = self.cells_of(image_id)
        if not cells:
            return None
        return (min(p["x"] for p in cells), min(p["y"] for p in cells),
                max(p["x"] for p in cells) + 1, max(p["y"] for p in cells) + 1)

    def crop(self, x0, y0, x1, y1):
        """The pixels of cells [x0, x1) x [y0, y1)."""
        cw, ch = self.cell
        return self.pixels[y0 * ch:y1 * ch, x0 * cw:x1 * cw]

    def image(self):
        if _PIL is None:
            raise RuntimeError("PIL is not installed")
        return _PIL.fromarray(self.pixels, "RGB")

    def save(self, path):
        self.image().save(path)


# ---------------------------------------------------------------------------------------------
# The model.

# The private modes kitty 0.35.2 reports in DECRQM (report_mode_status), and their defaults.
_KITTY_PRIVATE_MODES = {1: False, 5: False, 6: False, 7: True, 3: False, 8: True, 25: True,
                        2004: False, 1004: False, 1049: False, 1000: False, 1002: False,
                        1003: False, 1006: False, 1005: False, 1016: False, 2026: False}
_KITTY_ANSI_MODES = {20: False, 4: False}


class KittyOuter:
    """kitty 0.35.2 at the far end of a pty, with a tmux client at the near end."""

    def __init__(self, columns=80, rows=24, cell=(10, 20), term="xterm-kitty", utf8=True,
                 tmux="tmux", tmux_options=(), extra_env=None, version=KITTY_VERSION,
                 default_shell="/bin/sh", tmux_u_flag=False):
        self.columns, self.rows = columns, rows
        self.cell_size = tuple(cell)
        self.term = term
        self.utf8 = utf8
        self.tmux_bin = tmux
        self.version = version
        self.tmux_u_flag = tmux_u_flag
        # tmux's configuration (written by start(), in a private directory with the socket)
        self.conf_lines = ["set -g allow-passthrough on", "set -g default-terminal tmux-256color",
                           "set -sg escape-time 10", "set -g history-limit 5000",
                           "set -g default-shell %s" % default_shell] + list(tmux_options)
        self.dir = self.socket = self.conf = None
        env = {k: v for k, v in os.environ.items()
               if not k.startswith(("TMUX", "KITTY_", "LC_")) and k not in ("LANG", "TERM", "COLORTERM")}
        env.update(TERM=term, COLORTERM="truecolor", KITTY_WINDOW_ID="1", KITTY_PID=str(os.getpid()),
                   LANG="C.UTF-8" if utf8 else "C")
        env.update(extra_env or {})
        self.env = env
        self.lock = threading.RLock()
        self.raw = bytearray()                # everything tmux wrote to the terminal
        self.exchanges = []                   # (time, what kind, the query, the reply or None)
        self.graphics_log = []                # every graphics command received
        self.strings = []                     # every DCS/APC/PM/SOS/OSC received: (kind, body)
        self.last_output = time.monotonic()
        self._mark = 0                        # len(raw) when the last action was taken
        self._decoder = codecs.getincrementaldecoder("utf-8")("replace")
        self._parser = _Parser(self)
        self.screen = _Screen(columns, rows, self._on_scroll)
        self.stream = pyte.Stream(self.screen)
        self.private_modes = dict(_KITTY_PRIVATE_MODES)
        self.ansi_modes = dict(_KITTY_ANSI_MODES)
        self.main_graphics = GraphicsManager(self, "main")
        self.alt_graphics = GraphicsManager(self, "alt")
        self.in_alt = False
        self._saved_main = None
        self._box_cache = {}
        self.master = None
        self.pid = None
        self._thread = None
        self._closed = False

    # -- the graphics manager of the screen in use
    @property
    def graphics(self):
        return self.alt_graphics if self.in_alt else self.main_graphics

    # -- running tmux
    def _winsize(self):
        cw, ch = self.cell_size
        return struct.pack("HHHH", self.rows, self.columns, self.columns * cw, self.rows * ch)

    def start(self, command=None, session="main", window_name=None, cwd=None, wait=True):
        """Start `tmux new-session` (attached: the client draws into the model) with `command`
        (a shell command, as tmux takes it) in the first pane."""
        if shutil.which(self.tmux_bin) is None:
            raise FileNotFoundError("%s not found" % self.tmux_bin)
        if self.master is not None:
            raise RuntimeError("already started")
        self.dir = tempfile.mkdtemp(prefix="kitty-outer-")
        self.socket = os.path.join(self.dir, "sock")
        self.conf = os.path.join(self.dir, "tmux.conf")
        with open(self.conf, "w") as f:
            f.write("\n".join(self.conf_lines) + "\n")
        argv = [self.tmux_bin] + (["-u"] if self.tmux_u_flag else []) + ["-S", self.socket, "-f", self.conf,
                                                                          "new-session", "-s", session]
        if window_name:
            argv += ["-n", window_name]
        if cwd:
            argv += ["-c", cwd]
        if command:
            argv.append(command)
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, self._winsize())
        pid = os.fork()
        if pid == 0:  # the child: the tmux client, with the pty as its controlling terminal
            try:
                os.close(master)
                if hasattr(os, "login_tty"):
                    os.login_tty(slave)
                else:
                    os.setsid()
                    fcntl.ioctl(slave, termios.TIOCSCTTY, 0)
                    for fd in (0, 1, 2):
                        os.dup2(slave, fd)
                    if slave > 2:
                        os.close(slave)
                os.execvpe(argv[0], argv, self.env)
            finally:
                os._exit(127)
        os.close(slave)
        self.master, self.pid = master, pid
        self._mark = len(self.raw)
        self._thread = threading.Thread(target=self._reader, name="kitty-outer-reader", daemon=True)
        self._thread.start()
        if wait:
            self.wait_for(lambda m: m.tmux_ok(), timeout=10, what="tmux to start", locked=False)
            self.wait_quiet()
        return self

    def tmux_ok(self):
        r = subprocess.run([self.tmux_bin, "-S", self.socket, "has-session"], capture_output=True)
        return r.returncode == 0

    def action(self, *args, check=True):
        """A tmux command that changes what is shown: wait_quiet() then waits for its output."""
        with self.lock:
            self._mark = len(self.raw)
        return self.tmux(*args, check=check)

    def tmux(self, *args, check=True):
        """Run a tmux command on this server; returns its standard output."""
        r = subprocess.run([self.tmux_bin, "-S", self.socket] + [str(a) for a in args],
                           capture_output=True, text=True)
        if check and r.returncode != 0:
            raise RuntimeError("tmux %s: %s" % (" ".join(map(str, args)), r.stderr.strip()))
        return r.stdout

    def display(self, fmt, target=None):
        args = ["display-message", "-p"] + (["-t", target] if target else []) + [fmt]
        return self.tmux(*args).rstrip("\n")

    def send_keys(self, *keys, target=None, literal=False):
        args = ["send-keys"] + (["-t", target] if target else []) + (["-l"] if literal else []) + list(keys)
        self.action(*args)

    def type(self, data):
        """Bytes typed at the outer terminal (they go to the tmux client)."""
        with self.lock:
            self._mark = len(self.raw)
        os.write(self.master, data.encode() if isinstance(data, str) else data)

    def split_window(self, command=None, horizontal=True, target=None, size=None):
        """Split (side by side when horizontal) and return the new pane's id."""
        args = ["split-window", "-P", "-F", "#{pane_id}", "-h" if horizontal else "-v"]
        if target:
            args += ["-t", target]
        if size:
            args += ["-l", str(size)]
        if command:
            args.append(command)
        return self.action(*args).strip()

    def new_window(self, command=None, name=None):
        args = ["new-window", "-P", "-F", "#{window_id}"] + (["-n", name] if name else [])
        if command:
            args.append(command)
        return self.action(*args).strip()

    def select_window(self, target):
        self.action("select-window", "-t", target)

    def select_pane(self, target):
        self.action("select-pane", "-t", target)

    def copy_mode(self, target=None):
        self.action(*(["copy-mode"] + (["-t", target] if target else [])))

    def scroll(self, lines, target=None):
        """Scroll the pane's copy mode up (lines > 0) or down (lines < 0); enters copy mode."""
        self.copy_mode(target)
        t = ["-t", target] if target else []
        self.action("send-keys", *t, "-X", "-N", str(abs(lines)), "scroll-up" if lines > 0 else "scroll-down")

    def leave_copy_mode(self, target=None):
        self.action("send-keys", *(["-t", target] if target else []), "-X", "cancel")

    def resize(self, columns, rows):
        """Resize the terminal: the pty gets the new size (and pixel size), tmux gets SIGWINCH."""
        with self.lock:
            self.columns, self.rows = columns, rows
            self.screen.resize(rows, columns)
            self._saved_main = None  # the main screen's text is not kept across a resize
            self._mark = len(self.raw)
        fcntl.ioctl(self.master, termios.TIOCSWINSZ, self._winsize())

    def wait_quiet(self, quiet=0.3, timeout=10.0, expect_output=2.0):
        """Wait until tmux has written nothing for `quiet` seconds. After an action (a tmux
        command through action() or the helpers, type(), resize()) first wait up to
        `expect_output` seconds for tmux to write something at all."""
        start = time.monotonic()
        end = start + timeout
        while time.monotonic() < end:
            with self.lock:
                now = time.monotonic()
                idle = now - self.last_output
                waiting = len(self.raw) <= self._mark and now - start < expect_output
            if idle >= quiet and not waiting:
                return True
            time.sleep(min(0.05, quiet))
        return False

    def wait_for(self, predicate, timeout=10.0, what="condition", interval=0.1, locked=True):
        """Wait until predicate(model) is true (called with the model's lock held unless
        locked=False); returns its value, raises TimeoutError."""
        end = time.monotonic() + timeout
        while True:
            if locked:
                with self.lock:
                    ok = predicate(self)
            else:
                ok = predicate(self)
            if ok:
                return ok
            if time.monotonic() > end:
                raise TimeoutError("timed out waiting for %s" % what)
            time.sleep(interval)

    def wait_text(self, text, timeout=10.0):
        return self.wait_for(lambda m: any(text in line for line in m.screen.display), timeout, repr(text))

    def close(self):
        if self._closed:
            return
        self._closed = True
        if self.socket is None:
            return
        try:
            subprocess.run([self.tmux_bin, "-S", self.socket, "kill-server"], capture_output=True, timeout=10)
        except (OSError, subprocess.TimeoutExpired):
            pass
        if self.pid:
            for _ in range(50):
                try:
                    done, _ = os.waitpid(self.pid, os.WNOHANG)
                except ChildProcessError:
                    break
                if done:
                    break
                time.sleep(0.05)
            else:
                try:
                    os.kill(self.pid, signal.SIGKILL)
                    os.waitpid(self.pid, 0)
                except (ProcessLookupError, ChildProcessError):
                    pass
        if self.master is not None:
            try:
                os.close(self.master)
            except OSError:
                pass
        if self._thread:
            self._thread.join(timeout=2)
        shutil.rmtree(self.dir, ignore_errors=True)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # -- the terminal side
    def _reader(self):
        while True:
            try:
                ready, _, _ = select.select([self.master], [], [], 0.2)
            except (OSError, ValueError):
                return
            if not ready:
                if self._closed:
                    return
                continue
            try:
                data = os.read(self.master, 65536)
            except OSError:
                return
            if not data:
                return
            with self.lock:
                self.last_output = time.monotonic()
                self.raw += data
                self._parser.feed(self._decoder.decode(data))

    def feed(self, data):
        """Process bytes as if tmux had written them (for tests of the model itself)."""
        with self.lock:
            self.raw += data
            self._parser.feed(self._decoder.decode(data))

    def _reply(self, kind, query, answer):
        self.exchanges.append((time.monotonic(), kind, query, answer))
        if answer is not None and self.master is not None:
            try:
                os.write(self.master, answer.encode())
            except OSError:
                pass

    def _text(self, text):
        if any("\x80" <= c <= "\x9f" for c in text):
            text = "".join(c for c in text if not "\x80" <= c <= "\x9f")
        self.stream.feed(text)

    def _esc(self, seq):
        if seq == "\x1bc":  # RIS: kitty clears the images too
            self.graphics.clear(False)
            self._switch_screen(False, restore=False)
            self.screen.reset()
            return
        self.stream.feed(seq)

    def _on_scroll(self, top, bottom, amount):
        self.graphics.scroll(top, bottom, amount)

    def _switch_screen(self, alt, save_cursor=True, clear=True, restore=True):
        if alt == self.in_alt:
            return
        s = self.screen
        if alt:
            self._saved_main = (s.buffer, s.cursor.x, s.cursor.y, s.cursor.attrs)
            s.buffer = s.new_buffer()
            if clear:
                self.alt_graphics.clear(True)
            self.in_alt = True
        else:
            if self._saved_main is not None and restore:
                s.buffer, x, y, attrs = self._saved_main
                if save_cursor:
                    s.cursor.x, s.cursor.y, s.cursor.attrs = min(x, s.columns - 1), min(y, s.lines - 1), attrs
            else:
                s.buffer = s.new_buffer()
            self._saved_main = None
            self.in_alt = False
        s.dirty.update(range(s.lines))

    def _sgr(self, params):
        s = self.screen
        a = s.cursor.attrs
        fg, ul = a.fg if isinstance(a.fg, tuple) else (None, None)
        bg = a.bg if isinstance(a.bg, tuple) else None
        flags = {}
        parts = params.split(";") if params else ["0"]
        i = 0
        while i < len(parts):
            head = parts[i].split(":")[0]
            code = int(head) if head.isdigit() else 0
            if code in (38, 48, 58):
                colour, i = _sgr_colour(parts, i)
                if colour is not False:
                    if code == 38:
                        fg = colour
                    elif code == 48:
                        bg = colour
                    else:
                        ul = colour
                continue
            if code == 0:
                fg = ul = bg = None
                flags = {k: False for k in ("bold", "italics", "underscore", "blink", "reverse", "strikethrough")}
            elif code == 4 and ":" in parts[i]:
                flags["underscore"] = parts[i].split(":")[1] not in ("", "0")
            elif code in _SGR_FLAGS:
                name, value = _SGR_FLAGS[code]
                flags[name] = value
            elif 30 <= code <= 37:
                fg = ("i", code - 30)
            elif code == 39:
                fg = None
            elif 40 <= code <= 47:
                bg = ("i", code - 40)
            elif code == 49:
                bg = None
            elif code == 59:
                ul = None
            elif 90 <= code <= 97:
                fg = ("i", code - 90 + 8)
            elif 100 <= code <= 107:
                bg = ("i", code - 100 + 8)
            i += 1
        fgv = (fg, ul) if fg is not None or ul is not None else "default"
        s.cursor.attrs = a._replace(fg=fgv, bg=bg if bg is not None else "default", **flags)

    def _csi(self, params, inter, final, raw):
        s = self.screen
        prefix = ""
        while params and params[0] in "<=>?":
            prefix += params[0]
            params = params[1:]
        if final == "m" and not prefix and not inter:
            self._sgr(params)
            return
        nums = [int(p) if p.isdigit() else 0 for p in params.split(";")] if params else []
        first = nums[0] if nums else 0
        if final == "c" and not inter and prefix in ("", ">") and first == 0:
            self._reply("DA2" if prefix else "DA1", raw,
                        "\x1b[>1;%d;%dc" % (4000 + int(self.version.split(".")[0]), int(self.version.split(".")[1]))
                        if prefix else "\x1b[?62;c")
            return
        if final == "q" and prefix == ">" and not inter:
            self._reply("XTVERSION", raw, "\x1bP>|kitty(%s)\x1b\\" % self.version)
            return
        if final == "p" and inter == "$":  # DECRQM
            if prefix == "?":
                v = self.private_modes.get(first)
            else:
                v = self.ansi_modes.get(first)
            state = 0 if v is None else 1 if v else 2
            self._reply("DECRQM", raw, "\x1b[%s%d;%d$y" % (prefix, first, state))
            return
        if final == "u" and prefix == "?" and not inter:
            self._reply("kitty keyboard query", raw, "\x1b[?0u")
            return
        if final == "t" and not prefix and not inter:
            cw, ch = self.cell_size
            answer = {14: "\x1b[4;%d;%dt" % (self.rows * ch, self.columns * cw),
                      16: "\x1b[6;%d;%dt" % (ch, cw),
                      18: "\x1b[8;%d;%dt" % (self.rows, self.columns)}.get(first)
            if answer:
                self._reply("CSI %d t" % first, raw, answer)
            return
        if final == "n" and not inter and prefix in ("", "?"):
            if first == 5:
                self._reply("DSR", raw, "\x1b[0n")
            elif first == 6:
                x, y = s.cursor.x, s.cursor.y
                if x >= s.columns:
                    x = s.columns - 1
                self._reply("CPR", raw, "\x1b[%s%d;%dR" % (prefix, y + 1, x + 1))
            return
        if prefix not in ("", "?") or inter or ":" in params:
            self.exchanges.append((time.monotonic(), "ignored", raw, None))
            return
        if final in "hl" and prefix == "?":
            on = final == "h"
            rest = []
            for n in nums:
                if n in self.private_modes:
                    self.private_modes[n] = on
                if n in (1049, 1047, 47):
                    if rest:
                        self.stream.feed("\x1b[?%s%s" % (";".join(map(str, rest)), final))
                        rest = []
                    if n == 1049 and on:
                        s.save_cursor()
                    self._switch_screen(on, save_cursor=False, clear=(n != 47))
                    if n == 1049 and not on:
                        s.restore_cursor()
                else:
                    rest.append(n)
            if rest:
                self.stream.feed("\x1b[?%s%s" % (";".join(map(str, rest)), final))
            return
        if final in "hl" and not prefix:
            for n in nums:
                if n in self.ansi_modes:
                    self.ansi_modes[n] = final == "h"
        if final == "J" and not prefix and first in (2, 3):
            self.graphics.clear(first == 3)
        if final == "S" and not prefix:
            s.scroll_up(first or 1)
            return
        if final == "T" and not prefix and len(nums) <= 1:
            s.scroll_down(first or 1)
            return
        if final == "b" and not prefix:
            if s.last_char:
                s.draw(s.last_char * max(1, first))
            return
        if final == "t":
            return
        self.stream.feed(raw)

    def _osc(self, body, raw):
        self.strings.append(("OSC", body))
        code, _, rest = body.partition(";")
        if code in ("10", "11", "12") and rest == "?":
            rgb = {"10": DEFAULT_FG, "11": DEFAULT_BG, "12": DEFAULT_FG}[code]
            self._reply("OSC %s" % code, raw, "\x1b]%s;rgb:%s\x1b\\" % (code, "/".join("%02x%02x" % (c, c) for c in rgb)))
        elif code == "4" and rest.endswith(";?"):
            n = rest.split(";")[0]
            if n.isdigit():
                rgb = palette_rgb(int(n) & 255)
                self._reply("OSC 4", raw, "\x1b]4;%s;rgb:%s\x1b\\" % (n, "/".join("%02x%02x" % (c, c) for c in rgb)))
        elif code in ("0", "1", "2"):
            self.stream.feed(raw if raw.endswith("\x07") else raw[:-2] + "\x07")

    def _string(self, kind, body, raw):
        name = {"P": "DCS", "_": "APC", "^": "PM", "X": "SOS"}[kind]
        self.strings.append((name, body))
        if kind == "_" and body.startswith("G"):
            s = self.screen
            reply, cursor = self.graphics.handle(body, (s.cursor.x, s.cursor.y))
            if cursor != (s.cursor.x, s.cursor.y):
                s.cursor.x = max(0, min(cursor[0], s.columns - 1))
                s.cursor.y = max(0, min(cursor[1], s.lines - 1))
            self._reply("graphics", raw[:80], "\x1b_%s\x1b\\" % reply if reply else None)
        elif kind == "P" and body.startswith("tmux;"):
            # passthrough reaching the outer terminal still wrapped (nested tmux): unwrap
            self._parser_nested = _Parser(self)
            self._parser_nested.feed(body[5:])
        elif kind == "P" and body.startswith("+q"):
            answers = []
            for name_hex in body[2:].split(";"):
                try:
                    cap = bytes.fromhex(name_hex).decode()
                except ValueError:
                    cap = ""
                value = {"TN": "xterm-kitty", "Co": "256", "colors": "256"}.get(cap)
                if value is None:
                    answers.append("\x1bP0+r%s\x1b\\" % name_hex)
                else:
                    answers.append("\x1bP1+r%s=%s\x1b\\" % (name_hex, value.encode().hex()))
            self._reply("XTGETTCAP", raw, "".join(answers))

    # -- the picture
    def _box(self, gm, img, columns, rows):
        key = (gm.name, img.internal_id, img.version, columns, rows, self.cell_size)
        box = self._box_cache.get(key)
        if box is None:
            if len(self._box_cache) > 64:
                self._box_cache.clear()
            box = fit_box(img.current_pixels().astype(np.float32), columns, rows, self.cell_size)
            self._box_cache[key] = box
        return box

    def snapshot(self, mark_text=False, background=DEFAULT_BG):
        """Rebuild what kitty would show now (see the module's docstring)."""
        with self.lock:
            return self._snapshot(mark_text, background)

    def _snapshot(self, mark_text, background):
        s = self.screen
        cw, ch = self.cell_size
        gm = self.graphics
        canvas = np.zeros((s.lines * ch, s.columns * cw, 3), np.float32)
        canvas[...] = background
        placeholders, problems = [], []
        for y in range(s.lines):
            line = s.buffer[y]
            cells = []
            for x in range(s.columns):
                char = line[x]
                fg, ul, bg = cell_colours(char)
                if char.reverse:
                    colour = colour_rgb(fg, DEFAULT_FG)
                else:
                    colour = colour_rgb(bg, background)
                canvas[y * ch:(y + 1) * ch, x * cw:(x + 1) * cw] = colour
                data = char.data
                if data[:1] == PLACEHOLDER:
                    marks = [DIACRITIC_NUMBER.get(c, 0) for c in data[1:4]] + [0, 0, 0]
                    cells.append((colour_id(fg), colour_id(ul), marks[0], marks[1], marks[2]))
                else:
                    cells.append(None)
                    if mark_text and data.strip():
                        c = colour_rgb(bg if char.reverse else fg, background if char.reverse else DEFAULT_FG)
                        canvas[y * ch + ch // 4:y * ch + 3 * ch // 4, x * cw + cw // 4:x * cw + 3 * cw // 4] = c
            for start, length, image_id, pid, img_row, img_col in placeholder_runs(cells):
                img = gm.by_id(image_id)
                ref = None
                if img is not None:
                    for r in img.refs:
                        if r.virtual and (not pid or r.client_id == pid):
                            ref = r
                            break
                problem = None
                if img is None:
                    problem = "no image %d" % image_id
                elif not img.loaded or not img.frames:
                    problem = "image %d has no data" % image_id
                elif ref is None:
                    problem = "image %d has no virtual placement%s" % (image_id, " %d" % pid if pid else "")
                for k in range(length):
                    placeholders.append({"x": start + k, "y": y, "image_id": image_id, "placement_id": pid,
                                         "row": img_row, "col": img_col + k, "drawn": problem is None})
                if problem:
                    problems.append({"x": start, "y": y, "length": length, "image_id": image_id, "why": problem})
                    continue
                columns = ref.columns or -(-img.width // cw)
                rows = ref.rows or -(-img.height // ch)
                box = self._box(gm, img, columns, rows)
                for k in range(length):
                    col = img_col + k
                    if not (0 <= img_row < rows and 0 <= col < columns):
                        continue
                    part = box[img_row * ch:(img_row + 1) * ch, col * cw:(col + 1) * cw]
                    x = start + k
                    target = canvas[y * ch:(y + 1) * ch, x * cw:(x + 1) * cw]
                    alpha = part[..., 3:4] / 255.0
                    target[...] = part[..., :3] * alpha + target * (1 - alpha)
        real = []
        for img in gm.images:
            for r in img.refs:
                if r.virtual or not img.loaded:
                    continue
                real.append(dict(r.describe(), image_id=img.client_id))
                self._paint_real(canvas, img, r)
        pixels = np.clip(np.rint(canvas), 0, 255).astype(np.uint8)
        images = {img.client_id: img.describe() for img in gm.images}
        return Snapshot(pixels, self.cell_size, list(s.display), placeholders, images, real, problems,
                        "alt" if self.in_alt else "main")

    def _paint_real(self, canvas, img, ref):
        """A real placement, approximately: its source rectangle scaled onto its cells."""
        cw, ch = self.cell_size
        sx, sy, sw, sh = ref.src
        if sw <= 0 or sh <= 0:
            return
        x0 = ref.start_column * cw + ref.offset[0]
        y0 = ref.start_row * ch + ref.offset[1]
        w = ref.eff_columns * cw - ref.offset[0] if ref.columns else int(sw)
        h = ref.eff_rows * ch - ref.offset[1] if ref.rows else int(sh)
        if ref.columns and not ref.rows:
            h = ref.eff_rows * ch - ref.offset[1]
        if ref.rows and not ref.columns:
            w = ref.eff_columns * cw - ref.offset[0]
        pixels = img.current_pixels()[int(sy):int(sy + sh), int(sx):int(sx + sw)].astype(np.float32)
        ys = np.clip(((np.arange(h) + 0.5) * pixels.shape[0] / h).astype(int), 0, pixels.shape[0] - 1)
        xs = np.clip(((np.arange(w) + 0.5) * pixels.shape[1] / w).astype(int), 0, pixels.shape[1] - 1)
        part = pixels[ys][:, xs]
        H, W = canvas.shape[:2]
        cx0, cy0 = max(0, x0), max(0, y0)
        cx1, cy1 = min(W, x0 + w), min(H, y0 + h)
        if cx1 <= cx0 or cy1 <= cy0:
            return
        part = part[cy0 - y0:cy1 - y0, cx0 - x0:cx1 - x0]
        alpha = part[..., 3:4] / 255.0
        target = canvas[cy0:cy1, cx0:cx1]
        target[...] = part[..., :3] * alpha + target * (1 - alpha)

    # -- reading the outer bytes
    def graphics_commands(self):
        """The graphics commands received so far: dicts with keys, payload length, screen."""
        with self.lock:
            return list(self.graphics_log)

    def queries(self):
        with self.lock:
            return list(self.exchanges)


def passthrough(data):
    """Wrap `data` for tmux's passthrough: ESC P tmux; <data with ESC doubled> ESC \\."""
    if isinstance(data, str):
        data = data.encode()
    return b"\x1bPtmux;" + data.replace(b"\x1b", b"\x1b\x1b") + b"\x1b\\"


def graphics_command(keys, payload=b"", chunk=4096):
    """The APC sequences (bytes) for one graphics command, chunked as the protocol says."""
    control = ",".join("%s=%s" % (k, v) for k, v in keys.items())
    data = base64.b64encode(payload)
    if len(data) <= chunk:
        return [b"\x1b_G" + control.encode() + (b";" + data if data else b"") + b"\x1b\\"]
    out = []
    for n, off in enumerate(range(0, len(data), chunk)):
        piece = data[off:off + chunk]
        more = 1 if off + chunk < len(data) else 0
        head = (control + ",m=%d" % more) if n == 0 else "m=%d" % more
        if n and "q" in keys:
            head += ",q=%s" % keys["q"]
        if n and keys.get("a") == "f":
            head = "a=f," + head
        out.append(b"\x1b_G" + head.encode() + b";" + piece + b"\x1b\\")
    return out


def main(argv=None):
    """python3 e2e/kitty_outer_model.py [--png out.png] [--size 80x24] [--wait 2] -- command"""
    import argparse
    ap = argparse.ArgumentParser(description="Run a command in tmux inside the kitty model and describe what kitty would show.")
    ap.add_argument("--png", help="save the rebuilt picture here")
    ap.add_argument("--size", default="80x24")
    ap.add_argument("--wait", type=float, default=2.0, help="seconds to let the command run")
    ap.add_argument("command", nargs=argparse.REMAINDER)
    args = ap.parse_args(argv)
    cols, rows = (int(v) for v in args.size.split("x"))
    command = " ".join(args.command[1:] if args.command[:1] == ["--"] else args.command) or None
    with KittyOuter(cols, rows) as k:
        k.start(command)
        time.sleep(args.wait)
        k.wait_quiet()
        snap = k.snapshot()
        for line in snap.text:
            print(line.rstrip())
        print("images:", snap.images)
        print("placeholder cells:", len(snap.placeholders), "problems:", snap.problems)
        print("queries answered:", [(kind, q) for _, kind, q, a in k.queries() if a])
        if args.png:
            snap.save(args.png)
    return 0


if __name__ == "__main__":
    sys.exit(main())
