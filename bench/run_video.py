#!/usr/bin/env python3
"""Video clips: tview against timg 1.6 (which plays them through libav) and `mpv --vo=tct`, and
against FFmpeg decoding the same clip alone on one thread (`ffmpeg -threads 1 -i CLIP -f null -`,
the floor: everything a player adds is on top of it), measured in one run through
bench/ptyrun.py at 160x48. The clips are H.264 (libx264, CRF 23, 4:2:0) made from the
bench media: 250 frames at 25 fps (10 s) of big.gif (1280x720) and of huge.gif (1920x1080).
tview also plays the 720p clip behind a 2 Mbit/s link (ptyrun's model). A second table scores
the picture: five frames of the 720p clip as tview plays them (--animate to a pipe, at the size
its cells read, see docs/formats.md) against the same frames converted whole by FFmpeg (BT.709),
with bench/run_fidelity.py's scorer; timg and tview's still path beside them on those frames as
PNG files. Writes bench/results/video.md.

usage: python3 bench/run_video.py [--media DIR] [--out bench/results/video.md]
"""
import os
import shutil
import subprocess
import tempfile

from benchlib import TIMG, arguments, peer_missing, ptyrun, version, write_table

NOMINAL_S = 10.0
FRAMES = (0, 60, 120, 180, 240)
SYNC = b"\x1b[?2026h"  # each frame of --animate's output begins with it


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


def picture_rows(tview, clip, columns=160, rows=48):
    """Mean SSIM and ΔE over FRAMES: tview's sets as played, and the frames as stills."""
    from cell_raster import scores  # numpy, scipy, pyte: only for this table
    out = []
    with tempfile.TemporaryDirectory() as work:
        stills = {}
        for n in FRAMES:
            stills[n] = os.path.join(work, f"frame{n}.png")
            subprocess.run(["ffmpeg", "-nostdin", "-loglevel", "error", "-i", clip, "-vf",
                            f"select=eq(n\\,{n}),scale=in_color_matrix=bt709:in_range=tv:out_range=pc",
                            "-frames:v", "1", "-y", stills[n]], check=True)

        def mean(results):
            if not all(results):
                return "n/a: a frame drew nothing | –"
            return (f"{sum(r[0] for r in results) / len(results):.3f} | "
                    f"{sum(r[1] for r in results) / len(results):.2f}")

        size = f"{columns}x{rows}"
        for symbols in ("quad", "quad-only", "half"):
            played = subprocess.run([tview, "--animate", "--loops", "1", "--size", size, "--colors", "truecolor",
                                     "--symbols", symbols, clip], capture_output=True, timeout=300).stdout
            starts, at = [], played.find(SYNC)
            while at >= 0:
                starts.append(at)
                at = played.find(SYNC, at + 1)
            starts.append(len(played))
            # Each frame is written whole; all 250 of them, or frame n would be another frame.
            if len(starts) - 1 != 250:
                out.append(f"| {size} | tview --symbols {symbols}, played | n/a: {len(starts) - 1} frames | |")
                print(out[-1])
                continue
            results = [scores(played[starts[n]:starts[n + 1]].decode("utf-8", "replace"), stills[n], columns, rows)
                       for n in FRAMES]
            out.append(f"| {size} | tview --symbols {symbols}, played | {mean(results)} |")
            print(out[-1])
        still_tools = [("tview --symbols quad, stills", lambda p: [tview, "--symbols", "quad", "--size", size,
                                                                   "--colors", "truecolor", p])]
        if version(TIMG):
            still_tools.append((f"{version(TIMG)} -pq, stills", lambda p: [TIMG, "-pq", f"-g{size}", p]))
        for label, command in still_tools:
            results = [scores(subprocess.run(command(stills[n]), capture_output=True, timeout=120,
                                             env=dict(os.environ, TERM="xterm-256color")).stdout.decode("utf-8", "replace"),
                              stills[n], columns, rows) for n in FRAMES]
            out.append(f"| {size} | {label} | {mean(results)} |")
            print(out[-1])
    return out


def row(clip_name, tool, figures, link=""):
    if "error" in figures:
        return f"| {clip_name} | {link or '–'} | {tool} | n/a: {figures['error'][:60]} ||||||"
    # Behind a link ptyrun's first frame is when the screen caught up; the loop there runs from
    # the first picture to the last byte shown.
    first = figures.get("first_glyph_s") if link else (figures.get("first_frame_s") or figures.get("first_glyph_s"))
    end = figures.get("display_done_s") if link else figures.get("wall_s", 0)
    loop = (end - first) / NOMINAL_S if first and end else None
    return (f"| {clip_name} | {link or '–'} | {tool} | {figures.get('cpu_s', 0):.2f} | {figures.get('cpu_pct', 0):.1f} | "
            f"{figures.get('maxrss_mb', 0):.1f} | {'–' if first is None else f'{first:.3f}'} | "
            f"{figures.get('bytes', 0) / 1e6:.2f} | {'–' if loop is None else f'{loop * 100:.0f} %'} |")


def main():
    args = arguments("video.md")
    clips = [("720p H.264", make_clip(args.media, "big.gif", "clip-720p.mp4")),
             ("1080p H.264", make_clip(args.media, "huge.gif", "clip-1080p.mp4"))]
    timg = version(TIMG)
    mpv = shutil.which("mpv")
    rows = []
    for name, clip in clips:
        alone = ffmpeg_alone(clip)
        rows.append(f"| {name} | – | ffmpeg -threads 1 (decoding alone) | {alone['cpu_s']:.2f} | – | "
                    f"{alone['maxrss_mb']:.1f} | – | – | – |")
        print(rows[-1])
        tools = [("tview", [args.tview, "--loops", "1", clip])]
        # The default's eighth blocks against the sub-cells alone and half blocks: what each costs.
        tools += [(f"tview --symbols {s}", [args.tview, "--symbols", s, "--loops", "1", clip])
                  for s in ("quad-only", "half")]
        if timg:
            tools.append((timg, [TIMG, "--loops=1", clip]))
        if mpv:
            tools.append(("mpv --vo=tct", [mpv, "--really-quiet", "--vo=tct", "--no-audio", "--loop-file=no", clip]))
        for tool, command in tools:
            rows.append(row(name, tool, ptyrun(command, 40, cols=160, rows=48, mosaic=True)))
            print(rows[-1])
    rows.append(row("720p H.264", "tview", ptyrun([args.tview, "--loops", "1", clips[0][1]], 40, cols=160, rows=48,
                                                  link="250000:2000000", mosaic=True), link="250000:2000000"))
    print(rows[-1])
    write_table(args.out, "Video clips",
                "One run of `bench/run_video.py` at 160x48 in ptyrun's pseudo-terminal (TERM=xterm-256color, "
            "COLORTERM=truecolor: text, each tool's default symbols, tview's quadrants with eighth blocks; also without them and in half blocks). Clips: 250 frames at 25 fps (10 s), H.264 "
            "CRF 23 4:2:0, made by Debian's ffmpeg from big.gif (1280x720) and huge.gif (1920x1080). "
            "*CPU s*: the whole run; the ffmpeg row is FFmpeg decoding the clip alone on one thread, the floor. "
            "*loop*: from the first frame to the end, over the nominal 10 s (timg decodes every frame first); behind the "
            "link, from the first picture to the last byte shown. "
                f"Peers: {timg or 'timg 1.6 ' + peer_missing(TIMG)}; mpv {'found' if mpv else 'missing'}.",
                ["clip", "link", "tool", "CPU s", "CPU %", "peak RSS MB", "first frame s", "MB written", "loop"], rows)
    pictures = picture_rows(args.tview, clips[0][1])
    with open(args.out, "a") as out:
        out.write("\n## The picture\n\nFrames " + ", ".join(map(str, FRAMES)) + " of the 720p clip, truecolor: "
                  "SSIM of luma (higher is better) and ΔE after blur (lower is better), means of the five, scored as "
                  "bench/run_fidelity.py scores stills.\n\n| cells | how | SSIM | ΔE |\n| --- | --- | --- | --- |\n"
                  + "\n".join(pictures) + "\n")


if __name__ == "__main__":
    main()
