#!/usr/bin/env python3
"""Video clips: tview against timg 1.6 (which plays them through libav: its half blocks -ph and
quarter blocks -pq) and `mpv --vo=tct`, and against FFmpeg decoding the same clip alone on one
thread (`ffmpeg -threads 1 -i CLIP -f null -`, the floor: everything a player adds is on top of
it), measured in one run through bench/ptyrun.py at 160x48; each row's CPU also as a multiple of
the floor. The clips are H.264 (libx264, CRF 23, 4:2:0): 250 frames at 25 fps (10 s) of the
bench media's big.gif (1280x720) and huge.gif (1920x1080), and clip-camera.mp4 (made by
bench/make_media.py: a camera panning, zooming and turning over photographs, with grain; 240
frames at 24 fps, 1280x720), where every block moves as in camera footage. tview also plays the
720p clip behind a 2 Mbit/s link (ptyrun's model). Under the table, the issue's targets against
these figures. A second table scores the picture: five frames of the 720p clip and of the camera
clip as tview plays them (--animate to a pipe, at the size its cells read, see docs/formats.md)
against the same frames converted whole by FFmpeg (BT.709), with bench/run_fidelity.py's scorer;
timg and tview's still path beside them on those frames as PNG files. Writes
bench/results/video.md.

usage: python3 bench/run_video.py [--media DIR] [--out bench/results/video.md]
"""
import os
import shutil
import subprocess
import tempfile

from benchlib import TIMG, arguments, peer_missing, ptyrun, version, write_table
from make_media import make_extra

NOMINAL_S = 10.0
SYNC = b"\x1b[?2026h"  # each frame of --animate's output begins with it
SETS = ("quad", "quad-only", "half")


def make_clip(media, source, name):
    clip = os.path.join(media, name)
    if not os.path.exists(clip):
        subprocess.run(["ffmpeg", "-hide_banner", "-loglevel", "error", "-y", "-i", os.path.join(media, source),
                        "-frames:v", "250", "-c:v", "libx264", "-crf", "23", "-pix_fmt", "yuv420p", "-bitexact",
                        clip], check=True)
    return clip


def ffmpeg_alone(clip):
    """CPU seconds and peak RSS of FFmpeg decoding the clip on one thread, nothing shown."""
    result = subprocess.run(["/usr/bin/time", "-f", "%U %S %M", "ffmpeg", "-hide_banner", "-loglevel", "error",
                             "-threads", "1", "-i", clip, "-f", "null", "-"], capture_output=True, text=True, check=True)
    user, system, kilobytes = result.stderr.strip().split("\n")[-1].split()
    return {"cpu_s": float(user) + float(system), "maxrss_mb": int(kilobytes) / 1024}


def picture_rows(tview, name, clip, frame_count, columns=160, rows=48):
    """Mean SSIM and ΔE over frames 0, 60, 120, 180 and 240 (the last, in a shorter clip): tview's
    sets as played, and the frames as stills."""
    from cell_raster import scores  # numpy, scipy, pyte: only for this table
    frames = [min(n, frame_count - 1) for n in (0, 60, 120, 180, 240)]
    out = []
    with tempfile.TemporaryDirectory() as work:
        stills = {}
        for n in frames:
            stills[n] = os.path.join(work, f"frame{n}.png")
            subprocess.run(["ffmpeg", "-nostdin", "-loglevel", "error", "-i", clip, "-vf",
                            # The pixels alone: a clip tagged BT.709 would give the PNG gAMA and
                            # cHRM chunks, which the scorer ignores and a viewer applies.
                            f"select=eq(n\\,{n}),scale=in_color_matrix=bt709:in_range=tv:out_range=pc,"
                            "setparams=color_primaries=unknown:color_trc=unknown",
                            "-frames:v", "1", "-y", stills[n]], check=True)

        def mean(results):
            if not all(results):
                return "n/a: a frame drew nothing | –"
            return (f"{sum(r[0] for r in results) / len(results):.3f} | "
                    f"{sum(r[1] for r in results) / len(results):.2f}")

        size = f"{columns}x{rows}"
        for symbols in SETS:
            played = subprocess.run([tview, "--animate", "--loops", "1", "--size", size, "--colors", "truecolor",
                                     "--symbols", symbols, clip], capture_output=True, timeout=300).stdout
            starts, at = [], played.find(SYNC)
            while at >= 0:
                starts.append(at)
                at = played.find(SYNC, at + 1)
            starts.append(len(played))
            # Each frame is written whole; all of them, or frame n would be another frame.
            if len(starts) - 1 != frame_count:
                out.append(f"| {name} | {size} | tview --symbols {symbols}, played | n/a: {len(starts) - 1} frames | |")
                print(out[-1])
                continue
            results = [scores(played[starts[n]:starts[n + 1]].decode("utf-8", "replace"), stills[n], columns, rows)
                       for n in frames]
            out.append(f"| {name} | {size} | tview --symbols {symbols}, played | {mean(results)} |")
            print(out[-1])
        still_tools = [("tview --symbols quad, stills", lambda p: [tview, "--symbols", "quad", "--size", size,
                                                                   "--colors", "truecolor", p])]
        if version(TIMG):
            still_tools.append((f"{version(TIMG)} -pq, stills", lambda p: [TIMG, "-pq", f"-g{size}", p]))
        for label, command in still_tools:
            results = [scores(subprocess.run(command(stills[n]), capture_output=True, timeout=120,
                                             env=dict(os.environ, TERM="xterm-256color")).stdout.decode("utf-8", "replace"),
                              stills[n], columns, rows) for n in frames]
            out.append(f"| {name} | {size} | {label} | {mean(results)} |")
            print(out[-1])
    return out


def row(clip_name, tool, figures, floor, link=""):
    if "error" in figures:
        return f"| {clip_name} | {link or '–'} | {tool} | n/a: {figures['error'][:60]} |||||||"
    # Behind a link ptyrun's first frame is when the screen caught up; the loop there runs from
    # the first picture to the last byte shown.
    first = figures.get("first_glyph_s") if link else (figures.get("first_frame_s") or figures.get("first_glyph_s"))
    end = figures.get("display_done_s") if link else figures.get("wall_s", 0)
    loop = (end - first) / NOMINAL_S if first and end else None
    return (f"| {clip_name} | {link or '–'} | {tool} | {figures.get('cpu_s', 0):.2f} | "
            f"{figures.get('cpu_s', 0) / floor:.2f} | {figures.get('cpu_pct', 0):.1f} | "
            f"{figures.get('maxrss_mb', 0):.1f} | {'–' if first is None else f'{first:.3f}'} | "
            f"{figures.get('bytes', 0) / 1e6:.2f} | {'–' if loop is None else f'{loop * 100:.0f} %'} |")


def targets(name, cpu, first, floor):
    """The issue's video targets (issue 60) against one clip's figures, as a list item."""
    def ratio(a, b):
        return "–" if cpu.get(a) is None or not cpu.get(b) else f"{cpu[a] / cpu[b]:.2f}x"
    firsts = ", ".join(f"{tool.replace('tview --symbols ', '')} {first[tool]:.3f} s" for tool in first
                       if first[tool] is not None)
    return (f"- {name}: half blocks {cpu.get('tview --symbols half', 0) / floor:.2f}x the floor (target ≤ 1.5x), "
            f"{ratio('tview --symbols half', 'timg -ph')} timg -ph (≤ 0.75x); the default set "
            f"{ratio('tview', 'timg -pq')} timg -pq (≤ 1x); first frames {firsts} (≤ 0.1 s)")


def main():
    args = arguments("video.md")
    clips = [("720p H.264", make_clip(args.media, "big.gif", "clip-720p.mp4"), 250),
             ("1080p H.264", make_clip(args.media, "huge.gif", "clip-1080p.mp4"), 250),
             ("720p camera H.264", make_extra(args.media, "clip-camera.mp4"), 240)]
    timg = version(TIMG)
    mpv = shutil.which("mpv")
    rows, goals, floors = [], [], {}
    for name, clip, _ in clips:
        alone = ffmpeg_alone(clip)
        floor = floors[name] = alone["cpu_s"]
        rows.append(f"| {name} | – | ffmpeg -threads 1 (decoding alone) | {floor:.2f} | 1.00 | – | "
                    f"{alone['maxrss_mb']:.1f} | – | – | – |")
        print(rows[-1])
        tools = [("tview", [args.tview, "--loops", "1", clip])]
        # The default's eighth blocks against the sub-cells alone and half blocks: what each costs.
        tools += [(f"tview --symbols {s}", [args.tview, "--symbols", s, "--loops", "1", clip])
                  for s in ("quad-only", "half")]
        if timg:
            tools += [(f"timg {flag}", [TIMG, flag, "--loops=1", clip]) for flag in ("-ph", "-pq")]
        if mpv:
            tools.append(("mpv --vo=tct", [mpv, "--really-quiet", "--vo=tct", "--no-audio", "--loop-file=no", clip]))
        cpu, first = {}, {}
        for tool, command in tools:
            figures = ptyrun(command, 40, cols=160, rows=48, mosaic=True)
            rows.append(row(name, tool.replace("timg", timg or "timg", 1), figures, floor))
            print(rows[-1])
            cpu[tool] = figures.get("cpu_s")
            if tool.startswith("tview"):
                first[tool] = figures.get("first_frame_s") or figures.get("first_glyph_s")
        goals.append(targets(name, cpu, first, floor))
    rows.append(row("720p H.264", "tview", ptyrun([args.tview, "--loops", "1", clips[0][1]], 40, cols=160, rows=48,
                                                  link="250000:2000000", mosaic=True), floors["720p H.264"],
                    link="250000:2000000"))
    print(rows[-1])
    write_table(args.out, "Video clips",
                "One run of `bench/run_video.py` at 160x48 in ptyrun's pseudo-terminal (TERM=xterm-256color, "
                "COLORTERM=truecolor: text, tview's quadrants with eighth blocks by default, also without them and in "
                "half blocks; timg's half blocks -ph and quarter blocks -pq). Clips: H.264 CRF 23 4:2:0 made by "
                "Debian's ffmpeg, 250 frames at 25 fps (10 s) from big.gif (1280x720) and huge.gif (1920x1080), and "
                "the camera clip (bench/make_media.py: photographs under a panning, zooming, turning camera, with "
                "grain; 240 frames at 24 fps, 1280x720), where every block moves. "
                "*CPU s*: the whole run; the ffmpeg row is FFmpeg decoding the clip alone on one thread, the floor; "
                "*× floor*: CPU s over it. "
                "*loop*: from the first frame to the end, over the nominal 10 s (timg decodes every frame first); behind the "
                "link, from the first picture to the last byte shown. "
                f"Peers: {timg or 'timg 1.6 ' + peer_missing(TIMG)}; mpv {'found' if mpv else 'missing'}.",
                ["clip", "link", "tool", "CPU s", "× floor", "CPU %", "peak RSS MB", "first frame s", "MB written",
                 "loop"], rows)
    with open(args.out, "a") as out:
        out.write("\nThe targets of issue 60 in this run:\n\n" + "\n".join(goals) + "\n")
    pictures = []
    for name, clip, count in (clips[0], clips[2]):
        pictures += picture_rows(args.tview, name, clip, count)
    with open(args.out, "a") as out:
        out.write("\n## The picture\n\nFrames 0, 60, 120, 180 and 240 of the 720p clip (239, the last, of the camera "
                  "clip), truecolor: SSIM of luma (higher is better) and ΔE after blur (lower is better), "
                  "means of the five, scored as bench/run_fidelity.py scores stills.\n\n"
                  "| clip | cells | how | SSIM | ΔE |\n| --- | --- | --- | --- | --- |\n" + "\n".join(pictures) + "\n")


if __name__ == "__main__":
    main()
