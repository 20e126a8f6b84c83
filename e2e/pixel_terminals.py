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
640x480 set by a resource). A sixel picture placed (--place) in an xterm whose background is
not black must leave that background above and below it, where it does not fill whole cells.
The same stepped runs in foot are e2e/foot_checks.py.

Usage: e2e/pixel_terminals.py TVIEW OUTDIR   (needs xvfb, kitty, xterm, x11-apps, xdotool,
imagemagick, pillow; writes OUTDIR/screenshot-kitty.png and OUTDIR/screenshot-sixel.png)
"""
import os
import subprocess
import sys
import tempfile

from terminal_checks import (BACKDROP, BACKDROP_HEX, DISPLAY, TEXT_LIMIT, TITLE, big_sixel_check, gallery_check,
                             inline_check, kitty_command, place_check, place_padding_check, probe_check,
                             run_terminal, transparent_sample)
from x11 import X11Terminal, virtual_display


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
                                 "wedges": True, "background": "#000000"})
        problems += run_terminal("kitty", window(kitty), tview, outdir, 3, False)
        # Text in sextants, which kitty draws itself (no font has them).
        problems += run_terminal("kitty-sextants", window(kitty), tview, outdir, 12, False, pixels="none",
                                 extra="--symbols sextant", text_limit=TEXT_LIMIT)
        # With the wedges, which kitty draws itself too.
        problems += run_terminal("kitty-wedges", window(kitty), tview, outdir, 12, False, pixels="none",
                                 extra="--symbols sextant+wedge", text_limit=TEXT_LIMIT,
                                 must_draw=range(0x1FB3C, 0x1FB52))
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
        problems += place_check("kitty-place", window(kitty), tview, "kitty")
        problems += inline_check("kitty-inline", window(kitty), tview, 3)
        problems += inline_check("kitty-inline-scrolled", window(kitty), tview, 60)
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
                                 "sixel_whole_cells": None}, said=("sixel_maximum",))
        problems += run_terminal("sixel", window(xterm), tview, outdir, 10, True)
        problems += place_check("sixel-place", window(xterm), tview, "sixel")
        xterm_blue = [a if a != "black" else "#336699" for a in xterm]
        problems += place_padding_check("sixel-place-blue", window(xterm_blue), tview, (0x33, 0x66, 0x99))
        problems += inline_check("sixel-inline", window(xterm), tview, 3)
        problems += inline_check("sixel-inline-scrolled", window(xterm), tview, 60)
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
