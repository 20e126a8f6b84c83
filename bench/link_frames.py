#!/usr/bin/env python3
"""When frames reach the screen behind a slow link: runs a command in a pseudo-terminal behind the
same link model as bench/ptyrun.py (output taken while a buffer of BUFFER bytes has room,
shown at BPS bytes per second, status, cursor and synchronized-output (DECRQM ?2026) queries answered when shown) and records when each
frame's end marker is shown: tview's end of synchronized update (ESC [ ? 2026 l), or the jump back
to the top chafa and timg make between frames: cursor up (ESC [ N A, N >= 10; timg, chafa 1.12) or
chafa 1.18's restore of the cursor it saved at the first frame (ESC [ u).

usage: link_frames.py [--cols 160] [--rows 48] [--seconds 60] --link BPS:BUFFER -- CMD ARGS...
Prints one JSON object: frames shown, first/last frame times, the fewest frames shown in any one
second after the first frame, the longest gap between frames, when the last byte was shown.
"""
import argparse, fcntl, json, os, pty, re, select, signal, struct, termios, time

# (chafa 1.18's cursor-up right before it saves the cursor makes room for the first frame: no frame.)
MARKER = re.compile(rb"\x1b\[\?2026l|\x1b\[\d{2,}A(?!\x1b\[s)|\x1b\[u")
QUERY = re.compile(rb"\x1b\[(?:6n|5n|0?c|\?2026\$p)")


def answer(query):
    if query.endswith(b"6n"):
        return b"\x1b[1;1R"
    if query.endswith(b"5n"):
        return b"\x1b[0n"
    if query.endswith(b"$p"):
        # Synchronized output known and reset, as kitty, foot and tmux answer: tview then marks
        # each frame's end with ESC [ ? 2026 l, which is what is counted.
        return b"\x1b[?2026;2$y"
    return b"\x1b[?62;22c"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--cols", type=int, default=160)
    parser.add_argument("--rows", type=int, default=48)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--link", required=True)
    parser.add_argument("cmd", nargs=argparse.REMAINDER)
    options = parser.parse_args()
    command = options.cmd[1:] if options.cmd and options.cmd[0] == "--" else options.cmd
    rate, capacity = (int(x) for x in options.link.split(":"))
    environment = dict(os.environ, TERM="xterm-256color", COLORTERM="truecolor",
                       LINES=str(options.rows), COLUMNS=str(options.cols))
    start = time.monotonic()
    pid, master = pty.fork()
    if pid == 0:
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", options.rows, options.cols, 0, 0))
        os.execvpe(command[0], command, environment)
    fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack("HHHH", options.rows, options.cols, 0, 0))
    queued = bytearray()
    tail = b""
    frames = []
    last_shown = None
    budget, budget_time = 0.0, time.monotonic()
    status = None
    end_of_output = False
    killed = False
    while True:
        now = time.monotonic() - start
        if status is None and not killed and now > options.seconds:
            os.kill(pid, signal.SIGKILL)
            killed = True
        if not end_of_output and len(queued) < capacity:
            ready, _, _ = select.select([master], [], [], 0.002)
            if ready:
                try:
                    data = os.read(master, min(65536, capacity - len(queued)))
                except OSError:
                    data = b""
                if data:
                    queued += data
                else:
                    end_of_output = True
        else:
            time.sleep(0.002)
        tick = time.monotonic()
        budget = min(budget + (tick - budget_time) * rate, rate * 0.02 + 1024)
        budget_time = tick
        count = min(len(queued), int(budget))
        if count > 0:
            shown_at = tick - start
            chunk = bytes(queued[:count])
            del queued[:count]
            budget -= count
            probe = tail + chunk
            for match in MARKER.finditer(probe):
                if match.end() > len(tail):
                    frames.append(shown_at)
            for match in QUERY.finditer(probe):
                if match.end() > len(tail):
                    try:
                        os.write(master, answer(match.group(0)))
                    except OSError:
                        pass
            tail = probe[-12:]
            last_shown = shown_at
        if status is None:
            waited, code = os.waitpid(pid, os.WNOHANG)
            if waited == pid:
                status = code
        if status is not None and not queued and (end_of_output or not select.select([master], [], [], 0)[0]):
            break
    first = frames[0] if frames else None
    fewest = None
    if len(frames) > 1:
        fewest = min(sum(1 for t in frames if second <= t < second + 1.0)
                     for second in [first + 0.1 * k for k in range(int((frames[-1] - first - 1.0) * 10) + 1)])
    gaps = [b - a for a, b in zip(frames, frames[1:])]
    print(json.dumps({
        "cmd": " ".join(command), "link": options.link, "frames_shown": len(frames),
        "first_frame_s": round(first, 3) if first is not None else None,
        "last_frame_s": round(frames[-1], 3) if frames else None,
        "display_done_s": round(last_shown, 3) if last_shown is not None else None,
        "fewest_frames_in_a_second": fewest, "longest_gap_s": round(max(gaps), 3) if gaps else None,
        "killed": killed,
    }))


if __name__ == "__main__":
    main()
