#!/usr/bin/env python3
"""Playing in the scrollback: tview --inline against chafa and timg, which print at the cursor by
default, measured in one run through bench/ptyrun.py (a pseudo-terminal that answers
queries). Each runs after a screenful of the shell's lines ending in a marker line, one loop of
med.gif in text (each tool's default symbols; tview also in half blocks beside timg -ph), at
100x30 and 160x48 cells, each in a box of 80x20 and 120x36 cells (the marker stays in view). Writes bench/results/inline.md.

Whether the picture stayed in place is read from the output itself: it is replayed into a
terminal emulator (pyte) a piece at a time, noting the marker's row. The first frame scrolls the
marker up as its lines arrive; a picture that plays in place leaves it on one row from the end
of the first frame to the end; one that walks up the screen (or scrolls it a line a frame) moves
it again and again, and a tool that clears the screen loses it.

usage: python3 bench/run_inline.py [--media DIR] [--out bench/results/inline.md]
"""
import copy
import os
import tempfile

import pyte

from benchlib import CHAFA, TIMG, arguments, peer_missing, ptyrun, version, write_table

NOMINAL_S = 4.8
MARK = "INLINE-MARK"


class TerminalScreen(pyte.Screen):
    """pyte's screen, with DECRC as terminals do it: the saved position stays saved (pyte pops
    it, so a second restore would send the cursor home)."""

    def restore_cursor(self):
        saved = self.savepoints[-1] if self.savepoints else None
        super().restore_cursor()
        if saved is not None:
            self.savepoints.append(saved._replace(cursor=copy.copy(saved.cursor)))


def marker_path(output, cols, rows, piece=2048):
    """The marker's rows as the output is replayed `piece` bytes at a time (each change once),
    and the share of the output after which it last moved."""
    screen = TerminalScreen(cols, rows)
    stream = pyte.ByteStream(screen)
    # pyte lacks SCOSC/SCORC (CSI s, CSI u), which chafa saves and restores its place with and
    # terminals honour: read them as DECSC/DECRC.
    output = output.replace(b"\x1b[s", b"\x1b7").replace(b"\x1b[u", b"\x1b8")
    moves, last_move = [], 0
    for start in range(0, len(output), piece):
        stream.feed(output[start:start + piece])
        found = [i for i, line in enumerate(screen.display) if line.startswith(MARK)]
        row = found[0] if found else None
        if not moves or moves[-1] != row:
            moves.append(row)
            last_move = start + piece
    return moves, min(1.0, last_move / max(1, len(output)))


def in_place(moves, settled_share):
    """Stayed: the marker only went up (the first frame's lines) and stopped within the first
    tenth of the output, and it is still on the screen at the end."""
    if not moves or moves[-1] is None:
        return "no: the shell's lines were cleared or scrolled off the screen"
    if any(a is None or b is None or b > a for a, b in zip(moves, moves[1:])):
        return "no: the marker moved down"
    if settled_share > 0.1:
        return f"no: moved until {settled_share * 100:.0f} % of the output"
    return "yes"


def main():
    args = arguments("inline.md")
    sample = os.path.join(args.media, "med.gif")
    chafa, timg = version(CHAFA), version(TIMG)
    rows = []
    work = tempfile.mkdtemp()
    for cols, lines, box in ((100, 30, "80x20"), (160, 48, "120x36")):
        # Each picture in a box smaller than the screen, so the marker above it stays in view.
        tools = [("tview --inline", [args.tview, "--inline", "--size", box, "--loops", "1", sample]),
                 ("tview --inline --symbols half",
                  [args.tview, "--inline", "--size", box, "--symbols", "half", "--loops", "1", sample])]
        if chafa:
            tools.append((chafa, [CHAFA, "-s", box, "-d", str(NOMINAL_S), sample]))
        if timg:
            tools += [(timg, [TIMG, f"-g{box}", "--loops=1", sample]),
                      (timg + " -ph", [TIMG, f"-g{box}", "-ph", "--loops=1", sample])]
        for label, command in tools:
            save = os.path.join(work, "out.bin")
            shell = ["sh", "-c", f'seq 60; echo {MARK}; exec "$@"', "sh"] + command
            figures = ptyrun(shell, 30, cols=cols, rows=lines, save=save, mosaic=True)
            output = open(save, "rb").read() if os.path.exists(save) else b""
            moves, settled = marker_path(output, cols, lines)
            stayed = in_place(moves, settled)
            wall, first = figures.get("wall_s"), figures.get("first_frame_s") or figures.get("first_glyph_s")
            loop = (wall - first) / NOMINAL_S if wall and first else None
            rows.append(f"| {cols}x{lines} ({box}) | {label} | {figures.get('cpu_pct', 0):.1f} | {figures.get('maxrss_mb', 0):.1f} | "
                        f"{(first or 0):.3f} | {len(output) / 1e6:.2f} | "
                        f"{'–' if loop is None else f'{loop * 100:.0f} %'} | {stayed} |")
            print(rows[-1], moves[:12])
        for name, found, path in (("chafa 1.18", chafa, CHAFA), ("timg 1.6", timg, TIMG)):
            if not found:
                rows.append(f"| {cols}x{lines} ({box}) | {name} | {peer_missing(path)} | | | | | |")
    write_table(args.out, "Inline: playing in the scrollback",
                "One run of `bench/run_inline.py`: med.gif (480x270, 120 frames, 4.8 s) for one loop in ptyrun's "
            "pseudo-terminal after 60 lines of the shell's output and a marker line, in a box of cells smaller than "
            "the screen (so the marker stays in view); each tool's default text "
            "(tview `--inline`: quadrants with eighth blocks here; chafa: its defaults, `-d 4.8`; timg: "
            "`--loops=1`, its default quarter blocks, and `-ph`). *loop*: from the first picture to the end, over "
            "the nominal 4.8 s. *in place*: the output replayed into pyte; the marker line must stop moving once "
                "the first frame is whole and stay on the screen.",
                ["cells", "tool", "CPU %", "peak RSS MB", "first frame s", "MB written", "loop", "in place"], rows)


if __name__ == "__main__":
    main()
