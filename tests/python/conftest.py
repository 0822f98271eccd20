"""Fixtures of the gna Python module's tests (python/CMakeLists.txt registers them with ctest, label
`python`): the `gna` program to compare with, the demo model, and a generated checkpoint of every
architecture (gna make-tiny-model)."""
import os
import subprocess

import numpy as np
import pytest

import gna

SOURCE_DIR = os.environ.get("GNA_SOURCE_DIR", os.path.join(os.path.dirname(__file__), "..", ".."))
DEMO = os.path.join(SOURCE_DIR, "resources", "demo-models", "transformer")
ARCHITECTURES = ["llama", "mistral", "qwen2", "mamba", "falcon_mamba", "mamba2", "jamba", "zamba2", "recurrentgemma"]
# A KV-retrieval prompt in the demo's training template: the value of "lamp" is 47.
KV_PROMPT = ("Memorize the following dictionary:\nriver:12\nlamp:47\nstone:85\ncloud:3\nbread:61\n"
             "\nThe value of the key 'lamp' is")


def cli_path():
    path = os.environ.get("GNA_CLI")
    if not path:
        pytest.skip("GNA_CLI is not set (ctest sets it to the gna program)")
    return path


def run_cli(*args):
    """Runs `gna ARGS...`; returns its standard output (fails the test with its stderr otherwise)."""
    p = subprocess.run([cli_path(), *args], capture_output=True, text=True)
    assert p.returncode == 0, f"gna {' '.join(args)} failed ({p.returncode}):\n{p.stderr}"
    return p.stdout


@pytest.fixture(scope="session")
def demo():
    return gna.load(DEMO)


@pytest.fixture(scope="session")
def tiny_dirs(tmp_path_factory):
    """Checkpoint folders of every architecture, random-initialised and seeded."""
    root = tmp_path_factory.mktemp("tiny")
    out = {}
    for arch in ARCHITECTURES:
        out[arch] = str(root / arch)
        run_cli("make-tiny-model", "--arch", arch, "--seed", "3", out[arch])
    return out


def softmax(x):
    x = np.asarray(x, dtype=np.float64)
    e = np.exp(x - x.max())
    return e / e.sum()


def answer_probability(model, prompt, continuation, **run_options):
    """p(continuation | prompt) as the product of each token's softmax probability, one run per token
    (the independent reference of the probe's candidate probabilities)."""
    ids = [int(t) for t in model.tokenize(prompt)]
    answer = [int(t) for t in model.tokenize(continuation, add_special=False)]
    p = 1.0
    for i, tok in enumerate(answer):
        p *= softmax(model.run(ids + answer[:i], **run_options).last_logits)[tok]
    return p
