#!/usr/bin/env python3
"""pages_touched.py MARKERS TRACE: the 4 KiB pages and 64-byte lines that one launch reads or
writes, code and data apart, from one_launch's printed marker addresses and lackey's trace."""
import sys

begin, end = (int(a, 16) for a in open(sys.argv[1]).read().split())
inside = False
touched = {"code": (set(), set()), "data": (set(), set())}
for line in open(sys.argv[2]):
    fields = line.split()
    if len(fields) < 2 or fields[0] not in ("I", "L", "S", "M"):
        continue
    address = int(fields[1].split(",")[0], 16)
    if fields[0] in ("S", "M") and address in (begin, end):
        if address == end:
            break
        inside = True
        continue
    if inside:
        pages, lines = touched["code" if fields[0] == "I" else "data"]
        pages.add(address >> 12)
        lines.add(address >> 6)
for kind, (pages, lines) in touched.items():
    print(f"{kind}: {len(pages)} pages, {len(lines)} lines")
