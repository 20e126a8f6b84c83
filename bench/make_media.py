#!/usr/bin/env python3
"""Makes the benchmark media into DIR (default /tmp/tview-bench-media) with Debian's ffmpeg: the
animations `make bench`, `make e2e`, `make rss` and `make bench-render` play. Every file is drawn
by one of ffmpeg's own sources (testsrc, testsrc2, life with a fixed seed), so a rerun on the same
ffmpeg writes the same bytes. A file already in DIR is kept; each is written under a temporary
name and renamed when done, so an interrupted run leaves nothing half made.

usage: python3 bench/make_media.py [DIR]

What it makes (all loop forever):
  med.gif     480x270, 120 frames of 40 ms (4.8 s), testsrc2, one palette for the whole clip
  big.gif     1280x720, 600 frames (24 s): 2.2 GB as RGBA if decoded up front
  huge.gif    1920x1080, 1000 frames (40 s): 8.3 GB as RGBA (make rss)
  sprite.gif  96x66, 50 frames (2 s), testsrc: a small flip-book
  life.gif    320x240, 200 frames of 50 ms, Conway's life: small regions change
  med.png     med.gif as an APNG
  med.webp    med.gif as an animated lossy WebP (quality 75)
  big.webp    big.gif as an animated lossy WebP (quality 60)

The bench scripts make what else they play into the same folder, from these, when it is missing:
  run_video.py (and e2e/ssh_link.py)  clip-720p.mp4, clip-1080p.mp4: H.264 from big.gif, huge.gif;
                  clip-camera.mp4 (make_extra here: camera_clip, photographs, scikit-image)
  run_modern.py   {med,big}.avif, {med,big}.jxl, {med,big}-lossy.jxl (hot_functions.py plays
                  med-lossy.jxl when it is there)
  run_photos.py   timelapse/frame000.jpg...frame099.jpg (6000x4000), anim720.gif and its
                  anim720-lossless.jxl, anim720-lossy.jxl, anim720.avif
  run_sources.py  seq1000/img-0001.png...img-1000.png
"""
import os
import shutil
import subprocess
import sys
import tempfile


def ffmpeg(*arguments):
    subprocess.run(["ffmpeg", "-hide_banner", "-loglevel", "error", "-nostdin", "-y", *arguments], check=True)


def test_pattern(source, size, seconds):
    """An ffmpeg lavfi input: `source` (testsrc, testsrc2) at `size`, 25 frames a second."""
    return ["-f", "lavfi", "-i", f"{source}=size={size}:rate=25:duration={seconds}"]


def gif(pattern):
    """A GIF maker for a test pattern: a first pass finds one palette for all its frames (from
    every pixel, not frame by frame), a second maps the frames to it with ordered dithering. Two
    passes, so no frame is held: a single graph would buffer the whole clip for palettegen."""
    def make(folder, output):
        palette = os.path.join(os.path.dirname(output), "palette.png")
        ffmpeg(*pattern, "-vf", "palettegen=stats_mode=full", palette)
        ffmpeg(*pattern, "-i", palette, "-lavfi", "paletteuse=dither=bayer", "-loop", "0", "-f", "gif", output)
    return make


def life(folder, output):
    """Conway's life at 20 frames a second: cells that die fade to near black (mold)."""
    ffmpeg("-f", "lavfi", "-i",
           "life=size=320x240:rate=20:mold=10:ratio=0.1:death_color=#101010:life_color=#00ff7f:seed=7",
           "-frames:v", "200", "-loop", "0", "-f", "gif", output)


def camera_clip(folder, output):
    """A real-looking 720p H.264 clip (like camera footage, where every block moves): a camera
    that pans, zooms and turns over a wall of scikit-image's photographs (the cat, the coffee,
    the astronaut, the motorcycle, the rocket, a stained tissue, Hubble's deep field), with grain
    that changes every frame; 240 frames at 24 fps (10 s), x264 CRF 23 (1.8 Mbit/s), 4:2:0,
    BT.709. Each frame is resampled bicubically from the wall with PIL and the grain comes from a
    seeded generator; x264 runs on one thread: the same bytes on every run with the same
    libraries (about 100 s to make)."""
    import math
    import numpy  # scikit-image's own dependencies, like PIL: only for this clip
    import skimage.data
    from PIL import Image, ImageOps
    width, height, rate, frames = 1280, 720, 24, 240

    def photo(name, rows, mirrored):
        pixels = (skimage.data.stereo_motorcycle()[0] if name == "motorcycle"
                  else getattr(skimage.data, name)())[..., :3]
        picture = Image.fromarray(pixels)
        picture = picture.resize((round(picture.width * rows / picture.height), rows), Image.LANCZOS)
        return ImageOps.mirror(picture) if mirrored else picture

    # Three rows of photographs, each row cut to the narrowest.
    wall_rows = [(500, [("motorcycle", False), ("astronaut", False), ("coffee", False)]),
                 (500, [("rocket", False), ("chelsea", False), ("immunohistochemistry", False)]),
                 (400, [("hubble_deep_field", False), ("motorcycle", True), ("coffee", True), ("astronaut", True)])]
    photos = [[photo(name, rows, mirrored) for name, mirrored in names] for rows, names in wall_rows]
    wall = Image.new("RGB", (min(sum(p.width for p in row) for row in photos), sum(r for r, _ in wall_rows)))
    top = 0
    for (rows, _), row in zip(wall_rows, photos):
        left = 0
        for picture in row:
            wall.paste(picture, (left, top))
            left += picture.width
        top += rows
    encoder = subprocess.Popen(
        ["ffmpeg", "-hide_banner", "-loglevel", "error", "-nostdin", "-y", "-f", "rawvideo", "-pix_fmt", "rgb24",
         "-s", f"{width}x{height}", "-r", str(rate), "-i", "-", "-vf", "scale=out_color_matrix=bt709:out_range=tv",
         "-c:v", "libx264", "-preset", "medium", "-crf", "23", "-threads", "1", "-pix_fmt", "yuv420p",
         "-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709", "-bitexact", "-f", "mp4", output],
        stdin=subprocess.PIPE)
    grain = numpy.random.RandomState(60)
    for n in range(frames):
        t = n / rate
        # Slow sweeps across the wall with a hand's shake on top: zoom 1 to 1.5, a turn of ±6°.
        zoom = 1.25 + 0.25 * math.sin(2 * math.pi * t / 9)
        turn = math.radians(5 * math.sin(2 * math.pi * t / 7) + 1.5 * math.sin(2 * math.pi * t * 0.9))
        x = wall.width / 2 + (wall.width / 2 - 560) * math.sin(2 * math.pi * t / 10) + 6 * math.sin(2 * math.pi * t * 1.7)
        y = wall.height / 2 + (wall.height / 2 - 420) * math.sin(2 * math.pi * t / 6 + 1) + 5 * math.sin(2 * math.pi * t * 2.3)
        # The frame's pixel (u, v) is the wall's (a u + b v + c, d u + e v + f).
        a, b = math.cos(turn) / zoom, -math.sin(turn) / zoom
        d, e = -b, a
        frame = wall.transform((width, height), Image.AFFINE,
                               (a, b, x - a * width / 2 - b * height / 2, d, e, y - d * width / 2 - e * height / 2),
                               resample=Image.BICUBIC)
        noisy = numpy.asarray(frame, dtype=numpy.int16) + numpy.round(
            grain.normal(0, 2.5, (height, width, 1))).astype(numpy.int16)
        encoder.stdin.write(numpy.clip(noisy, 0, 255).astype(numpy.uint8).tobytes())
    encoder.stdin.close()
    if encoder.wait() != 0:
        raise subprocess.CalledProcessError(encoder.returncode, "ffmpeg")


def converted(source, *options):
    """A maker that re-encodes `source`, a file made before it in the media folder."""
    def make(folder, output):
        ffmpeg("-i", os.path.join(folder, source), *options, output)
    return make


# In order: a converted file comes after its source.
MEDIA = [
    ("med.gif", gif(test_pattern("testsrc2", "480x270", 4.8))),
    ("big.gif", gif(test_pattern("testsrc2", "1280x720", 24))),
    ("huge.gif", gif(test_pattern("testsrc2", "1920x1080", 40))),
    ("sprite.gif", gif(test_pattern("testsrc", "96x66", 2))),
    ("life.gif", life),
    ("med.png", converted("med.gif", "-plays", "0", "-f", "apng")),
    ("med.webp", converted("med.gif", "-loop", "0", "-c:v", "libwebp_anim", "-lossless", "0", "-q:v", "75",
                           "-f", "webp")),
    ("big.webp", converted("big.gif", "-loop", "0", "-c:v", "libwebp_anim", "-lossless", "0", "-q:v", "60",
                           "-f", "webp")),
]


# Made only when a bench script asks (make_extra): they need more than ffmpeg.
EXTRA = {"clip-camera.mp4": camera_clip}


def make_one(folder, name, make):
    """`name` in `folder` made by `make` unless it is there, under a temporary name first."""
    path = os.path.join(folder, name)
    if os.path.isfile(path) and os.path.getsize(path) > 0:
        return path
    print(f"making {path}", flush=True)
    with tempfile.TemporaryDirectory(dir=folder, prefix=".making-") as work:
        partial = os.path.join(work, name)
        make(folder, partial)
        os.replace(partial, path)
    return path


def make_extra(folder, name):
    """One of EXTRA's files in `folder` (made when missing); its path."""
    os.makedirs(folder, exist_ok=True)
    return make_one(folder, name, EXTRA[name])


def main():
    folder = sys.argv[1] if len(sys.argv) > 1 else "/tmp/tview-bench-media"
    if shutil.which("ffmpeg") is None:
        sys.exit("bench/make_media.py: ffmpeg is missing (apt-get install ffmpeg; `make media` installs it)")
    os.makedirs(folder, exist_ok=True)
    for name, make in MEDIA:
        make_one(folder, name, make)
    for name, _ in MEDIA:
        print(f"{os.path.getsize(os.path.join(folder, name)):>12,}  {name}")


if __name__ == "__main__":
    main()
