"""What the X11 end-to-end checks share: a virtual X server, and screenshots of a window by title."""
import contextlib
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
