"""Experiments from Python write the same result files as `gna experiment`; shards and merge too."""
import json

import pytest

import gna
from conftest import DEMO, run_cli

SPEC = {
    "experiment": "head_ranking",
    "task": {"name": "kv_retrieval", "sizes": [10], "samples_per_size": 3, "seed": 1},
    "metric": "accuracy",
}


def read(path):
    with open(path) as f:
        return json.load(f)


def test_python_writes_the_cli_result(tmp_path, demo):
    spec_file = tmp_path / "spec.json"
    spec_file.write_text(json.dumps(SPEC))
    run_cli("experiment", str(spec_file), "--model", DEMO, "--out", str(tmp_path / "cli"), "--quiet")
    seen = []
    r = gna.run_experiment(SPEC, demo, out=tmp_path / "py", progress=seen.append)
    assert r.complete and r.kind == "head_ranking"
    for name in ("result.json", "result.csv", "summary.csv"):
        assert (tmp_path / "py" / name).read_bytes() == (tmp_path / "cli" / name).read_bytes(), name
    assert [p.done for p in seen] == [1, 2, 3] and seen[-1].total == 3
    # the typed result holds what the file holds
    raw = read(tmp_path / "py" / "result.json")
    assert r.conditions == raw["conditions"] and len(r.samples) == 3
    assert [h.head for h in r.ranking] == [row["head"] for row in raw["aggregates"]["ranking"]]
    assert r.ranking[0].importance == pytest.approx(r.ranking[0].baseline - r.ranking[0].ablated)
    back = gna.read_result(r.json_path)
    assert back.raw == r.raw


def test_spec_file_and_model_path(tmp_path):
    spec_file = tmp_path / "spec.json"
    spec_file.write_text(json.dumps(dict(SPEC, model=DEMO)))
    r = gna.run_experiment(spec_file, out=tmp_path / "out")
    assert r.complete and r.model["path"] == DEMO


def test_shards_merge_to_the_unsharded_result(tmp_path, demo):
    whole = gna.run_experiment(SPEC, demo, out=tmp_path / "whole")
    parts = [gna.run_experiment(SPEC, demo, out=tmp_path / f"s{i}", shard=f"{i}/2") for i in range(2)]
    assert all(p.shard is not None for p in parts)
    merged = gna.merge_shards([tmp_path / "s0", tmp_path / "s1"], tmp_path / "merged")
    assert merged.raw["samples"] == whole.raw["samples"]
    assert merged.raw["aggregates"] == whole.raw["aggregates"]


def test_bad_specs(tmp_path, demo):
    with pytest.raises(gna.Error, match="experiment"):
        gna.run_experiment({"experiment": "juggling"}, demo, out=tmp_path / "x")
    with pytest.raises(gna.Error, match="sampels_per_size"):
        gna.run_experiment(dict(SPEC, task={"name": "kv_retrieval", "sampels_per_size": 3}), demo, out=tmp_path / "x")
    with pytest.raises(TypeError, match="spec"):
        gna.run_experiment({"experiment": object()}, demo, out=tmp_path / "x")
    with pytest.raises(gna.Error, match="no-such-spec"):
        gna.run_experiment(tmp_path / "no-such-spec.json", demo, out=tmp_path / "x")
    with pytest.raises(gna.Error, match="3/2"):
        gna.run_experiment(SPEC, demo, out=tmp_path / "x", shard="3/2")


def test_to_pandas(tmp_path, demo):
    pd = pytest.importorskip("pandas")
    r = gna.run_experiment(SPEC, demo, out=tmp_path / "out")
    table = r.to_pandas()
    assert len(table) == 3 * len(r.conditions) and list(table.columns) == ["id", "task", "group", "condition", "score"]
    ranking = r.ranking_pandas()
    assert list(ranking["head"]) == [h.head for h in r.ranking]
    summary = pd.read_csv(r.summary_path)
    assert len(r.aggregates_pandas()) == len(summary)
