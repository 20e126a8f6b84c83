"""Writes linker/hot-functions.txt: the functions tview runs, in the order it first runs them,
for the linker to lay out together (`make build` passes the list to lld). tview's code is 10 MB
and the kernel maps it 64 KB around each page it runs, so functions scattered over it keep
several MB resident; placed together they keep far less.

Each workload plays under valgrind's callgrind in ptyrun's pseudo-terminal (160x48): med.gif in
the default symbols, in half blocks and as kitty and sixel pixels, med-lossy.jxl, and the
samples of each other format. A copy of the binary without its debug information is measured
(valgrind cannot read the Swift toolchain's DWARF 5). Functions that later builds no longer have
are skipped by the linker, so a stale list costs only the layout of the new code.

    make hot-functions        (then make build again)
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

import benchlib

WORKLOADS = [
    ["--loops", "1", "{media}/med.gif"],
    ["--loops", "1", "--symbols", "half", "{media}/med.gif"],
    ["--loops", "1", "--pixels", "kitty", "{media}/med.gif"],
    ["--loops", "1", "--pixels", "sixel", "{media}/med.gif"],
    ["--loops", "1", "{media}/med-lossy.jxl"],
    ["--loops", "1", "{samples}/apng-blend-alpha.png", "{samples}/webp-lossy-alpha.webp",
     "{samples}/jpeg-rgb.jpg", "{samples}/avif-lossless-alpha.avif", "{samples}/jxl-layers-lossy.jxl"],
]


def executed(profile, binary_name):
    """The functions of the binary a callgrind profile names, in the order they appear in it
    (callgrind numbers each name when it first meets it)."""
    names, objects, functions, current = {}, {}, {}, None
    with open(profile, errors="replace") as handle:
        for line in handle:
            match = re.match(r"^(ob|cob|fn|cfn)=\((\d+)\)(?: (.*))?$", line.rstrip("\n"))
            if not match:
                continue
            kind, number, name = match.groups()
            if kind in ("ob", "cob"):
                if name:
                    objects[number] = name
                if kind == "ob":
                    current = objects[number]
            else:
                if name:
                    functions[number] = name
                # callgrind marks a function's recursive calls as name'2 and the like, and names
                # the code before main "(below main)": neither is a symbol.
                symbol = re.sub(r"'\d+$", "", functions[number])
                if kind == "fn" and current.endswith("/" + binary_name) and " " not in symbol:
                    names.setdefault(symbol, len(names))
    return list(names)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--media", default="/tmp/tview-bench-media")
    parser.add_argument("--tview", default=benchlib.TVIEW)
    parser.add_argument("--out", default=os.path.join(benchlib.ROOT, "linker", "hot-functions.txt"))
    options = parser.parse_args()
    if shutil.which("valgrind") is None:
        sys.exit("valgrind not found: apt-get install valgrind")
    samples = os.path.join(benchlib.ROOT, "samples", "good")
    order = {}
    with tempfile.TemporaryDirectory() as work:
        binary = os.path.join(work, "tview")
        shutil.copy(options.tview, binary)
        subprocess.run(["strip", "--strip-debug", binary], check=True)
        for number, workload in enumerate(WORKLOADS):
            profile = os.path.join(work, "callgrind.%d" % number)
            arguments = [part.format(media=options.media, samples=samples) for part in workload]
            missing = [part for part in arguments if part.startswith("/") and not os.path.exists(part)]
            if missing:
                print("skipped (no %s: make bench makes the media)" % missing[0])
                continue
            command = ["valgrind", "--tool=callgrind", "--demangle=no", "--callgrind-out-file=" + profile,
                       binary] + arguments
            benchlib.ptyrun(command, 120)
            found = executed(profile, "tview")
            print("%-60s %5d functions" % (" ".join(arguments)[-60:], len(found)))
            for name in found:
                order.setdefault(name, len(order))
    os.makedirs(os.path.dirname(options.out), exist_ok=True)
    with open(options.out, "w") as handle:
        handle.write("".join(name + "\n" for name in order))
    print("%d functions in %s" % (len(order), options.out))


if __name__ == "__main__":
    main()
