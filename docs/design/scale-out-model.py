#!/usr/bin/env python3
"""Predicted parallel efficiency of the two distributed samples (samples/mpi) on a cluster.

The model of docs/design/scale-out.md, section "Model": per-rank compute time from the
single-rank rates measured on this machine, scaled to a node, plus communication time from a
latency-bandwidth (alpha-beta) network. Prints the Markdown tables the document quotes:

    python3 docs/design/scale-out-model.py SUMMA_GFLOPS HEAT_MCELLS
"""
import math
import sys

# The rates measured on one rank of the 2-core machine, and the node the predictions assume:
# 64 cores, the measured rate scaled linearly (an optimistic compute rate, which makes the
# communication's share, and so the predicted loss, larger, not smaller).
MEASURED_CORES = 2
NODE_CORES = 64

NETWORKS = {
    # alpha: one message's latency (s); beta: seconds per byte (1 / bandwidth).
    "100 Gb/s InfiniBand (1.5 us, 12.5 GB/s)": (1.5e-6, 1 / 12.5e9),
    "25 GbE (20 us, 3.1 GB/s)": (20e-6, 1 / 3.1e9),
}
NODES = [16, 64, 256, 1024]
FLOAT = 4


def summa_efficiency(n, p, gflops, alpha, beta):
    """SUMMA on a sqrt(p) x sqrt(p) grid, panel width = block size b = n / sqrt(p), so n / b
    steps. Each step broadcasts a b x b panel along a grid row and one along a grid column
    (large broadcasts: scatter + allgather, about 2 m beta + log2(q) alpha each); no overlap
    of communication with the local product, as in samples/mpi/summa.cpp."""
    q = math.sqrt(p)
    b = n / q
    compute = 2.0 * n ** 3 / p / (gflops * 1e9)
    steps = n / b
    panel = b * b * FLOAT
    per_broadcast = math.log2(q) * alpha + 2 * panel * beta if q > 1 else 0.0
    communicate = steps * 2 * per_broadcast
    return compute / (compute + communicate)


def heat_efficiency(rows, cols, p, mcells, alpha, beta):
    """Row decomposition: each step exchanges one row of `cols` floats with each of two
    neighbours (both directions at once) and updates rows / p x cols points. The exchange
    overlaps the interior update, so a step costs max(interior, exchange) + the two edge bands
    (2 x 16 rows)."""
    local_rows = rows / p
    per_row = cols / (mcells * 1e6)
    interior = max(local_rows - 32, 0) * per_row
    edges = min(32, local_rows) * per_row
    exchange = 2 * (alpha + cols * FLOAT * beta) if p > 1 else 0.0
    ideal = local_rows * per_row
    return ideal / (max(interior, exchange) + edges)


def main():
    summa_gflops = float(sys.argv[1]) * NODE_CORES / MEASURED_CORES
    heat_mcells = float(sys.argv[2]) * NODE_CORES / MEASURED_CORES
    print(f"Node rates assumed: SUMMA {summa_gflops:.0f} GFLOP/s, heat {heat_mcells:.0f} Mcell-updates/s\n")
    cases = [
        ("SUMMA weak, 8192 x 8192 block per node", lambda p, a, b: summa_efficiency(8192 * math.sqrt(p), p, summa_gflops, a, b)),
        ("SUMMA strong, n = 65536", lambda p, a, b: summa_efficiency(65536, p, summa_gflops, a, b)),
        ("heat weak, 8192 rows x 8192 cols per node", lambda p, a, b: heat_efficiency(8192 * p, 8192, p, heat_mcells, a, b)),
        ("heat strong, 65536 x 65536 plate", lambda p, a, b: heat_efficiency(65536, 65536, p, heat_mcells, a, b)),
        ("heat strong, 16384 x 16384 plate", lambda p, a, b: heat_efficiency(16384, 16384, p, heat_mcells, a, b)),
    ]
    for network, (alpha, beta) in NETWORKS.items():
        print(f"| {network} | " + " | ".join(f"{p} nodes" for p in NODES) + " |")
        print("|---|" + "---:|" * len(NODES))
        for name, efficiency in cases:
            print(f"| {name} | " + " | ".join(f"{100 * efficiency(p, alpha, beta):.0f} %" for p in NODES) + " |")
        print()


if __name__ == "__main__":
    main()
