#!/usr/bin/env python3
"""Per-call overhead of the gna Python module over the C++ call it wraps (issue 46: goal < 0.1 ms
beyond the copy of what is returned; the module copies nothing it returns, the arrays own the core's
buffers). Model.run(tokens) from Python against the same Model::run timed inside C++, side by side
in alternating rounds (this machine is noisy): the median and the best round of each, and their
difference (the best rounds are the least disturbed by other work on the machine).

    PYTHONPATH=build/release/python python3 bench/bench_python.py [MODEL_DIR] [--rounds N] [--calls N]
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
        cpp, py = [], []
        for _ in range(a.rounds):
            cpp.append(model._time_core_run(ids, a.calls))
            t0 = time.perf_counter()
            for _ in range(a.calls):
                model.run(ids)
            py.append((time.perf_counter() - t0) / a.calls)
        name = os.path.basename(os.path.normpath(a.model))
        for label, pick in (("medians", statistics.median), ("best rounds", min)):
            c, p = pick(cpp), pick(py)
            print(f"{name}, {tokens} tokens: C++ Model::run {c * 1e3:.3f} ms, Python model.run {p * 1e3:.3f} ms, "
                  f"overhead {(p - c) * 1e3:+.3f} ms per call ({label} of {a.rounds} rounds x {a.calls} calls)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
