#!/usr/bin/env python3
"""tview against chafa and timg, every figure measured in the same run, through
bench/ptyrun.py (a pseudo-terminal; optionally a throttled link). Writes
bench/results/cost.md and bench/results/cost.png (the same at a glance).

First the symbol sets: med.gif for one loop at 160x48 in tview's half, quad, sextant and octant
sets beside chafa's same sets and timg's half and quarter blocks (-ph, -pq), the newest releases
(built by `make bench-peers`) and Debian 12's, medians of three runs. Then the files, sizes and
throttled links with each tool's defaults (Debian's peers as an extra row where cheap).

usage: python3 bench/run_bench.py [--media DIR] [--quick | --replot]
  --quick: the symbol sets, then med.gif at 160x48 only, no links (about 8 minutes)
  --replot: bench/results/cost.md and cost.png again from the last run's figures (.build/bench/results.json)
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

from benchlib import CHAFA, CHAFA_DEBIAN, HERE, RESULTS, ROOT, TIMG, TIMG_DEBIAN, TVIEW, peer_missing, ptyrun, version
from floor import floors
LINK_FRAMES = os.path.join(HERE, "link_frames.py")
RAW = os.path.join(ROOT, ".build", "bench", "results.json")  # the last run's figures (--replot)
# The peers (benchlib's): the newest releases built from source, and Debian 12's packages as the
# second row. A missing one is a note in the tables.

# file -> nominal seconds of one loop
MEDIA = {"med.gif": 4.8, "big.gif": 24.0, "huge.gif": 40.0, "med.png": 4.8, "med.webp": 4.8}
SYMBOL_SETS = ("half", "quad", "sextant", "octant")
# Each set's own characters, to see that a tool drew in the set it was asked for.
OWN_GLYPHS = {
    "half": {0x2580, 0x2584, 0x258C, 0x2590},
    "quad": set(range(0x2596, 0x25A0)),
    "sextant": set(range(0x1FB00, 0x1FB3C)),
    "octant": set(range(0x1CD00, 0x1CDE6)) | {0x1CEA0, 0x1CEA3, 0x1CEA8, 0x1CEAB, 0x1FBE6, 0x1FBE7},
}


class Peer:
    def __init__(self, tool, series, path, debian=False):
        self.tool, self.path, self.debian = tool, path, debian
        self.version = version(path)
        self.label = (self.version or f"{tool} {series}") + (" (Debian 12)" if debian else "")
        self.missing = peer_missing(path) if not self.version else None

    def play(self, path, seconds):
        """One loop with the tool's defaults."""
        if self.tool == "chafa":
            return [self.path, "-d", str(seconds), path]
        return [self.path, "--loops=1", path]


def tview_defaults():
    """What tview picks by itself in ptyrun's terminal (`tview --probe`'s symbols and pixels lines)."""
    with tempfile.NamedTemporaryFile() as saved:
        measure([TVIEW, "--probe"], 160, 48, 10, save=saved.name)
        text = open(saved.name, "rb").read().decode("utf-8", "replace")
    picked = {m.group(1): m.group(2).split(":")[0].strip()
              for m in re.finditer(r"^(symbols|pixels) +([^\r\n—]+)", text, re.M)}
    return ", ".join("`--%s auto`: %s" % item for item in sorted(picked.items())) or "?"


def chafa_has(peer, symbols, sample):
    """Whether this chafa knows the symbol class (1.12 has no `octant`)."""
    result = subprocess.run([peer.path, "-f", "symbols", "--animate", "off", "-s", "8x4", "--symbols", symbols, sample],
                            capture_output=True, text=True, timeout=60)
    return result.returncode == 0 and "Unrecognized" not in result.stderr


def commands(path, seconds, peers, link=False, debian=False):
    """label -> command, or -> a note where the tool is missing."""
    tools = {"tview": [TVIEW, "--loops", "1", path]}
    for peer in peers:
        if not peer.debian or debian:
            tools[peer.label] = peer.missing or peer.play(path, seconds)
    if link:
        # What pacing by the terminal's answers is worth: the same tview writing every frame.
        tools["tview --no-pacing"] = [TVIEW, "--no-pacing", "--loops", "1", path]
    return tools


def frames_on_link(command, limit, link):
    """When frames reach the screen behind `link` (bench/link_frames.py)."""
    args = [sys.executable, LINK_FRAMES, "--seconds", str(limit), "--link", link, "--"] + command
    result = subprocess.run(args, capture_output=True, text=True)
    try:
        return json.loads(result.stdout.strip().splitlines()[-1])
    except (IndexError, json.JSONDecodeError):
        return {}


def measure(command, cols, rows, limit, link=None, save=None):
    """ptyrun's figures, its first-frame clock started by any mosaic character."""
    return ptyrun(command, limit, cols=cols, rows=rows, link=link, save=save, mosaic=True)


def measure_typical(command, cols, rows, limit, runs):
    """`runs` runs; the one with the median CPU stands for all (CPU on this 2-processor virtual
    machine varies by a fifth from run to run)."""
    results = [measure(command, cols, rows, limit) for _ in range(runs)]
    good = [r for r in results if "error" not in r]
    if not good:
        return results[0]
    good.sort(key=lambda r: r.get("cpu_pct") or 0)
    return good[len(good) // 2]


def first_frames(command, cols, rows, runs, limit):
    """First glyph on screen in `runs` short runs (each cut at `limit` s); None where none came."""
    values = []
    for _ in range(runs):
        data = measure(command, cols, rows, limit)
        first = data.get("first_glyph_s") or data.get("first_frame_s")
        values.append(first if isinstance(first, (int, float)) else None)
    return values


def median(values):
    seen = sorted(v for v in values if v is not None)
    if len(seen) * 2 <= len(values):
        return None  # most runs saw nothing within the limit
    return seen[len(seen) // 2] if len(seen) % 2 else (seen[len(seen) // 2 - 1] + seen[len(seen) // 2]) / 2


def symbol_runs(media, peers, runs):
    """med.gif for one loop at 160x48 in every set: rows of (group, label, set, cells, figures or a note)."""
    med = os.path.join(media, "med.gif")
    seconds = MEDIA["med.gif"]
    # With the wedges too (what tview takes in kitty, foot and VTE), counted as their set's cells.
    plan = [("tview", "tview", name, name.split("+")[0],
             [TVIEW, "--pixels", "none", "--symbols", name, "--loops", "1", med])
            for name in SYMBOL_SETS + ("sextant+wedge", "octant+wedge")]
    for peer in peers:
        group = "Debian 12" if peer.debian else "newest"
        if peer.tool == "chafa":
            for name in SYMBOL_SETS:
                if peer.missing:
                    entry = peer.missing
                elif not chafa_has(peer, name, med):
                    entry = "n/a: %s has no `--symbols %s`" % (peer.version, name)
                else:
                    entry = [peer.path, "-f", "symbols", "-s", "160x48", "--symbols", name, "-d", str(seconds), med]
                plan.append((group, peer.label, name, name, entry))
        else:
            for flag, cells in (("-ph", "half"), ("-pq", "quad")):
                entry = peer.missing or [peer.path, flag, "--loops=1", med]
                plan.append((group, peer.label, flag, cells, entry))
    out = []
    for group, label, name, cells, entry in plan:
        if not isinstance(entry, list):
            out.append((group, label, name, cells, entry))
            print(label, name, entry, flush=True)
            continue
        results = []
        with tempfile.NamedTemporaryFile() as saved:
            for run in range(runs):
                results.append(measure(entry, 160, 48, seconds * 2 + 15, save=saved.name if run == 0 else None))
                if run == 0:
                    text = open(saved.name, "rb").read().decode("utf-8", "replace")
        good = [r for r in results if "error" not in r]
        if not good:
            out.append((group, label, name, cells, "error: " + results[0].get("error", "")))
            continue
        figures = {key: median([r.get(key) for r in good]) for key in ("cpu_pct", "cpu_s", "maxrss_mb", "bytes", "wall_s")}
        figures["first_s"] = median([r.get("first_glyph_s") or r.get("first_frame_s") for r in good])
        figures["own_glyphs"] = sum(1 for ch in text if ord(ch) in OWN_GLYPHS[cells])
        figures["runs"] = len(good)
        figures["killed"] = any(r.get("killed_by_harness") for r in good)
        out.append((group, label, name, cells, figures))
        print(label, name, json.dumps(figures), flush=True)
    return out


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--media", default="/tmp/tview-bench-media")
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--replot", action="store_true", help="rewrite bench/results/cost.md and .png from the last run's figures")
    options = parser.parse_args()
    peers = [Peer("chafa", "1.18", CHAFA), Peer("timg", "1.6", TIMG),
             Peer("chafa", "1.12", CHAFA_DEBIAN, debian=True), Peer("timg", "1.4", TIMG_DEBIAN, debian=True)]
    if options.replot:
        with open(RAW) as handle:
            raw = json.load(handle)
        tables = raw["tables"] + [[]] * (5 - len(raw["tables"]))
        write_markdown(*tables, peers, raw["quick"], raw["defaults"])
        write_plot(raw["tables"][0], raw["tables"][1], peers, raw["tables"][4] if len(raw["tables"]) > 4 else ())
        return
    for peer in peers:
        print(peer.label, peer.missing or peer.path, flush=True)
    defaults = tview_defaults()
    print("tview by itself:", defaults, flush=True)
    symbols = symbol_runs(options.media, peers, 3)
    sizes = [(160, 48)] if options.quick else [(160, 48), (80, 24)]
    files = ["med.gif"] if options.quick else list(MEDIA)
    rows = []
    for name in files:
        path = os.path.join(options.media, name)
        nominal = MEDIA[name]
        for cols, lines in sizes:
            # Debian's timg takes 10 GB and a minute on big.gif: its peers only on the short files.
            for tool, command in commands(path, nominal, peers, debian=nominal < 10).items():
                if isinstance(command, str):
                    rows.append((name, "%dx%d" % (cols, lines), "", tool, nominal, {"note": command}))
                    continue
                runs = 3 if nominal < 10 else 1
                data = measure_typical(command, cols, lines, nominal * 2 + 15, runs)
                data["runs"] = runs
                rows.append((name, "%dx%d" % (cols, lines), "", tool, nominal, data))
                print(name, cols, lines, tool, json.dumps({k: data.get(k) for k in ("wall_s", "cpu_pct", "maxrss_mb", "first_frame_s", "bytes_per_s", "display_done_s", "killed_by_harness")}), flush=True)
    # First frame: a noisy few tens of milliseconds, so the median of five short runs.
    first_rows = []
    for name in files:
        path = os.path.join(options.media, name)
        for cols, lines in sizes:
            for tool, command in commands(path, MEDIA[name], peers, debian=MEDIA[name] < 10).items():
                if isinstance(command, str):
                    continue
                values = first_frames(command, cols, lines, 5, 3)
                first_rows.append((name, "%dx%d" % (cols, lines), tool, values))
                print("first frame", name, cols, lines, tool, values, flush=True)
    # Slow links (the SSH issue's cases): ptyrun for CPU, memory and bytes, link_frames.py for
    # when each frame reached the screen. The newest peers only (chafa runs into the cut-off).
    link_rows = []
    for name, link in (("med.gif", "250000:2000000"), ("med.gif", "250000:65536"), ("big.gif", "1000000:2000000")):
        if options.quick:
            continue
        path = os.path.join(options.media, name)
        nominal = MEDIA[name]
        for tool, command in commands(path, nominal, peers, link=True).items():
            if isinstance(command, str):
                continue
            limit = min(nominal * 4 + 20, 60)
            data = measure(command, 160, 48, limit, link)
            frames = frames_on_link(command, limit, link)
            rows.append((name, "160x48", link, tool, nominal, data))
            link_rows.append((name, link, tool, nominal, data, frames))
            print(name, link, tool, json.dumps({k: data.get(k) for k in ("wall_s", "display_done_s", "bytes_per_s")}),
                  json.dumps(frames), flush=True)
    floor_rows = floor_runs(options.media, files, rows)
    os.makedirs(os.path.dirname(RAW), exist_ok=True)
    with open(RAW, "w") as handle:
        json.dump({"tables": [symbols, rows, link_rows, first_rows, floor_rows], "quick": options.quick,
                   "defaults": defaults}, handle)
    write_markdown(symbols, rows, link_rows, first_rows, floor_rows, peers, options.quick, defaults)
    write_plot(symbols, rows, peers, floor_rows)


def floor_runs(media, files, rows):
    """Each GIF's floor (bench/floor/gif_floor: giflib decoding and compositing every frame,
    nothing else), medians of three runs, beside tview's CPU for one loop at 160x48 with its
    defaults from `rows`: (file, floor figures, tview CPU s, ratio)."""
    floors.build()
    out = []
    for name in files:
        if not name.endswith(".gif"):
            continue
        runs = sorted((floors.gif_floor(os.path.join(media, name)) for _ in range(3)), key=lambda f: f["cpu_s"])
        floor = runs[1]
        tview = next((d for n, size, link, tool, _, d in rows
                      if n == name and size == "160x48" and not link and tool == "tview" and "cpu_s" in d), None)
        cpu = tview["cpu_s"] if tview else None
        out.append((name, floor, cpu, cpu / floor["cpu_s"] if cpu and floor["cpu_s"] else None))
        print("floor", name, json.dumps(floor), cpu, flush=True)
    return out


def fmt(value, pattern):
    return pattern % value if isinstance(value, (int, float)) else "–"


def ratios(symbols):
    """For each tview set: CPU time over tview half blocks', and over the cheapest peer at the same
    cells (the newest releases: chafa's same set, and timg -ph / -pq for half / quad)."""
    measured = [r for r in symbols if isinstance(r[4], dict)]
    half = next((r[4]["cpu_s"] for r in measured if r[1] == "tview" and r[2] == "half"), None)
    out = {}
    for group, label, name, cells, figures in measured:
        if figures["cpu_s"] is None:
            continue
        own = figures["cpu_s"] / half if half else None
        best = None
        if label == "tview":
            peers = [(r[4]["cpu_s"], "%s %s" % (r[1], r[2] if r[2].startswith("-") else "--symbols " + r[2]))
                     for r in measured if r[0] == "newest" and r[3] == cells and r[4]["cpu_s"]]
            if peers:
                cpu, peer = min(peers)
                best = (figures["cpu_s"] / cpu, peer)
        out[(label, name)] = (own, best)
    return out


def write_markdown(symbols, rows, link_rows, first_rows, floor_rows, peers, quick, defaults):
    versions = "; ".join("%s: `%s`" % (p.label, p.path) if not p.missing else "%s %s" % (p.label, p.missing)
                         for p in peers)
    lines = [
        "# tview against chafa and timg",
        "",
        "Measured together by `make bench` with `bench/ptyrun.py` (pseudo-terminal, TERM=xterm-256color, "
        "COLORTERM=truecolor; `link` = throttled BPS:BUFFER). Peers: %s. The newest releases are built from "
        "their source by `make bench-peers` (chafa with its octants made usable under Debian's GLib); "
        "Debian 12's packages are the second row." % versions,
    ]
    if quick:
        lines += ["", "*A quick run (`--quick`): med.gif at 160x48 only, no links.*"]
    ratio = ratios(symbols)
    lines += [
        "",
        "## Symbol sets: med.gif, one loop at 160x48",
        "",
        "tview `--pixels none --symbols SET --loops 1`, chafa `-f symbols -s 160x48 --symbols SET -d 4.8`, "
        "timg `-ph` / `-pq` `--loops=1`. Medians of three runs, each figure on its own. *CPU s* is the CPU time "
        "of the run (one loop; timg's includes the seconds it decodes before its first frame); the ratios "
        "are of CPU s: *× tview half* against tview's half blocks, *tview ÷ best peer* against the cheapest "
        "newest peer drawing the same cells (chafa's same set; timg -ph and -pq for half and quad). "
        "*own glyphs*: characters of the set itself in the first run's output (0 where a tool fell back "
        "to coarser blocks). The first frame is the first mosaic character on screen.",
        "",
        "| group | tool | symbols | CPU % | CPU s | peak RSS MB | first frame s | MB written | own glyphs | × tview half | tview ÷ best peer |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for group, label, name, cells, d in symbols:
        if not isinstance(d, dict):
            lines.append("| %s | %s | %s | %s |||||||" % (group, label, name, d))
            continue
        own, best = ratio.get((label, name), (None, None))
        lines.append("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
            group, label, name, fmt(d["cpu_pct"], "%.1f"), fmt(d["cpu_s"], "%.2f"), fmt(d["maxrss_mb"], "%.1f"),
            fmt(d["first_s"], "%.3f"), fmt((d["bytes"] or 0) / 1e6, "%.2f") + (" (cut)" if d["killed"] else ""),
            d["own_glyphs"], fmt(own, "%.2f×"), "%.2f× (%s)" % best if best else "–"))
    lines += [
        "",
        "## Files, sizes and links",
        "",
        "Each tool with its defaults (tview as it finds this pseudo-terminal: " + defaults + "). One loop per run "
        "(tview `--loops 1`, chafa `-d` the loop's length, timg `--loops=1`). *loop vs nominal*: wall time less "
        "the first-frame time, over the file's own duration (100 % is real time); on a link, when the last byte "
        "reached the screen. *bytes/s* is ptyrun's (all bytes over the whole wall time, start-up included); "
        "*bytes/s playing* divides by the time from the first frame to the end instead, the rate a link carries "
        "while the animation plays (timg spends 2–30 s decoding before its first frame, which halves its plain "
        "rate). Files of about 5 s are run three times; the run with the median CPU is shown. Debian's peers "
        "only on those (timg takes 10 GB and a minute on big.gif) and not behind links.",
        "",
        "| file | cells | link | tool | CPU % | peak RSS MB | first frame s | bytes/s | bytes/s playing | total MB | wall s | loop vs nominal |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for name, size, link, tool, nominal, d in rows:
        if "note" in d or "error" in d:
            lines.append("| %s | %s | %s | %s | %s |||||||" % (
                name, size, link or "–", tool, d.get("note") or "error: " + d["error"]))
            continue
        first = d.get("first_glyph_s") or d.get("first_frame_s")
        end = d.get("display_done_s") if link else d.get("wall_s")
        ratio = ((end - (first or 0)) / nominal * 100) if isinstance(end, (int, float)) else None
        killed = " (killed)" if d.get("killed_by_harness") else ""
        playing_time = (end - first) if isinstance(end, (int, float)) and isinstance(first, (int, float)) else None
        playing = (d.get("bytes") or 0) / playing_time if playing_time and playing_time > 0 else None
        lines.append("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s%s | %s |" % (
            name, size, link or "–", tool, fmt(d.get("cpu_pct"), "%.1f"), fmt(d.get("maxrss_mb"), "%.1f"),
            fmt(first, "%.3f"), fmt(d.get("bytes_per_s"), "%d"), fmt(playing, "%d"),
            fmt((d.get("bytes") or 0) / 1e6, "%.2f"), fmt(end, "%.2f"), killed, fmt(ratio, "%.0f %%")))
    lines += [
        "",
        "## First frame on screen",
        "",
        "Median of five short runs (each cut at 3 s; – where most runs showed nothing by then), seconds from start "
        "to the first glyph. The single runs are listed.",
        "",
        "| file | cells | tool | median s | runs |",
        "|---|---|---|---|---|",
    ]
    for name, size, tool, values in first_rows:
        runs = ", ".join(fmt(v, "%.3f") for v in values)
        lines.append("| %s | %s | %s | %s | %s |" % (name, size, tool, fmt(median(values), "%.3f"), runs))
    if floor_rows:
        lines += [
            "",
            "## Decoding alone: the floor",
            "",
            "What decoding costs by itself: `bench/floor/gif_floor FILE 1` (giflib's record API, every frame "
            "composited into one RGBA canvas as tview does, nothing shown; median of three runs), its CPU "
            "seconds and those over the loop's length, beside tview's CPU seconds for the same loop at 160x48 "
            "with its defaults (the table above). A viewer cannot cost less than its floor; issue 60's mark "
            "is 1.3× for big.gif and huge.gif.",
            "",
            "| file | floor CPU s | floor CPU % of the loop | tview CPU s | tview ÷ floor |",
            "|---|---|---|---|---|",
        ]
    for name, floor, cpu, ratio in floor_rows:
        lines.append("| %s | %s | %s | %s | %s |" % (
            name, fmt(floor.get("cpu_s"), "%.2f"), fmt(floor.get("cpu_pct"), "%.1f"), fmt(cpu, "%.2f"),
            fmt(ratio, "%.2f×")))
    if link_rows:
        lines += [
            "",
            "## Slow links: when frames reach the screen",
            "",
            "Measured by `bench/link_frames.py` (same link model as ptyrun: output taken while the buffer has room, "
            "shown at the link's rate, queries answered when shown), 160x48. A frame is counted when its end "
            "reaches the screen (tview: end of synchronized update; chafa and timg: their jump back to the top "
            "between frames, cursor-up or chafa 1.18's cursor restore). *after first*: last byte on screen less "
            "the first glyph's time (ptyrun), over the nominal length. Runs are cut at 60 s.",
            "",
            "| file | link | tool | frames shown | fewest in any second | longest gap s | last frame s | last byte s | after first vs nominal | MB written |",
            "|---|---|---|---|---|---|---|---|---|---|",
        ]
    for name, link, tool, nominal, d, f in link_rows:
        first = d.get("first_glyph_s")
        done = d.get("display_done_s")
        ratio = ((done - first) / nominal * 100) if isinstance(done, (int, float)) and isinstance(first, (int, float)) else None
        killed = " (cut)" if d.get("killed_by_harness") or f.get("killed") else ""
        lines.append("| %s | %s | %s | %s | %s | %s | %s | %s%s | %s | %s |" % (
            name, link, tool, fmt(f.get("frames_shown"), "%d"), fmt(f.get("fewest_frames_in_a_second"), "%d"),
            fmt(f.get("longest_gap_s"), "%.2f"), fmt(f.get("last_frame_s"), "%.2f"), fmt(done, "%.2f"), killed,
            fmt(ratio, "%.0f %%"), fmt((d.get("bytes") or 0) / 1e6, "%.2f")))
    with open(os.path.join(RESULTS, "cost.md"), "w") as handle:
        handle.write("\n".join(lines) + "\n")


def write_plot(symbols, rows, peers, floor_rows=()):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        from matplotlib.ticker import FormatStrFormatter, LogLocator, NullFormatter
    except ImportError:
        print("matplotlib missing: no plot (pip install matplotlib)")
        return

    def log_axis(axis):
        axis.axes.set_xscale("log") if axis is axis.axes.xaxis else axis.axes.set_yscale("log")
        axis.set_major_locator(LogLocator(subs=(1, 2, 5)))
        axis.set_major_formatter(FormatStrFormatter("%g"))
        axis.set_minor_formatter(NullFormatter())
    colours = {"tview": "tab:blue", "chafa": "tab:orange", "timg": "tab:green"}
    figure, axes = plt.subplots(2, 4, figsize=(20, 11), gridspec_kw={"height_ratios": [1.5, 1]})
    # Top: the symbol sets on med.gif at 160x48, one bar a row of the table (Debian's hatched,
    # n/a or missing rows empty with their note).
    labels = ["%s %s" % (r[1], r[2]) for r in symbols]
    metrics = [("cpu_s", "CPU s (one loop)", "%.2f"), ("maxrss_mb", "peak RSS MB", "%.0f"),
               ("first_s", "first frame s", "%.3f"), ("bytes", "MB written", "%.1f")]
    for axis, (key, title, pattern) in zip(axes[0], metrics):
        for y, r in enumerate(symbols):
            if not isinstance(r[4], dict):
                axis.text(0, y, " " + r[4].split(":")[0], va="center", fontsize=8, color="grey")
                continue
            value = (r[4][key] or 0) / (1e6 if key == "bytes" else 1)
            debian = r[0] == "Debian 12"
            axis.barh(y, value, color=colours[r[1].split()[0]], hatch="//" if debian else None,
                      alpha=0.6 if debian else 1)
            axis.text(value, y, " " + pattern % value, va="center", fontsize=7)
        axis.set_yticks(range(len(symbols)))
        axis.set_yticklabels(labels if axis is axes[0][0] else [], fontsize=8)
        axis.set_ylim(len(symbols) - 0.5, -0.5)
        axis.set_title(title + ", med.gif at 160x48")
        axis.margins(x=0.15)
        if key in ("maxrss_mb", "first_s"):
            log_axis(axis.xaxis)
    # Bottom: each file at 160x48 with the tools' defaults.
    local = [r for r in rows if not r[2] and r[1] == "160x48" and "note" not in r[5] and "error" not in r[5]]
    files = sorted({r[0] for r in local}, key=list(MEDIA).index)
    tools = ["tview"] + [p.label for p in peers if any(r[3] == p.label for r in local)]
    width = 0.8 / len(tools)
    metrics = [("cpu_pct", "CPU %"), ("maxrss_mb", "peak RSS (MB)"), ("first_frame_s", "first frame (s)"),
               ("bytes_per_s", "bytes/s")]
    for axis, (key, title) in zip(axes[1], metrics):
        for offset, tool in enumerate(tools):
            values = []
            for name in files:
                match = [r[5] for r in local if r[0] == name and r[3] == tool]
                value = match[0].get("first_glyph_s" if key == "first_frame_s" else key) if match else None
                values.append(value if isinstance(value, (int, float)) else 0)
            debian = "Debian" in tool
            axis.bar([i + (offset - (len(tools) - 1) / 2) * width for i in range(len(files))], values, width,
                     label=tool, color=colours[tool.split()[0]], hatch="//" if debian else None,
                     alpha=0.6 if debian else 1)
        if key == "cpu_pct":
            # The floor: decoding alone (bench/floor), a dashed line across the file's bars.
            for name, floor, _, _ in floor_rows:
                if name in files and floor.get("cpu_pct"):
                    i = files.index(name)
                    axis.hlines(floor["cpu_pct"], i - 0.45, i + 0.45, colors="black", linestyles="dashed",
                                label="decoding alone (floor)" if name == floor_rows[0][0] else None)
        axis.set_title(title + " at 160x48, defaults")
        axis.set_xticks(range(len(files)))
        axis.set_xticklabels(files, rotation=30)
        if key in ("maxrss_mb", "first_frame_s"):
            log_axis(axis.yaxis)
    handles, names = axes[1][0].get_legend_handles_labels()
    figure.legend(handles, names, loc="lower center", ncol=len(names), fontsize=9)
    figure.tight_layout(rect=(0, 0.03, 1, 1))
    figure.savefig(os.path.join(RESULTS, "cost.png"), dpi=80)


if __name__ == "__main__":
    main()
