#!/usr/bin/env python3
"""tview over real SSH behind a slow link: two network namespaces made for the test (a veth pair,
addresses inside them only), the server side's egress limited by `tc qdisc tbf` to 2 Mbit/s,
Debian's sshd there on a key made for the test. In the client namespace `ssh -tt` runs tview
(quadrants, half blocks, then kitty's protocol) on med.gif (120 frames, 4.8 s) into a pseudo-terminal that
answers like a terminal and keeps a screen (pyte); each status line's frame number is noted when
it reaches that screen.

Checks, for tview: one loop on the far screen within 3 % of its nominal 4.8 s in text (the
default set, quadrants here, and half blocks) and 5 % in kitty's pictures (frames skipped, not
played slowly), the last frame shown; `--inline` in quadrants within 3 % and in place; the 720p
clip of bench/run_video.py within 3 % of its 10 s; and q in the middle of a second run giving the remote
terminal its settings back (stty -g before and after) with the alternate screen left. chafa and
timg are measured over the same link for bench/results/cost.md (its "Over real SSH" section).

Usage: e2e/ssh_link.py TVIEW MEDIA [--report bench/results/cost.md]
(needs root, iproute2, openssh-server, openssh-client, pyte; ffmpeg with libx264 to make the clip
when MEDIA lacks it; chafa and timg for the report)
"""
import argparse
import fcntl
import os
import pty
import re
import select
import shlex
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import termios
import time

import pyte

SERVER_NS, CLIENT_NS = "tview-ssh-server", "tview-ssh-client"
SERVER_IP, CLIENT_IP = "10.213.7.2", "10.213.7.1"
PORT = 2222
RATE = "2mbit"
COLS, ROWS = 160, 48
NOMINAL_S = 4.8
FRAMES = 120
STATUS = re.compile(r"frame (\d+)/(\d+|\?)")
QUERY = re.compile(rb"\x1b\[(?:6n|5n|0?c)")
# kitty's graphics commands (APC): pictures, not text; pyte would print their payload.
APC = re.compile(rb"\x1b_.*?\x1b\\", re.S)


def sh(*command, check=True):
    return subprocess.run(command, check=check, capture_output=True, text=True)


def make_link():
    """Two namespaces joined by a veth pair; the server's egress at RATE."""
    tear_down()
    sh("ip", "netns", "add", SERVER_NS)
    sh("ip", "netns", "add", CLIENT_NS)
    sh("ip", "link", "add", "tvssh-c", "netns", CLIENT_NS, "type", "veth", "peer", "name", "tvssh-s", "netns",
       SERVER_NS)
    for namespace, device, address in ((SERVER_NS, "tvssh-s", SERVER_IP), (CLIENT_NS, "tvssh-c", CLIENT_IP)):
        sh("ip", "-n", namespace, "addr", "add", address + "/30", "dev", device)
        sh("ip", "-n", namespace, "link", "set", device, "up")
        sh("ip", "-n", namespace, "link", "set", "lo", "up")
    sh("ip", "netns", "exec", SERVER_NS, "tc", "qdisc", "add", "dev", "tvssh-s", "root", "tbf", "rate", RATE,
       "burst", "32kbit", "latency", "400ms")


def tear_down():
    for namespace in (SERVER_NS, CLIENT_NS):
        sh("ip", "netns", "del", namespace, check=False)


def start_sshd(work):
    sh("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", f"{work}/host_key")
    sh("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", f"{work}/client_key")
    shutil.copy(f"{work}/client_key.pub", f"{work}/authorized_keys")
    with open(f"{work}/sshd_config", "w") as config:
        config.write(f"""Port {PORT}
ListenAddress {SERVER_IP}
HostKey {work}/host_key
AuthorizedKeysFile {work}/authorized_keys
PidFile {work}/sshd.pid
PermitRootLogin prohibit-password
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
StrictModes no
AcceptEnv TERM
""")
    os.makedirs("/run/sshd", exist_ok=True)
    server = subprocess.Popen(["ip", "netns", "exec", SERVER_NS, "/usr/sbin/sshd", "-D", "-e", "-f",
                               f"{work}/sshd_config"], stdout=subprocess.DEVNULL, stderr=open(f"{work}/sshd.log", "w"))
    time.sleep(1)
    return server


def ssh_command(work, remote):
    return ["ip", "netns", "exec", CLIENT_NS, "ssh", "-tt", "-q", "-i", f"{work}/client_key", "-p", str(PORT),
            "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null", "-o", "SendEnv=TERM",
            f"root@{SERVER_IP}", remote]


def far_end(command, seconds, keys=(), watch=None):
    """Runs command in a pseudo-terminal of COLS x ROWS that answers status, cursor and device
    queries as a terminal does; returns when each frame number first reached the screen (seconds
    from the start), every byte received, and the exit status. `watch(screen, seconds)` is
    called after each read."""
    pid, fd = pty.fork()
    if pid == 0:
        os.environ["TERM"] = "xterm-256color"
        os.execvp(command[0], command)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLS, 0, 0))
    screen = pyte.Screen(COLS, ROWS)
    stream = pyte.ByteStream(screen)
    start = time.monotonic()
    shown = {}
    received = bytearray()
    pending = list(keys)
    text = b""
    reaped = None
    while True:
        now = time.monotonic() - start
        if now > seconds and reaped is None:
            try:
                os.kill(pid, signal.SIGTERM)  # once it has ended, there is nothing to stop
            except ProcessLookupError:
                pass
        while pending and pending[0][0] <= now:
            os.write(fd, pending.pop(0)[1])
        ready, _, _ = select.select([fd], [], [], 0.05)
        if ready:
            try:
                data = os.read(fd, 65536)
            except OSError:
                data = b""
            if not data:
                break
            # A query split between two reads is answered once whole: the tail of the last read
            # is searched again, and only queries ending in the new bytes count.
            probe = received[-4:] + data
            for match in QUERY.finditer(probe):
                if match.end() <= len(probe) - len(data):
                    continue
                query = match.group(0)
                answer = b"\x1b[1;1R" if query.endswith(b"6n") else b"\x1b[0n" if query.endswith(b"5n") \
                    else b"\x1b[?62;22c"
                os.write(fd, answer)
            received += data
            # What is text on the screen: APC strings taken out, an unfinished one kept for later
            # (also a lone ESC at the end, which may begin one: pyte would print its payload).
            text += data
            text = APC.sub(b"", text)
            cut = text.rfind(b"\x1b_")
            if cut < 0 and text.endswith(b"\x1b"):
                cut = len(text) - 1
            stream.feed(text if cut < 0 else text[:cut])
            text = b"" if cut < 0 else text[cut:]
            if watch:
                watch(screen, time.monotonic() - start)
            found = STATUS.search(screen.display[-1])
            if found:
                number = int(found.group(1))
                shown.setdefault(number, time.monotonic() - start)
        if reaped is None:
            finished, code = os.waitpid(pid, os.WNOHANG)
            reaped = code if finished else None
        if reaped is not None and not ready:
            break
    if reaped is None:
        _, reaped = os.waitpid(pid, 0)
    status = os.waitstatus_to_exitcode(reaped)
    os.close(fd)
    return shown, bytes(received), status


def loop_figures(shown, nominal=NOMINAL_S, frames=FRAMES):
    """First frame, when the last frame was shown, and the loop's length on screen against nominal
    (the last frame's time, a frame's share of the loop, included)."""
    if 1 not in shown or not shown:
        return None
    last = max(shown)
    length = shown[last] + nominal / frames - shown[1]
    return {"first_s": shown[1], "last_frame": last, "frames_seen": len(shown), "loop_s": length,
            "vs_nominal": length / nominal}


def check_clip(work, tview, media):
    """The 720p H.264 clip of bench/run_video.py (250 frames at 25 fps), as text in the default
    set: one loop on the far screen within 3 % of its 10 s, the last frame shown."""
    clip = os.path.join(media, "clip-720p.mp4")
    if not os.path.exists(clip):
        # As bench/run_video.py makes it.
        made = sh("ffmpeg", "-hide_banner", "-loglevel", "error", "-y", "-i", os.path.join(media, "big.gif"),
                  "-frames:v", "250", "-c:v", "libx264", "-crf", "23", "-pix_fmt", "yuv420p", "-bitexact", clip,
                  check=False)
        if made.returncode != 0:
            return [f"clip: ffmpeg could not make it: {made.stderr.strip()[:200]}"]
    remote = f"{shlex.quote(tview)} --pixels none --loops 1 {shlex.quote(clip)}"
    shown, received, status = far_end(ssh_command(work, remote), 60)
    figures = loop_figures(shown, nominal=10.0, frames=250)
    if figures is None:
        return [f"clip: no frame reached the screen (exit {status})"]
    print(f"ssh {RATE} tview clip-720p.mp4: first frame {figures['first_s']:.2f} s, {figures['frames_seen']} of 250 "
          f"frames seen, last {figures['last_frame']}, loop {figures['loop_s']:.2f} s "
          f"({figures['vs_nominal'] * 100:.1f} % of nominal), {len(received) / 1e6:.2f} MB, exit {status}")
    problems = []
    if not 0.97 <= figures["vs_nominal"] <= 1.03:
        problems.append(f"clip: the loop took {figures['vs_nominal'] * 100:.1f} % of nominal on the far screen")
    if figures["last_frame"] != 250:
        problems.append(f"clip: the last frame shown was {figures['last_frame']}")
    if status != 0:
        problems.append(f"clip: ssh exited {status}")
    return problems


def check_tview(work, tview, media):
    problems = []
    sample = os.path.join(media, "med.gif")
    # Text in quadrants with eighth blocks (the default where the terminal is not known) and in
    # half blocks: within 3 %; kitty's pictures, whose frames are far larger, within 5 %.
    for mode, options, slack in (("quad", "--pixels none --symbols quad", 0.03),
                                 ("half", "--pixels none --symbols half", 0.03),
                                 ("kitty", "--pixels kitty", 0.05)):
        remote = f"{tview} {options} --loops 1 {sample}"
        shown, received, status = far_end(ssh_command(work, remote), 40)
        figures = loop_figures(shown)
        if figures is None:
            problems.append(f"{mode}: no frame reached the screen (exit {status})")
            continue
        print(f"ssh {RATE} tview {options}: first frame {figures['first_s']:.2f} s, {figures['frames_seen']} of "
              f"{FRAMES} frames seen, last {figures['last_frame']}, loop {figures['loop_s']:.2f} s "
              f"({figures['vs_nominal'] * 100:.1f} % of nominal), {len(received) / 1e6:.2f} MB, exit {status}")
        if not 1 - slack <= figures["vs_nominal"] <= 1 + slack:
            problems.append(f"{mode}: the loop took {figures['vs_nominal'] * 100:.1f} % of nominal on the far screen")
        if figures["last_frame"] != FRAMES:
            problems.append(f"{mode}: the last frame shown was {figures['last_frame']}")
        if status != 0:
            problems.append(f"{mode}: ssh exited {status}")
    problems += check_inline(work, tview, sample)
    problems += check_clip(work, tview, media)
    # q in the middle: the remote tty's settings given back, the alternate screen left.
    remote = (f"stty -g > {work}/before; {tview} --pixels none {sample}; echo $? > {work}/rc; "
              f"stty -g > {work}/after")
    shown, received, status = far_end(ssh_command(work, remote), 40, keys=[(3.0, b"q")])
    tail = received[-400:]
    rc = open(f"{work}/rc").read().strip() if os.path.exists(f"{work}/rc") else "?"
    same = os.path.exists(f"{work}/after") and open(f"{work}/before").read() == open(f"{work}/after").read()
    print(f"ssh {RATE} q after 3 s: tview exit {rc}, settings restored {same}, "
          f"alternate screen left {b'[?1049l' in tail}")
    if rc != "0" or not same or b"\x1b[?1049l" not in tail:
        problems.append(f"q: exit {rc}, settings restored {same}, alternate screen left {b'[?1049l' in tail}")
    return problems


def check_inline(work, tview, sample):
    """--inline over the link, after a screenful of the shell's lines ending in a marker. The
    first frame scrolls the marker up as its lines arrive; once it is whole the marker's row must
    stay to the end (the picture plays in place, never walking up the screen), and the loop, from
    then to the last byte, must be within 3 % of nominal."""
    remote = f"seq 60; echo INLINE-MARK; {tview} --inline --pixels none --symbols quad --loops 1 {sample}"
    changes = []  # (seconds, the marker's row) at each change
    last = {"seconds": 0.0}

    def watch(screen, now):
        found = [i for i, line in enumerate(screen.display) if line.startswith("INLINE-MARK")]
        row = found[0] if found else None
        if not changes or changes[-1][1] != row:
            changes.append((now, row))
        last["seconds"] = now
    shown, received, status = far_end(ssh_command(work, remote), 40, watch=watch)
    if not changes or changes[-1][1] is None:
        return [f"inline: no marker on the far screen at the end (exit {status})"]
    # When the marker reached its last row: the first frame was whole, the picture in its place.
    settled = changes[-1][0]
    # Before the marker's line arrives the far screen has none: from its first sighting on.
    moves = [row for _, row in changes]
    while moves and moves[0] is None:
        moves.pop(0)
    loop = last["seconds"] - settled
    print(f"ssh {RATE} tview --inline (quadrants): first frame whole at {settled:.2f} s, loop {loop:.2f} s "
          f"({loop / NOMINAL_S * 100:.1f} % of nominal), marker rows {moves}, {len(received) / 1e6:.2f} MB, "
          f"exit {status}")
    problems = []
    if not 0.97 <= loop / NOMINAL_S <= 1.03:
        problems.append(f"inline: the loop took {loop / NOMINAL_S * 100:.1f} % of nominal on the far screen")
    if any(b is None or a is None or b > a for a, b in zip(moves, moves[1:])):
        problems.append(f"inline: the shell's marker line moved down or vanished: rows {moves}")
    if settled > 1.5:
        problems.append(f"inline: the marker still moved {settled:.2f} s after the start (the picture walked)")
    if status != 0:
        problems.append(f"inline: ssh exited {status}")
    return problems


def measure_peers(work, tview, media):
    """tview, chafa and timg on med.gif over the link: what reached the far end, and when."""
    sample = os.path.join(media, "med.gif")
    rows = []
    # The newest peers where `make bench-peers` built them, else what is on PATH.
    chafa = "/opt/peers/chafa-1.18/bin/chafa" if os.path.exists("/opt/peers/chafa-1.18/bin/chafa") else "chafa"
    timg = "/opt/peers/timg-1.6/bin/timg" if os.path.exists("/opt/peers/timg-1.6/bin/timg") else "timg"
    for name, remote in (("tview", f"{tview} --pixels none --loops 1 {sample}"),
                         (subprocess.run([chafa, "--version"], capture_output=True, text=True).stdout.split("\n")[0]
                          .replace("Chafa version", "chafa").strip() or "chafa", f"{chafa} -d {NOMINAL_S} {sample}"),
                         ("timg " + (subprocess.run([timg, "--version"], capture_output=True, text=True).stdout.split()
                                     or ["", "?"])[1], f"{timg} -pq --loops=1 {sample}")):
        if shutil.which(remote.split()[0]) is None and not os.path.exists(remote.split()[0]):
            continue
        start = time.monotonic()
        shown, received, status = far_end(ssh_command(work, remote), 90)
        wall = time.monotonic() - start
        figures = loop_figures(shown)
        note = (f"{figures['frames_seen']} of {FRAMES} frames (status line), loop {figures['vs_nominal'] * 100:.0f} %"
                if figures else "no status line")
        rows.append(f"| med.gif | 160x48 | ssh, tbf {RATE} | {name} | {len(received) / 1e6:.2f} | {wall:.2f} | "
                    f"{wall / NOMINAL_S * 100:.0f} % | {note} |")
        print(rows[-1])
    return rows


def write_report(path, rows):
    section = ["## Over real SSH", "",
               f"`e2e/ssh_link.py` (one run): sshd in a network namespace whose egress `tc tbf` holds to {RATE}, "
               "`ssh -tt` from another, 160x48. *wall*: from starting ssh until the far end saw the program end "
               "(connection set-up included; chafa is told the loop's length with `-d`).", "",
               "| file | cells | link | tool | MB received | wall s | wall vs nominal | on screen |",
               "| --- | --- | --- | --- | --- | --- | --- | --- |"] + rows
    text = open(path).read() if os.path.exists(path) else ""
    marker = "## Over real SSH"
    if marker in text:
        before, _, after = text.partition(marker)
        rest = after.split("\n## ", 1)
        text = before + "\n".join(section) + "\n" + ("\n## " + rest[1] if len(rest) > 1 else "")
    else:
        text = text.rstrip("\n") + "\n\n" + "\n".join(section) + "\n"
    open(path, "w").write(text)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("tview")
    parser.add_argument("media")
    parser.add_argument("--report")
    args = parser.parse_args()
    tview = os.path.abspath(args.tview)
    missing = [tool for tool in ("/usr/sbin/sshd", "ssh", "ssh-keygen", "ip", "tc") if shutil.which(tool) is None]
    if missing:
        print("ssh link: cannot run without " + ", ".join(missing) + " (openssh-server, openssh-client, iproute2)")
        return 1
    work = tempfile.mkdtemp(prefix="tview-ssh-")
    os.chmod(work, 0o755)
    server = None
    problems = []
    try:
        make_link()
        server = start_sshd(work)
        # A server that cannot be reached would leave a table of zeros where the last good one was.
        reached = subprocess.run(ssh_command(work, "true"), capture_output=True, timeout=30)
        if reached.returncode != 0:
            print(f"ssh link: cannot log in to the test sshd (ssh exit {reached.returncode}); its log:")
            print(open(f"{work}/sshd.log").read()[-2000:])
            return 1
        problems = check_tview(work, tview, os.path.abspath(args.media))
        if args.report:
            write_report(args.report, measure_peers(work, tview, os.path.abspath(args.media)))
    finally:
        if server is not None:
            server.terminate()
            server.wait(timeout=5)
        tear_down()
        shutil.rmtree(work, ignore_errors=True)
    for problem in problems:
        print("problem: ssh:", problem)
    print(f"ssh link: {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
