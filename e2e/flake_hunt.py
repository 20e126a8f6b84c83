#!/usr/bin/env python3
"""Runs a test that failed now and then many times beside the rest of the suite, and shows what
each copy measured.

The copies run inside one full `swift test` (TVIEW_TEST_REPEAT makes the test take that many
arguments, Tests/TestSupport/Repetition.swift), so they share the runner and the machine with
every other test, as the flake did in CI; each copy appends its measurement to TVIEW_TEST_LOG.

    python3 e2e/flake_hunt.py                 # CostlyInputTests' huge canvas, 50 copies
    python3 e2e/flake_hunt.py --runs 200 --test aHugeCanvasOfTinyFramesPlaysInLittleMemory

Build first (`make test` or `swift build -c release -Xswiftc -enable-testing --scratch-path
.build-test --build-tests`). Exit status 0 when every copy passed and the suite did too.
For another flaky test: give it `@Test(arguments: Repetition.runs)` and a `Repetition.record`.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=50)
    parser.add_argument("--test", default="aHugeCanvasOfTinyFramesPlaysInLittleMemory")
    parser.add_argument("--scratch", default=".build-test")
    parser.add_argument("--bound", type=float, default=160.0, help="the test's bound, to print the margin")
    args = parser.parse_args()

    with tempfile.NamedTemporaryFile("w+", prefix="flake-", suffix=".log") as log:
        environment = dict(os.environ, TVIEW_TEST_REPEAT=str(args.runs), TVIEW_TEST_LOG=log.name)
        command = ["swift", "test", "-c", "release", "-Xswiftc", "-enable-testing",
                   "--scratch-path", args.scratch, "--skip-build"]
        suite = subprocess.run(command, cwd=ROOT, env=environment, capture_output=True, text=True)
        output = suite.stdout + suite.stderr
        log.seek(0)
        measured = [line.strip() for line in log if args.test in line]

    failed = [line for line in output.splitlines() if "✘" in line and args.test in line]
    values = [float(m.group(1)) for m in (re.search(r"([0-9.]+)$", line) for line in measured) if m]
    print(f"{args.test}: {len(measured)} copies measured of {args.runs}")
    if values:
        print(f"  min {min(values):.1f}  max {max(values):.1f}  (bound {args.bound:g}, "
              f"{sum(v >= args.bound for v in values)} at or over it)")
    for line in failed:
        print("  " + line)
    closing = [line for line in output.splitlines() if re.search(r"Test run with \d+ tests", line)]
    print("suite: " + (closing[-1].strip() if closing else f"exit {suite.returncode}"))
    ok = suite.returncode == 0 and not failed and len(values) == args.runs
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
