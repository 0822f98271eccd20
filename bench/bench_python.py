#!/usr/bin/env python3
"""Per-call overhead of the gna Python module over the C++ call it wraps (issue 46: goal < 0.1 ms
beyond the copy of what is returned; the module copies nothing it returns, the arrays own the core's
buffers). Model.run(tokens) from Python against the same Model::run timed inside C++, in pairs of
neighbouring calls (this machine is noisy; drift cancels within a pair): the difference of the
medians, and the median and quartiles of the pairs' differences. A small model (one layer) shows
the overhead best: its calls are short, and so is the noise.

    PYTHONPATH=build/release/python python3 bench/bench_python.py [MODEL_DIR] [--rounds N] [--calls N]  (rounds x calls pairs)
"""
import argparse
import os
import statistics
import sys
import time

import gna

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("model", nargs="?", default=os.path.join(HERE, "..", "resources", "demo-models", "transformer"))
    ap.add_argument("--rounds", type=int, default=15)
    ap.add_argument("--calls", type=int, default=50)
    ap.add_argument("--threads", type=int, default=1)
    a = ap.parse_args()
    model = gna.load(a.model, threads=a.threads)
    for tokens in (8, 64):
        ids = [int(t) for t in model.tokenize("the value of the key is " * 40)][:tokens]
        model._time_core_run(ids, a.calls)  # warm up both paths
        for _ in range(a.calls):
            model.run(ids)
        cpp, py, diff = [], [], []
        for _ in range(a.rounds * a.calls):  # pairs of neighbouring calls: drift cancels in each pair
            c = model._time_core_run(ids, 1)
            t0 = time.perf_counter()
            model.run(ids)
            p = time.perf_counter() - t0
            cpp.append(c)
            py.append(p)
            diff.append(p - c)
        name = os.path.basename(os.path.normpath(a.model))
        print(f"{name}, {tokens} tokens: C++ Model::run {statistics.median(cpp) * 1e3:.3f} ms, Python model.run "
              f"{statistics.median(py) * 1e3:.3f} ms (difference {(statistics.median(py) - statistics.median(cpp)) * 1e3:+.3f} ms); "
              f"overhead per pair: median {statistics.median(diff) * 1e3:+.3f} ms, "
              f"quartiles {statistics.quantiles(diff, n=4)[0] * 1e3:+.3f} .. {statistics.quantiles(diff, n=4)[2] * 1e3:+.3f} ms "
              f"({len(diff)} pairs)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
