"""Model.run against the `gna run` program: the same numbers, bit for bit (logits and captured maps
through --logits-out / --attention-out), on the demo and on a checkpoint of every architecture."""
import numpy as np
import pytest

import gna
from conftest import ARCHITECTURES, DEMO, KV_PROMPT, answer_probability, run_cli


def cli_arrays(tmp_path, model_dir, ids, capture, ablate=None):
    logits, maps = tmp_path / "logits.npy", tmp_path / "maps.npy"
    args = ["run", model_dir, "--input-ids", ",".join(map(str, ids)), "--logits-out", str(logits)]
    if capture:
        args += ["--capture", ",".join(capture), "--attention-out", str(maps)]
    if ablate:
        args += ["--ablate", ",".join(ablate)]
    run_cli(*args)
    return np.load(logits), (np.load(maps) if capture else None)


def first_heads(model):
    """One attention head and one SSM head where the model has them (the maps the CLI captures)."""
    heads = []
    for kind in ("attention", "ssm"):
        names = model.heads(kind)
        if names:
            heads.append(names[-1])
    return heads


def check_against_cli(tmp_path, model_dir, model, ids, ablate=None):
    capture = first_heads(model)
    r = model.run(ids, capture=capture, all_logits=True, ablate=ablate or [])
    logits, maps = cli_arrays(tmp_path, model_dir, ids, capture, ablate)
    assert r.logits.dtype == np.float32 and r.logits.shape == logits.shape
    assert np.array_equal(r.logits, logits), "logits differ from gna run --logits-out"
    assert np.array_equal(r.last_logits, logits[-1])
    stacked = np.stack([r.maps[h] for h in capture])
    assert stacked.shape == maps.shape
    assert np.array_equal(stacked, maps), "maps differ from gna run --attention-out"


def test_demo_equals_cli(tmp_path, demo):
    ids = demo.tokenize(KV_PROMPT)
    check_against_cli(tmp_path, DEMO, demo, list(ids))
    check_against_cli(tmp_path, DEMO, demo, list(ids), ablate=["L2.H2", "L1.H3"])


@pytest.mark.parametrize("arch", ARCHITECTURES)
def test_every_architecture_equals_cli(tmp_path, tiny_dirs, arch):
    model = gna.load(tiny_dirs[arch])
    ids = list(model.tokenize("the quick brown fox jumps over the lazy dog, and again the fox"))
    check_against_cli(tmp_path, tiny_dirs[arch], model, ids)
    heads = model.heads()
    check_against_cli(tmp_path, tiny_dirs[arch], model, ids, ablate=[heads[0]])


def test_result_fields(demo):
    r = demo.run(KV_PROMPT, capture="L2.H2", capture_rows=[3, 5], generate=3)
    assert list(r.tokens) == list(demo.tokenize(KV_PROMPT))
    assert r.token_texts == demo.token_texts(list(r.tokens))
    assert r.logits is None and r.last_logits.shape == (demo.info.vocab_size,)
    assert r.map_rows["L2.H2"] == [3, 5] and r.maps["L2.H2"].shape == (2, len(r.tokens))
    # rows of probabilities: causal (nothing after the query row) and summing to one
    m = r.maps["L2.H2"]
    assert np.allclose(m.sum(axis=1), 1.0, atol=1e-5) and not m[0, 4:].any()
    assert len(r.generated) == 3 and r.generated[0] == int(np.argmax(r.last_logits))
    assert r.generated_text == demo.decode(r.generated, skip_special=True)


def test_results_are_views_of_the_core_buffers(demo):
    r = demo.run(KV_PROMPT, capture=["L1.H3"], all_logits=True)
    for a in (r.logits, r.last_logits, r.maps["L1.H3"], r.tokens):
        assert not a.flags.owndata and a.base is not None  # owned by the core's vector, not copied


def test_ablating_the_aggregate_head_collapses_the_answer(demo):
    """The G&A finding on the demo: the answer's probability collapses without L2.H2 (docs/python.md)."""
    base = answer_probability(demo, KV_PROMPT, " 47")
    ablated = answer_probability(demo, KV_PROMPT, " 47", ablate=["L2.H2"])
    assert base > 0.9 and ablated < 0.01, (base, ablated)


def test_tokens_as_numpy_array(demo):
    ids = demo.tokenize(KV_PROMPT)
    assert np.array_equal(demo.run(ids).last_logits, demo.run(list(map(int, ids))).last_logits)


def test_info_and_heads(demo):
    info = demo.info
    assert (info.num_layers, info.num_heads, info.vocab_size) == (3, 4, 1200)
    assert info.architecture == "LlamaForCausalLM" and [l.index for l in info.layers] == [0, 1, 2]
    assert demo.heads() == [f"L{l}.H{h}" for l in range(3) for h in range(4)]
    assert demo.heads("ssm") == []


def test_load_progress_reaches_one():
    seen = []
    gna.load(DEMO, progress=seen.append)
    assert seen and seen[-1] == pytest.approx(1.0) and seen == sorted(seen)


def test_loading_does_not_copy_the_weights_into_python():
    import tracemalloc
    tracemalloc.start()
    model = gna.load(DEMO)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    weights = model.info.parameters * 4
    assert weights > 900_000 and peak < weights / 10, (peak, weights)


def test_runs_release_the_gil(demo):
    """Another Python thread runs while the core computes (it could not if the run held the GIL)."""
    import threading
    import time
    ticks, stop = [], threading.Event()

    def count():
        while not stop.is_set():
            ticks.append(time.monotonic())
            time.sleep(0.001)
    t = threading.Thread(target=count)
    t.start()
    time.sleep(0.01)
    t0 = time.monotonic()
    demo.run(KV_PROMPT, generate=150)
    t1 = time.monotonic()
    stop.set()
    t.join()
    assert t1 - t0 > 0.1, "the run was too short to tell"
    inside = [x for x in ticks if t0 + 0.03 < x < t1 - 0.03]
    assert len(inside) >= 10, (len(inside), t1 - t0)


def test_threads_share_a_model(demo):
    """Runs from several threads take turns on one model and give each thread its own result."""
    from concurrent.futures import ThreadPoolExecutor
    prompts = [KV_PROMPT.replace("'lamp'", f"'{k}'") for k in ("river", "lamp", "stone", "cloud")] * 3
    alone = [demo.run(p, capture=["L2.H2"]).last_logits for p in prompts]
    with ThreadPoolExecutor(4) as pool:
        together = list(pool.map(lambda p: demo.run(p, capture=["L2.H2"]).last_logits, prompts))
    assert all(np.array_equal(a, b) for a, b in zip(alone, together))
