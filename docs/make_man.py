#!/usr/bin/env python3
"""Writes tview's man page (mdoc) from what the program says of itself: `tview
--experimental-dump-help` (every option, its value name, default and allowed values) and the
command's discussion (description, keys, modes, exit status, environment). One sentence per
line and no line over 80 bytes, so `mandoc -T lint` has nothing to say.

Usage: make_man.py TVIEW DATE OUT"""
import datetime
import json
import re
import subprocess
import sys
import textwrap


# roff's own names for the few non-ASCII characters tview's help uses; any other is \[uXXXX].
# groff reads its input as Latin-1, so a raw UTF-8 character is two or three wrong ones.
NAMED = {"\u2013": "\\(en", "\u2014": "\\(em", "\u2018": "\\(oq", "\u2019": "\\(cq", "\u00d7": "\\(mu"}


def escape(text):
    text = text.replace("\\", "\\e")
    return "".join(c if ord(c) < 128 else NAMED.get(c, "\\[u%04X]" % ord(c)) for c in text)


def sentences(paragraph):
    """One sentence per line (mdoc's rule), each wrapped below 80 bytes."""
    parts = re.split(r"(?<=[.!?])\s+(?=[A-Z\"'(])", " ".join(paragraph.split()))
    lines = []
    for part in parts:
        # Narrower until every line fits in bytes (block characters take three each).
        width = 78
        while True:
            wrapped = textwrap.wrap(escape(part), width, break_on_hyphens=False, break_long_words=False)
            if width <= 40 or all(len(line.encode()) <= 78 for line in wrapped):
                break
            width -= 4
        for line in wrapped:
            lines.append("\\&" + line if line[0] in ".'" else line)
    return lines


def flag_names(argument):
    names = []
    for name in argument.get("names") or []:
        names.append(("Fl \\-" if name["kind"] == "long" else "Fl ") + name["name"])
    return " , ".join(names)


def main():
    tool, date, out = sys.argv[1:4]
    date = datetime.date.fromisoformat(date).strftime("%B %-d, %Y")
    info = json.loads(subprocess.run([tool, "--experimental-dump-help"], capture_output=True, check=True).stdout)
    command = info["command"]
    page = [".Dd " + date, ".Dt TVIEW 1", ".Os", ".Sh NAME", ".Nm tview",
            ".Nd play animated images in the terminal", ".Sh SYNOPSIS", ".Nm", ".Op Ar options",
            ".Op Ar FILE ...", ".Sh DESCRIPTION"]
    page += sentences(command["abstract"])
    headings = {"Keys:": "keys", "Exit status:": "exit", "Environment:": "environment", "Usage:": "usage"}
    blocks = {}
    for block in command["discussion"].split("\n\n"):
        key = next((name for start, name in headings.items() if block.startswith(start)), None)
        if key:
            blocks[key] = block.split(":", 1)[1].strip("\n")
        else:
            page.append(".Pp")
            page += sentences(block)
    page += [".Ss Keys"] + sentences(blocks["keys"])
    options = [a for a in command["arguments"] if a["kind"] != "positional" and a.get("shouldDisplay", True)]
    page += [".Ss Options", ".Bl -tag -width Ds"]
    for argument in options:
        head = ".It " + flag_names(argument)
        if argument["kind"] == "option":
            head += " Ar " + argument["valueName"]
        page.append(head)
        page += sentences(argument["abstract"])
        if argument.get("allValues"):
            page += sentences("Values: " + ", ".join(argument["allValues"]) + ".")
        if argument.get("defaultValue") is not None:
            default = argument["defaultValue"]
            default = default[:-2] if default.endswith(".0") else default
            page += sentences("Default: " + default + ".")
    page.append(".El")
    page += [".Sh ENVIRONMENT"] + sentences(blocks["environment"])
    page += [".Sh EXIT STATUS"] + sentences(blocks["exit"])
    page += [".Sh EXAMPLES", ".Bl -tag -width Ds"]
    # Usage: each command on its line, what it does on the next, indented further.
    lines = [line for line in blocks["usage"].split("\n") if line.strip()]
    for example, what in zip(lines[0::2], lines[1::2]):
        what = what.strip()
        page += [".It Li " + escape(example.strip())] + sentences(what[:1].upper() + what[1:].rstrip(". ") + ".")
    page.append(".El")
    with open(out, "w") as handle:
        handle.write("\n".join(page) + "\n")


if __name__ == "__main__":
    main()
