"""Comparing screenshots with expected pictures, for the checks in real terminals."""
from PIL import Image, ImageChops


def mean_error(region, expected):
    """Mean absolute difference per channel (0-255) between `region`, reduced (or enlarged) to
    `expected`'s size by area averaging, and `expected`."""
    if region.size != expected.size:
        region = region.resize(expected.size, Image.BOX)
    histogram = ImageChops.difference(region.convert("RGB"), expected.convert("RGB")).histogram()
    total = sum(value * count for channel in range(3)
                for value, count in enumerate(histogram[channel * 256:(channel + 1) * 256]))
    return total / (expected.size[0] * expected.size[1] * 3)


def far_share(region, expected, threshold=64):
    """The share of `expected`'s pixels that `region` (scaled to it) misses by more than
    `threshold` in some channel: what a mean hides (a stripe of an earlier frame left behind)."""
    scaled = region.resize(expected.size, Image.BOX)
    a, b = scaled.load(), expected.load()
    far = sum(1 for y in range(expected.size[1]) for x in range(expected.size[0])
              if max(abs(p - q) for p, q in zip(a[x, y], b[x, y])) > threshold)
    return far / (expected.size[0] * expected.size[1])


def unlike(region, backdrop):
    """The share of a region's pixels more than 24 away from `backdrop` in some channel."""
    plain = Image.new("RGB", region.size, backdrop)
    differs = ImageChops.difference(region, plain).convert("L").point(lambda v: 255 if v > 24 else 0)
    return sum(differs.histogram()[255:]) / (region.size[0] * region.size[1])


def picture_box(shot, status_rows_px, backdrop=(0, 0, 0)):
    """Bounding box of what is not (near) the terminal's background, above the status line (its
    last `status_rows_px` pixel rows)."""
    area = shot.crop((0, 0, shot.size[0], shot.size[1] - status_rows_px))
    plain = Image.new("RGB", area.size, backdrop)
    mask = ImageChops.difference(area, plain).convert("L").point(lambda v: 255 if v > 12 else 0)
    return mask.getbbox()
