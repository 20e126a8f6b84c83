#!/usr/bin/env python3
"""Writes tview's test animations into samples/good/ and what each must decode to into
samples/expected/: NAME.json (size, frame count, playable durations, loop count, how exact) and
NAME.rgba (every composited canvas, row-major 8-bit RGBA, frames one after another).

GIF and APNG are encoded here byte by byte (standard library only: an LZW encoder, zlib), so
every disposal, blend, palette and interlace case is exactly the one named. The expected canvases
come from a small browser-model compositor in this file, independent of tview's decoders. WebP
goes through img2webp (Debian's `webp` package); its expected canvases are the source frames
(exact for lossless, within a tolerance for lossy).

Run: python3 samples/make_samples.py   (deterministic: same bytes every time)
"""
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
GOOD = os.path.join(HERE, "good")
BAD = os.path.join(HERE, "bad")
EXPECTED = os.path.join(HERE, "expected")
TRANSPARENT = (0, 0, 0, 0)

# ---------------------------------------------------------------- GIF encoding

def lzw_encode(indices, min_code_size):
    """GIF's variable-width LZW: clear code first, a clear whenever the table fills."""
    clear, end = 1 << min_code_size, (1 << min_code_size) + 1
    out, bit_buffer, bit_count = bytearray(), 0, 0
    code_size = min_code_size + 1

    def emit(code):
        nonlocal bit_buffer, bit_count
        bit_buffer |= code << bit_count
        bit_count += code_size
        while bit_count >= 8:
            out.append(bit_buffer & 0xFF)
            bit_buffer >>= 8
            bit_count -= 8

    def fresh_table():
        return {(i,): i for i in range(clear)}

    table, next_code = fresh_table(), end + 1
    emit(clear)
    prefix = ()
    for index in indices:
        candidate = prefix + (index,)
        if candidate in table:
            prefix = candidate
            continue
        emit(table[prefix])
        if next_code < 4096:
            table[candidate] = next_code
            next_code += 1
            if next_code > (1 << code_size) and code_size < 12:
                code_size += 1
        else:
            emit(clear)
            table, next_code, code_size = fresh_table(), end + 1, min_code_size + 1
        prefix = (index,)
    if prefix:
        emit(table[prefix])
    emit(end)
    if bit_count:
        out.append(bit_buffer & 0xFF)
    return bytes(out)


def sub_blocks(data):
    out = bytearray()
    for start in range(0, len(data), 255):
        chunk = data[start:start + 255]
        out.append(len(chunk))
        out += chunk
    return bytes(out) + b"\x00"


def palette_bytes(colors):
    size = 2
    while size < len(colors):
        size *= 2
    padded = list(colors) + [(0, 0, 0)] * (size - len(colors))
    return b"".join(bytes(c[:3]) for c in padded), size.bit_length() - 2


def interlace_order(height):
    rows = []
    for start, step in ((0, 8), (4, 8), (2, 4), (1, 2)):
        rows.extend(range(start, height, step))
    return rows


def write_gif(path, width, height, global_palette, frames, loop=None):
    """frames: dicts with x, y, w, h, indices (row-major), delay_cs, disposal, transparent,
    local_palette, interlaced."""
    out = bytearray(b"GIF89a")
    flags = 0
    table = b""
    if global_palette:
        table, bits = palette_bytes(global_palette)
        flags = 0x80 | (bits << 4) | bits
    out += struct.pack("<HHBBB", width, height, flags, 0, 0) + table
    if loop is not None:
        out += b"\x21\xff\x0bNETSCAPE2.0\x03\x01" + struct.pack("<H", loop) + b"\x00"
    for f in frames:
        transparent = f.get("transparent")
        packed = (f.get("disposal", 0) << 2) | (1 if transparent is not None else 0)
        out += b"\x21\xf9\x04" + struct.pack("<BHB", packed, f.get("delay_cs", 10), transparent or 0) + b"\x00"
        local = f.get("local_palette")
        image_flags, local_table = 0, b""
        if local:
            local_table, bits = palette_bytes(local)
            image_flags = 0x80 | bits
        if f.get("interlaced"):
            image_flags |= 0x40
        out += b"\x2c" + struct.pack("<HHHHB", f["x"], f["y"], f["w"], f["h"], image_flags) + local_table
        rows = [f["indices"][r * f["w"]:(r + 1) * f["w"]] for r in range(f["h"])]
        order = interlace_order(f["h"]) if f.get("interlaced") else range(f["h"])
        stream = [i for r in order for i in rows[r]]
        min_code = 2
        while (1 << min_code) < max(stream + [3]) + 1:
            min_code += 1
        out += bytes([min_code]) + sub_blocks(lzw_encode(stream, min_code))
    out += b"\x3b"
    with open(path, "wb") as handle:
        handle.write(out)


def composite_gif(width, height, global_palette, frames):
    """The browser model: transparent start, clip, transparent index skips, disposal 2 clears
    to transparent, 3 restores."""
    canvas = [TRANSPARENT] * (width * height)
    result = []
    for f in frames:
        palette = f.get("local_palette") or global_palette
        saved = list(canvas)
        for row in range(f["h"]):
            for col in range(f["w"]):
                x, y = f["x"] + col, f["y"] + row
                if x >= width or y >= height:
                    continue
                index = f["indices"][row * f["w"] + col]
                if index == f.get("transparent"):
                    continue
                color = palette[index] if index < len(palette) else (0, 0, 0)
                canvas[y * width + x] = tuple(color[:3]) + (255,)
        result.append(list(canvas))
        disposal = f.get("disposal", 0)
        if disposal == 2:
            for row in range(f["h"]):
                for col in range(f["w"]):
                    x, y = f["x"] + col, f["y"] + row
                    if x < width and y < height:
                        canvas[y * width + x] = TRANSPARENT
        elif disposal == 3:
            canvas = saved
    return result

# ---------------------------------------------------------------- PNG / APNG encoding

def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def rgba_rows(pixels, width, height):
    raw = bytearray()
    for y in range(height):
        raw.append(0)
        for p in pixels[y * width:(y + 1) * width]:
            raw += bytes(p)
    return zlib.compress(bytes(raw), 9)


def png_bytes(width, height, pixels):
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", rgba_rows(pixels, width, height))
            + chunk(b"IEND", b""))


def write_apng(path, width, height, frames, plays=0, default_image=None):
    """frames: dicts with x, y, w, h, pixels (RGBA tuples), delay (num, den), dispose, blend.
    default_image: pixels of a still that is not part of the animation, or None (frame 0 is
    the IDAT image)."""
    out = bytearray(b"\x89PNG\r\n\x1a\n")
    out += chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
    out += chunk(b"acTL", struct.pack(">II", len(frames), plays))
    sequence = 0
    if default_image is not None:
        out += chunk(b"IDAT", rgba_rows(default_image, width, height))
    for number, f in enumerate(frames):
        num, den = f.get("delay", (1, 10))
        out += chunk(b"fcTL", struct.pack(">IIIIIHHBB", sequence, f["w"], f["h"], f["x"], f["y"], num, den,
                                          f.get("dispose", 0), f.get("blend", 0)))
        sequence += 1
        data = rgba_rows(f["pixels"], f["w"], f["h"])
        if number == 0 and default_image is None:
            out += chunk(b"IDAT", data)
        else:
            # Split the data over two fdAT chunks to exercise multi-chunk frames.
            half = len(data) // 2
            for part in (data[:half], data[half:]):
                out += chunk(b"fdAT", struct.pack(">I", sequence) + part)
                sequence += 1
    out += chunk(b"IEND", b"")
    with open(path, "wb") as handle:
        handle.write(out)


def over(src, dst):
    """Porter-Duff over on straight alpha, exact rational result rounded (the spec's rule)."""
    sa, da = src[3] / 255.0, dst[3] / 255.0
    oa = sa + da * (1 - sa)
    if oa == 0:
        return TRANSPARENT
    color = [round((s * sa + d * da * (1 - sa)) / oa) for s, d in zip(src[:3], dst[:3])]
    return tuple(color) + (round(oa * 255),)


def composite_apng(width, height, frames):
    canvas = [TRANSPARENT] * (width * height)
    result = []
    for number, f in enumerate(frames):
        saved = list(canvas)
        for row in range(f["h"]):
            for col in range(f["w"]):
                i = (f["y"] + row) * width + f["x"] + col
                src = f["pixels"][row * f["w"] + col]
                canvas[i] = src if f.get("blend", 0) == 0 else over(src, canvas[i])
        result.append(list(canvas))
        dispose = f.get("dispose", 0)
        if dispose == 1 or (dispose == 2 and number == 0):
            for row in range(f["h"]):
                for col in range(f["w"]):
                    canvas[(f["y"] + row) * width + f["x"] + col] = TRANSPARENT
        elif dispose == 2:
            canvas = saved
    return result

# ---------------------------------------------------------------- helpers

def solid(w, h, color):
    return [color] * (w * h)


def pattern(w, h, seed, alpha=True):
    """A deterministic picture with gradients (and, optionally, an alpha ramp and holes)."""
    pixels = []
    for y in range(h):
        for x in range(w):
            r = (x * 255 // max(w - 1, 1) + seed * 40) % 256
            g = (y * 255 // max(h - 1, 1) + seed * 70) % 256
            b = ((x + y) * 8 + seed * 90) % 256
            a = 255
            if alpha:
                a = 0 if (x + y + seed) % 7 == 0 else (255 if x < w // 2 else 64 + (y * 191) // max(h - 1, 1))
            pixels.append((r, g, b, a))
    return pixels


def save_expected(name, width, height, canvases, durations_ms, loop_count, exact=True, tolerance=0,
                  truncated=False, warnings=()):
    # Canonical form: a fully transparent pixel is (0, 0, 0, 0) whatever colour it carried.
    with open(os.path.join(EXPECTED, name + ".rgba"), "wb") as handle:
        for canvas in canvases:
            handle.write(b"".join(bytes(p) if p[3] else bytes(4) for p in canvas))
    meta = {"width": width, "height": height, "frames": len(canvases), "durations_ms": durations_ms,
            "loop_count": loop_count, "exact": exact, "mean_tolerance": tolerance}
    if truncated:
        # A damaged file (in bad/): what decodes of it, and what tview says about the rest.
        meta.update(truncated=True, warnings=list(warnings))
    with open(os.path.join(EXPECTED, name + ".json"), "w") as handle:
        json.dump(meta, handle, indent=1, sort_keys=True)
        handle.write("\n")


def browser_delay_cs(cs):
    return 100 if cs <= 1 else cs * 10

# ---------------------------------------------------------------- the samples

PALETTE = [(0, 0, 0), (255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 0), (255, 255, 255), (0, 255, 255),
           (255, 0, 255)]


def gif_samples():
    # One sample per disposal mode: a full opaque base, then two transparent-holed sub-frames.
    for disposal in (0, 1, 2, 3):
        base = {"x": 0, "y": 0, "w": 16, "h": 12, "indices": [(x // 4 + y // 3) % 4 for y in range(12) for x in range(16)],
                "delay_cs": 10, "disposal": disposal}
        spot = {"x": 3, "y": 2, "w": 6, "h": 5, "indices": [4 if (x + y) % 3 else 7 for y in range(5) for x in range(6)],
                "delay_cs": 20, "disposal": disposal, "transparent": 7}
        edge = {"x": 10, "y": 6, "w": 8, "h": 8, "indices": [5 if x < 4 else 6 for y in range(8) for x in range(8)],
                "delay_cs": 30, "disposal": disposal}
        frames = [base, spot, edge]  # edge reaches past the 16x12 canvas: clipped
        name = "gif-disposal-%d" % disposal
        write_gif(os.path.join(GOOD, name + ".gif"), 16, 12, PALETTE, frames, loop=0)
        save_expected(name, 16, 12, composite_gif(16, 12, PALETTE, frames),
                      [browser_delay_cs(f["delay_cs"]) for f in frames], 0)

    # Transparency over an empty canvas, disposal 2 back to transparent, 3 frames.
    frames = [
        {"x": 2, "y": 2, "w": 8, "h": 8, "indices": [1 if (x - 4) ** 2 + (y - 4) ** 2 < 12 else 0 for y in range(8) for x in range(8)],
         "transparent": 0, "delay_cs": 5, "disposal": 2},
        {"x": 6, "y": 4, "w": 8, "h": 8, "indices": [2 if x == y or x == 7 - y else 0 for y in range(8) for x in range(8)],
         "transparent": 0, "delay_cs": 5, "disposal": 1},
        {"x": 0, "y": 0, "w": 4, "h": 4, "indices": [3] * 16, "delay_cs": 5, "disposal": 0},
    ]
    write_gif(os.path.join(GOOD, "gif-transparent.gif"), 16, 14, PALETTE, frames, loop=0)
    save_expected("gif-transparent", 16, 14, composite_gif(16, 14, PALETTE, frames), [50, 50, 50], 0)

    # Interlaced frames with local palettes of different sizes, and a loop count of 3.
    local_a = [(10 * i, 255 - 10 * i, 128) for i in range(20)]
    local_b = [(200, 16 * i, 16 * i) for i in range(16)]
    frames = [
        {"x": 0, "y": 0, "w": 20, "h": 19, "indices": [(x + y) % 20 for y in range(19) for x in range(20)],
         "local_palette": local_a, "interlaced": True, "delay_cs": 7},
        {"x": 5, "y": 3, "w": 9, "h": 13, "indices": [(x * y) % 16 for y in range(13) for x in range(9)],
         "local_palette": local_b, "interlaced": True, "delay_cs": 7, "transparent": 0},
        {"x": 1, "y": 1, "w": 3, "h": 2, "indices": [1, 2, 3, 4, 5, 6], "delay_cs": 7},
    ]
    write_gif(os.path.join(GOOD, "gif-interlaced-local-palettes.gif"), 20, 19, PALETTE, frames, loop=3)
    save_expected("gif-interlaced-local-palettes", 20, 19, composite_gif(20, 19, PALETTE, frames), [70, 70, 70], 3)

    # The delay rule (0 and 1 cs play as 100 ms, 2 cs as 20 ms), no loop extension (plays once),
    # and an index past the 4-colour palette (opaque black).
    small = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255)]
    frames = [{"x": 0, "y": 0, "w": 4, "h": 4, "indices": [(i + n) % 4 if i != 5 else 6 for i in range(16)],
               "delay_cs": cs} for n, cs in enumerate((0, 1, 2, 50))]
    write_gif(os.path.join(GOOD, "gif-delays-no-loop.gif"), 4, 4, small, frames, loop=None)
    save_expected("gif-delays-no-loop", 4, 4, composite_gif(4, 4, small, frames), [100, 100, 20, 500], None)

    # The smallest: 1x1, one frame.
    frames = [{"x": 0, "y": 0, "w": 1, "h": 1, "indices": [1], "delay_cs": 0}]
    write_gif(os.path.join(GOOD, "gif-1x1.gif"), 1, 1, PALETTE[:2], frames)
    save_expected("gif-1x1", 1, 1, composite_gif(1, 1, PALETTE[:2], frames), [100], None)


def screen_samples():
    """How the logical screen meets the frames, as browsers have it: a first frame larger than
    the screen grows the canvas to its size (Firefox and Chrome); a frame outside the screen
    only by its offset is clipped (Firefox; Chrome alone widens for it); a screen with no image
    at all is one transparent frame of the screen's size."""
    larger = {"x": 0, "y": 0, "w": 6, "h": 4, "indices": [1 + i % 3 for i in range(24)], "delay_cs": 10}
    inside = {"x": 2, "y": 1, "w": 2, "h": 2, "indices": [4, 4, 4, 4], "delay_cs": 20}
    write_gif(os.path.join(GOOD, "gif-first-frame-larger-than-screen.gif"), 3, 2, PALETTE, [larger, inside], loop=0)
    save_expected("gif-first-frame-larger-than-screen", 6, 4, composite_gif(6, 4, PALETTE, [larger, inside]),
                  [100, 200], 0)
    offset = {"x": 3, "y": 2, "w": 4, "h": 4, "indices": [2 + i % 2 for i in range(16)], "delay_cs": 10}
    write_gif(os.path.join(GOOD, "gif-frame-offset-outside-screen.gif"), 5, 4, PALETTE, [offset], loop=0)
    save_expected("gif-frame-offset-outside-screen", 5, 4, composite_gif(5, 4, PALETTE, [offset]), [100], 0)
    write_gif(os.path.join(GOOD, "gif-screen-no-image.gif"), 1, 1, PALETTE, [])
    save_expected("gif-screen-no-image", 1, 1, [[TRANSPARENT]], [100], None)


def png_window_sample():
    """A zlib stream whose header declares a 256-byte window but whose matches reach 1,200
    bytes back (Chromium bug 807324): browsers decode it by letting zlib use its full window."""
    width, height = 100, 6
    first = [((x * 37) % 256, (x * 91) % 256, (x * 13) % 256, 255) for x in range(width)]
    pixels = first * height  # every row repeats the one before: matches 401 bytes back and more
    stream = bytearray(rgba_rows(pixels, width, height))
    # CMF: deflate, CINFO 0 (256-byte window); FLG made to check again.
    cmf = 0x08
    flg = stream[1] & 0xE0
    flg += (31 - (cmf * 256 + flg) % 31) % 31
    stream[0], stream[1] = cmf, flg
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    data = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", bytes(stream)) + chunk(b"IEND", b""))
    with open(os.path.join(GOOD, "png-zlib-window-too-small.png"), "wb") as handle:
        handle.write(data)
    save_expected("png-zlib-window-too-small", width, height, [pixels], [100], None)


def demo_sample():
    """A 96x64 bouncing ball over a gradient, 24 frames at 40 ms, looping: what `make run` plays."""
    import math
    w, h = 96, 64
    palette = [(16, 16, 40 + 6 * i) for i in range(32)] + [(255, 200 - 4 * i, 40) for i in range(32)]
    frames = []
    for n in range(24):
        t = n / 24.0
        cx, cy = 48 + 30 * math.cos(2 * math.pi * t), 40 - 22 * abs(math.sin(2 * math.pi * t))
        indices = []
        for y in range(h):
            for x in range(w):
                d = math.hypot(x - cx, y - cy)
                indices.append(32 + min(31, int(d * 3)) if d < 10 else (y * 31) // (h - 1))
        frames.append({"x": 0, "y": 0, "w": w, "h": h, "indices": indices, "delay_cs": 4})
    write_gif(os.path.join(GOOD, "demo-ball.gif"), w, h, palette, frames, loop=0)
    save_expected("demo-ball", w, h, composite_gif(w, h, palette, frames), [40] * 24, 0)


def apng_samples():
    w, h = 24, 16
    # Dispose ops: each sample has a full base, then a sub-frame with that dispose op, then a
    # sub-frame blended OVER with partial alpha that shows what the dispose left.
    for dispose, label in ((0, "none"), (1, "background"), (2, "previous")):
        frames = [
            {"x": 0, "y": 0, "w": w, "h": h, "pixels": pattern(w, h, 0, alpha=False), "delay": (1, 10)},
            {"x": 4, "y": 3, "w": 10, "h": 8, "pixels": solid(10, 8, (255, 0, 0, 255)), "delay": (1, 10),
             "dispose": dispose},
            {"x": 8, "y": 6, "w": 12, "h": 8, "pixels": pattern(12, 8, 2), "delay": (1, 10), "blend": 1},
        ]
        name = "apng-dispose-%s" % label
        write_apng(os.path.join(GOOD, name + ".png"), w, h, frames, plays=0)
        save_expected(name, w, h, composite_apng(w, h, frames), [100, 100, 100], 0)

    # Blend ops on a canvas with alpha: SOURCE replaces (transparent pixels included), OVER
    # mixes semi-transparent pixels; the first frame disposes PREVIOUS (acts as BACKGROUND).
    frames = [
        {"x": 0, "y": 0, "w": w, "h": h, "pixels": pattern(w, h, 1), "delay": (3, 100), "dispose": 2},
        {"x": 0, "y": 0, "w": w, "h": h, "pixels": pattern(w, h, 3), "delay": (3, 100)},
        {"x": 2, "y": 2, "w": 16, "h": 10, "pixels": pattern(16, 10, 4), "delay": (3, 100), "blend": 1},
        {"x": 6, "y": 4, "w": 8, "h": 8, "pixels": [(0, 0, 255, 0)] * 32 + [(0, 0, 255, 200)] * 32,
         "delay": (3, 100), "blend": 0},
    ]
    write_apng(os.path.join(GOOD, "apng-blend-alpha.png"), w, h, frames, plays=2)
    save_expected("apng-blend-alpha", w, h, composite_apng(w, h, frames), [30, 30, 30, 30], 2)

    # A default image that is not part of the animation; delays with den 0 (hundredths) and
    # num 0 (the 100 ms rule).
    frames = [
        {"x": 0, "y": 0, "w": 8, "h": 8, "pixels": solid(8, 8, (0, 200, 0, 255)), "delay": (25, 0)},
        {"x": 2, "y": 2, "w": 4, "h": 4, "pixels": solid(4, 4, (200, 0, 200, 128)), "delay": (0, 100), "blend": 1},
    ]
    write_apng(os.path.join(GOOD, "apng-hidden-default.png"), 8, 8, frames, plays=1,
               default_image=solid(8, 8, (255, 0, 0, 255)))
    save_expected("apng-hidden-default", 8, 8, composite_apng(8, 8, frames), [250, 100], 1)

    # A still PNG with alpha: one frame, no loop count.
    still = pattern(13, 7, 5)
    with open(os.path.join(GOOD, "png-still-alpha.png"), "wb") as handle:
        handle.write(png_bytes(13, 7, still))
    save_expected("png-still-alpha", 13, 7, [still], [100], None)


def write_pngs(workdir, prefix, width, height, pictures):
    """Each picture as a PNG file in workdir, for the encoders; returns the paths."""
    paths = []
    for n, pixels in enumerate(pictures):
        path = os.path.join(workdir, "%s%d.png" % (prefix, n))
        with open(path, "wb") as handle:
            handle.write(png_bytes(width, height, pixels))
        paths.append(path)
    return paths


def write_cut_short(path, name, fraction):
    """The first `fraction` of the file at path, as samples/bad/name."""
    data = open(path, "rb").read()
    with open(os.path.join(BAD, name), "wb") as handle:
        handle.write(data[: int(len(data) * fraction)])


def write_obu_damaged(path, name):
    """The file at path with six bytes of its AV1 data (just inside the mdat box) set to 0xff,
    as samples/bad/name: dav1d fails on it ("Error parsing OBU data", which it would print to
    stderr itself were its logger not taken away)."""
    data = bytearray(open(path, "rb").read())
    start = data.find(b"mdat") + 4
    data[start:start + 6] = b"\xff" * 6
    with open(os.path.join(BAD, name), "wb") as handle:
        handle.write(data)


def webp_samples(workdir):
    tool = shutil.which("img2webp")
    if tool is None:
        sys.exit("img2webp not found: apt-get install webp")
    w, h = 32, 24
    sources = [pattern(w, h, n) for n in range(3)]
    paths = write_pngs(workdir, "frame", w, h, sources)
    # Fully transparent pixels carry no colour: compare canonical canvases.
    canonical = [[p if p[3] else TRANSPARENT for p in s] for s in sources]

    args = [tool, "-loop", "0", "-kmax", "1", "-lossless", "-d", "80", paths[0], "-d", "120", paths[1],
            "-d", "5", paths[2], "-o", os.path.join(GOOD, "webp-lossless-alpha.webp")]
    subprocess.run(args, check=True, capture_output=True)
    save_expected("webp-lossless-alpha", w, h, canonical, [80, 120, 100], 0)

    args = [tool, "-loop", "4", "-kmax", "1", "-lossy", "-q", "90", "-d", "100"] + paths + \
           ["-o", os.path.join(GOOD, "webp-lossy-alpha.webp")]
    subprocess.run(args, check=True, capture_output=True)
    save_expected("webp-lossy-alpha", w, h, canonical, [100, 100, 100], 4, exact=False, tolerance=8)

    args = [tool, "-lossless", paths[1], "-o", os.path.join(GOOD, "webp-still-lossless.webp")]
    subprocess.run(args, check=True, capture_output=True)
    save_expected("webp-still-lossless", w, h, [canonical[1]], [100], None)


def noisy_pattern(w, h, seed):
    """`pattern` without alpha, with deterministic noise: photo-like bitstreams, whose rows take a
    similar share of the data (a flat picture codes in a few bytes, all of them header)."""
    state, pixels = seed, []
    for p in pattern(w, h, seed, alpha=False):
        state = (state * 1103515245 + 12345) & 0x7FFFFFFF
        noise = (state >> 16) % 48 - 24
        pixels.append(tuple(max(0, min(255, c + noise)) for c in p[:3]) + (255,))
    return pixels


def riff_chunks(data):
    """(tag, offset, size) of each chunk in a RIFF WebP file."""
    offset, chunks = 12, []
    while offset + 8 <= len(data):
        size = struct.unpack("<I", data[offset + 4:offset + 8])[0]
        chunks.append((data[offset:offset + 4], offset, size))
        offset += 8 + size + size % 2
    return chunks


def riff_file(body):
    return b"RIFF" + struct.pack("<I", 4 + len(body)) + b"WEBP" + body


class LibWebP:
    """libwebp itself (Debian's libwebp7, through ctypes): the reference for what decodes of a
    broken still, as its incremental decoder (what browsers use) leaves it."""

    def __init__(self):
        import ctypes
        self.ctypes = ctypes
        lib = ctypes.CDLL("libwebp.so.7")
        lib.WebPGetInfo.argtypes = [ctypes.c_char_p, ctypes.c_size_t, ctypes.POINTER(ctypes.c_int),
                                    ctypes.POINTER(ctypes.c_int)]
        lib.WebPINewRGB.restype = ctypes.c_void_p
        lib.WebPINewRGB.argtypes = [ctypes.c_int, ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int]
        lib.WebPIUpdate.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_size_t]
        lib.WebPIDecGetRGB.restype = ctypes.c_void_p
        lib.WebPIDecGetRGB.argtypes = [ctypes.c_void_p] + [ctypes.POINTER(ctypes.c_int)] * 4
        lib.WebPIDelete.argtypes = [ctypes.c_void_p]
        lib.WebPDecodeRGBA.restype = ctypes.c_void_p
        lib.WebPDecodeRGBA.argtypes = [ctypes.c_char_p, ctypes.c_size_t, ctypes.POINTER(ctypes.c_int),
                                       ctypes.POINTER(ctypes.c_int)]
        lib.WebPFree.argtypes = [ctypes.c_void_p]
        self.lib = lib

    def decodes_whole(self, data):
        """Whether libwebp's one-call decoder (dwebp's, the animation decoder's) takes the data."""
        w, h = self.ctypes.c_int(), self.ctypes.c_int()
        pixels = self.lib.WebPDecodeRGBA(data, len(data), self.ctypes.byref(w), self.ctypes.byref(h))
        self.lib.WebPFree(pixels)
        return pixels is not None

    def decode(self, data, pieces=1):
        """(status, rows decoded, RGBA bytes) with the data handed over in `pieces` growing
        prefixes: 0 is complete, 5 wants more data, others are errors."""
        ctypes, lib = self.ctypes, self.lib
        w, h = ctypes.c_int(), ctypes.c_int()
        if not lib.WebPGetInfo(data, len(data), ctypes.byref(w), ctypes.byref(h)):
            return None
        buffer = ctypes.create_string_buffer(w.value * h.value * 4)
        decoder = lib.WebPINewRGB(1, buffer, len(buffer), w.value * 4)  # MODE_RGBA
        status = 5
        for part in range(1, pieces + 1):
            if status != 5:
                break
            status = lib.WebPIUpdate(decoder, data, len(data) * part // pieces)
        rows = ctypes.c_int(0)
        lib.WebPIDecGetRGB(decoder, ctypes.byref(rows), None, None, None)
        lib.WebPIDelete(decoder)
        return status, rows.value, buffer.raw


def webp_damaged_samples(workdir):
    """Stills whose image bitstream breaks off at 30, 60 and 90 % (the chunk and RIFF sizes
    rewritten to match, so only the bitstream is short), lossy and lossless, and a lossy one
    short by its last 4 bytes only (`webp-lossy-cut-end`: libwebp's one-call decoder, dwebp's,
    refuses it whole, NOT_ENOUGH_DATA, yet nearly all of it decodes), in bad/; each must
    show the rows libwebp's incremental decoder gets (fed part by part when it fails whole) with
    the pixels of the complete file's decode, the rest transparent. And animations of 8 lossless
    frames whose 3rd or 8th frame's bitstream is garbage: the frames before it play."""
    libwebp = LibWebP()
    w, h = 64, 192
    source = write_pngs(workdir, "damaged", w, h, [noisy_pattern(w, h, 3)])[0]
    for kind, options in (("lossy", ["-q", "80"]), ("lossless", ["-lossless"])):
        complete = os.path.join(workdir, "damaged-%s.webp" % kind)
        run_tool("cwebp", "webp", ["-quiet"] + options + [source, "-o", complete])
        data = open(complete, "rb").read()
        status, rows, pixels = libwebp.decode(data)
        assert status == 0 and rows == h
        cuts = [(str(percent), lambda size, percent=percent: size * percent // 100) for percent in (30, 60, 90)]
        if kind == "lossy":
            cuts.append(("end", lambda size: size - 4))
        for label, kept in cuts:
            tag, offset, size = next(c for c in riff_chunks(data) if c[0] in (b"VP8 ", b"VP8L"))
            keep = kept(size)
            body = data[12:offset] + tag + struct.pack("<I", keep) + data[offset + 8:offset + 8 + keep]
            cut = riff_file(body + (b"\0" if keep % 2 else b""))
            assert not libwebp.decodes_whole(cut)
            name = "webp-%s-cut-%s" % (kind, label)
            with open(os.path.join(BAD, name + ".webp"), "wb") as handle:
                handle.write(cut)
            status, decoded, _ = libwebp.decode(cut)
            reason = "cut short"
            if status not in (0, 5):
                status, decoded, _ = libwebp.decode(cut, pieces=64)
                reason = "damaged or cut short"
            assert 0 < decoded < h, (name, status, decoded)
            canvas = [tuple(pixels[i:i + 4]) for i in range(0, decoded * w * 4, 4)]
            canvas += [TRANSPARENT] * (w * (h - decoded))
            save_expected(name, w, h, [canvas], [100], None, truncated=True,
                          warnings=["%s after row %d of %d: the rest is transparent" % (reason, decoded, h)])

    w, h = 32, 24
    sources = [pattern(w, h, n) for n in range(8)]
    canonical = [[p if p[3] else TRANSPARENT for p in s] for s in sources]
    paths = write_pngs(workdir, "eight", w, h, sources)
    animation = os.path.join(workdir, "eight.webp")
    run_tool("img2webp", "webp", ["-loop", "0", "-kmax", "1", "-lossless", "-d", "100"] + paths + ["-o", animation])
    data = open(animation, "rb").read()
    for broken in (3, 8):
        damaged = bytearray(data)
        tag, offset, size = [c for c in riff_chunks(data) if c[0] == b"ANMF"][broken - 1]
        image = offset + 8 + 16  # past the ANMF chunk header and the frame's rectangle and timing
        assert damaged[image:image + 4] == b"VP8L"
        image_size = struct.unpack("<I", damaged[image + 4:image + 8])[0]
        # Past the 5-byte VP8L header (so the container still parses): bytes no Huffman code reads.
        damaged[image + 13:image + 8 + image_size] = b"\xff" * (image_size - 5)
        name = "webp-frame-%d-of-8-broken" % broken
        with open(os.path.join(BAD, name + ".webp"), "wb") as handle:
            handle.write(bytes(damaged))
        save_expected(name, w, h, canonical[:broken - 1], [100] * (broken - 1), 0, truncated=True,
                      warnings=["frame %d of 8 does not decode; playing %d" % (broken, broken - 1)])


def jpeg_samples():
    """JPEG through Pillow (Debian's python3-pil, which uses libjpeg-turbo as tview does): colour
    at quality 100 without chroma subsampling, progressive greyscale, Adobe CMYK; expected canvases
    are the source pixels, within a mean tolerance (JPEG is lossy). And one cut short, in bad/."""
    try:
        from PIL import Image
    except ImportError:
        sys.exit("Pillow not found: apt-get install python3-pil")
    w, h = 32, 24
    source = [p[:3] for p in pattern(w, h, 1, alpha=False)]
    image = Image.new("RGB", (w, h))
    image.putdata(source)
    path = os.path.join(GOOD, "jpeg-rgb.jpg")
    image.save(path, quality=100, subsampling=0)
    save_expected("jpeg-rgb", w, h, [[p + (255,) for p in source]], [100], None, exact=False, tolerance=2)

    grey = image.convert("L")
    grey.save(os.path.join(GOOD, "jpeg-grey-progressive.jpg"), quality=100, progressive=True)
    save_expected("jpeg-grey-progressive", w, h, [[(v, v, v, 255) for v in grey.tobytes()]], [100], None,
                  exact=False, tolerance=2)

    # Pillow's CMYK: C, M, Y = 255 - R, G, B and K = 0, written as Adobe (inverted) ink.
    image.convert("CMYK").save(os.path.join(GOOD, "jpeg-cmyk.jpg"), quality=100)
    save_expected("jpeg-cmyk", w, h, [[p + (255,) for p in source]], [100], None, exact=False, tolerance=3)

    write_cut_short(path, "jpeg-cut-short.jpg", 1 / 2)


def jpeg_orientation_samples():
    """One JPEG for each EXIF orientation (1 to 8) of the same 32x24 picture, stored as the
    camera would store it for that orientation, and a PNG with an eXIf chunk; the expected
    canvas is Pillow's own `ImageOps.exif_transpose` of the decoded file (an independent turn),
    within JPEG's rounding. Shown upright, every one is the same picture."""
    from PIL import Image, ImageOps
    w, h = 32, 24
    upright = Image.new("RGB", (w, h))
    upright.putdata([p[:3] for p in pattern(w, h, 3, alpha=False)])
    # What a camera stores for each orientation: the upright picture turned the other way.
    stored_as = {1: [], 2: [Image.Transpose.FLIP_LEFT_RIGHT], 3: [Image.Transpose.ROTATE_180],
                 4: [Image.Transpose.FLIP_TOP_BOTTOM], 5: [Image.Transpose.TRANSPOSE],
                 6: [Image.Transpose.ROTATE_90], 7: [Image.Transpose.TRANSVERSE], 8: [Image.Transpose.ROTATE_270]}
    for value, steps in stored_as.items():
        stored = upright
        for step in steps:
            stored = stored.transpose(step)
        exif = Image.Exif()
        exif[0x0112] = value
        name = "jpeg-exif-orientation-%d" % value
        path = os.path.join(GOOD, name + ".jpg")
        stored.save(path, quality=100, subsampling=0, exif=exif.tobytes())
        shown = ImageOps.exif_transpose(Image.open(path)).convert("RGBA")
        save_expected(name, shown.size[0], shown.size[1], [list(shown.getdata())], [100], None, exact=False,
                      tolerance=2)
    # A PNG with an eXIf chunk stating orientation 6 (a quarter turn clockwise to show it).
    stored = upright.transpose(Image.Transpose.ROTATE_90)
    exif = Image.Exif()
    exif[0x0112] = 6
    path = os.path.join(GOOD, "png-exif-orientation-6.png")
    stored.save(path, exif=exif.tobytes())
    shown = ImageOps.exif_transpose(Image.open(path)).convert("RGBA")
    save_expected("png-exif-orientation-6", shown.size[0], shown.size[1], [list(shown.getdata())], [100], None)


def webp_orientation_samples():
    """WebPs with an EXIF chunk: a lossless still stored for orientation 6 and a two-frame
    lossless animation stored for orientation 8; the expected canvases are Pillow's own
    `ImageOps.exif_transpose` of each decoded frame (an independent turn)."""
    from PIL import Image, ImageOps
    w, h = 32, 24
    upright = Image.new("RGB", (w, h))
    upright.putdata([p[:3] for p in pattern(w, h, 3, alpha=False)])
    exif = Image.Exif()
    exif[0x0112] = 6
    path = os.path.join(GOOD, "webp-exif-orientation-6.webp")
    upright.transpose(Image.Transpose.ROTATE_90).save(path, lossless=True, exif=exif.tobytes())
    shown = ImageOps.exif_transpose(Image.open(path)).convert("RGBA")
    save_expected("webp-exif-orientation-6", shown.size[0], shown.size[1], [list(shown.getdata())], [100], None)
    second = Image.new("RGB", (w, h))
    second.putdata([p[:3] for p in pattern(w, h, 7, alpha=False)])
    frames = [picture.transpose(Image.Transpose.ROTATE_270) for picture in (upright, second)]
    exif = Image.Exif()
    exif[0x0112] = 8
    path = os.path.join(GOOD, "webp-anim-exif-orientation-8.webp")
    frames[0].save(path, save_all=True, append_images=frames[1:], duration=[100, 200], loop=0, lossless=True,
                   exif=exif.tobytes())
    canvases = []
    with Image.open(path) as animation:
        for index in range(animation.n_frames):
            animation.seek(index)
            turned = animation.convert("RGBA").transpose(Image.Transpose.ROTATE_90)
            canvases.append(list(turned.getdata()))
    save_expected("webp-anim-exif-orientation-8", w, h, canvases, [100, 200], 0)


def png_gamma_samples():
    """PNGs with colour chunks and no profile, shown as Chrome (Skia) shows them: gAMA 0.35 alone
    (each value v shown as sRGB's encoding of (v/255)^(1/0.35)), and gAMA 1/2.2 with Display
    P3's chromaticities in cHRM (v^2.2 through P3's primaries into sRGB's, both white D65, then
    sRGB's encoding, clipped). The expected canvases are computed here with numpy, not lcms2."""
    import struct
    import numpy as np
    from PIL import Image
    from PIL.PngImagePlugin import PngInfo
    w, h = 32, 24
    picture = Image.new("RGB", (w, h))
    picture.putdata([p[:3] for p in pattern(w, h, 5, alpha=False)])
    values = np.asarray(picture, float) / 255

    def encode(linear):
        linear = np.clip(linear, 0, 1)
        return np.where(linear <= 0.0031308, linear * 12.92, 1.055 * linear ** (1 / 2.4) - 0.055)

    def to_xyz(primaries, white):
        xyz = lambda x, y: np.array([x / y, 1, (1 - x - y) / y])
        columns = np.stack([xyz(*primaries[i:i + 2]) for i in (0, 2, 4)], 1)
        return columns * np.linalg.solve(columns, xyz(*white))

    d65 = (0.3127, 0.3290)
    srgb = to_xyz((0.64, 0.33, 0.30, 0.60, 0.15, 0.06), d65)
    p3 = to_xyz((0.680, 0.320, 0.265, 0.690, 0.150, 0.060), d65)
    cases = [("png-gama-0.35", 35000, None, values ** (1 / 0.35)),
             ("png-gama-cHRM-p3", 45455, (d65, (0.680, 0.320, 0.265, 0.690, 0.150, 0.060)),
              (values ** (100000 / 45455)) @ (np.linalg.inv(srgb) @ p3).T)]
    for name, gamma, chromaticities, linear in cases:
        info = PngInfo()
        info.add(b"gAMA", struct.pack(">I", gamma))
        if chromaticities:
            white, primaries = chromaticities
            info.add(b"cHRM", struct.pack(">8I", *[round(v * 100000) for v in white + primaries]))
        picture.save(os.path.join(GOOD, name + ".png"), pnginfo=info)
        shown = np.round(encode(linear) * 255).astype(int)
        canvas = [(int(r), int(g), int(b), 255) for r, g, b in shown.reshape(-1, 3)]
        save_expected(name, w, h, [canvas], [100], None, exact=False, tolerance=1)


def named_profile_bytes(lcms, profile, name):
    """lcms2's `profile` with its description tag set to `name`, as the bytes of an ICC file."""
    import ctypes
    lcms.cmsMLUalloc.restype = ctypes.c_void_p
    text = lcms.cmsMLUalloc(None, 1)
    lcms.cmsMLUsetASCII(ctypes.c_void_p(text), b"en", b"US", name)
    lcms.cmsWriteTag(ctypes.c_void_p(profile), 0x64657363, ctypes.c_void_p(text))  # 'desc'
    size = ctypes.c_uint32(0)
    lcms.cmsSaveProfileToMem(ctypes.c_void_p(profile), None, ctypes.byref(size))
    data = ctypes.create_string_buffer(size.value)
    lcms.cmsSaveProfileToMem(ctypes.c_void_p(profile), data, ctypes.byref(size))
    return data.raw[:size.value]


def cmyk_icc_profile():
    """A CMYK printer profile made by lcms2 itself (through ctypes): a 5-point table from ink to
    Lab, each ink darkening its colour with a dot gain (ink^0.6), the inks multiplied in sRGB,
    named "tview test CMYK"."""
    import ctypes
    lcms = ctypes.CDLL("liblcms2.so.2")
    for name in ("cmsCreateProfilePlaceholder", "cmsPipelineAlloc", "cmsStageAllocCLut16bit", "cmsMLUalloc"):
        getattr(lcms, name).restype = ctypes.c_void_p
    profile = lcms.cmsCreateProfilePlaceholder(None)
    # Version 2: its lut16Type holds a table alone (v4's lutAtoBType wants curves around it).
    lcms.cmsSetProfileVersion(ctypes.c_void_p(profile), ctypes.c_double(2.1))
    lcms.cmsSetDeviceClass(ctypes.c_void_p(profile), 0x70727472)  # 'prtr'
    lcms.cmsSetColorSpace(ctypes.c_void_p(profile), 0x434D594B)  # 'CMYK'
    lcms.cmsSetPCS(ctypes.c_void_p(profile), 0x4C616220)  # 'Lab '

    def lab(rgb):
        linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
        # sRGB's D50 matrix (Bradford-adapted), then Lab against D50.
        m = [[0.4360747, 0.3850649, 0.1430804], [0.2225045, 0.7168786, 0.0606169],
             [0.0139322, 0.0971045, 0.7141733]]
        xyz = [sum(m[i][j] * linear[j] for j in range(3)) for i in range(3)]
        white = (0.9642, 1.0, 0.8249)
        f = [v ** (1 / 3) if v > (6 / 29) ** 3 else v / (3 * (6 / 29) ** 2) + 4 / 29
             for v in (xyz[i] / white[i] for i in range(3))]
        return 116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])

    @ctypes.CFUNCTYPE(ctypes.c_int, ctypes.POINTER(ctypes.c_uint16), ctypes.POINTER(ctypes.c_uint16), ctypes.c_void_p)
    def sample(ink, out, cargo):
        c, m, y, k = ((ink[i] / 65535) ** 0.6 for i in range(4))
        big_l, a, b = lab([(1 - c) * (1 - k), (1 - m) * (1 - k), (1 - y) * (1 - k)])
        # Version 2's 16-bit Lab.
        encoded = (big_l * 65280 / 100, (a + 128) * 65280 / 255, (b + 128) * 65280 / 255)
        for i in range(3):
            out[i] = max(0, min(65535, round(encoded[i])))
        return 1

    pipeline = lcms.cmsPipelineAlloc(None, 4, 3)
    table = lcms.cmsStageAllocCLut16bit(None, 5, 4, 3, None)
    lcms.cmsStageSampleCLut16bit(ctypes.c_void_p(table), sample, None, 0)
    lcms.cmsPipelineInsertStage(ctypes.c_void_p(pipeline), 1, ctypes.c_void_p(table))  # at the end
    assert lcms.cmsWriteTag(ctypes.c_void_p(profile), 0x41324230, ctypes.c_void_p(pipeline))  # 'A2B0'
    return named_profile_bytes(lcms, profile, b"tview test CMYK")


def jpeg_cmyk_profile_sample():
    """A CMYK JPEG (Adobe's inverted ink, as Pillow writes it) carrying a CMYK profile
    (`cmyk_icc_profile`), shown as browsers show it: its ink through the profile into sRGB. The
    expected canvas is Pillow's ImageCms conversion (lcms2, perceptual) of the same decoded ink;
    the plain Adobe rule is far from it (the profile's dot gain)."""
    from io import BytesIO
    from PIL import Image, ImageCms
    profile = cmyk_icc_profile()
    w, h = 32, 24
    rgb = Image.new("RGB", (w, h))
    rgb.putdata([p[:3] for p in pattern(w, h, 6, alpha=False)])
    path = os.path.join(GOOD, "jpeg-cmyk-profile.jpg")
    rgb.convert("CMYK").save(path, quality=95, icc_profile=profile)
    ink = Image.open(path)
    ink.load()
    shown = ImageCms.profileToProfile(ink, ImageCms.ImageCmsProfile(BytesIO(profile)), ImageCms.createProfile("sRGB"),
                                      renderingIntent=ImageCms.Intent.PERCEPTUAL, outputMode="RGB")
    save_expected("jpeg-cmyk-profile", w, h, [[p + (255,) for p in shown.getdata()]], [100], None, exact=False,
                  tolerance=2)


def icc_profile(kind):
    """An ICC profile made by lcms2 itself (Debian's liblcms2-2, through ctypes): "Display P3"
    (P3 primaries, D65, sRGB's tone curve, as Apple's) or "Grey gamma 1.8" (D50 white)."""
    import ctypes
    lcms = ctypes.CDLL("liblcms2.so.2")
    lcms.cmsBuildParametricToneCurve.restype = ctypes.c_void_p
    lcms.cmsBuildGamma.restype = ctypes.c_void_p
    lcms.cmsCreateRGBProfile.restype = ctypes.c_void_p
    lcms.cmsCreateGrayProfile.restype = ctypes.c_void_p
    lcms.cmsMLUalloc.restype = ctypes.c_void_p

    class XYY(ctypes.Structure):
        _fields_ = [("x", ctypes.c_double), ("y", ctypes.c_double), ("Y", ctypes.c_double)]

    if kind == "p3":
        srgb_curve = (ctypes.c_double * 5)(2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045)
        curve = lcms.cmsBuildParametricToneCurve(None, 4, srgb_curve)
        curves = (ctypes.c_void_p * 3)(curve, curve, curve)
        primaries = (XYY * 3)(XYY(0.680, 0.320, 1), XYY(0.265, 0.690, 1), XYY(0.150, 0.060, 1))
        profile = lcms.cmsCreateRGBProfile(ctypes.byref(XYY(0.3127, 0.3290, 1)), primaries, curves)
        name = b"Display P3"
    else:
        curve = lcms.cmsBuildGamma(None, ctypes.c_double(1.8))
        profile = lcms.cmsCreateGrayProfile(ctypes.byref(XYY(0.3457, 0.3585, 1)), ctypes.c_void_p(curve))
        name = b"Grey gamma 1.8"
    return named_profile_bytes(lcms, profile, name)


def color_profile_samples():
    """Pictures carrying ICC profiles, in a JPEG (APP2), a PNG (iCCP), a WebP (ICCP) and a grey
    JPEG: the
    expected canvas is Pillow's ImageCms conversion of the decoded pixels to sRGB (perceptual),
    within 2 levels on average (Pillow's lcms2 and Debian's are different releases). A profile holds the
    time lcms2 made it: regenerated, the files' bytes differ, their pixels do not."""
    from PIL import Image, ImageCms
    import io
    w, h = 32, 24
    picture = Image.new("RGB", (w, h))
    picture.putdata([p[:3] for p in pattern(w, h, 4, alpha=False)])
    p3 = icc_profile("p3")
    srgb = ImageCms.createProfile("sRGB")
    for name, extension, options in (("jpeg-display-p3", "jpg", {"quality": 100, "subsampling": 0}),
                                     ("png-display-p3", "png", {}), ("webp-display-p3", "webp", {"lossless": True})):
        path = os.path.join(GOOD, "%s.%s" % (name, extension))
        picture.save(path, icc_profile=p3, **options)
        decoded = Image.open(path).convert("RGB")
        shown = ImageCms.profileToProfile(decoded, ImageCms.ImageCmsProfile(io.BytesIO(p3)), srgb,
                                          renderingIntent=ImageCms.Intent.PERCEPTUAL, outputMode="RGB")
        save_expected(name, w, h, [[px + (255,) for px in shown.getdata()]], [100], None, exact=False,
                      tolerance=2)
    grey_profile = icc_profile("grey")
    grey = picture.convert("L")
    path = os.path.join(GOOD, "jpeg-grey-profile.jpg")
    grey.save(path, icc_profile=grey_profile, quality=100)
    decoded = Image.open(path)
    shown = ImageCms.profileToProfile(decoded, ImageCms.ImageCmsProfile(io.BytesIO(grey_profile)), srgb,
                                      renderingIntent=ImageCms.Intent.PERCEPTUAL, outputMode="RGB")
    save_expected("jpeg-grey-profile", w, h, [[px + (255,) for px in shown.getdata()]], [100], None, exact=False,
                  tolerance=2)


def run_tool(name, package, args):
    tool = shutil.which(name)
    if tool is None:
        sys.exit("%s not found: apt-get install %s" % (name, package))
    subprocess.run([tool] + args, check=True, capture_output=True)


def avif_samples(workdir):
    """AVIF through avifenc (Debian's libavif-bin): a lossless sequence with alpha and three
    durations (80, 120 and 5 ms, which plays as 100), and a lossy 4:4:4 still (within a mean
    tolerance); one sequence cut short, in bad/."""
    w, h = 32, 24
    sources = [pattern(w, h, n) for n in range(3)]
    canonical = [[p if p[3] else TRANSPARENT for p in s] for s in sources]
    paths = write_pngs(workdir, "avif-frame", w, h, sources)
    sequence = os.path.join(GOOD, "avif-lossless-alpha.avif")
    # Every frame a key frame: libaom 3.6 codes alpha in inter frames with small errors even
    # when lossless (avifdec with dav1d, libaom and libgav1 agree on them).
    run_tool("avifenc", "libavif-bin", ["--lossless", "-s", "8", "-k", "1", "--timescale", "1000",
                                        "--duration", "80", paths[0], "--duration", "120", paths[1],
                                        "--duration", "5", paths[2], sequence])
    # A sequence's movie header holds the time avifenc made it: regenerated, its bytes differ,
    # its frames do not.
    save_expected("avif-lossless-alpha", w, h, canonical, [80, 120, 100], None)

    opaque = [p[:3] + (255,) for p in pattern(w, h, 1, alpha=False)]
    still = write_pngs(workdir, "avif-still", w, h, [opaque])[0]
    # 4:4:4: the pattern's colour wraps from 255 to 0 between neighbours, which 4:2:0 smears.
    run_tool("avifenc", "libavif-bin", ["-s", "8", "-y", "444", "--min", "2", "--max", "4", still,
                                        os.path.join(GOOD, "avif-still-lossy.avif")])
    save_expected("avif-still-lossy", w, h, [opaque], [100], None, exact=False, tolerance=4)

    write_cut_short(sequence, "avif-sequence-cut-short.avif", 3 / 4)
    write_obu_damaged(os.path.join(GOOD, "avif-still-lossy.avif"), "avif-still-obu-damaged.avif")


def avif_hdr_samples(workdir):
    """Lossless 8-bit AVIFs of grey ramps tagged BT.2020 with the PQ and the HLG transfer (nclx
    9/16/0 and 9/18/0: identity matrix, as lossless needs), shown tone-mapped for an SDR screen
    (docs/formats.md): each grey v as sRGB's encoding of the curve at v/255: PQ's nits over 203
    (BT.2408's reference white), HLG's on a 1000-nit display, light over 0.75 compressed by
    the knee 0.75 + 0.25 x / (x + 0.25) of x, the light past 0.75. Grey stays grey through
    BT.2020's primaries into sRGB's; the expected canvases are computed here, not by lcms2."""
    import math
    w, h = 32, 8
    greys = [round(255 * ((y * w + x) / (w * h - 1))) for y in range(h) for x in range(w)]
    source = write_pngs(workdir, "avif-hdr", w, h, [[(v, v, v, 255) for v in greys]])[0]

    def knee(nits):
        light = nits / 203
        return light if light <= 0.75 else 0.75 + 0.25 * (light - 0.75) / (light - 0.75 + 0.25)

    def pq(e):
        m1, m2, c1, c2, c3 = 2610 / 16384, 2523 / 4096 * 128, 3424 / 4096, 2413 / 4096 * 32, 2392 / 4096 * 32
        p = e ** (1 / m2)
        return knee(10000 * (max(0, p - c1) / (c2 - c3 * p)) ** (1 / m1))

    def hlg(e):
        a, b, c = 0.17883277, 0.28466892, 0.55991073
        scene = e * e / 3 if e <= 0.5 else (math.exp((e - c) / a) + b) / 12
        return knee(1000 * scene ** 1.2)

    def encode(linear):
        linear = min(max(linear, 0), 1)
        return round(255 * (linear * 12.92 if linear <= 0.0031308 else 1.055 * linear ** (1 / 2.4) - 0.055))

    for name, transfer, curve in [("avif-hdr-pq", 16, pq), ("avif-hdr-hlg", 18, hlg)]:
        run_tool("avifenc", "libavif-bin", ["--lossless", "-s", "8", "--cicp", "9/%d/0" % transfer, source,
                                            os.path.join(GOOD, name + ".avif")])
        shown = [(encode(curve(v / 255)),) * 3 + (255,) for v in greys]
        save_expected(name, w, h, [shown], [100], None, exact=False, tolerance=1)


def jxl_samples(workdir):
    """JPEG XL through cjxl (Debian's libjxl-tools) from an APNG of the same three frames:
    lossless with alpha, durations 80, 120 and 5 ms (100) (cjxl 0.7 writes num_loops 0, forever,
    whatever the APNG's num_plays); a lossy still (within a
    mean tolerance); the animation cut short, in bad/."""
    w, h = 32, 24
    sources = [pattern(w, h, n) for n in range(3)]
    canonical = [[p if p[3] else TRANSPARENT for p in s] for s in sources]
    apng = os.path.join(workdir, "jxl-source.png")
    frames = [{"x": 0, "y": 0, "w": w, "h": h, "pixels": pixels, "delay": (delay, 1000)}
              for pixels, delay in zip(sources, (80, 120, 5))]
    write_apng(apng, w, h, frames, plays=0)
    animation = os.path.join(GOOD, "jxl-lossless-alpha.jxl")
    run_tool("cjxl", "libjxl-tools", [apng, animation, "-d", "0", "-e", "3"])
    save_expected("jxl-lossless-alpha", w, h, canonical, [80, 120, 100], 0)

    opaque = [p[:3] + (255,) for p in pattern(w, h, 2, alpha=False)]
    still = write_pngs(workdir, "jxl-still", w, h, [opaque])[0]
    run_tool("cjxl", "libjxl-tools", [still, os.path.join(GOOD, "jxl-still-lossy.jxl"), "-d", "1", "-e", "3"])
    save_expected("jxl-still-lossy", w, h, [opaque], [100], None, exact=False, tolerance=6)

    write_cut_short(animation, "jxl-animation-cut-short.jxl", 3 / 4)


def jxl_layer_samples(workdir):
    """JPEG XL animations whose frames are layers smaller than the canvas, blended over it (cjxl
    makes each APNG frame a cropped layer blended onto the one saved before): an opaque first
    frame, then four 16x12 patches moving across it with alpha from 0 to 255, lossless and lossy
    (XYB). Expected: the APNG's own frames, within a mean tolerance (of 1 for the lossless file:
    libjxl's rule rounds a partly covered pixel a step from the exact rational one now and then); the tests also compare tview's blending
    with libjxl's own, frame by frame."""
    w, h = 48, 32
    frames = [{"x": 0, "y": 0, "w": w, "h": h, "pixels": pattern(w, h, 1, alpha=False), "delay": (60, 1000)}]
    for k in range(4):
        patch = [(r, g, b, (x * 17 + y * 5 + k * 40) % 256 if (x + y) % 5 else 0)
                 for (r, g, b, _), (x, y) in zip(pattern(16, 12, k + 3, alpha=False),
                                                  ((x, y) for y in range(12) for x in range(16)))]
        frames.append({"x": 6 + 7 * k, "y": 2 + 4 * k, "w": 16, "h": 12, "pixels": patch, "delay": (60, 1000),
                       "blend": 1})
    apng = os.path.join(workdir, "jxl-layers-source.png")
    write_apng(apng, w, h, frames, plays=0)
    run_tool("cjxl", "libjxl-tools", [apng, os.path.join(GOOD, "jxl-layers-lossless.jxl"), "-d", "0", "-e", "3"])
    run_tool("cjxl", "libjxl-tools", [apng, os.path.join(GOOD, "jxl-layers-lossy.jxl"), "-d", "1", "-e", "3"])
    canvases = composite_apng(w, h, frames)
    save_expected("jxl-layers-lossless", w, h, canvases, [60] * 5, 0, exact=False, tolerance=1)
    save_expected("jxl-layers-lossy", w, h, canvases, [60] * 5, 0, exact=False, tolerance=6)


def jxl_standalone_sample(workdir):
    """A JPEG XL animation whose frames each stand alone: twelve whole 64x48 frames of 40 ms
    from an APNG that clears each frame and draws the next over nothing (dispose background,
    blend source), which cjxl makes frames that replace the canvas and that nothing refers to
    (libjxl 0.7's apng.cc). A player behind its time can pass over such frames undecoded
    (`JxlDecoderSkipFrames`); the GIF-made and layered animations chain every frame to the last.
    Expected: the frames themselves (lossless)."""
    w, h = 64, 48
    canvases = [[p[:3] + (255,) for p in pattern(w, h, k + 1, alpha=False)] for k in range(12)]
    frames = [{"x": 0, "y": 0, "w": w, "h": h, "pixels": pixels, "delay": (40, 1000), "dispose": 1, "blend": 0}
              for pixels in canvases]
    apng = os.path.join(workdir, "jxl-standalone-source.png")
    write_apng(apng, w, h, frames, plays=0)
    run_tool("cjxl", "libjxl-tools", [apng, os.path.join(GOOD, "jxl-frames-standalone.jxl"), "-d", "0", "-e", "3"])
    save_expected("jxl-frames-standalone", w, h, canvases, [40] * 12, 0)


def jxl_color_profile_samples(workdir):
    """JPEG XL whose pixels are in Display P3 (lcms2's profile, as `icc_profile` makes it),
    shown converted to sRGB: a JPEG carrying the profile transcoded losslessly by cjxl, a PNG
    with it coded lossless (the profile kept as ICC) and lossy (XYB: libjxl makes sRGB itself),
    the same P3 stated as libjxl's own encoding instead of a profile, a lossless three-frame
    animation with the profile, and a grey picture with a grey gamma 1.8 profile. Expected:
    djxl's decode, in the file's space with its profile, through Pillow's ImageCms into sRGB
    (perceptual), within 1 level on average (the unconverted pixels are 8 to 12 away)."""
    from PIL import Image, ImageCms
    import io
    w, h = 32, 24
    picture = Image.new("RGB", (w, h))
    picture.putdata([p[:3] for p in pattern(w, h, 4, alpha=False)])
    p3 = icc_profile("p3")
    srgb = ImageCms.createProfile("sRGB")

    def shown_by_lcms2(path):
        """The first frame djxl decodes of path, through the profile its PNG carries into sRGB."""
        decoded = os.path.join(workdir, "djxl.png")
        run_tool("djxl", "libjxl-tools", [path, decoded])
        image = Image.open(decoded)
        profile = ImageCms.ImageCmsProfile(io.BytesIO(image.info["icc_profile"]))
        shown = ImageCms.profileToProfile(image.convert("L" if image.mode == "L" else "RGB"), profile, srgb,
                                          renderingIntent=ImageCms.Intent.PERCEPTUAL, outputMode="RGB")
        return [px + (255,) for px in shown.getdata()]

    jpeg = os.path.join(workdir, "p3.jpg")
    picture.save(jpeg, icc_profile=p3, quality=95, subsampling=0)
    png = os.path.join(workdir, "p3.png")
    picture.save(png, icc_profile=p3)
    plain = os.path.join(workdir, "plain.png")
    picture.save(plain)
    for name, source, options in (("jxl-jpeg-display-p3", jpeg, []), ("jxl-lossless-display-p3", png, ["-d", "0"]),
                                  ("jxl-lossy-display-p3", png, ["-d", "1"]),
                                  ("jxl-lossless-p3-encoded", plain,
                                   ["-d", "0", "-x", "color_space=RGB_D65_DCI_Per_SRG"])):
        path = os.path.join(GOOD, name + ".jxl")
        run_tool("cjxl", "libjxl-tools", [source, path, "-e", "3"] + options)
        save_expected(name, w, h, [shown_by_lcms2(path)], [100], None, exact=False, tolerance=1)

    grey = os.path.join(workdir, "grey.png")
    picture.convert("L").save(grey, icc_profile=icc_profile("grey"))
    path = os.path.join(GOOD, "jxl-grey-profile.jxl")
    run_tool("cjxl", "libjxl-tools", [grey, path, "-d", "0", "-e", "3"])
    save_expected("jxl-grey-profile", w, h, [shown_by_lcms2(path)], [100], None, exact=False, tolerance=1)

    # An animation (its frames blended by tview, in the file's space, then converted): an APNG
    # with an iCCP chunk after its IHDR.
    sources = [pattern(w, h, n, alpha=False) for n in range(3)]
    apng = os.path.join(workdir, "p3-animation.png")
    write_apng(apng, w, h, [{"x": 0, "y": 0, "w": w, "h": h, "pixels": pixels, "delay": (100, 1000)}
                            for pixels in sources], plays=0)
    data = open(apng, "rb").read()
    header_end = 8 + 25
    data = data[:header_end] + chunk(b"iCCP", b"Display P3\0\0" + zlib.compress(p3)) + data[header_end:]
    with open(apng, "wb") as handle:
        handle.write(data)
    path = os.path.join(GOOD, "jxl-animation-display-p3.jxl")
    run_tool("cjxl", "libjxl-tools", [apng, path, "-d", "0", "-e", "3"])
    canvases = []
    for pixels in sources:
        frame = Image.new("RGB", (w, h))
        frame.putdata([p[:3] for p in pixels])
        shown = ImageCms.profileToProfile(frame, ImageCms.ImageCmsProfile(io.BytesIO(p3)), srgb,
                                          renderingIntent=ImageCms.Intent.PERCEPTUAL, outputMode="RGB")
        canvases.append([px + (255,) for px in shown.getdata()])
    save_expected("jxl-animation-display-p3", w, h, canvases, [100] * 3, 0, exact=False, tolerance=1)


def ffmpeg(args):
    run_tool("ffmpeg", "ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", "-bitexact"] + args)


def concat_list(workdir, name, paths, durations_ms):
    """An ffconcat list showing each PNG for its duration."""
    path = os.path.join(workdir, name)
    with open(path, "w") as handle:
        handle.write("ffconcat version 1.0\n")
        for frame, duration in zip(paths, durations_ms):
            handle.write("file '%s'\nduration %.6f\n" % (frame, duration / 1000))
    return path


def turned_clockwise(pixels, w, h):
    """A picture turned a quarter clockwise: h x w."""
    return [pixels[(h - 1 - x) * w + y] for y in range(w) for x in range(h)]


def video_samples(workdir):
    """Video clips through Debian's ffmpeg from our own frames, lossless in RGB (H.264 through
    libx264rgb, VP9 and AV1 in their GBR profiles), so the expected canvases are the source
    frames exactly: variable frame durations in MP4 (40, 80, 120, 40 ms), constant 25 fps in WebM
    and Matroska, 29.97 fps at an odd size (durations to the microsecond), rotation metadata of
    90 and 270 degrees (shown turned upright), a clip with a sound track; cut short and
    corrupted ones in bad/."""
    w, h = 32, 24
    sources = [[p[:3] + (255,) for p in pattern(w, h, n, alpha=False)] for n in range(4)]
    paths = write_pngs(workdir, "video-frame", w, h, sources)
    vfr = concat_list(workdir, "vfr.txt", paths, [40, 80, 120, 40])
    clip = os.path.join(GOOD, "video-h264-vfr.mp4")
    ffmpeg(["-f", "concat", "-safe", "0", "-i", vfr, "-vsync", "vfr", "-c:v", "libx264rgb", "-qp", "0",
            "-pix_fmt", "rgb24", "-video_track_timescale", "1000", clip])
    save_expected("video-h264-vfr", w, h, sources, [40, 80, 120, 40], None)

    pattern_input = ["-framerate", "25", "-i", os.path.join(workdir, "video-frame%d.png")]
    ffmpeg(pattern_input + ["-c:v", "libvpx-vp9", "-lossless", "1", "-pix_fmt", "gbrp",
                            os.path.join(GOOD, "video-vp9.webm")])
    save_expected("video-vp9", w, h, sources, [40] * 4, None)
    ffmpeg(pattern_input + ["-c:v", "libaom-av1", "-crf", "0", "-cpu-used", "8", "-pix_fmt", "gbrp",
                            os.path.join(GOOD, "video-av1.mkv")])
    save_expected("video-av1", w, h, sources, [40] * 4, None)

    # 33x25 at 30000/1001 frames a second: each frame's time from its timestamp, in microseconds.
    ow, oh = 33, 25
    odd = [[p[:3] + (255,) for p in pattern(ow, oh, n, alpha=False)] for n in range(6)]
    odd_paths = write_pngs(workdir, "video-odd", ow, oh, odd)
    ffmpeg(["-framerate", "30000/1001", "-i", os.path.join(workdir, "video-odd%d.png"), "-c:v", "libx264rgb",
            "-qp", "0", "-pix_fmt", "rgb24", os.path.join(GOOD, "video-odd-29.97fps.mp4")])
    starts = [k * 1001 * 1000000 // 30000 for k in range(len(odd_paths) + 1)]
    save_expected("video-odd-29.97fps", ow, oh, odd, [(b - a) / 1000 for a, b in zip(starts, starts[1:])], None)

    # The rotate tag as Debian's ffmpeg 5.1 writes it (on a stream copy) makes a display matrix
    # that turns the frame counter-clockwise by its angle (av_display_rotation_get says +90 for
    # rotate=90; a phone's portrait clip says -90): shown upright, 90 is a quarter turn
    # counter-clockwise, 270 one clockwise. Checked against ffmpeg's own turned frame.
    plain = os.path.join(workdir, "plain.mp4")
    ffmpeg(pattern_input + ["-c:v", "libx264rgb", "-qp", "0", "-pix_fmt", "rgb24", plain])
    for degrees, clockwise_turns in ((90, 3), (270, 1)):
        name = "video-rotate-%d" % degrees
        clip = os.path.join(GOOD, name + ".mp4")
        ffmpeg(["-i", plain, "-c", "copy", "-metadata:s:v:0", "rotate=%d" % degrees, clip])
        upright = []
        for frame in sources:
            turned, tw, th = frame, w, h
            for _ in range(clockwise_turns):
                turned, tw, th = turned_clockwise(turned, tw, th), th, tw
            upright.append(turned)
        first = os.path.join(workdir, name + ".png")
        ffmpeg(["-i", clip, "-frames:v", "1", first])
        from PIL import Image
        shown = Image.open(first).convert("RGBA")
        if shown.size != (h, w) or list(shown.getdata()) != upright[0]:
            sys.exit("%s: ffmpeg shows its first frame otherwise than expected" % name)
        save_expected(name, h, w, upright, [40] * 4, None)

    with_sound = os.path.join(GOOD, "video-with-audio.mp4")
    ffmpeg(pattern_input + ["-f", "lavfi", "-i", "sine=frequency=440:duration=0.16", "-c:v", "libx264rgb", "-qp", "0",
                            "-pix_fmt", "rgb24", "-c:a", "aac", "-shortest", with_sound])
    save_expected("video-with-audio", w, h, sources, [40] * 4, None)

    # Damaged: a longer clip with its index first, cut at two thirds; and one with bytes
    # overwritten in the middle of its frame data.
    many = [[p[:3] + (255,) for p in pattern(w, h, n % 7, alpha=False)] for n in range(24)]
    write_pngs(workdir, "video-long", w, h, many)
    long_clip = os.path.join(workdir, "long.mp4")
    ffmpeg(["-framerate", "25", "-i", os.path.join(workdir, "video-long%d.png"), "-c:v", "libx264", "-g", "4",
            "-pix_fmt", "yuv444p", "-movflags", "+faststart", long_clip])
    write_cut_short(long_clip, "video-cut-short.mp4", 2 / 3)
    data = bytearray(open(long_clip, "rb").read())
    middle = len(data) // 2
    data[middle:middle + 64] = bytes((k * 37) % 256 for k in range(64))
    with open(os.path.join(BAD, "video-corrupt.mp4"), "wb") as handle:
        handle.write(bytes(data))


def without_default_duration(data):
    """A Matroska file's bytes with its video track's DefaultDuration element (ID 0x23E383, in
    Tracks) overwritten by a Void element of the same length: blocks then carry no durations,
    and the demuxer states no frame rate."""
    data = bytearray(data)
    tracks = data.find(b"\x16\x54\xae\x6b")
    start = data.find(b"\x23\xe3\x83", tracks) if tracks >= 0 else -1
    if start < 0 or not data[start + 3] & 0x80:
        sys.exit("no DefaultDuration in the Matroska file")
    length = 3 + 1 + (data[start + 3] & 0x7F)
    data[start:start + length] = bytes([0xEC, 0x80 | (length - 2)]) + bytes(length - 2)
    return bytes(data)


def video_timing_samples(workdir):
    """Frame times as the timestamps give them, with no GIF rule: an MP4 (90 kHz) whose second
    frame lasts 5.3 ms, as a screen recording's can (40, 5.3, 34.7 and 40 ms: 120 ms in all);
    and a 15 fps VP9 WebM whose container states no durations (no DefaultDuration, none in its
    blocks), whose last frame lasts the mean step between the timestamps before it."""
    w, h = 32, 24
    sources = [[p[:3] + (255,) for p in pattern(w, h, n, alpha=False)] for n in range(4)]
    write_pngs(workdir, "video-timing", w, h, sources)
    frames = ["-framerate", "25", "-i", os.path.join(workdir, "video-timing%d.png")]
    ticks = [0, 3600, 4077, 7200]
    stamps = "setpts='" + "".join("if(eq(N,%d),%d," % (n, t) for n, t in enumerate(ticks[:-1])) + \
        str(ticks[-1]) + ")" * (len(ticks) - 1) + "'"
    ffmpeg(frames + ["-vf", "settb=1/90000," + stamps, "-vsync", "passthrough", "-enc_time_base", "1:90000",
                     "-c:v", "libx264rgb", "-qp", "0", "-pix_fmt", "rgb24", "-video_track_timescale", "90000",
                     os.path.join(GOOD, "video-h264-short-frame.mp4")])
    save_expected("video-h264-short-frame", w, h, sources, [40, 5.3, 34.7, 40], None)

    stated = os.path.join(workdir, "stated.webm")
    # Bit-exact output: the same track UID (else random) each time.
    ffmpeg(["-framerate", "15"] + frames[2:] + ["-c:v", "libvpx-vp9", "-lossless", "1", "-pix_fmt", "gbrp",
                                                "-fflags", "+bitexact", stated])
    with open(os.path.join(GOOD, "video-vp9-no-durations.webm"), "wb") as handle:
        handle.write(without_default_duration(open(stated, "rb").read()))
    starts = [round(k * 1000 / 15) for k in range(len(sources))]
    steps = [b - a for a, b in zip(starts, starts[1:])]
    save_expected("video-vp9-no-durations", w, h, sources, steps + [round(sum(steps) * 1000 / len(steps)) / 1000],
                  None)


def video_reordered_sample(workdir):
    """An H.264 MP4 with B-frames in a pyramid, as x264 makes by default (frames decoded out of
    the order they show in, the decoder holding two back), whose frames last 80, 40, 120, 40, 40,
    40, 80 and 40 ms: its first frame comes out of its own packet alone, and still lasts as its
    timestamps say. x264 makes no B-frames losslessly: GBR at QP 1 (no colour conversion between
    the decoder and the RGBA compared), and the expected frames are FFmpeg's own."""
    from PIL import Image
    w, h = 32, 24
    sources = [[p[:3] + (255,) for p in pattern(w, h, n % 5, alpha=False)] for n in range(8)]
    paths = write_pngs(workdir, "video-reordered", w, h, sources)
    durations = [80, 40, 120, 40, 40, 40, 80, 40]
    frames = concat_list(workdir, "reordered.txt", paths, durations)
    clip = os.path.join(GOOD, "video-h264-bframes.mp4")
    # Every frame differs from the one before: without scenecut=0 x264 makes each an I-frame.
    ffmpeg(["-f", "concat", "-safe", "0", "-i", frames, "-vsync", "vfr", "-c:v", "libx264rgb", "-qp", "1",
            "-x264-params", "bframes=3:b-adapt=0:scenecut=0", "-pix_fmt", "rgb24", "-video_track_timescale", "1000",
            clip])
    ffmpeg(["-i", clip, "-vsync", "passthrough", "-pix_fmt", "rgba", os.path.join(workdir, "reordered-decoded%d.png")])
    decoded = [list(Image.open(os.path.join(workdir, "reordered-decoded%d.png" % (n + 1))).convert("RGBA").getdata())
               for n in range(len(sources))]
    save_expected("video-h264-bframes", w, h, decoded, durations, None)


def video_av1_lossy_sample(workdir):
    """A lossy AV1 WebM (libaom, 4:4:4 in its GBR form, so no colour conversion stands between a
    decoder's frames and the RGBA compared) whose expected frames are FFmpeg's own through
    libdav1d with dav1d's default settings (in-loop filters on): tview's must be the stream's,
    not those of a dav1d opened with other settings (zeroed ones turn the in-loop filters off,
    and the inter frames come out different). The sequence header in the WebM's codec private
    data also has FFmpeg's libdav1d parse it with dav1d's own defaults before it opens."""
    from PIL import Image
    w, h = 64, 48
    sources = [noisy_pattern(w, h, n) for n in range(4)]
    write_pngs(workdir, "av1-lossy", w, h, sources)
    clip = os.path.join(GOOD, "video-av1-lossy.webm")
    ffmpeg(["-framerate", "25", "-i", os.path.join(workdir, "av1-lossy%d.png"), "-c:v", "libaom-av1", "-crf", "40",
            "-cpu-used", "8", "-pix_fmt", "gbrp", "-fflags", "+bitexact", clip])
    ffmpeg(["-c:v", "libdav1d", "-i", clip, "-pix_fmt", "rgba", os.path.join(workdir, "av1-decoded%d.png")])
    frames = [list(Image.open(os.path.join(workdir, "av1-decoded%d.png" % (n + 1))).convert("RGBA").getdata())
              for n in range(len(sources))]
    if frames[0] == frames[1]:
        sys.exit("video-av1-lossy: its first two frames should differ")
    save_expected("video-av1-lossy", w, h, frames, [40] * len(frames), None)


def hostile_samples():
    """Valid files that are expensive by design. A 1.7 KB GIF declaring an 8000x8000 canvas with
    200 frames of one pixel each, walking a diagonal, every other one disposed to transparent:
    memory and time must follow what the frames draw, not what the canvas declares."""
    frames = []
    for k in range(200):
        frames.append({"x": 40 * k, "y": 40 * k, "w": 1, "h": 1, "indices": [1 + k % 6],
                       "delay_cs": 5, "disposal": 2 if k % 2 else 1})
    write_gif(os.path.join(BAD, "gif-8000x8000-canvas-1x1-frames.gif"), 8000, 8000, PALETTE, frames, loop=0)
    webp_bomb(os.path.join(BAD, "webp-6680x6680-canvas-1x1-frames.webp"), 6680, 3)


def webp_bomb(path, side, count):
    """An animated WebP of under 200 bytes declaring a side x side canvas, with `count` frames of
    one lossless pixel each: libwebp's animation decoder clears and keeps whole canvases, so the
    budget must count them (it once let this take 525 MB under a 512 MB budget)."""
    from PIL import Image
    import io
    import struct

    def riff_chunk(tag, data):
        return tag + struct.pack("<I", len(data)) + data + (b"\0" if len(data) % 2 else b"")

    still = io.BytesIO()
    Image.new("RGBA", (1, 1), (255, 0, 0, 255)).save(still, "WEBP", lossless=True)
    data = still.getvalue()
    offset, pixel = 12, None
    while offset < len(data):
        size = struct.unpack("<I", data[offset + 4:offset + 8])[0]
        if data[offset:offset + 4] == b"VP8L":
            pixel = data[offset:offset + 8 + size + size % 2]
        offset += 8 + size + size % 2
    u24 = lambda value: value.to_bytes(3, "little")
    header = bytes([0x02, 0, 0, 0]) + u24(side - 1) + u24(side - 1)  # VP8X: animation
    body = riff_chunk(b"VP8X", header) + riff_chunk(b"ANIM", struct.pack("<IH", 0, 0))
    for k in range(count):
        # ANMF: offset / 2, size - 1 (1x1), 100 ms, blend and keep.
        body += riff_chunk(b"ANMF", u24(50 * k) + u24(50 * k) + u24(0) + u24(0) + u24(100) + b"\0" + pixel)
    with open(path, "wb") as handle:
        handle.write(b"RIFF" + struct.pack("<I", 4 + len(body)) + b"WEBP" + body)


def main():
    os.makedirs(BAD, exist_ok=True)
    hostile_samples()
    for folder in (GOOD, EXPECTED):
        os.makedirs(folder, exist_ok=True)
    gif_samples()
    screen_samples()
    png_window_sample()
    demo_sample()
    apng_samples()
    with tempfile.TemporaryDirectory() as workdir:
        webp_samples(workdir)
        webp_damaged_samples(workdir)
        avif_samples(workdir)
        avif_hdr_samples(workdir)
        jxl_samples(workdir)
        jxl_layer_samples(workdir)
        jxl_standalone_sample(workdir)
        jxl_color_profile_samples(workdir)
        video_samples(workdir)
        video_timing_samples(workdir)
        video_reordered_sample(workdir)
        video_av1_lossy_sample(workdir)
    jpeg_samples()
    jpeg_orientation_samples()
    webp_orientation_samples()
    png_gamma_samples()
    jpeg_cmyk_profile_sample()
    color_profile_samples()
    print("samples written to", GOOD)


if __name__ == "__main__":
    main()
