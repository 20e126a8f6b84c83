#!/usr/bin/env python3
"""tview inside tmux 3.3a whose outer terminal is kitty 0.35 (e2e/kitty_outer_model.py: Debian 12
has only kitty 0.26.5, which predates Unicode placeholders): pictures go as kitty images with
virtual placements through tmux's passthrough, and as placeholder cells written into the pane,
which tmux keeps, moves and redraws as text. The model rebuilds what kitty would show from
what tmux sends it; each picture it shows must be the sample's frame (mean error <= 3/255):

- full screen: a still; then an animation, whose frames change under cells written once;
- a gallery of two stills, one image per tile;
- inline after a screenful of lines: the picture stays in the pane's text, and moves with it
  when the pane's history is scrolled (copy mode) and back;
- --place in a rectangle (as a previewer runs it) and --clear;
- a split pane: tview full screen in the right half;
- another window and back: tmux redraws every cell, the picture with them;
- the terminal resized: tview lays the picture out again.
--probe inside tmux names the outer terminal and the choice.

Usage: python3 e2e/tmux_placeholders.py TVIEW
Skips (exit 0) where tmux, pyte or numpy is missing.
"""
import json
import os
import shutil
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
sys.path.insert(0, HERE)

try:
    import numpy as np
    from PIL import Image
    from kitty_outer_model import KittyOuter
except ImportError as missing:
    print("SKIP: %s" % missing)
    sys.exit(0)

TVIEW = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(REPO, ".build/release/tview"))
ANIMATION = ("demo-ball.gif", "demo-ball")
LIMIT = 3.0


def smooth_picture(path, width, height, seed):
    """A picture larger than any placement here, of gradients and large blocks: scaled down by
    kitty (tview sends kitty the frame at its own size), as the reference is by Pillow."""
    x = np.linspace(0, 1, width)[None, :]
    y = np.linspace(0, 1, height)[:, None]
    rgb = np.stack([(x * 200 + seed * 40) % 256 + 0 * y, y * 220 + 0 * x, ((x + y) * 90 + seed * 70) % 256], axis=2)
    rgb[: height // 3, : width // 3] = (220, 40 + seed * 60, 50)
    image = Image.fromarray(rgb.astype(np.uint8))
    image.save(path)
    return [image]


def expected_frames(name):
    meta = json.load(open(os.path.join(REPO, "samples/expected", name + ".json")))
    w, h = meta["width"], meta["height"]
    raw = open(os.path.join(REPO, "samples/expected", name + ".rgba"), "rb").read()
    frames = []
    for k in range(meta["frames"]):
        rgba = Image.frombytes("RGBA", (w, h), raw[k * w * h * 4:(k + 1) * w * h * 4])
        over = Image.new("RGB", (w, h), (0, 0, 0))
        over.paste(rgba, mask=rgba.split()[3])
        frames.append(over)
    return frames


def pictures(snapshot):
    """Each image's drawn placeholder cells in the snapshot, left to right: (image id, cell box, pixels)."""
    boxes = {}
    for cell in snapshot.placeholders:
        if not cell["drawn"]:
            continue
        box = boxes.setdefault(cell["image_id"], [cell["x"], cell["y"], cell["x"], cell["y"]])
        box[0], box[1] = min(box[0], cell["x"]), min(box[1], cell["y"])
        box[2], box[3] = max(box[2], cell["x"]), max(box[3], cell["y"])
    cw, ch = snapshot.cell
    found = []
    for image_id, (x0, y0, x1, y1) in sorted(boxes.items(), key=lambda item: (item[1][0], item[1][1])):
        crop = snapshot.pixels[y0 * ch:(y1 + 1) * ch, x0 * cw:(x1 + 1) * cw]
        found.append((image_id, (x0, y0, x1 - x0 + 1, y1 - y0 + 1), crop))
    return found


def error_against(crop, frames):
    """The least mean error of `crop` against any of `frames`, each scaled to the crop's size
    and to the part of it the frame's aspect fills (tview centres a picture in its cells). A
    frame larger than the crop is scaled down by area (as kitty's scaling averages), a smaller
    one up, bilinearly."""
    height, width = crop.shape[:2]
    best = None
    for frame in frames:
        scale = min(width / frame.width, height / frame.height)
        w, h = max(1, round(frame.width * scale)), max(1, round(frame.height * scale))
        x, y = (width - w) // 2, (height - h) // 2
        fil = Image.BOX if w < frame.width else Image.BILINEAR
        want = np.asarray(frame.resize((w, h), fil), np.float32)
        got = crop[y:y + h, x:x + w].astype(np.float32)
        error = float(np.abs(got - want).mean())
        best = error if best is None else min(best, error)
    return best


def expect(problems, label, snapshot, references, count=1):
    found = pictures(snapshot)
    if snapshot.problems:
        problems.append("%s: cells kitty could not draw: %s" % (label, snapshot.problems[:2]))
    if len(found) != count:
        problems.append("%s: %d pictures of placeholder cells, expected %d" % (label, len(found), count))
        return []
    for (image_id, box, crop), frames in zip(found, references):
        error = error_against(crop, frames)
        print("%s: image %#x in cells %s, mean error %.1f/255" % (label, image_id, box, error))
        if error > LIMIT:
            problems.append("%s: mean error %.1f" % (label, error))
    return [box for _, box, _ in found]


def sample(name):
    return os.path.join(REPO, "samples/good", name)


def run(outer, command):
    outer.type(command + "\r")
    time.sleep(1.0)
    outer.wait_quiet(quiet=0.6, timeout=15)


def main():
    if shutil.which("tmux") is None:
        print("SKIP: no tmux")
        return 0
    work = tempfile.mkdtemp(prefix="tview-placeholders-")
    still_path, other_path = os.path.join(work, "still.png"), os.path.join(work, "other.png")
    still = smooth_picture(still_path, 480, 360, 0)
    other = smooth_picture(other_path, 300, 400, 1)
    animation = expected_frames(ANIMATION[1])
    problems = []
    outer = KittyOuter(columns=80, rows=24)
    try:
        outer.start()
        outer.wait_quiet()

        run(outer, "%s --probe" % TVIEW)
        probe = "\n".join(outer.snapshot().text)
        print("probe: " + " ".join(line.strip() for line in probe.split("\n") if line.startswith(("pixels", "tmux"))))
        if "placeholder" not in probe or "kitty" not in probe:
            problems.append("--probe does not say placeholders for the outer kitty")

        # Full screen: a still, then an animation.
        run(outer, "%s --paused %s" % (TVIEW, still_path))
        expect(problems, "full screen", outer.snapshot(), [still])
        outer.type("q")
        outer.wait_quiet()
        run(outer, "%s %s" % (TVIEW, sample(ANIMATION[0])))
        for moment in range(2):
            expect(problems, "animation %d" % moment, outer.snapshot(), [animation])
            time.sleep(0.35)
        outer.type("q")
        outer.wait_quiet()

        # A gallery: one image a tile.
        run(outer, "%s --grid 2x1 %s %s" % (TVIEW, still_path, other_path))
        expect(problems, "gallery", outer.snapshot(), [still, other], count=2)
        outer.type("q")
        outer.wait_quiet()

        # Inline after a screenful: in the text, and moving with it.
        run(outer, "clear; seq 40; %s --inline --size 20x6 %s; echo after" % (TVIEW, still_path))
        boxes = expect(problems, "inline", outer.snapshot(), [still])
        outer.copy_mode()
        outer.scroll(2)
        outer.wait_quiet()
        moved = expect(problems, "inline, history scrolled 2 lines", outer.snapshot(), [still])
        if boxes and moved and moved[0][1] != boxes[0][1] + 2:
            problems.append("inline: scrolled 2 lines, the picture moved from row %d to %d" % (
                boxes[0][1], moved[0][1]))
        outer.leave_copy_mode()
        outer.wait_quiet()
        expect(problems, "inline, back", outer.snapshot(), [still])

        # --place and --clear, as a previewer in tmux would run them.
        run(outer, "clear; %s --pixels kitty --place 20x8@30x5 %s; echo placed" % (TVIEW, still_path))
        boxes = expect(problems, "--place 20x8@30x5", outer.snapshot(), [still])
        if boxes and not (30 <= boxes[0][0] and boxes[0][0] + boxes[0][2] <= 50
                          and 5 <= boxes[0][1] and boxes[0][1] + boxes[0][3] <= 13):
            problems.append("--place: the picture in cells %s, outside the rectangle" % (boxes[0],))
        run(outer, "%s --clear --place 20x8@30x5; echo cleared" % TVIEW)
        if pictures(outer.snapshot()):
            problems.append("--clear: a picture is still shown")
        run(outer, "clear; seq 40; %s --inline --size 20x6 %s; echo after" % (TVIEW, still_path))

        # Another window and back.
        outer.new_window()
        outer.wait_quiet()
        if pictures(outer.snapshot()):
            problems.append("another window: the picture is still shown")
        outer.select_window(":0")
        outer.wait_quiet()
        expect(problems, "window switched back", outer.snapshot(), [still])

        # A split pane: full screen in the right half, then the terminal resized.
        outer.type("clear\r")
        outer.split_window("%s --paused %s; sleep 30" % (TVIEW, still_path))
        time.sleep(1.0)
        outer.wait_quiet(quiet=0.6)
        boxes = expect(problems, "split pane", outer.snapshot(), [still])
        if boxes and boxes[0][0] < 40:
            problems.append("split pane: the picture starts at column %d, left of the pane" % boxes[0][0])
        outer.resize(100, 30)
        time.sleep(1.0)
        outer.wait_quiet(quiet=0.6)
        expect(problems, "resized to 100x30", outer.snapshot(), [still])
    finally:
        outer.close()
    for problem in problems:
        print("problem: " + problem)
    print("tmux placeholders: %d problems" % len(problems))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
