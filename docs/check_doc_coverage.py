#!/usr/bin/env python3
"""Fails when a public symbol of TViewKit has no summary in its doc comment (make docs).

Reads the documentation-coverage.json DocC writes with --experimental-documentation-coverage.
Members a protocol conformance makes for us (==, !=, hashValue, rawValue and init(rawValue:)
of a raw-value enum, allCases) are documented by the standard library and are passed over, as
are DocC's own groups. Also fails when an initializer or method with parameters leaves any of
them undocumented.

Usage: check_doc_coverage.py [ARCHIVE_DIR]"""
import glob
import json
import os
import sys

SYNTHESIZED = {"hashValue", "hash(into:)", "rawValue", "init(rawValue:)", "allCases", "RawValue", "AllCases",
               "==(_:_:)", "!=(_:_:)", "description"}


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else ".build-docs"
    found = glob.glob(os.path.join(root, "**", "TViewKit.doccarchive", "documentation-coverage.json"), recursive=True)
    if not found:
        print("check_doc_coverage: no documentation-coverage.json under " + root)
        return 1
    entries = json.load(open(found[0]))
    missing = []
    checked = 0
    for entry in entries:
        kind = entry["kind"]
        if not kind.get("isSymbol") or kind["name"] in ("Operator", "Module"):
            continue
        title = entry["title"].split(".")[-1] if kind["name"] == "Enumeration Case" else entry["title"]
        if title in SYNTHESIZED or entry["referencePath"].endswith("-Implementations"):
            continue
        checked += 1
        path = entry["referencePath"].split("/documentation/")[-1]
        if not entry["hasAbstract"]:
            missing.append(f"{path}: no summary")
        parameters = entry.get("kindSpecificData", {}).get("associatedValue", {})
        if isinstance(parameters, dict) and parameters.get("total", 0) > parameters.get("documented", 0):
            missing.append(f"{path}: {parameters['total'] - parameters['documented']} parameters undocumented")
    for line in sorted(missing):
        print("check_doc_coverage: " + line)
    print(f"check_doc_coverage: {checked} public symbols, {len(missing)} problems")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
