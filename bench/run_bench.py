#!/usr/bin/env python3
"""tview against chafa and timg, every figure measured in the same run, through
../shared/bench/ptyrun.py (a pseudo-terminal; optionally a throttled link). Writes
bench/results.md (one table) and bench/results.png (the same at a glance).

usage: python3 bench/run_bench.py [--media DIR] [--quick]
  --quick: 160x48 only, no huge.gif (for a fast look)
"""
import argparse
import json
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
PTYRUN = os.path.join(ROOT, "..", "shared", "bench", "ptyrun.py")
LINK_FRAMES = os.path.join(HERE, "link_frames.py")
TVIEW = os.path.join(ROOT, ".build", "release", "tview")

# file -> nominal seconds of one loop
MEDIA = {"med.gif": 4.8, "big.gif": 24.0, "huge.gif": 40.0, "med.png": 4.8, "med.webp": 4.8}


def commands(path, seconds, link=False):
    tools = {
        "tview": [TVIEW, "--loops", "1", path],
        "chafa": ["chafa", "-d", str(seconds), path],
        "timg": ["timg", "--loops=1", path],
    }
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


def measure(command, cols, rows, limit, link=None):
    args = [sys.executable, PTYRUN, "--cols", str(cols), "--rows", str(rows), "--seconds", str(limit)]
    if link:
        args += ["--link", link]
    result = subprocess.run(args + ["--"] + command, capture_output=True, text=True)
    try:
        return json.loads(result.stdout.strip().splitlines()[-1])
    except (IndexError, json.JSONDecodeError):
        return {"error": result.stderr.strip()[-200:]}


def measure_typical(command, cols, rows, limit, runs):
    """`runs` runs; the one with the median CPU stands for all (CPU on this 2-processor virtual
    machine varies by a fifth from run to run). Also returns every run's first frame."""
    results = [measure(command, cols, rows, limit) for _ in range(runs)]
    good = [r for r in results if "error" not in r]
    if not good:
        return results[0], []
    good.sort(key=lambda r: r.get("cpu_pct") or 0)
    return good[len(good) // 2], good


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


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--media", default="/tmp/tview-bench-media")
    parser.add_argument("--quick", action="store_true")
    options = parser.parse_args()
    sizes = [(160, 48)] if options.quick else [(160, 48), (80, 24)]
    files = [f for f in MEDIA if not (options.quick and f == "huge.gif")]
    rows = []
    for name in files:
        path = os.path.join(options.media, name)
        nominal = MEDIA[name]
        for cols, lines in sizes:
            for tool, command in commands(path, nominal).items():
                if shutil.which(command[0]) is None and not os.path.exists(command[0]):
                    continue
                runs = 3 if nominal < 10 else 1
                data, _ = measure_typical(command, cols, lines, nominal * 2 + 15, runs)
                data["runs"] = runs
                rows.append((name, "%dx%d" % (cols, lines), "", tool, nominal, data))
                print(name, cols, lines, tool, json.dumps({k: data.get(k) for k in ("wall_s", "cpu_pct", "maxrss_mb", "first_frame_s", "bytes_per_s", "display_done_s", "killed_by_harness")}), flush=True)
    # First frame: a noisy few tens of milliseconds, so the median of five short runs.
    first_rows = []
    for name in files:
        path = os.path.join(options.media, name)
        for cols, lines in sizes:
            for tool, command in commands(path, MEDIA[name]).items():
                if shutil.which(command[0]) is None and not os.path.exists(command[0]):
                    continue
                values = first_frames(command, cols, lines, 5, 3)
                first_rows.append((name, "%dx%d" % (cols, lines), tool, values))
                print("first frame", name, cols, lines, tool, values, flush=True)
    # Slow links (the SSH issue's cases): ptyrun for CPU, memory and bytes, link_frames.py for
    # when each frame reached the screen.
    link_rows = []
    for name, link in (("med.gif", "250000:2000000"), ("med.gif", "250000:65536"), ("big.gif", "1000000:2000000")):
        if options.quick and name == "big.gif":
            continue
        path = os.path.join(options.media, name)
        nominal = MEDIA[name]
        for tool, command in commands(path, nominal, link=True).items():
            limit = min(nominal * 4 + 20, 60)
            data = measure(command, 160, 48, limit, link)
            frames = frames_on_link(command, limit, link)
            rows.append((name, "160x48", link, tool, nominal, data))
            link_rows.append((name, link, tool, nominal, data, frames))
            print(name, link, tool, json.dumps({k: data.get(k) for k in ("wall_s", "display_done_s", "bytes_per_s")}),
                  json.dumps(frames), flush=True)
    write_markdown(rows, link_rows, first_rows)
    write_plot(rows)


def fmt(value, pattern):
    return pattern % value if isinstance(value, (int, float)) else "–"


def write_markdown(rows, link_rows, first_rows):
    lines = [
        "# tview against chafa and timg",
        "",
        "Measured together by `make bench` with `../shared/bench/ptyrun.py` (pseudo-terminal; `link` = throttled "
        "BPS:BUFFER). One loop per run (tview `--loops 1`, chafa `-d` the loop's length, timg `--loops=1`). "
        "*loop vs nominal*: wall time less the first-frame time, over the file's own duration "
        "(100 % is real time); on a link, when the last byte reached the screen. *bytes/s* is ptyrun's "
        "(all bytes over the whole wall time, start-up included); *bytes/s playing* divides by the time from "
        "the first frame to the end instead, the rate a link carries while the animation plays (timg spends "
        "2–20 s decoding before its first frame, which halves its plain rate). Files of about 5 s are run "
        "three times; the run with the median CPU is shown.",
        "",
        "| file | cells | link | tool | CPU % | peak RSS MB | first frame s | bytes/s | bytes/s playing | total MB | wall s | loop vs nominal |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for name, size, link, tool, nominal, d in rows:
        if "error" in d:
            lines.append("| %s | %s | %s | %s | error: %s |||||||" % (name, size, link or "–", tool, d["error"]))
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
    lines += [
        "",
        "## Slow links: when frames reach the screen",
        "",
        "Measured by `bench/link_frames.py` (same link model as ptyrun: output taken while the buffer has room, "
        "shown at the link's rate, queries answered when shown), 160x48. A frame is counted when its end reaches the "
        "screen (tview: end of synchronized update; chafa and timg: their cursor-up jump between frames). "
        "*after first*: last byte on screen less the first glyph's time (ptyrun), over the nominal length. "
        "Runs are cut at 60 s.",
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
    with open(os.path.join(HERE, "results.md"), "w") as handle:
        handle.write("\n".join(lines) + "\n")


def write_plot(rows):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("matplotlib missing: no plot (pip install matplotlib)")
        return
    local = [r for r in rows if not r[2] and r[1] == "160x48"]
    files = sorted({r[0] for r in local}, key=list(MEDIA).index)
    tools = ["tview", "chafa", "timg"]
    metrics = [("cpu_pct", "CPU %"), ("maxrss_mb", "peak RSS (MB)"), ("first_frame_s", "first frame (s)"),
               ("bytes_per_s", "bytes/s")]
    figure, axes = plt.subplots(1, len(metrics), figsize=(18, 4.5))
    width = 0.27
    for axis, (key, title) in zip(axes, metrics):
        for offset, tool in enumerate(tools):
            values = []
            for name in files:
                match = [r[5] for r in local if r[0] == name and r[3] == tool]
                value = match[0].get("first_glyph_s" if key == "first_frame_s" else key) if match else None
                values.append(value if isinstance(value, (int, float)) else 0)
            axis.bar([i + (offset - 1) * width for i in range(len(files))], values, width, label=tool)
        axis.set_title(title + " at 160x48")
        axis.set_xticks(range(len(files)))
        axis.set_xticklabels(files, rotation=30)
        if key in ("maxrss_mb", "first_frame_s"):
            axis.set_yscale("log")
    axes[0].legend()
    figure.tight_layout()
    figure.savefig(os.path.join(HERE, "results.png"), dpi=90)


if __name__ == "__main__":
    main()
