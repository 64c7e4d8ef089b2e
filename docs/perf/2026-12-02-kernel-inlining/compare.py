"""Prints, per workload and implementation, each run's median for head and new and the ratio of
their medians (new / head): python3 compare.py 'flat_*.json'."""
import collections
import glob
import json
import statistics
import sys

runs = collections.defaultdict(lambda: collections.defaultdict(list))
for path in sorted(glob.glob(sys.argv[1])):
    build = "head" if "_head_" in path else "new"
    for record in json.load(open(path)):
        if "median_s" in record:
            runs[(record["workload"], record["impl"])][build].append(record["median_s"])


for (workload, impl), by_build in runs.items():
    head, new = by_build["head"], by_build["new"]
    print(f"{workload:34} {impl:28} head {' '.join('%.4g' % t for t in head):36} "
          f"new {' '.join('%.4g' % t for t in new):36} {statistics.median(new) / statistics.median(head):.2f}")
