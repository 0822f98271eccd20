"""Hooks from Python: NumPy views of the core's buffers at the named points (gna/hooks.h)."""
import numpy as np
import pytest

import gna
from conftest import KV_PROMPT


def test_zeroing_write_hook_equals_builtin_ablation(demo):
    def zero_head_2(values, call):
        assert call.point == "L2.attn.out" and values.shape == tuple(call.shape)
        values[:, 2, :] = 0.0  # {tokens, heads, head_dim}

    ablated = demo.run(KV_PROMPT, ablate=["L2.H2"], all_logits=True, capture=["L2.H3"], generate=4)
    with demo.hook("L2.attn.out", zero_head_2):
        hooked = demo.run(KV_PROMPT, all_logits=True, capture=["L2.H3"], generate=4)
    assert np.array_equal(hooked.logits, ablated.logits)
    assert np.array_equal(hooked.maps["L2.H3"], ablated.maps["L2.H3"])
    assert hooked.generated == ablated.generated
    assert demo.hooks == []  # the with block removed it
    unhooked = demo.run(KV_PROMPT, all_logits=True)
    assert not np.array_equal(unhooked.logits, ablated.logits)


def test_per_call_hook_scales_like_alpha(demo):
    def half(values, call):
        values[:, 1, :] *= np.float32(0.5)
    alpha = demo.run(KV_PROMPT, ablate="L1.H1", alpha=0.5)
    hooked = demo.run(KV_PROMPT, hooks=[("L1.attn.out", half)])
    assert np.array_equal(alpha.last_logits, hooked.last_logits)


def test_read_hook_sees_the_captured_probabilities(demo):
    seen = []

    def keep(values, call):
        assert not values.flags.writeable
        with pytest.raises(ValueError):
            values[0, 0, 0] = 1.0
        seen.append((call.first_position, values[2].copy()))  # head 2: {rows, keys}

    h = demo.hook("L2.attn.probs", keep, mode="read")
    try:
        r = demo.run(KV_PROMPT, capture=["L2.H2"])
    finally:
        h.remove()
    assert seen, "the read hook was not called"
    rows = np.concatenate([v for _, v in sorted(seen, key=lambda s: s[0])])
    assert np.array_equal(rows, r.maps["L2.H2"])


def test_hook_call_fields(demo):
    calls = []
    with demo.hook("L0.resid_post", lambda v, c: calls.append((c.stage, c.first_position, c.shape, c.layer))):
        r = demo.run(KV_PROMPT, generate=2)
    T = len(r.tokens)
    hidden = demo.info.hidden_size
    assert calls[0] == (gna.Stage.PREFILL, 0, (T, hidden), 0)
    assert [c[:3] for c in calls[1:]] == [(gna.Stage.GENERATION, T, (1, hidden))]


def test_hook_errors(demo):
    with pytest.raises(gna.Error, match="L0.nowhere"):
        demo.hook("L0.nowhere", lambda v, c: None)
    with pytest.raises(TypeError, match="callable"):
        demo.hook("L0.attn.out", 42)
    with pytest.raises(gna.Error, match="write.*read"):
        demo.hook("L0.attn.out", lambda v, c: None, mode="sometimes")

    def broken(values, call):
        raise ValueError("broken hook")
    with demo.hook("L1.attn.out", broken):
        with pytest.raises(ValueError, match="broken hook"):
            demo.run(KV_PROMPT)
    # the model is usable afterwards, and the hook is gone
    assert demo.hooks == []
    assert demo.run(KV_PROMPT).last_logits.shape == (demo.info.vocab_size,)
