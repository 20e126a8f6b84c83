#!/usr/bin/env python3
"""Self-test of e2e/kitty_outer_model.py, without tview: a small client in a tmux pane uploads
an 80x40 picture of four coloured quadrants through tmux's passthrough (ESC P tmux; ... ESC \\,
ESC doubled) as a virtual placement (a=T,U=1,c=8,r=2,q=2) and prints its 8x2 placeholder cells
with the image id in the foreground colour. The model plays kitty 0.35 outside tmux; the test
checks the picture it rebuilds has the quadrants (mean error <= 3/255) in the expected cells:

- plain: 256-colour id, RGB data compressed (f=24,o=z);
- scrolled: a 24-bit id, RGBA data in several chunks (f=32,m=1), printed after a screenful of
  lines and followed by more, then again with tmux's copy mode scrolled up (tmux redraws the
  cells from its history) and back;
- split: a PNG (f=100) in a new pane beside the first, and the first pane's image again after
  tmux redrew it narrower;
- windows: an image in a second window (and beside it only the image's columns 3-7, which
  only the column diacritics place right), then the first window's images again after
  switching back and forth (tmux redraws every cell);
- ids above 255: a 24-bit id (0x012345), a 256-colour id with the high byte in the third
  diacritic, and a 24-bit id with a third diacritic whose later cells carry no diacritics at
  all (kitty's inheritance from the cell to the left);
- the terminal resized to 100x30 (pty size and SIGWINCH): the first window's images again.

It also checks that the graphics commands reached the outer terminal byte for byte as the
client wrapped them. Before tmux, the model alone is fed bytes: animation frames (a=f new,
r= edit with x,y,s,v, c= base; a=a,c=), re-transmission, the placement id in the underline
colour, aspect-kept fitting, a=d, clear screen, and the answers to a=q and XTVERSION.
With --facts it prints what tmux answers to queries inside the pane and what passthrough
queries bring back.

Usage: python3 e2e/kitty_outer_model_selftest.py [--facts] [--keep-png DIR]
Skips (exit 0) when tmux, pyte or numpy is missing. Takes about 7 s.
"""
import os
import shutil
import struct
import sys
import time
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

W, H = 80, 40                    # the picture, in pixels
COLS, ROWS = 8, 2                # its placement, in cells (10x20 pixels each: 1:1)
QUADRANTS = ((200, 30, 40), (30, 180, 60), (40, 60, 200), (230, 210, 50))  # TL TR BL BR
# The first marks of kitty's gen/rowcolumn-diacritics.txt, written out here rather than taken
# from the model, so that a wrong table in the model shows.
MARKS = "\u0305\u030d\u030e\u0310\u0312\u033d\u033e\u033f"


def picture():
    rows = []
    for y in range(H):
        row = bytearray()
        for x in range(W):
            row += bytes(QUADRANTS[(2 if y >= H // 2 else 0) + (1 if x >= W // 2 else 0)])
        rows.append(bytes(row))
    return rows


def png(rows):
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
    raw = b"".join(b"\0" + r for r in rows)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", W, H, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


# ---------------------------------------------------------------------------------------------
# The client, run inside the pane: python3 kitty_outer_model_selftest.py --client ...

def client(argv):
    import base64
    opts = dict(a.split("=", 1) for a in argv)
    image_id = int(opts["id"], 0)
    colour = opts.get("colour", "256")
    fmt = opts.get("fmt", "24z")
    before, after = int(opts.get("before", 0)), int(opts.get("after", 0))
    inherit = opts.get("inherit") == "1"
    first_col = int(opts.get("first_col", 0))   # leave out the image's first columns
    done, sent = opts["done"], opts["sent"]
    out = sys.stdout.buffer
    rows = picture()
    if fmt == "24z":
        keys, data = "f=24,s=%d,v=%d,o=z" % (W, H), zlib.compress(b"".join(rows))
    elif fmt == "32":
        rgba = b"".join(bytes(p + (255,)) for r in rows for p in zip(r[0::3], r[1::3], r[2::3]))
        keys, data = "f=32,s=%d,v=%d" % (W, H), rgba
    else:
        keys, data = "f=100", png(rows)
    payload = base64.b64encode(data)
    chunk = 1024
    wrapped = b""
    pieces = [payload[i:i + chunk] for i in range(0, len(payload), chunk)]
    for n, piece in enumerate(pieces):
        more = 1 if n + 1 < len(pieces) else 0
        control = ("a=T,U=1,i=%d,c=%d,r=%d,q=2,%s,m=%d" % (image_id, COLS, ROWS, keys, more)) if n == 0 else "m=%d,q=2" % more
        apc = b"\x1b_G" + control.encode() + b";" + piece + b"\x1b\\"
        with open(sent, "ab") as f:
            f.write(apc + b"\n")
        wrapped += b"\x1bPtmux;" + apc.replace(b"\x1b", b"\x1b\x1b") + b"\x1b\\"
    out.write(("case id=%d\r\n" % image_id).encode())
    for n in range(before):
        out.write(("filler before %d\r\n" % n).encode())
    out.write(wrapped)
    low = image_id & (0xFF if colour == "256" else 0xFFFFFF)
    high = image_id >> 24
    sgr = "\x1b[38;5;%dm" % low if colour == "256" else "\x1b[38;2;%d;%d;%dm" % (low >> 16, (low >> 8) & 255, low & 255)
    marks = lambda n: MARKS[n]
    for r in range(ROWS):
        line = sgr
        for c in range(first_col, COLS):
            line += "\U0010EEEE"
            if inherit and c > first_col:
                continue
            line += marks(r) + marks(c) + (marks(high) if high else "")
        out.write((line + "\x1b[39m\r\n").encode())
    out.write(("END-%d\r\n" % image_id).encode())
    for n in range(after):
        out.write(("filler after %d\r\n" % n).encode())
    out.flush()
    open(done, "w").close()
    while True:
        time.sleep(3600)


# ---------------------------------------------------------------------------------------------
# The test.

def expected_row(pane_height, before, after):
    """The pane row of the image's first line: a label line, `before` lines, the image's two
    lines, an END line, `after` lines and the cursor's empty line."""
    total = 1 + before + ROWS + 1 + after + 1
    return 1 + before - max(0, total - pane_height)


class SelfTest:
    def __init__(self, model, tmpdir, keep_png=None):
        self.k = model
        self.tmp = tmpdir
        self.keep = keep_png
        self.failures = []
        self.checked = 0
        self.expected = np.array([list(zip(r[0::3], r[1::3], r[2::3])) for r in picture()], np.uint8)

    def command(self, image_id, **opts):
        opts.setdefault("done", os.path.join(self.tmp, "done-%d" % image_id))
        opts.setdefault("sent", os.path.join(self.tmp, "sent-%d" % image_id))
        args = " ".join("%s=%s" % kv for kv in opts.items())
        return "%s %s --client id=%d %s" % (sys.executable, os.path.abspath(__file__), image_id, args)

    def wait_client(self, image_id):
        done = os.path.join(self.tmp, "done-%d" % image_id)
        self.k.wait_for(lambda m: os.path.exists(done), timeout=20, what="client %d" % image_id)
        self.k.wait_quiet(0.3)

    def check(self, label, image_id, pane, before=0, after=0, row_shift=0, first_col=0):
        """The image's cells are at the expected place in `pane` and show the quadrants (from
        the image's column `first_col` on)."""
        left, top, height = (int(v) for v in self.k.display("#{pane_left} #{pane_top} #{pane_height}", pane).split())
        row = top + expected_row(height, before, after) + row_shift
        want = (left, row, left + COLS - first_col, row + ROWS)
        self.checked += 1
        # tmux may still be drawing: look again for up to 1.5 s before calling it a failure
        end = time.monotonic() + 1.5
        while True:
            snap = self.k.snapshot()
            box = snap.bbox(image_id)
            if box == want and not snap.problems:
                got = snap.crop(*box).astype(int)
                if float(np.abs(got - self.expected[:, first_col * W // COLS:]).mean()) <= 3:
                    break
            if time.monotonic() > end:
                break
            time.sleep(0.1)
        problems = [p for p in snap.problems if p["image_id"] == image_id]
        if box != want:
            self.fail(label, "image %d's cells at %s, expected %s (problems: %s)" % (image_id, box, want, snap.problems), snap)
            return
        if problems or not all(p["drawn"] for p in snap.cells_of(image_id)):
            self.fail(label, "image %d not drawn: %s" % (image_id, problems), snap)
            return
        got = snap.crop(*box).astype(int)
        error = float(np.abs(got - self.expected[:, first_col * W // COLS:]).mean())
        if error > 3:
            self.fail(label, "image %d: mean error %.1f/255 > 3" % (image_id, error), snap)
            return
        print("  ok  %-44s image %-10d cells %s, error %.2f" % (label, image_id, box, error))

    def fail(self, label, why, snap):
        print("  FAIL %-43s %s" % (label, why))
        self.failures.append((label, why))
        if self.keep:
            os.makedirs(self.keep, exist_ok=True)
            try:
                snap.save(os.path.join(self.keep, "%s.png" % label.replace(" ", "_").replace("/", "_")))
            except RuntimeError:
                pass

    def check_forwarded(self, image_ids):
        """Every APC the clients wrapped reached the outer terminal unchanged."""
        raw = bytes(self.k.raw)
        missing = []
        for image_id in image_ids:
            with open(os.path.join(self.tmp, "sent-%d" % image_id), "rb") as f:
                for apc in f.read().split(b"\n"):
                    if apc and apc not in raw:
                        missing.append((image_id, apc[:40]))
        self.checked += 1
        if missing:
            self.failures.append(("passthrough", "not forwarded unchanged: %s" % missing[:3]))
            print("  FAIL passthrough: %s" % missing[:3])
        else:
            print("  ok  every wrapped graphics command reached the outer terminal unchanged")


def model_checks(model, count):
    """The model alone (bytes fed as if tmux wrote them, no tmux): frames, deletion,
    re-transmission, placement ids in the underline colour, fitting, clear screen."""
    import base64
    failures = []
    quads = np.array([list(zip(r[0::3], r[1::3], r[2::3])) for r in picture()], np.uint8)

    def apc(control, data=b""):
        return b"\x1b_G" + control.encode() + (b";" + base64.b64encode(data) if data else b"") + b"\x1b\\"

    def cells(image_id, columns=COLS, rows=ROWS, ul=None, top=0):
        out = b"\x1b[%d;1H\x1b[38;2;%d;%d;%dm" % (top + 1, (image_id >> 16) & 255, (image_id >> 8) & 255, image_id & 255)
        if ul is not None:
            out += b"\x1b[58:2::0:0:%dm" % ul
        for r in range(rows):
            out += b"\x1b[%d;1H" % (top + r + 1) + "".join(
                "\U0010EEEE" + MARKS[r] + MARKS[c] for c in range(columns)).encode()
        return out + b"\x1b[0m"

    def expect(label, got, want, limit=3):
        count[0] += 1
        error = float(np.abs(got.astype(int) - want.astype(int)).mean())
        if error > limit:
            failures.append(label)
            print("  FAIL %-43s mean error %.1f" % (label, error))
        else:
            print("  ok  %-44s error %.2f" % (label, error))

    solid = lambda rgb, w=W, h=H: np.tile(np.array(rgb, np.uint8), (h, w, 1))
    k = model.KittyOuter(20, 6)
    try:
        k.feed(apc("a=T,U=1,i=7,c=8,r=2,q=2,f=24,s=%d,v=%d" % (W, H), quads.tobytes()) + cells(7))
        expect("root frame", k.snapshot().crop(0, 0, 8, 2), quads)
        k.feed(apc("a=f,i=7,q=2,f=24,s=%d,v=%d" % (W, H), solid((9, 99, 199)).tobytes()))
        expect("a new frame leaves the current one", k.snapshot().crop(0, 0, 8, 2), quads)
        k.feed(apc("a=a,i=7,c=2"))
        expect("a=a,c=2 shows frame 2", k.snapshot().crop(0, 0, 8, 2), solid((9, 99, 199)))
        k.feed(apc("a=f,i=7,r=2,x=40,y=20,s=40,v=20,f=24,q=2", solid((250, 5, 5), 40, 20).tobytes()))
        want = solid((9, 99, 199))
        want[20:, 40:] = (250, 5, 5)
        expect("a=f,r=2 edits the shown frame (x,y,s,v)", k.snapshot().crop(0, 0, 8, 2), want)
        k.feed(apc("a=f,i=7,c=1,x=0,y=0,s=10,v=10,f=24,q=2", solid((1, 2, 3), 10, 10).tobytes()) + apc("a=a,i=7,c=3"))
        want = quads.copy()
        want[:10, :10] = (1, 2, 3)
        expect("a=f,c=1: a frame on the root's pixels", k.snapshot().crop(0, 0, 8, 2), want)
        k.feed(apc("a=t,i=7,q=2,f=24,s=%d,v=%d" % (W, H), quads.tobytes()))
        snap = k.snapshot()
        count[0] += 4  # this one and the three like it below
        ok = snap.problems and "no virtual placement" in snap.problems[0]["why"]
        print("  %sre-transmission drops the placements" % ("ok  " if ok else "FAIL"))
        failures += [] if ok else ["re-transmission"]
        # two virtual placements; the underline colour picks p=2 (4x1 cells: the picture halved)
        k.feed(b"\x1b[H\x1b[J" + apc("a=p,U=1,i=7,p=1,c=8,r=2,q=2") + apc("a=p,U=1,i=7,p=2,c=4,r=1,q=2") + cells(7, 4, 1, ul=2))
        half = quads[::2, ::2]
        expect("placement id in the underline colour", k.snapshot().crop(0, 0, 4, 1), half)
        # a square picture in 8x2 cells: centred, the sides left empty
        k.feed(b"\x1b[H\x1b[J" + apc("a=T,U=1,i=9,c=8,r=2,q=2,f=24,s=40,v=40", solid((7, 77, 177), 40, 40).tobytes()) + cells(9))
        want = solid((0, 0, 0))
        want[:, 20:60] = (7, 77, 177)
        expect("aspect kept, centred (40x40 in 80x40)", k.snapshot().crop(0, 0, 8, 2), want)
        k.feed(apc("a=d,d=a"))
        expect("a=d,d=a keeps virtual placements", k.snapshot().crop(0, 0, 8, 2), want)
        k.feed(apc("a=t,i=11,q=2,f=24,s=1,v=1", b"abc") + b"\x1b[2J")
        ok = 11 not in k.snapshot().images and 9 in k.snapshot().images
        print("  %sclear screen frees images without placements only" % ("ok  " if ok else "FAIL"))
        failures += [] if ok else ["clear screen"]
        k.feed(cells(9) + apc("a=d,d=i,i=9"))
        snap = k.snapshot()
        ok = bool(snap.problems) and not snap.pixels[:40, :80].any()
        print("  %sa=d,d=i removes the virtual placement" % ("ok  " if ok else "FAIL"))
        failures += [] if ok else ["delete"]
        k.feed(b"\x1b_Gi=5,s=1,v=1,a=q,t=d,f=24;AAAA\x1b\\\x1b[>q")
        answers = [a for _, kind, q, a in k.exchanges if a]
        ok = answers[-2:] == ["\x1b_Gi=5;OK\x1b\\", "\x1bP>|kitty(0.35.2)\x1b\\"]
        print("  %sanswers a=q and XTVERSION as kitty 0.35.2 (%r)" % ("ok  " if ok else "FAIL", answers[-2:]))
        failures += [] if ok else ["answers"]
    finally:
        k.close()
    return failures


def facts(k):
    """Queries inside the pane: what tmux answers, what passthrough brings back from kitty."""
    probe = os.path.join(k.dir, "probe.py")
    result = os.path.join(k.dir, "probe.out")
    with open(probe, "w") as f:
        f.write(r'''
import os, sys, termios, tty, select, time
fd = 0
tty.setraw(fd)
out = open(sys.argv[1], "w")
def pt(b): return b"\x1bPtmux;" + b.replace(b"\x1b", b"\x1b\x1b") + b"\x1b\\"
for label, q in [("XTVERSION", b"\x1b[>q"), ("DA1", b"\x1b[c"), ("DA2", b"\x1b[>c"), ("CSI 16 t", b"\x1b[16t"),
                 ("CSI 14 t", b"\x1b[14t"), ("XTVERSION via passthrough", pt(b"\x1b[>q")),
                 ("CSI 16 t via passthrough", pt(b"\x1b[16t")),
                 ("graphics query via passthrough", pt(b"\x1b_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\x1b\\")),
                 ("graphics query without passthrough", b"\x1b_Gi=32,s=1,v=1,a=q,t=d,f=24;AAAA\x1b\\")]:
    os.write(1, q)
    buf, end = b"", time.time() + 0.5
    while time.time() < end:
        if select.select([fd], [], [], 0.05)[0]:
            buf += os.read(fd, 4096)
    out.write("%-36s -> %r\n" % (label, buf))
out.write("done\n")
out.close()
time.sleep(3600)
''')
    pane = k.new_window("%s %s %s" % (sys.executable, probe, result))
    k.wait_for(lambda m: os.path.exists(result) and open(result).read().endswith("done\n"), timeout=20, what="probe")
    print("facts:")
    for line in open(result).read().splitlines()[:-1]:
        print("  in the pane: " + line)
    for fmt in ("client_termname", "client_termtype", "client_termfeatures", "client_utf8"):
        print("  #{%s} = %r" % (fmt, k.display("#{%s}" % fmt)))
    k.tmux("kill-window", "-t", pane)


def main(argv):
    global np
    if argv[:1] == ["--client"]:
        return client(argv[1:])
    if shutil.which("tmux") is None:
        print("SKIP: tmux is not installed")
        return 0
    try:
        import numpy as np  # noqa: F811
        import pyte  # noqa: F401
    except ImportError as e:
        print("SKIP: %s (pip install pyte numpy)" % e)
        return 0
    import tempfile
    import kitty_outer_model as model
    keep = None
    if "--keep-png" in argv:
        keep = argv[argv.index("--keep-png") + 1]
    started = time.monotonic()
    print("the model alone:")
    model_count = [0]
    early = model_checks(model, model_count)
    tmp = tempfile.mkdtemp(prefix="kitty-model-test-")
    try:
        with model.KittyOuter(columns=80, rows=24, cell=(10, 20)) as k:
            t = SelfTest(k, tmp, keep)
            print("in tmux (%s):" % os.popen("tmux -V").read().strip())
            k.start(t.command(42, colour="256", fmt="24z", before=1))
            first = k.display("#{pane_id}")
            t.wait_client(42)
            t.check("plain (256-colour id, f=24 o=z)", 42, first, before=1)

            k.new_window(t.command(43, colour="rgb", fmt="32", before=30, after=5))
            scrolled = k.display("#{pane_id}")
            t.wait_client(43)
            t.check("scrolled (24-bit id, f=32 chunks)", 43, scrolled, before=30, after=5)
            k.scroll(5, scrolled)
            k.wait_quiet(0.3)
            t.check("copy mode, 5 lines up", 43, scrolled, before=30, after=5, row_shift=5)
            k.leave_copy_mode(scrolled)
            k.wait_quiet(0.3)
            t.check("copy mode left", 43, scrolled, before=30, after=5)

            k.select_window(":0")
            k.wait_quiet(0.3)
            t.check("back in window 0", 42, first, before=1)
            split = k.split_window(t.command(44, colour="rgb", fmt="png", before=1), horizontal=True, target=first)
            t.wait_client(44)
            t.check("split pane (f=100 PNG)", 44, split, before=1)
            t.check("first pane after the split", 42, first, before=1)

            k.new_window(t.command(45, colour="256", fmt="24z", before=3))
            other = k.display("#{pane_id}")
            t.wait_client(45)
            t.check("another window", 45, other, before=3)
            part = k.split_window(t.command(46, colour="256", fmt="24z", before=1, first_col=3), target=other)
            t.wait_client(46)
            t.check("columns 3-7 only (column marks)", 46, part, before=1, first_col=3)
            k.select_window(":0")
            k.wait_quiet(0.3)
            t.check("switched back: first pane", 42, first, before=1)
            t.check("switched back: split pane", 44, split, before=1)
            k.select_window(":2")
            k.wait_quiet(0.3)
            t.check("switched again: other window", 45, other, before=3)
            t.check("switched again: columns 3-7", 46, part, before=1, first_col=3)

            big = [0x012345, (7 << 24) | 77, (5 << 24) | 0xABCD]
            k.new_window(t.command(big[0], colour="rgb", fmt="24z", before=2))
            p1 = k.display("#{pane_id}")
            t.wait_client(big[0])
            p2 = k.split_window(t.command(big[1], colour="256", fmt="32", before=2), horizontal=False, target=p1)
            t.wait_client(big[1])
            p3 = k.split_window(t.command(big[2], colour="rgb", fmt="png", before=0, inherit=1), horizontal=True, target=p2)
            t.wait_client(big[2])
            t.check("id 0x012345 (24-bit)", big[0], p1, before=2)
            t.check("id 7<<24|77 (256-colour, third mark)", big[1], p2, before=2)
            t.check("id 5<<24|0xabcd (24-bit, third, inherited)", big[2], p3, before=0)

            k.resize(100, 30)
            k.select_window(":0")
            k.wait_quiet(0.5)
            t.check("terminal resized to 100x30: first pane", 42, first, before=1)
            t.check("terminal resized to 100x30: split pane", 44, split, before=1)

            t.check_forwarded([42, 43, 44, 45, 46] + big)
            if "--facts" in argv:
                facts(k)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    took = time.monotonic() - started
    if t.failures or early:
        print("FAILED: %d of %d checks in tmux, %d model checks (%.1f s)" % (len(t.failures), t.checked, len(early), took))
        return 1
    print("passed: %d model checks, %d checks in tmux (%.1f s)" % (model_count[0], t.checked, took))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
