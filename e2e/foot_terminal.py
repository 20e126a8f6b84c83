"""A real foot, headless: the cage compositor with WLR_BACKENDS=headless (it refuses root, so
foot runs as an unprivileged user made for the tests), screenshots with grim. cage 0.1.4 has no
virtual-keyboard protocol (wtype is refused), so keys are put into foot's tty input queue with
TIOCSTI, as typed keys arrive (root may; this kernel keeps dev.tty.legacy_tiocsti on).

The same interface as x11.X11Terminal: start(script), wait_ready(), key(name, times),
screenshot(path), stop()."""
import fcntl
import os
import pwd
import shutil
import subprocess
import tempfile
import termios
import time

from PIL import Image

USER = "tview-e2e"
# xdotool's key names, as the checks use them, and what they type.
KEYS = {"period": ".", "comma": ",", "q": "q"}


def ensure_user():
    try:
        pwd.getpwnam(USER)
    except KeyError:
        subprocess.run(["useradd", "--no-create-home", "--shell", "/bin/sh", USER], check=True)


class FootTerminal:
    """foot in cage, running a shell script as USER; its files go in a directory all may write."""

    def __init__(self, font="DejaVu Sans Mono:size=11", background="000000"):
        ensure_user()
        self.font, self.background = font, background
        self.home = tempfile.mkdtemp(prefix="tview-foot-")
        os.chmod(self.home, 0o777)
        self.runtime = os.path.join(self.home, "runtime")
        self.process = None

    def start(self, script):
        """Runs `script` (sh) in foot; its tty's name is kept for key()."""
        inner = f"tty > {self.home}/tty; {script}"
        with open(os.path.join(self.home, "inner.sh"), "w") as f:
            f.write(inner)
        outer = (f"export XDG_RUNTIME_DIR={self.runtime} WLR_BACKENDS=headless WLR_LIBINPUT_NO_DEVICES=1 "
                 f"WLR_RENDERER=pixman; mkdir -p {self.runtime} && chmod 700 {self.runtime}; "
                 f"exec cage -- foot -o main.font='{self.font}' -o colors.background={self.background} "
                 f"sh {self.home}/inner.sh > {self.home}/cage.log 2>&1")
        self.process = subprocess.Popen(["su", USER, "-s", "/bin/sh", "-c", outer], start_new_session=True,
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def wait_ready(self, seconds=15):
        """True once foot's shell runs and the compositor takes screenshots."""
        deadline = time.time() + seconds
        while time.time() < deadline:
            if os.path.exists(os.path.join(self.home, "tty")) and self._display():
                return True
            time.sleep(0.2)
        return False

    def _display(self):
        try:
            return next((n for n in os.listdir(self.runtime) if n.startswith("wayland") and not n.endswith(".lock")),
                        None)
        except OSError:
            return None

    def key(self, name, times=1):
        tty = open(os.path.join(self.home, "tty")).read().strip()
        descriptor = os.open(tty, os.O_RDWR | os.O_NOCTTY)
        try:
            for _ in range(times):
                for character in KEYS[name].encode():
                    fcntl.ioctl(descriptor, termios.TIOCSTI, bytes([character]))
                time.sleep(0.15)
        finally:
            os.close(descriptor)

    def screenshot(self, path):
        """The whole output as RGB, also written to `path` as PNG."""
        env = dict(os.environ, XDG_RUNTIME_DIR=self.runtime, WAYLAND_DISPLAY=self._display() or "")
        subprocess.run(["grim", path], env=env, check=True)
        return Image.open(path).convert("RGB")

    def log(self):
        try:
            return open(os.path.join(self.home, "cage.log")).read()
        except OSError:
            return ""

    def stop(self):
        """Ends everything USER runs (su puts cage in a session of its own; the user is the tests')."""
        if self.process is not None:
            subprocess.run(["pkill", "-TERM", "-u", USER], stderr=subprocess.DEVNULL)
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                subprocess.run(["pkill", "-KILL", "-u", USER], stderr=subprocess.DEVNULL)
                self.process.wait(timeout=5)
            self.process = None
        shutil.rmtree(self.home, ignore_errors=True)
