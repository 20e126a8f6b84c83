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
TVIEW = os.path.join(ROOT, ".build", "release", "tview")

# file -> nominal seconds of one loop
MEDIA = {"med.gif": 4.8, "big.gif": 24.0, "huge.gif": 40.0, "med.png": 4.8, "med.webp": 4.8}


def commands(path, seconds):
    return {
        "tview": [TVIEW, "--loops", "1", path],
        "chafa": ["chafa", "-d", str(seconds), path],
        "timg": ["timg", "--loops=1", path],
    }


def measure(command, cols, rows, limit, link=None):
    args = [sys.executable, PTYRUN, "--cols", str(cols), "--rows", str(rows), "--seconds", str(limit)]
    if link:
        args += ["--link", link]
    result = subprocess.run(args + ["--"] + command, capture_output=True, text=True)
    try:
        return json.loads(result.stdout.strip().splitlines()[-1])
    except (IndexError, json.JSONDecodeError):
        return {"error": result.stderr.strip()[-200:]}


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
                data = measure(command, cols, lines, nominal * 2 + 15)
                rows.append((name, "%dx%d" % (cols, lines), "", tool, nominal, data))
                print(name, cols, lines, tool, json.dumps({k: data.get(k) for k in ("wall_s", "cpu_pct", "maxrss_mb", "first_frame_s", "bytes_per_s", "display_done_s", "killed_by_harness")}), flush=True)
    # Slow links (the SSH issue's cases).
    for name, link in (("med.gif", "250000:2000000"), ("med.gif", "250000:65536"), ("big.gif", "1000000:2000000")):
        if options.quick and name == "big.gif":
            continue
        path = os.path.join(options.media, name)
        nominal = MEDIA[name]
        for tool, command in commands(path, nominal).items():
            data = measure(command, 160, 48, nominal * 4 + 20, link)
            rows.append((name, "160x48", link, tool, nominal, data))
            print(name, link, tool, json.dumps({k: data.get(k) for k in ("wall_s", "display_done_s", "bytes_per_s")}), flush=True)
    write_markdown(rows)
    write_plot(rows)


def fmt(value, pattern):
    return pattern % value if isinstance(value, (int, float)) else "–"


def write_markdown(rows):
    lines = [
        "# tview against chafa and timg",
        "",
        "Measured together by `make bench` with `../shared/bench/ptyrun.py` (pseudo-terminal; `link` = throttled "
        "BPS:BUFFER). One loop per run (tview `--loops 1`, chafa `-d` the loop's length, timg `--loops=1`). "
        "*loop vs nominal*: wall time less the first-frame time, over the file's own duration "
        "(100 % is real time); on a link, when the last byte reached the screen.",
        "",
        "| file | cells | link | tool | CPU % | peak RSS MB | first frame s | bytes/s | total MB | wall s | loop vs nominal |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for name, size, link, tool, nominal, d in rows:
        if "error" in d:
            lines.append("| %s | %s | %s | %s | error: %s |||||||" % (name, size, link or "–", tool, d["error"]))
            continue
        first = d.get("first_glyph_s") or d.get("first_frame_s")
        end = d.get("display_done_s") if link else d.get("wall_s")
        ratio = ((end - (first or 0)) / nominal * 100) if isinstance(end, (int, float)) else None
        killed = " (killed)" if d.get("killed_by_harness") else ""
        lines.append("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s%s | %s |" % (
            name, size, link or "–", tool, fmt(d.get("cpu_pct"), "%.1f"), fmt(d.get("maxrss_mb"), "%.1f"),
            fmt(first, "%.3f"), fmt(d.get("bytes_per_s"), "%d"), fmt((d.get("bytes") or 0) / 1e6, "%.2f"),
            fmt(end, "%.2f"), killed, fmt(ratio, "%.0f %%")))
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
