#!/usr/bin/env python3
"""../shared/bench/ptyrun.py with its first-frame clock started by any mosaic character (its own
list holds only the half blocks): the same arguments, the same output."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "shared", "bench"))
import ptyrun  # noqa: E402

from benchlib import MOSAIC_GLYPHS  # noqa: E402

if __name__ == "__main__":
    ptyrun.GLYPHS = MOSAIC_GLYPHS
    sys.argv[0] = "ptyrun"
    ptyrun.main()
