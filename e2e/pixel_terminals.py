#!/usr/bin/env python3
"""tview's pixel output in real terminals under Xvfb: kitty (its graphics protocol, software GL),
kitty through tmux (passthrough, found by --pixels auto), xterm -ti vt340 (sixel) and mlterm
(sixel and iTerm2's protocol); and the gallery (--grid 2x1) in kitty, each tile against its
picture. In each, tview starts paused on demo-ball.gif, is stepped frame by frame with the . key
(xdotool) — every step after the first frame goes out as a delta: kitty animation frames, sixel
images that draw only the changed pixels — and the window is screenshotted (xwd) at a few
frames. The picture area must match the expected frame scaled to the same pixels (mean error per
channel at most 3/255 in kitty, 10/255 with sixel; at most 0.5 % of its pixels more than 64 off
in a channel, which a stripe of an earlier frame left behind exceeds). Then , steps back to a
frame kitty already holds (shown again by number), and q must give the terminal back: the
picture gone from the screen and the tty's settings (stty -g) as they were. A picture larger
than xterm's largest sixel image must show as large as that allows (the default 1000x1000, and
640x480 set by a resource). The same stepped runs in foot are e2e/foot_checks.py.

Usage: e2e/pixel_terminals.py TVIEW OUTDIR   (needs xvfb, kitty, xterm, x11-apps, xdotool,
imagemagick, pillow; writes OUTDIR/screenshot-kitty.png and OUTDIR/screenshot-sixel.png)
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

from PIL import Image, ImageChops

import text_screen
from x11 import X11Terminal, virtual_display

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
SAMPLE = os.path.join(REPO, "samples/good/demo-ball.gif")
EXPECTED = os.path.join(REPO, "samples/expected/demo-ball.rgba")
WIDTH, HEIGHT, FRAMES = 96, 64, 24
DISPLAY = ":96"
TITLE = "tview-pixels-e2e"
# Frames (1-based) to compare, reached by stepping forward; then one reached by stepping back.
CHECKS = [1, 2, 9, 20]
BACK_TO = 15
# A terminal background that is not black, for transparency to show.
BACKDROP_HEX = "304050"
BACKDROP = (0x30, 0x40, 0x50)
# Pixel pictures: the share of a stepped frame's pixels far off (more than 64 in a channel). A
# stripe of an earlier frame left behind is a few per cent (foot before it got whole cells:
# 1.1-4.7 %); kitty's, xterm's and mlterm's pictures measure 0.00-0.05 %.
FAR_LIMIT = 0.005
# Text pictures against tview's own bytes rasterised (text_screen): mean error per channel.
TEXT_LIMIT = 2


def frame(number, backdrop=(0, 0, 0)):
    """Frame `number` (from 1) over `backdrop`, as a terminal of that background shows it."""
    size = WIDTH * HEIGHT * 4
    data = open(EXPECTED, "rb").read()[(number - 1) * size: number * size]
    rgba = Image.frombytes("RGBA", (WIDTH, HEIGHT), data)
    shown = Image.new("RGB", rgba.size, backdrop)
    shown.paste(rgba, mask=rgba.split()[3])
    return shown


def unlike(region, backdrop):
    """The share of a region's pixels more than 24 away from `backdrop` in some channel."""
    plain = Image.new("RGB", region.size, backdrop)
    differs = ImageChops.difference(region, plain).convert("L").point(lambda v: 255 if v > 24 else 0)
    return sum(differs.histogram()[255:]) / (region.size[0] * region.size[1])


def picture_box(shot, status_rows_px, backdrop=(0, 0, 0)):
    """Bounding box of what is not (near) the terminal's background, above the status line."""
    area = shot.crop((0, 0, shot.size[0], shot.size[1] - status_rows_px))
    plain = Image.new("RGB", area.size, backdrop)
    mask = ImageChops.difference(area, plain).convert("L").point(lambda v: 255 if v > 12 else 0)
    return mask.getbbox()


def transparent_sample(path):
    """An APNG of FRAMES frames made for the check: an opaque orange frame around a transparent
    inside (so the picture's box can be found on any background), a white square moving across
    it and a half-transparent green band. Returns the frame function for it, like `frame`."""
    frames = []
    for index in range(FRAMES):
        image = Image.new("RGBA", (WIDTH, HEIGHT), (0, 0, 0, 0))
        pixels = image.load()
        for y in range(HEIGHT):
            for x in range(WIDTH):
                if x < 4 or y < 4 or x >= WIDTH - 4 or y >= HEIGHT - 4:
                    pixels[x, y] = (230, 120, 20, 255)
                elif 40 <= y < 48:
                    pixels[x, y] = (40, 200, 60, 128)
        left = 6 + index * 3
        for y in range(14, 30):
            for x in range(left, left + 16):
                pixels[x, y] = (240, 240, 240, 255)
        frames.append(image)
    frames[0].save(path, save_all=True, append_images=frames[1:], duration=100, loop=0)

    def expected(number, backdrop=(0, 0, 0)):
        shown = Image.new("RGBA", (WIDTH, HEIGHT), backdrop + (255,))
        return Image.alpha_composite(shown, frames[number - 1]).convert("RGB")
    return expected


def kitty_command(width, height, background="#000000"):
    """kitty with no user configuration, a window of `width` x `height` pixels, no padding."""
    return ["kitty", "--config", "NONE", "-o", "font_size=11", "-o", f"initial_window_width={width}",
            "-o", f"initial_window_height={height}", "-o", "remember_window_size=no",
            "-o", f"background={background}", "-o", "window_padding_width=0", "-T", TITLE]


def far_share(region, expected, threshold=64):
    """The share of `expected`'s pixels that `region` (scaled to it) misses by more than
    `threshold` in some channel: what a mean hides (a stripe of an earlier frame left behind)."""
    scaled = region.resize(expected.size, Image.BOX)
    a, b = scaled.load(), expected.load()
    far = sum(1 for y in range(expected.size[1]) for x in range(expected.size[0])
              if max(abs(p - q) for p, q in zip(a[x, y], b[x, y])) > threshold)
    return far / (expected.size[0] * expected.size[1])


def mean_error(region, expected):
    scaled = region.resize(expected.size, Image.BOX)
    a, b = scaled.load(), expected.load()
    total = 0
    for y in range(expected.size[1]):
        for x in range(expected.size[0]):
            total += sum(abs(p - q) for p, q in zip(a[x, y], b[x, y]))
    return total / (expected.size[0] * expected.size[1] * 3)


def run_terminal(name, terminal, tview, outdir, limit, scale_exact, pixels=None, extra="", text_limit=None,
                 backdrop=None, sample=SAMPLE, expected=frame, status_top=None):
    """Plays the sample in one terminal (x11.X11Terminal or foot_terminal.FootTerminal; `pixels`:
    the --pixels mode, else `name`; `extra`: more options); returns the problems found.
    `status_top`: where a screenshot's status line begins (default: the last of 24 rows). With `text_limit` (text pictures), tview's bytes are
    also kept and each screenshot's picture cells compared with them rasterised (text_screen).
    With `backdrop` (the terminal's background, not black), the sample's transparency must show
    it: the picture against `expected`'s frame over the backdrop, and the rest of the window plain
    backdrop."""
    problems = []
    work = tempfile.mkdtemp()
    # The terminal may run as another user (foot): it writes its files here.
    os.chmod(work, 0o777)
    before, after = os.path.join(work, "before"), os.path.join(work, "after")
    log = os.path.join(work, "bytes")
    play = f"{tview} --pixels {pixels or name} {extra} --paused {sample} 2> {work}/err; echo $? > {work}/rc"
    if text_limit is not None:
        play = text_screen.recorded(play, log)
    script = f"stty -g > {before}; stty size > {work}/size; {play}; stty -g > {after}; sleep 60"
    terminal.start(script)
    # docs/ keeps kitty's, sixel's and kitty's sextants; the others keep their shots out of the way.
    kept = name in ("kitty", "sixel", "kitty-sextants")
    shot_path = os.path.join(outdir if kept else work, f"screenshot-{name}.png")
    try:
        if not terminal.wait_ready():
            return [f"{name}: no window; {terminal.log()[-300:]}"]
        time.sleep(3)
        shown = 1
        box = None
        for target in CHECKS + [BACK_TO]:
            if target > shown:
                terminal.key("period", target - shown)
            elif target < shown:
                terminal.key("comma", shown - target)
            shown = target
            time.sleep(1.0)
            shot = terminal.screenshot(shot_path)
            if box is None:
                top = status_top(shot) if status_top else shot.size[1] - shot.size[1] // 24
                box = picture_box(shot, shot.size[1] - top + 2, backdrop or (0, 0, 0))
            if box is None:
                problems.append(f"{name}: nothing drawn at frame {target}")
                break
            error = mean_error(shot.crop(box), expected(target, backdrop or (0, 0, 0)))
            far = far_share(shot.crop(box), expected(target, backdrop or (0, 0, 0)))
            print(f"{name}: frame {target}: picture {box[2] - box[0]}x{box[3] - box[1]} at {box[:2]}, "
                  f"mean error {error:.1f}/255, {far:.2%} of pixels off by more than 64")
            if error > limit:
                problems.append(f"{name}: frame {target} differs from the expected frame (mean error {error:.1f})")
            # Text pictures miss by more, by design (two colours a cell); their cells are checked
            # against tview's bytes below.
            if far > FAR_LIMIT and text_limit is None:
                problems.append(f"{name}: frame {target}: {far:.1%} of the picture is far from the expected frame")
            if backdrop:
                # Everything above the status line but the picture: a black box would show here.
                outside = shot.crop((0, 0, shot.size[0], box[1])) if box[1] > 0 else None
                rest = [shot.crop((0, box[1], box[0], box[3])), shot.crop((box[2], box[1], shot.size[0], box[3]))]
                share = max(unlike(part, backdrop) for part in rest + ([outside] if outside else [])
                            if part.size[0] * part.size[1] > 0)
                print(f"{name}: frame {target}: beside the picture {share * 100:.1f} % unlike the background")
                if share > 0.01:
                    problems.append(f"{name}: frame {target}: {share * 100:.0f} % beside the picture is not the "
                                    f"terminal's background")
            if text_limit is not None:
                rows, columns = map(int, open(os.path.join(work, "size")).read().split())
                drawn_error, cells, cell = text_screen.compare(shot, log, columns, rows, box,
                                                               background=backdrop or (0, 0, 0))
                if drawn_error is None:
                    problems.append(f"{name}: no picture in tview's bytes at frame {target}")
                    break
                print(f"{name}: frame {target}: cells {cells} ({cell[0]}x{cell[1]} px) against tview's bytes "
                      f"rasterised: mean error {drawn_error:.1f}/255 (limit {text_limit})")
                if drawn_error > text_limit:
                    problems.append(f"{name}: frame {target}: the terminal drew the cells unlike tview's bytes "
                                    f"(mean error {drawn_error:.1f})")
            if scale_exact and ((box[2] - box[0]) % WIDTH or (box[3] - box[1]) % HEIGHT):
                problems.append(f"{name}: picture {box[2] - box[0]}x{box[3] - box[1]} is not a whole multiple of "
                                f"{WIDTH}x{HEIGHT}")
        # Leave with frame 20 (by stepping on) on screen, the one kept as docs/' picture.
        terminal.key("period", CHECKS[-1] - shown)
        time.sleep(1.0)
        terminal.screenshot(shot_path)
        terminal.key("q")
        time.sleep(1.5)
        shot = terminal.screenshot(os.path.join(work, "after.png"))
        if box is not None:
            # Bright pixels left where the picture was; a few may be the cursor (mlterm draws an
            # unfocused one as a hollow box at the top left, inside a picture placed there).
            left = unlike(shot.crop(box), backdrop or (0, 0, 0))
            if left > 0.01:
                problems.append(f"{name}: the picture is still on screen after q ({left * 100:.0f} % of it)")
        rc = open(os.path.join(work, "rc")).read().strip() if os.path.exists(os.path.join(work, "rc")) else "?"
        if rc != "0":
            problems.append(f"{name}: tview exited with {rc}: {open(os.path.join(work, 'err')).read().strip()}")
        if not os.path.exists(after) or open(before).read() != open(after).read():
            problems.append(f"{name}: terminal settings not restored after q")
    finally:
        terminal.stop()
        shutil.rmtree(work, ignore_errors=True)
    return problems


def probe_check(name, terminal, tview, expected, reason=None, said=()):
    """`tview --probe --json` in a real terminal: the profile says what that terminal is
    (`expected`: keys and values; `reason`: words the pixel choice's reason must hold; `said`:
    keys that must have a value, not null), and the
    terminal's settings are as before (the answers were read, not left at the shell)."""
    work = tempfile.mkdtemp()
    os.chmod(work, 0o777)
    script = (f"stty -g > {work}/before; {tview} --probe --json > {work}/probe 2> {work}/err; "
              f"stty -g > {work}/after; sleep 30")
    terminal.start(script)
    problems = []
    try:
        deadline = time.time() + 20
        while time.time() < deadline and not os.path.exists(f"{work}/after"):
            time.sleep(0.2)
        time.sleep(0.3)
        try:
            profile = json.loads(open(f"{work}/probe").read())
        except (OSError, ValueError):
            return [f"{name}: --probe printed no JSON ({open(f'{work}/err').read().strip() if os.path.exists(f'{work}/err') else 'no output'})"]
        print(f"{name}: --probe: {profile['name']} {profile['version']}, pixels {profile['pixels']} "
              f"({profile['pixels_why']}), synchronized {profile['synchronized_output']}, "
              f"symbols {profile['symbols']}, answered in {profile['answer_ms']} ms")
        for key_name, value in expected.items():
            if profile.get(key_name) != value:
                problems.append(f"{name}: --probe {key_name} is {profile.get(key_name)!r}, expected {value!r}")
        for key_name in said:
            if profile.get(key_name) is None:
                problems.append(f"{name}: --probe {key_name} is null, expected a value")
        if reason and reason not in profile["pixels_why"]:
            problems.append(f"{name}: --probe says {profile['pixels_why']!r}, expected it to mention {reason!r}")
        if open(f"{work}/before").read() != open(f"{work}/after").read():
            problems.append(f"{name}: terminal settings changed by --probe")
    finally:
        terminal.stop()
        shutil.rmtree(work, ignore_errors=True)
    return problems


def big_sixel_check(terminal, tview, maximum):
    """A picture larger than xterm's largest sixel image (`maximum`: 1000x1000 by default, or as
    the terminal was told) in a 1200x800 xterm: before tview asked (XTSMGRAPHICS), it sent
    1197x673 and xterm showed nothing. The picture must show, as wide as fits within the
    maximum (to 5 %), and match the frame."""
    work = tempfile.mkdtemp()
    os.chmod(work, 0o777)
    # Two frames, so that tview plays (paused) rather than printing a still and leaving.
    path = os.path.join(work, "big.png")
    picture = Image.new("RGB", (1600, 1000))
    pixels = picture.load()
    for y in range(1000):
        for x in range(1600):
            pixels[x, y] = (x * 255 // 1599, y * 255 // 999, 128 if (x // 100 + y // 100) % 2 else 40)
    picture.save(path, save_all=True, append_images=[picture.transpose(Image.FLIP_LEFT_RIGHT)], duration=500)
    expected = picture.resize((160, 100), Image.BOX)
    terminal.start(f"{tview} --pixels sixel --paused {path} 2> {work}/err; sleep 60")
    problems = []
    try:
        if not terminal.wait_ready():
            return ["sixel-big: no window"]
        time.sleep(4)
        shot = terminal.screenshot(os.path.join(work, "shot.png"))
        # The status line is the last of 40 rows.
        box = picture_box(shot, shot.size[1] // 40 + 2)
        if box is None:
            said = open(os.path.join(work, "err")).read().strip() if os.path.exists(os.path.join(work, "err")) else ""
            return [f"sixel-big: nothing drawn in a {shot.size[0]}x{shot.size[1]} window; tview said {said!r}"]
        width, height = box[2] - box[0], box[3] - box[1]
        error = mean_error(shot.crop(box), expected)
        print(f"sixel-big: 1600x1000 in a {shot.size[0]}x{shot.size[1]} xterm of largest sixel image "
              f"{maximum[0]}x{maximum[1]}: picture {width}x{height}, mean error {error:.1f}/255")
        fits = min(maximum[0], maximum[1] * 1.6)
        if width > maximum[0] or height > maximum[1] or width < fits * 0.95:
            problems.append(f"sixel-big: picture {width}x{height}, not the largest within {maximum[0]}x{maximum[1]}")
        if error > 10:
            problems.append(f"sixel-big: the picture differs from the frame (mean error {error:.1f})")
    finally:
        terminal.stop()
        shutil.rmtree(work, ignore_errors=True)
    return problems


def gallery_check(terminal, tview):
    """--grid 2x1 in kitty: two stills side by side, each tile's picture (found in its half of the
    window, above the captions) against its expected picture over black."""
    stills = [("jpeg-rgb", 32, 24), ("png-still-alpha", 13, 7)]
    paths = [os.path.join(REPO, "samples/good", name + (".jpg" if name.startswith("jpeg") else ".png"))
             for name, _, _ in stills]
    terminal.start(f"{tview} --grid 2x1 {' '.join(paths)}; sleep 60")
    problems = []
    try:
        if not terminal.wait_ready():
            return ["gallery: no window"]
        time.sleep(3)
        with tempfile.NamedTemporaryFile(suffix=".png") as png:
            shot = terminal.screenshot(png.name)
        width, height = shot.size
        for index, (name, w, h) in enumerate(stills):
            half = shot.crop((index * width // 2, 0, (index + 1) * width // 2, height - 2 * (height // 24) - 4))
            box = half.convert("L").point(lambda v: 255 if v > 12 else 0).getbbox()
            if box is None:
                problems.append(f"gallery: tile {index + 1} is empty")
                continue
            data = open(os.path.join(REPO, "samples/expected", name + ".rgba"), "rb").read()[: w * h * 4]
            rgba = Image.frombytes("RGBA", (w, h), data)
            expected = Image.new("RGB", (w, h))
            expected.paste(rgba, mask=rgba.split()[3])
            error = mean_error(half.crop(box), expected)
            print(f"gallery: tile {index + 1} ({name}): picture {box[2] - box[0]}x{box[3] - box[1]}, "
                  f"mean error {error:.1f}/255")
            # The box is what is not black: a picture with black edges is found smaller, so a
            # little more is allowed than for one picture alone.
            if error > 6:
                problems.append(f"gallery: tile {index + 1} differs from {name} (mean error {error:.1f})")
    finally:
        terminal.stop()
    return problems


def main():
    tview, outdir = os.path.abspath(sys.argv[1]), sys.argv[2]
    os.makedirs(outdir, exist_ok=True)
    env = dict(os.environ, DISPLAY=DISPLAY, LIBGL_ALWAYS_SOFTWARE="1")
    env.pop("TMUX", None)
    problems = []
    alpha_sample = os.path.join(tempfile.mkdtemp(), "transparent.png")
    alpha_frame = transparent_sample(alpha_sample)

    def window(command):
        return X11Terminal(command, env, TITLE)
    with virtual_display(DISPLAY):
        kitty = kitty_command(800, 500)
        # kitty stretches the sent canvas over whole cells (so not by a whole factor).
        problems += probe_check("kitty", window(kitty), tview,
                                {"name": "kitty", "pixels": "kitty", "answered": True, "symbols": "sextant",
                                 "background": "#000000"})
        problems += run_terminal("kitty", window(kitty), tview, outdir, 3, False)
        # Text in sextants, which kitty draws itself (no font has them).
        problems += run_terminal("kitty-sextants", window(kitty), tview, outdir, 12, False, pixels="none",
                                 extra="--symbols sextant", text_limit=TEXT_LIMIT)
        # On a background that is not black (asked with OSC 11), the sample's transparency shows
        # it, in pixels and in text, and through tmux.
        kitty_blue = kitty_command(800, 500, background=f"#{BACKDROP_HEX}")
        problems += probe_check("kitty-blue", window(kitty_blue), tview, {"background": f"#{BACKDROP_HEX}"})
        problems += run_terminal("kitty-blue", window(kitty_blue), tview, outdir, 3, False, pixels="kitty",
                                 backdrop=BACKDROP, sample=alpha_sample, expected=alpha_frame)
        problems += run_terminal("kitty-sextants-blue", window(kitty_blue), tview, outdir, 12, False, pixels="none",
                                 extra="--symbols sextant", text_limit=TEXT_LIMIT, backdrop=BACKDROP,
                                 sample=alpha_sample, expected=alpha_frame)
        problems += gallery_check(window(kitty), tview)
        # kitty through tmux (allow-passthrough on, no status bar), found by --pixels auto.
        with tempfile.NamedTemporaryFile("w", suffix=".conf") as conf:
            conf.write("set -g allow-passthrough on\nset -g status off\n")
            conf.flush()
            tmux = ["tmux", "-L", f"tview-e2e-{os.getpid()}", "-f", conf.name, "new-session"]
            problems += probe_check("kitty-tmux", window(kitty + tmux), tview,
                                    {"pixels": "kitty", "tmux": "xterm-kitty", "tmux_passthrough": True,
                                     "synchronized_output": False})
            problems += run_terminal("kitty-tmux", window(kitty + tmux), tview, outdir, 3, False, pixels="auto")
            problems += run_terminal("kitty-tmux-blue", window(kitty_blue + tmux), tview, outdir, 3, False,
                                     pixels="auto", backdrop=BACKDROP, sample=alpha_sample, expected=alpha_frame)
            subprocess.run(["tmux", "-L", f"tview-e2e-{os.getpid()}", "kill-server"], stderr=subprocess.DEVNULL)
        with tempfile.NamedTemporaryFile("w", suffix=".conf") as conf:
            conf.write("set -g allow-passthrough off\nset -g status off\n")
            conf.flush()
            tmux = ["tmux", "-L", f"tview-e2e-off-{os.getpid()}", "-f", conf.name, "new-session"]
            problems += probe_check("kitty-tmux-no-passthrough", window(kitty + tmux), tview,
                                    {"pixels": None, "tmux": "xterm-kitty", "tmux_passthrough": False},
                                    reason="allow-passthrough is off")
            subprocess.run(["tmux", "-L", f"tview-e2e-off-{os.getpid()}", "kill-server"], stderr=subprocess.DEVNULL)
        # allowSendEvents: xterm ignores xdotool's synthetic keys otherwise.
        xterm = ["xterm", "-ti", "vt340", "-xrm", "XTerm*numColorRegisters: 256", "-xrm",
                 "XTerm*allowSendEvents: true", "-T", TITLE,
                 "-geometry", "80x24+0+0", "-fa", "DejaVu Sans Mono", "-fs", "12", "-bg", "black",
                 "-fg", "grey85", "-bw", "0", "+sb", "-e"]
        problems += probe_check("xterm", window(xterm), tview,
                                {"name": "xterm", "pixels": "sixel", "answered": True, "symbols": "quadrant",
                                 "sixel_whole_cells": None})
        problems += run_terminal("sixel", window(xterm), tview, outdir, 10, True)
        big_xterm = [a if a != "80x24+0+0" else "120x40+0+0" for a in xterm]
        problems += big_sixel_check(window(big_xterm), tview, (1000, 1000))
        problems += big_sixel_check(window(big_xterm[:1] + ["-xrm", "XTerm*maxGraphicSize: 640x480"] + big_xterm[1:]),
                                    tview, (640, 480))
        # Text in quadrants and eighth blocks, as DejaVu Sans Mono has them; no inner border, so
        # the cells start at the window's corner.
        problems += run_terminal("xterm-quadrants", window(xterm[:-1] + ["-b", "0", "-e"]), tview, outdir, 12, False,
                                 pixels="none", extra="--symbols quad --colors truecolor", text_limit=TEXT_LIMIT)
        # mlterm: sixel and iTerm2's protocol (which it stretches over the cells it is given).
        mlterm = ["mlterm", "-T", TITLE, "-g", "80x24+0+0", "--fontsize=12", "--bg=black", "--fg=gray85",
                  "--sb=false", "-e"]
        problems += run_terminal("mlterm-sixel", window(mlterm), tview, outdir, 10, True, pixels="sixel")
        problems += run_terminal("mlterm-iterm2", window(mlterm), tview, outdir, 10, False, pixels="iterm2")
    for problem in problems:
        print("problem:", problem)
    print(f"pixel terminals: {len(problems)} problems; screenshots in {outdir}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
