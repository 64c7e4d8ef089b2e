#!/usr/bin/env python3
"""Turn ample_bench's results.json into OUTDIR/results.md and OUTDIR/plots/*.svg.

Usage: report.py results.json OUTDIR [--compare OTHER.json]

results.json is an array of result records ({"workload", "impl", "median_s", "min_s",
"max_s", "reps", "metric", "value"}, optionally "build_s", "verified" and "path") plus exactly one
record with "workload": "machine" describing where it ran. Workload and impl names are data:
an impl whose name starts with "ample" is Ample's, every other impl is a peer. Each workload
gets its speed-up over "serial" and, for Ample's impls, its time ratio to each reference peer
present (REFERENCE_PEERS). The plots need matplotlib; without it only results.md is written.
With --compare, OTHER.json is the same suite built with another compiler, and results.md lists
the (workload, impl) pairs whose median times differ by more than COMPARE_THRESHOLD.
"""
from __future__ import annotations

import argparse
import json
import math
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

BASELINE = "serial"
# Peers Ample is measured against; "serial" is the baseline and "memcpy" a bandwidth bound.
REFERENCE_PEERS = ("openmp", "pocl", "openblas")
AMPLE_COLOUR, PEER_COLOUR = "#1f77b4", "#9a9a9a"
MACHINE_FIELDS = (  # (key, label) in the order the details block lists them
    ("cpu", "CPU"), ("cpu_family_model", "CPU family/model"), ("cores", "Cores"),
    ("clock_mhz", "Clock (MHz)"), ("threads", "Threads"),
    ("compiler", "Compiler"), ("flags", "Flags"), ("commit", "Commit"), ("date", "Date"),
    ("openblas", "OpenBLAS"), ("pocl", "PoCL"), ("command", "Command"),
)
CODE_FIELDS = {"flags", "commit", "command"}  # shown as `code` in results.md
COMPARE_THRESHOLD = 1.2  # --compare lists the pairs whose slower median over faster exceeds it
# Machine fields that, when they differ, mean more than the compiler changed between two runs.
SAME_RUN_FIELDS = ("cpu", "threads", "quick")


@dataclass(frozen=True)
class Result:
    workload: str
    impl: str
    median_s: float
    min_s: float
    max_s: float
    reps: int
    metric: str
    value: float
    build_s: float | None  # PoCL's kernel build time; absent or negative means not measured
    verified: bool
    path: str | None  # the path Ample's tiled launches took ("compiled", "fibers", "mixed")

    @property
    def is_ample(self) -> bool:
        return self.impl.startswith("ample")

    @property
    def lower_is_better(self) -> bool:
        return self.metric in ("ns", "us", "ms", "s")  # a latency; GFLOP/s and GB/s are rates


def load(path: Path) -> tuple[dict[str, Any], list[Result]]:
    """Split results.json into the machine record and the results, in file order."""
    records = json.loads(path.read_text())
    if not isinstance(records, list) or not all(isinstance(r, dict) for r in records):
        raise ValueError("expected a JSON array of objects")
    machines = [r for r in records if r.get("workload") == "machine"]
    if len(machines) != 1:
        raise ValueError(f"expected exactly one machine record, found {len(machines)}")
    results = []
    for r in records:
        if r.get("workload") == "machine":
            continue
        try:
            build_s = r.get("build_s")
            results.append(Result(
                workload=str(r["workload"]), impl=str(r["impl"]),
                median_s=float(r["median_s"]), min_s=float(r["min_s"]),
                max_s=float(r["max_s"]), reps=int(r["reps"]), metric=str(r["metric"]),
                value=float(r["value"]),
                build_s=float(build_s) if build_s is not None and build_s >= 0 else None,
                verified=bool(r.get("verified", True)),
                path=str(r["path"]) if "path" in r else None))
        except (KeyError, TypeError, ValueError) as e:
            raise ValueError(f"bad record {json.dumps(r)}: {e!r}") from e
    return machines[0], results


def by_workload(results: list[Result]) -> dict[str, list[Result]]:
    groups: dict[str, list[Result]] = {}
    for r in results:
        groups.setdefault(r.workload, []).append(r)
    return groups


def significant(x: float) -> str:
    """x with 4 significant digits and no exponent: 1234, 12.35, 0.1235."""
    if x == 0 or not math.isfinite(x):
        return str(x)
    decimals = max(0, 3 - math.floor(math.log10(abs(x)) + 1e-9))
    text = f"{x:.{decimals}f}"
    return text.rstrip("0").rstrip(".") if "." in text else text


def human_time(seconds: float) -> str:
    for scale, unit in ((1, "s"), (1e-3, "ms"), (1e-6, "us")):
        if seconds >= scale:
            return f"{significant(seconds / scale)} {unit}"
    return f"{significant(seconds * 1e9)} ns"


def ratio(x: float) -> str:
    return f"{significant(x)}x"


def divide(a: float, b: float) -> float:
    return a / b if b > 0 else math.inf


def peers_in(group: list[Result]) -> list[Result]:
    return [r for r in group if r.impl in REFERENCE_PEERS]


def machine_line(machine: dict[str, Any]) -> str:
    cpu = machine.get("cpu", "unknown CPU")
    return f"{cpu}, {machine.get('threads', '?')} threads, {machine.get('compiler', '?')}"


def best_vs_peer(group: list[Result]) -> tuple[Result, Result] | None:
    """Ample's fastest impl and the fastest reference peer of a workload, if both exist."""
    usable = [r for r in group if r.verified and r.median_s > 0]  # a wrong answer wins nothing
    ample = [r for r in usable if r.is_ample]
    peers = peers_in(usable)
    if not ample or not peers:
        return None
    return min(ample, key=lambda r: r.median_s), min(peers, key=lambda r: r.median_s)


def summaries(groups: dict[str, list[Result]]) -> dict[str, tuple[Result, Result]]:
    return {w: pair for w, g in groups.items() if (pair := best_vs_peer(g))}


def plot_file(workload: str) -> str:
    """The plot's file name, relative to OUTDIR/plots; names are data, so keep them path-safe."""
    return re.sub(r"[^A-Za-z0-9_.-]", "_", workload) + ".svg"


def details(machine: dict[str, Any], results: list[Result]) -> list[str]:
    known = {key for key, _ in MACHINE_FIELDS} | {"workload"}
    fields = [(key, label, machine.get(key, "unknown")) for key, label in MACHINE_FIELDS]
    fields += [(key, key, value) for key, value in machine.items() if key not in known]
    lines = ["## Experiment details", ""]
    lines += [f"- **{label}:** " + (f"`{value}`" if key in CODE_FIELDS else str(value))
              for key, label, value in fields]
    reps = sorted({r.reps for r in results}) or [0]
    n = str(reps[0]) if len(reps) == 1 else f"{reps[0]}-{reps[-1]} (see the reps column)"
    statistic = f"median of {n} repetitions after a warm-up"
    if "--quick" in str(machine.get("command", "")):
        statistic += " (quick run: no warm-up for runs over 1 s)"
    return lines + [f"- **Statistic:** {statistic}; min and max are over the same repetitions", ""]


def table(group: list[Result]) -> list[str]:
    impls = {r.impl: r for r in group}
    serial = impls.get(BASELINE)
    peers = peers_in(group)
    unit = group[0].metric + (", lower is better" if group[0].lower_is_better else "")
    header = ["impl", "median", "min", "max", "reps", unit]
    has_build = any(r.build_s is not None for r in group)
    if has_build:
        header.append("kernel build")
    if serial:
        header.append("speed-up vs serial")
    header += [f"time / {p.impl}" for p in peers]
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    for r in group:
        name = f"**{r.impl}**" if r.is_ample else r.impl
        if r.path:
            name += f" ({r.path})"
        if not r.verified:
            name += " (FAILED verification)"
        row = [name, human_time(r.median_s), human_time(r.min_s), human_time(r.max_s),
               str(r.reps), significant(r.value)]
        if has_build:
            row.append(human_time(r.build_s) if r.build_s is not None else "")
        if serial:
            row.append(ratio(divide(serial.median_s, r.median_s)))
        row += [ratio(divide(r.median_s, p.median_s)) if r.is_ample else "" for p in peers]
        lines.append("| " + " | ".join(row) + " |")
    return lines


def compared(machine: dict[str, Any], results: list[Result], other_machine: dict[str, Any],
             other: list[Result], other_name: str) -> list[str]:
    """The "Compilers compared" section: this run (A) against other_name (B), pair by pair."""
    a, b = (str(m.get("compiler", "unknown compiler")) for m in (machine, other_machine))
    if a == b:
        a, b = f"{a} (this run)", f"{b} ({other_name})"
    theirs = {(r.workload, r.impl): r for r in other}
    pairs = [(r, o) for r in results
             if (o := theirs.get((r.workload, r.impl))) and r.median_s > 0 and o.median_s > 0]
    differing = [(r, o) for r, o in pairs
                 if divide(max(r.median_s, o.median_s), min(r.median_s, o.median_s))
                 > COMPARE_THRESHOLD]
    percent = f"{significant((COMPARE_THRESHOLD - 1) * 100)} %"
    lines = ["## Compilers compared", "",
             f"Median times of this run (A: {a}) against {other_name} (B: {b}); ratio (B/A) "
             f"is B's median over A's, above 1 means {a} is faster.", ""]
    changed = [key for key in SAME_RUN_FIELDS if machine.get(key) != other_machine.get(key)]
    if changed:
        lines += [f"The runs also differ in {', '.join(changed)}, so not only the compiler "
                  "changed.", ""]
    lines.append(f"{len(pairs)} (workload, impl) pairs are in both files; "
                 + (f"{len(differing)} differ by more than {percent}:" if differing
                    else f"none differ by more than {percent}."))
    lines.append("")
    if differing:
        lines += [f"| workload | impl | {a} median | {b} median | ratio (B/A) | faster |",
                  "|---|---|---|---|---|---|"]
        for r, o in differing:
            name = r.impl + ("" if r.verified and o.verified else " (FAILED verification)")
            lines.append(f"| {r.workload} | {name} | {human_time(r.median_s)} | "
                         f"{human_time(o.median_s)} | {ratio(divide(o.median_s, r.median_s))} | "
                         f"{a if r.median_s < o.median_s else b} |")
        lines.append("")
    return lines


def markdown(machine: dict[str, Any], results: list[Result], plots: bool,
             comparison: list[str]) -> str:
    groups = by_workload(results)
    lines = ["# Ample benchmark results", ""] + details(machine, results)
    summary = summaries(groups)
    if summary:
        lines += ["## Summary", "",
                  "Ample's fastest impl against the fastest reference peer "
                  f"({', '.join(REFERENCE_PEERS)}); time ratio, below 1 means Ample is faster.",
                  "", "| workload | Ample impl | peer | time ratio |", "|---|---|---|---|"]
        lines += [f"| {w} | {a.impl} | {p.impl} | {ratio(divide(a.median_s, p.median_s))} |"
                  for w, (a, p) in summary.items()]
        lines.append("")
        if plots:
            lines += [f"![summary](plots/{plot_file('summary')})", ""]
    lines += comparison
    lines += ["Speed-up vs serial is serial's median time over the impl's; `time / peer` is the "
              "Ample impl's median time over the peer's (below 1: Ample is faster).", ""]
    for workload, group in groups.items():
        lines += [f"## {workload}", ""] + table(group) + [""]
        if plots:
            lines += [f"![{workload}](plots/{plot_file(workload)})", ""]
    return "\n".join(lines)


def plot_all(machine: dict[str, Any], groups: dict[str, list[Result]], plot_dir: Path) -> None:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.patches import Patch
    from matplotlib.ticker import FuncFormatter, NullLocator

    # Fixed ids and no date make the SVGs identical across runs with identical numbers.
    plt.rcParams["svg.hashsalt"] = "ample"
    svg_metadata = {"Date": None}
    plot_dir.mkdir(parents=True, exist_ok=True)
    subtitle = machine_line(machine)
    legend = [Patch(color=AMPLE_COLOUR, label="Ample"), Patch(color=PEER_COLOUR, label="peers")]

    def save(fig: Any, name: str) -> None:
        fig.savefig(plot_dir / plot_file(name), format="svg", metadata=svg_metadata)
        plt.close(fig)

    for workload, group in groups.items():
        fig, ax = plt.subplots(figsize=(8, 1.2 + 0.45 * len(group)), layout="constrained")
        labels = [r.impl + ("" if r.verified else " (FAILED)") for r in group]
        bars = ax.barh(labels, [r.value for r in group],
                       color=[AMPLE_COLOUR if r.is_ample else PEER_COLOUR for r in group],
                       hatch=[None if r.verified else "//" for r in group])
        ax.bar_label(bars, labels=[significant(r.value) for r in group], padding=3, fontsize=8)
        ax.invert_yaxis()  # file order, top to bottom
        ax.margins(x=0.15)
        better = "lower is better" if group[0].lower_is_better else "higher is better"
        ax.set_xlabel(f"{group[0].metric} ({better})")
        ax.legend(handles=legend, loc="upper left", bbox_to_anchor=(1.01, 1), fontsize=8,
                  frameon=False)
        fig.suptitle(workload, fontweight="bold")
        ax.set_title(subtitle, fontsize=9)
        save(fig, workload)

    summary = summaries(groups)
    if not summary:
        return
    fig, ax = plt.subplots(figsize=(8, 1.2 + 0.5 * len(summary)), layout="constrained")
    ratios = [divide(a.median_s, p.median_s) for a, p in summary.values()]
    # Bars grow from 1 on a log axis, so 2x faster and 2x slower are equally long.
    bars = ax.barh([f"{w}\n{a.impl} vs {p.impl}" for w, (a, p) in summary.items()],
                   [x - 1 for x in ratios], left=1,
                   color=["#2ca02c" if x <= 1 else "#d62728" for x in ratios])
    ax.bar_label(bars, labels=[ratio(x) for x in ratios], padding=3, fontsize=8)
    ax.axvline(1, color="black", linewidth=0.8)
    ax.set_xscale("log", base=2)
    ax.set_xlim(min(min(ratios), 1) / 2, max(max(ratios), 1) * 2)
    ax.xaxis.set_major_formatter(FuncFormatter(lambda x, _: f"{x:g}x"))
    ax.xaxis.set_minor_locator(NullLocator())
    ax.invert_yaxis()
    ax.tick_params(axis="y", labelsize=8)
    ax.set_xlabel("Ample time / fastest reference peer's time (lower is better; < 1: Ample faster)")
    fig.suptitle("Ample vs its fastest peer", fontweight="bold")
    ax.set_title(subtitle, fontsize=9)
    save(fig, "summary")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="report.py")
    parser.add_argument("results", type=Path, metavar="results.json",
                        help="ample_bench's results.json")
    parser.add_argument("out_dir", type=Path, metavar="OUTDIR")
    parser.add_argument("--compare", type=Path, metavar="OTHER.json",
                        help="results of the same suite built with another compiler")
    args = parser.parse_args(argv[1:])
    loaded: list[tuple[dict[str, Any], list[Result]]] = []
    for source in [args.results] + ([args.compare] if args.compare else []):
        try:
            loaded.append(load(source))
        except (OSError, ValueError) as e:
            print(f"report.py: {source}: {e}", file=sys.stderr)
            return 1
    (machine, results), out_dir = loaded[0], args.out_dir
    comparison = compared(machine, results, *loaded[1], args.compare.name) if args.compare else []
    try:
        import matplotlib  # noqa: F401  (only to learn whether the plots can be drawn)
        plots = True
    except ImportError:
        print("report.py: warning: matplotlib is not installed (apt-get install "
              "python3-matplotlib); writing results.md without plots", file=sys.stderr)
        plots = False
    if plots:
        plot_all(machine, by_workload(results), out_dir / "plots")
    out_dir.mkdir(parents=True, exist_ok=True)
    (out_dir / "results.md").write_text(markdown(machine, results, plots, comparison))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
