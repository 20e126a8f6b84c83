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

    def start(self, script):
        """Runs `script` (sh) in the terminal (`command` ends with its run-this option, if any)."""
        # A session of its own, so stop() ends what the script started too (a tview under
        # `script` keeps playing when its terminal is gone).
        self.process = subprocess.Popen(self.command + ["sh", "-c", script], env=self.env, start_new_session=True,
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def wait_ready(self, seconds=15):
        deadline = time.time() + seconds
        while time.time() < deadline:
            found = subprocess.run(["xdotool", "search", "--name", self.title], env=self.env, capture_output=True,
                                   text=True)
            if found.returncode == 0 and found.stdout.strip():
                self.window = found.stdout.split()[0]
                return True
            time.sleep(0.2)
        return False

    def key(self, name, times=1):
        for _ in range(times):
            subprocess.run(["xdotool", "key", "--window", self.window, name], env=self.env, check=True,
                           stderr=subprocess.DEVNULL)
            time.sleep(0.15)

    def screenshot(self, path):
        return screenshot(self.env, self.title, path)

    def log(self):
        return ""

    def stop(self):
        if self.process is not None:
            try:
                os.killpg(self.process.pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
            self.process.wait(timeout=10)
            self.process = None
