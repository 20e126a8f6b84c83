"""What the checks in real terminals share (e2e/pixel_terminals.py, foot_checks.py,
kitty_gallery.py): the sample and its expected frames, the kitty command line, the stepped run of
tview in one terminal with its screenshots compared frame by frame (`run_terminal`), and the
checks of --probe, of big sixel pictures and of the gallery."""
import json
import os
import shutil
import tempfile
import time

from PIL import Image, ImageChops

from imaging import far_share, mean_error, picture_box, unlike  # noqa: F401

import text_screen

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


def run_terminal(name, terminal, tview, outdir, limit, scale_exact, pixels=None, extra="", text_limit=None,
                 backdrop=None, sample=SAMPLE, expected=frame, status_top=None, must_draw=None):
    """Plays the sample in one terminal (x11.X11Terminal or foot_terminal.FootTerminal; `pixels`:
    the --pixels mode, else `name`; `extra`: more options); returns the problems found.
    `status_top`: where a screenshot's status line begins (default: the last of 24 rows). With `text_limit` (text pictures), tview's bytes are
    also kept and each screenshot's picture cells compared with them rasterised (text_screen).
    With `backdrop` (the terminal's background, not black), the sample's transparency must show
    it: the picture against `expected`'s frame over the backdrop, and the rest of the window plain
    backdrop. With `must_draw` (a range of code points), tview's bytes must hold some characters
    of it (the cells checked include the glyphs the run is about)."""
    problems = []
    work = tempfile.mkdtemp()
    # The terminal may run as another user (foot): it writes its files here.
    os.chmod(work, 0o777)
    before, after = os.path.join(work, "before"), os.path.join(work, "after")
    log = os.path.join(work, "bytes")
    play = f"{tview} --pixels {pixels or name} {extra} --paused {sample} 2> {work}/err; echo $? > {work}/rc"
    if text_limit is not None:
        play = text_screen.recorded(play, log)
    # A second first: foot (under cage) starts at one size and is given the window's a moment later.
    script = f"sleep 1; stty -g > {before}; stty size > {work}/size; {play}; stty -g > {after}; sleep 60"
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
        if must_draw is not None:
            text = open(log, "rb").read().decode("utf-8", "replace") if os.path.exists(log) else ""
            drawn = sum(1 for ch in text if ord(ch) in must_draw)
            print(f"{name}: {drawn} characters of U+{must_draw.start:X}–U+{must_draw.stop - 1:X} in tview's bytes")
            if drawn == 0:
                problems.append(f"{name}: no character of U+{must_draw.start:X}–U+{must_draw.stop - 1:X} drawn")
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
    terminal's settings are as before (the answers were read, not left at the shell). The
    terminal must log no parse error for a question it does not know (kitty 0.26.5 logged
    `[PARSE ERROR] CSI code S` for XTSMGRAPHICS, which only sixel terminals are asked now)."""
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
        parse_errors = [line for line in terminal.log().splitlines() if "PARSE ERROR" in line]
        if parse_errors:
            problems.append(f"{name}: the terminal logged {parse_errors[0].strip()!r}")
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


def cell_size(work, shot):
    """A cell's pixels in `shot`, from the rows and columns `stty size > WORK/size` wrote."""
    rows, columns = (int(v) for v in open(os.path.join(work, "size")).read().split())
    return shot.size[0] / columns, shot.size[1] / rows


def place_check(name, terminal, tview, pixels):
    """--place and --clear in a real terminal: after three lines of shell output, the sample's
    first frame drawn in 30x10 cells from column 20, row 2, in `pixels`; the shell's next line
    right after the third (the cursor was put back); the picture within the rectangle and like
    the frame; then --clear leaves the rectangle empty."""
    work = tempfile.mkdtemp()
    os.chmod(work, 0o777)
    place = "30x10@20x2"
    terminal.start(f"stty size > {work}/size; seq 3; {tview} --pixels {pixels} --place {place} {SAMPLE}; "
                   f"echo PLACED; sleep 4; {tview} --clear --place {place}; echo CLEARED; sleep 60")
    problems = []
    try:
        if not terminal.wait_ready():
            return [f"{name}: no window"]
        time.sleep(2.5)
        placed = terminal.screenshot(os.path.join(work, "placed.png"))
        time.sleep(4)
        cleared = terminal.screenshot(os.path.join(work, "cleared.png"))
        cell_w, cell_h = cell_size(work, placed)
        rectangle = (round(20 * cell_w), round(2 * cell_h), round(50 * cell_w), round(12 * cell_h))
        # Right of the shell's short lines (columns 0-19) only the picture may show.
        right = placed.crop((rectangle[0], 0, placed.size[0], placed.size[1]))
        box = picture_box(right, 0)
        if box is None:
            return [f"{name}: nothing placed"]
        box = (box[0] + rectangle[0], box[1], box[2] + rectangle[0], box[3])
        inside = rectangle[0] <= box[0] and rectangle[1] <= box[1] and box[2] <= rectangle[2] + 1 \
            and box[3] <= rectangle[3] + 1
        error = mean_error(placed.crop(box), frame(1))
        gone = picture_box(cleared.crop((rectangle[0], 0, cleared.size[0], cleared.size[1])), 0)
        print(f"{name}: placed at {box} (rectangle {rectangle}), mean error {error:.1f}/255; "
              f"after --clear: {'empty' if gone is None else gone}")
        if not inside:
            problems.append(f"{name}: the picture {box} is outside its rectangle {rectangle}")
        if error > 12:
            problems.append(f"{name}: the placed picture differs from the frame (mean error {error:.1f})")
        if gone is not None:
            problems.append(f"{name}: --clear left {gone}")
        left = placed.crop((0, 0, rectangle[0], placed.size[1]))
        # The shell's lines: 1, 2, 3, then PLACED on the fourth row (the cursor came back), and
        # the cursor on the fifth.
        text_rows = [y for y in range(left.size[1]) if left.crop((0, y, left.size[0], y + 1)).getbbox()]
        if not text_rows or max(text_rows) > 5 * cell_h + 1:
            problems.append(f"{name}: the shell's lines are not where the cursor was (rows up to {max(text_rows, default=0)} px)")
    finally:
        terminal.stop()
        shutil.rmtree(work, ignore_errors=True)
    return problems


def place_padding_check(name, terminal, tview, backdrop):
    """A sixel placement on a terminal whose background (`backdrop`) is not black: a 300x150 red
    picture in 30x10 cells from column 40, row 5 does not fill whole cells, and the pixel rows of
    the rectangle above and below it must show the terminal's background, not black bars (tview
    asks nothing for --place, so it does not know that background)."""
    work = tempfile.mkdtemp()
    os.chmod(work, 0o777)
    Image.new("RGB", (300, 150), (220, 30, 30)).save(os.path.join(work, "red.png"))
    terminal.start(f"stty size > {work}/size; {tview} --pixels sixel --place 30x10@40x5 {work}/red.png; "
                   f"echo PLACED; sleep 60")
    problems = []
    try:
        if not terminal.wait_ready():
            return [f"{name}: no window"]
        time.sleep(2.5)
        shot = terminal.screenshot(os.path.join(work, "placed.png"))
        cell_w, cell_h = cell_size(work, shot)
        rectangle = (round(40 * cell_w), round(5 * cell_h), round(70 * cell_w), round(15 * cell_h))
        area = shot.crop(rectangle)
        r, g, b = area.split()
        red = ImageChops.logical_and(r.point(lambda v: 255 if v > 180 else 0).convert("1"),
                                     ImageChops.logical_and(g.point(lambda v: 255 if v < 80 else 0).convert("1"),
                                                            b.point(lambda v: 255 if v < 80 else 0).convert("1")))
        box = red.getbbox()
        if box is None:
            return [f"{name}: no picture in the rectangle {rectangle}"]
        above = area.crop((box[0], 0, box[2], box[1])) if box[1] > 0 else None
        below = area.crop((box[0], box[3], box[2], area.size[1])) if box[3] < area.size[1] else None
        shares = [(where, unlike(region, backdrop)) for where, region in (("above", above), ("below", below))
                  if region is not None]
        print(f"{name}: cells {cell_w:.0f}x{cell_h:.0f}; picture {box[2] - box[0]}x{box[3] - box[1]} at "
              f"{box[:2]} in the rectangle {rectangle}; "
              + ", ".join(f"{where} it {region_share:.1%} unlike the background" for where, region_share in shares))
        if not shares:
            problems.append(f"{name}: the picture fills the rectangle's height: no padding to look at")
        for where, region_share in shares:
            if region_share > 0.01:
                problems.append(f"{name}: {region_share:.1%} of the rectangle {where} the picture is not the "
                                f"terminal's background")
    finally:
        terminal.stop()
        shutil.rmtree(work, ignore_errors=True)
    return problems


def inline_check(name, terminal, tview, lines):
    """--inline in pixels (as the terminal is found): after `lines` lines of shell output (a
    screenful or more scrolls, so the picture is made room for at the bottom), the sample's first
    frame right below them at the left margin, stepped in place with `.` (frame 9 where frame 1
    was: never walking up the screen), and after q the last frame left there, the shell's next
    line below it and the lines above untouched."""
    work = tempfile.mkdtemp()
    os.chmod(work, 0o777)
    terminal.start(f"stty size > {work}/size; seq {lines}; {tview} --inline --size 30x8 --paused {SAMPLE}; "
                   f"echo INLINE_DONE=$?; sleep 60")
    problems = []
    try:
        if not terminal.wait_ready():
            return [f"{name}: no window"]
        time.sleep(2.5)
        shots = [terminal.screenshot(os.path.join(work, "first.png"))]
        terminal.key("period", 8)
        time.sleep(1.0)
        shots.append(terminal.screenshot(os.path.join(work, "ninth.png")))
        terminal.key("q")
        time.sleep(1.0)
        shots.append(terminal.screenshot(os.path.join(work, "left.png")))
        cell_w, cell_h = cell_size(work, shots[0])
        screen_rows = round(shots[0].size[1] / cell_h)
        # The shell's lines take the rows above the picture: all of them once the screen scrolled.
        below = round(min(lines, screen_rows - 1) * cell_h) if lines < screen_rows - 9 else 0
        columns = round(30 * cell_w) + 2
        boxes = []
        for shot, number in zip(shots, (1, 9, 9)):
            # Right of where the shell's numbers are (they are at most a few cells wide) the picture
            # is the only thing that shows, left of its 30 columns; at the end the shell's next
            # line follows it, so only the picture's own height is taken.
            region = shot.crop((round(4 * cell_w), below, columns, shot.size[1]))
            box = picture_box(region, 0)
            if box is None:
                problems.append(f"{name}: no picture at frame {number}")
                continue
            top = box[1] + below
            height = boxes[0][3] - boxes[0][1] if boxes else box[3] - box[1]
            whole = picture_box(shot.crop((0, top, columns, top + height)), 0)
            box = (whole[0], top, whole[2], top + height)
            error = mean_error(shot.crop(box), frame(number))
            boxes.append(box)
            print(f"{name}: frame {number}: picture {box[2] - box[0]}x{height} at ({box[0]}, {top}), "
                  f"mean error {error:.1f}/255")
            if error > 12:
                problems.append(f"{name}: frame {number} differs from the expected frame (mean error {error:.1f})")
        # In place while playing; after it, where the shell's next line leaves it (that line
        # scrolls the screen a row when the cursor was on the last).
        if len(set(boxes[:2])) > 1:
            problems.append(f"{name}: the picture moved: {boxes}")
        if len(boxes) == 3 and boxes[2] != boxes[0] and boxes[2][1] != round(boxes[0][1] - cell_h) \
                and abs(boxes[2][1] - (boxes[0][1] - cell_h)) > 1:
            problems.append(f"{name}: the last frame did not stay: {boxes}")
        if boxes:
            top, bottom = boxes[0][1], boxes[0][3]
            if lines < screen_rows - 9:
                # Right below the shell's lines.
                if top > below + cell_h / 2:
                    problems.append(f"{name}: the picture is not at the cursor: top {top} px, lines end at {below}")
            elif not (screen_rows - 3) * cell_h <= bottom <= (screen_rows - 1) * cell_h + 1:
                # Made room for at the bottom: ending on the row above the last (the shell's line).
                problems.append(f"{name}: the picture ends at {bottom} px, not on the row above the last")
            # The shell's numbers still show above the picture, and INLINE_DONE below it at the end.
            above = shots[-1].crop((0, max(0, top - round(cell_h)), round(4 * cell_w), top))
            after = shots[-1].crop((0, bottom, shots[-1].size[0], shots[-1].size[1]))
            if top >= cell_h and picture_box(above, 0) is None:
                problems.append(f"{name}: the shell's line above the picture is gone")
            if picture_box(after, 0) is None:
                problems.append(f"{name}: nothing of the shell's next line below the picture")
    finally:
        terminal.stop()
        shutil.rmtree(work, ignore_errors=True)
    return problems
