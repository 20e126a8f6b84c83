"""What the X11 end-to-end checks share: a virtual X server, and screenshots of a window by title."""
import contextlib
import os
import signal
import subprocess
import tempfile
import time

from PIL import Image


@contextlib.contextmanager
def virtual_display(display):
    """Xvfb on `display` (1280x900, 24-bit) for the duration of the block."""
    xvfb = subprocess.Popen(["Xvfb", display, "-screen", "0", "1280x900x24", "-nolisten", "tcp"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        time.sleep(1)
        yield
    finally:
        xvfb.terminate()
        xvfb.wait(timeout=5)


def screenshot(env, title, path):
    """The window named `title` as RGB, also written to `path` as PNG."""
    with tempfile.NamedTemporaryFile(suffix=".xwd") as dump:
        subprocess.run(["xwd", "-name", title, "-silent", "-out", dump.name], env=env, check=True)
        # -strip: no timestamps, so the same picture is the same file.
        subprocess.run(["/usr/bin/convert", "xwd:" + dump.name, "-strip", "png:" + path], check=True)
    return Image.open(path).convert("RGB")


class X11Terminal:
    """A terminal window under Xvfb, found by its title; keys with xdotool, screenshots with xwd.
    The same interface as foot_terminal.FootTerminal: start(script), wait_ready(), key(name,
    times), screenshot(path), stop()."""

    def __init__(self, command, env, title):
        self.command, self.env, self.title = command, env, title
        self.process = None
        self.window = None
        self.errors = tempfile.TemporaryFile()
        self.script = None

    def start(self, script):
        """Runs `script` (sh) in the terminal (`command` ends with its run-this option, if any)."""
        self.script = script
        self.process = subprocess.Popen(self.command + ["sh", "-c", script], env=self.env,
                                        stdout=subprocess.DEVNULL, stderr=self.errors)

    def wait_ready(self, seconds=15):
        """True once the window is there. A terminal that exits without one is started once more,
        and says so: now and then Xvfb refuses a connection for a moment (EAGAIN: mlterm's log
        "Couldn't open display", xterm's "Can't open display", each once in a run of make e2e)."""
        for attempt in range(2):
            deadline = time.time() + seconds
            while time.time() < deadline:
                found = subprocess.run(["xdotool", "search", "--name", self.title], env=self.env,
                                       capture_output=True, text=True)
                if found.returncode == 0 and found.stdout.strip():
                    self.window = found.stdout.split()[0]
                    return True
                if self.process.poll() is not None:
                    break
                time.sleep(0.2)
            if attempt == 0 and self.process.poll() is not None:
                print(f"{self.command[0]} exited ({self.process.returncode}) without a window: {self.log()[-300:]!r}; "
                      "starting it again")
                self.start(self.script)
            else:
                return False
        return False

    def key(self, name, times=1):
        for _ in range(times):
            subprocess.run(["xdotool", "key", "--window", self.window, name], env=self.env, check=True,
                           stderr=subprocess.DEVNULL)
            time.sleep(0.15)

    def screenshot(self, path):
        return screenshot(self.env, self.title, path)

    def log(self):
        """What the terminal wrote on its standard error."""
        self.errors.seek(0)
        return self.errors.read().decode(errors="replace")

    def stop(self):
        """Ends the terminal and everything under it: what runs in it has sessions of its own
        (its pty's, and `script`'s), and a tview under `script` would keep playing."""
        if self.process is not None:
            under = descendants(self.process.pid)
            self.process.terminate()
            for pid in under:
                try:
                    os.kill(pid, signal.SIGTERM)
                except ProcessLookupError:
                    pass
            self.process.wait(timeout=10)
            self.process = None


def descendants(pid):
    """The processes under `pid`, children first."""
    listing = subprocess.run(["ps", "-e", "-o", "pid=,ppid="], capture_output=True, text=True).stdout
    children = {}
    for line in listing.splitlines():
        child, parent = map(int, line.split())
        children.setdefault(parent, []).append(child)
    found, queue = [], [pid]
    while queue:
        for child in children.get(queue.pop(0), []):
            found.append(child)
            queue.append(child)
    return found
