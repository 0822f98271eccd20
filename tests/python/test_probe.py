"""Model.probe: the studio's numbers as arrays, checked against Model.run and NumPy."""
import numpy as np

from conftest import KV_PROMPT, answer_probability, softmax


def test_probe_candidates_and_top_tokens(demo):
    p = demo.probe(KV_PROMPT, candidates=["47", "12"], top_k=5)
    probs = softmax(demo.run(KV_PROMPT).last_logits)
    top = np.argsort(-probs)[:5]
    assert list(p.next_ids[:5]) == list(top)
    assert np.allclose(p.next_probability[:5], probs[top], rtol=1e-5)
    for i, text in enumerate(["47", "12"]):  # " 47" is two tokens: "▁", "47"
        assert np.isclose(p.candidate_probability[i], answer_probability(demo, KV_PROMPT, " " + text), rtol=1e-4, atol=1e-12)
    assert p.candidate_probability[0] > p.candidate_probability[1]


def test_probe_compare_and_scores(demo):
    p = demo.probe(KV_PROMPT, ablate=["L2.H2"], candidates=["47"], shown=["L2.H2", "L1.H3"], score="max",
                   compare=True)
    assert p.compared and p.score_heads == demo.heads()
    assert p.scores.shape == p.scores_unablated.shape == (12,)
    plain = demo.probe(KV_PROMPT, candidates=["47"], shown=["L2.H2"], score="max")
    assert np.array_equal(p.scores_unablated, plain.scores)
    assert np.isclose(p.candidate_unablated[0], plain.candidate_probability[0])
    assert np.isclose(p.candidate_probability[0], answer_probability(demo, KV_PROMPT, " 47", ablate=["L2.H2"]), rtol=1e-4)
    assert p.candidate_probability[0] < 0.01 < 0.9 < p.candidate_unablated[0]
    # the max score is each head's largest weight in the final row: from the map itself
    m = plain.maps["L2.H2"]
    assert m.shape == (len(plain.tokens), len(plain.tokens))
    assert np.isclose(plain.scores[demo.heads().index("L2.H2")], m[-1].max(), rtol=1e-6)
    # ablated head: its map under the plan is still the head's attention (ablation scales its output)
    assert np.array_equal(p.unablated_maps["L2.H2"], plain.maps["L2.H2"])
