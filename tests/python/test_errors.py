"""Bad input raises gna.Error or TypeError with a clear message, never crashes the interpreter;
Ctrl-C during a long run raises KeyboardInterrupt and leaves the model usable."""
import os
import subprocess
import sys

import pytest

import gna
from conftest import DEMO, KV_PROMPT


def test_missing_folder_names_it(tmp_path):
    missing = tmp_path / "no-such-model"
    with pytest.raises(gna.Error, match="no-such-model"):
        gna.load(missing)


def test_bad_load_options():
    with pytest.raises(gna.Error, match="tpu"):
        gna.load(DEMO, device="tpu")
    with pytest.raises(gna.Error, match="f64"):
        gna.load(DEMO, dtype="f64")
    with pytest.raises(TypeError):
        gna.load(DEMO, threads="many")
    with pytest.raises(TypeError, match="callable"):
        gna.load(DEMO, progress=3)


def test_wrong_types(demo):
    with pytest.raises(TypeError):
        demo.run(3.5)
    with pytest.raises(TypeError):
        demo.run(KV_PROMPT, ablate=[2])
    with pytest.raises(TypeError):
        demo.run(KV_PROMPT, generate="ten")
    with pytest.raises(TypeError):
        demo.run([1, "two", 3])
    with pytest.raises(TypeError):
        demo.run(KV_PROMPT, "L2.H2")  # options are keyword-only


def test_bad_heads_and_tokens(demo):
    with pytest.raises(gna.Error, match="L9.H0"):
        demo.run(KV_PROMPT, ablate=["L9.H0"])
    with pytest.raises(gna.Error, match="L2.H7"):
        demo.run(KV_PROMPT, capture=["L2.H7"])
    with pytest.raises(gna.Error, match="banana"):
        demo.run(KV_PROMPT, ablate="banana")
    with pytest.raises(gna.Error, match="5000"):
        demo.run([1, 5000])
    with pytest.raises(gna.Error, match="empty"):
        demo.run("")
    with pytest.raises(gna.Error, match="empty"):
        demo.run([])
    with pytest.raises(gna.Error, match="generate"):
        demo.run(KV_PROMPT, generate=-1)
    with pytest.raises(gna.Error, match="sometimes"):
        demo.probe(KV_PROMPT, score="sometimes")
    with pytest.raises(gna.Error, match="plasma"):
        demo.heads("plasma")
    # after every error above the model still runs
    assert demo.run(KV_PROMPT).last_logits.shape == (1200,)


def test_error_is_an_exception_with_the_core_message(demo):
    assert issubclass(gna.Cancelled, gna.Error) and issubclass(gna.Error, Exception)
    try:
        demo.run(KV_PROMPT, ablate=["L9.H0"])
    except gna.Error as e:
        assert "L9.H0" in str(e) and "layer" in str(e)


CHILD = r"""
import os, signal, sys, threading, time
import numpy as np
import gna
model = gna.load(sys.argv[1])
prompt = "Memorize the following dictionary:\nriver:12\n\nThe value of the key 'river' is"
before = model.run(prompt).last_logits.copy()
calls = []
def slow(values, call):  # a long run: every generated token waits in this hook
    calls.append(call.first_position)
    time.sleep(0.01)
threading.Timer(0.5, lambda: os.kill(os.getpid(), signal.SIGINT)).start()
start = time.monotonic()
try:
    model.run(prompt, generate=200, hooks=[("L0.resid_post", slow)])
    print("NOT INTERRUPTED")
except KeyboardInterrupt:
    print("interrupted after %.2f s, %d hook calls" % (time.monotonic() - start, len(calls)))
after = model.run(prompt).last_logits
print("usable", np.array_equal(before, after))
"""


def test_ctrl_c_cancels_a_run_and_leaves_the_model_usable():
    p = subprocess.run([sys.executable, "-c", CHILD, DEMO], capture_output=True, text=True, timeout=120,
                       env=os.environ.copy())
    assert p.returncode == 0, p.stderr
    assert "interrupted after" in p.stdout and "usable True" in p.stdout, p.stdout + p.stderr
    seconds = float(p.stdout.split("interrupted after ")[1].split(" s")[0])
    assert seconds < 1.5, p.stdout  # stopped at the next checkpoint, not after 200 tokens (> 2 s)


CHILD_EXPERIMENT = r"""
import os, signal, sys, threading, time
import gna
model = gna.load(sys.argv[1])
spec = {"experiment": "head_ranking", "metric": "accuracy",
        "task": {"name": "kv_retrieval", "sizes": [10], "samples_per_size": 40, "seed": 1}}
def slow(p):  # a long experiment: every sample waits here
    time.sleep(0.05)
threading.Timer(0.5, lambda: os.kill(os.getpid(), signal.SIGINT)).start()
try:
    gna.run_experiment(spec, model, out=sys.argv[2], progress=slow)
    print("NOT INTERRUPTED")
except KeyboardInterrupt:
    print("interrupted")
seen = []
r = gna.run_experiment(spec, model, out=sys.argv[2], progress=seen.append)
print("resumed", seen[0].resumed, "complete", r.complete, "samples", len(r.samples))
"""


def test_ctrl_c_stops_an_experiment_which_then_resumes(tmp_path):
    p = subprocess.run([sys.executable, "-c", CHILD_EXPERIMENT, DEMO, str(tmp_path / "out")], capture_output=True,
                       text=True, timeout=300, env=os.environ.copy())
    assert p.returncode == 0, p.stderr
    lines = p.stdout.splitlines()
    assert lines[0] == "interrupted", p.stdout + p.stderr
    words = lines[1].split()
    assert 0 < int(words[1]) < 40 and words[3] == "True" and words[5] == "40", p.stdout
