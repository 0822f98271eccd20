"""Experiments from Python: the spec in, the result files out, exactly as `gna experiment` writes
them (the same core code), and the result as typed objects with pandas tables."""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, List, Optional, Sequence, Union

from . import _gna

PathLike = Union[str, "os.PathLike[str]"]


@dataclass
class SampleOutcome:
    """One sample under the experiment's conditions (scores in condition order)."""
    id: str
    task: str
    group: str
    scores: List[float]
    fields: Dict[str, Any] = field(default_factory=dict)  # the task's own fields (answer, predicted, outputs, ...)


@dataclass
class AggregateRow:
    """Mean over the samples of (task, group) under one condition ("*" = all)."""
    task: str
    group: str
    condition: str
    mean: float
    n: int
    mean_norm: Optional[float] = None
    sem: Optional[float] = None


@dataclass
class HeadRankingRow:
    """head_ranking: importance = baseline - ablated, most important first."""
    head: str
    importance: float
    baseline: float
    ablated: float
    attribution: Optional[float] = None


def _pandas():
    try:
        import pandas
    except ImportError as e:  # pandas is optional
        raise ImportError("to_pandas() needs pandas (Debian: apt install python3-pandas)") from e
    return pandas


class ExperimentResult:
    """What result.json holds, as objects: spec, model identity, conditions, samples, aggregates.

    ``raw`` is the file's own structure (a dict); ``json_path``, ``csv_path`` and ``summary_path`` are
    the files written (empty for a result read back with read_result)."""

    def __init__(self, raw: Dict[str, Any], complete: bool = True, json_path: str = "", csv_path: str = "",
                 summary_path: str = ""):
        self.raw = raw
        self.complete = complete
        self.json_path, self.csv_path, self.summary_path = json_path, csv_path, summary_path
        self.spec: Dict[str, Any] = raw.get("spec", {})
        self.kind: str = self.spec.get("experiment", "")
        self.model: Dict[str, Any] = raw.get("model", {})
        self.program: Dict[str, Any] = raw.get("program", {})
        self.conditions: List[str] = list(raw.get("conditions", []))
        self.seeds: Dict[str, Any] = raw.get("seeds", {})
        self.samples: List[SampleOutcome] = [
            SampleOutcome(s["id"], s.get("task", ""), s.get("group", ""), list(s.get("scores", [])),
                          {k: v for k, v in s.items() if k not in ("id", "task", "group", "scores")})
            for s in raw.get("samples", [])]
        agg = raw.get("aggregates", {})
        self.aggregates: List[AggregateRow] = [
            AggregateRow(a["task"], a["group"], a["condition"], a["mean"], a["n"], a.get("mean_norm"), a.get("sem"))
            for a in agg.get("rows", [])]
        self.ranking: Optional[List[HeadRankingRow]] = None
        if "ranking" in agg:
            self.ranking = [HeadRankingRow(r["head"], r["importance"], r["baseline"], r["ablated"], r.get("attribution"))
                            for r in agg["ranking"]]
        self.table: Optional[Dict[str, Any]] = agg.get("table")
        self.attribution: Optional[Dict[str, Any]] = agg.get("attribution")
        self.memory: Optional[List[Dict[str, Any]]] = raw.get("memory")
        self.shard: Optional[Dict[str, Any]] = raw.get("shard")

    def to_pandas(self):
        """One row per (sample, condition): id, task, group, condition, score."""
        pd = _pandas()
        rows = []
        for s in self.samples:
            first = s.fields.get("condition_range", [0, len(self.conditions)])[0]
            for i, score in enumerate(s.scores):
                rows.append({"id": s.id, "task": s.task, "group": s.group,
                             "condition": self.conditions[first + i], "score": score})
        return pd.DataFrame(rows, columns=["id", "task", "group", "condition", "score"])

    def aggregates_pandas(self):
        """The aggregate rows (summary.csv's content) as a DataFrame."""
        pd = _pandas()
        return pd.DataFrame([vars(a) for a in self.aggregates],
                            columns=["task", "group", "condition", "mean", "n", "mean_norm", "sem"])

    def ranking_pandas(self):
        """head_ranking: one row per head, most important first (head, importance, baseline, ablated)."""
        if self.ranking is None:
            raise _gna.Error(f"ranking_pandas(): a {self.kind or 'this'} result has no head ranking "
                             "(run a head_ranking experiment)")
        pd = _pandas()
        return pd.DataFrame([vars(r) for r in self.ranking],
                            columns=["head", "importance", "baseline", "ablated", "attribution"])

    def __repr__(self) -> str:
        state = "complete" if self.complete else "partial"
        return f"<ExperimentResult {self.kind} {len(self.samples)} samples, {len(self.conditions)} conditions, {state}>"


def _outcome(d: Dict[str, Any]) -> ExperimentResult:
    return ExperimentResult(d["result"], d["complete"], d["json_path"], d["csv_path"], d["summary_path"])


def run_experiment(spec: Union[Dict[str, Any], PathLike], model: Union[_gna.Model, PathLike, None] = None, *,
                   out: PathLike, shard: Optional[str] = None,
                   progress: Optional[Callable[[_gna.ExperimentProgress], None]] = None,
                   verify_batches: int = 0, device: str = "cpu") -> ExperimentResult:
    """Runs (or resumes) an experiment as `gna experiment SPEC --out OUT [--shard I/N]` does.

    spec: a dict or the path of a spec file (docs/experiments.md). model: a loaded gna.Model, a
    checkpoint folder, or None for the spec's "model" (loaded with the spec's "dtype" and
    "tokenizer"). shard: "I/N" runs shard I of N (merge them with merge_shards). progress(p) is
    called after every sample. Ctrl-C stops after the current sample (KeyboardInterrupt); finished
    samples are kept and a rerun resumes."""
    if not isinstance(spec, dict):
        spec = _gna._load_spec(os.fspath(spec))
    kind, spec_model, spec_tokenizer = _gna._spec_model(spec)
    if kind == "memory_table":  # config.json alone: no weights are loaded
        if shard is not None:
            raise _gna.Error("shard: memory_table has no work units to split (it is computed from config.json "
                             "alone); run it without shard")
        folder = model.info.dir if isinstance(model, _gna.Model) else (os.fspath(model) if model else spec_model)
        if not folder:
            raise _gna.Error('no model: pass model= or give "model" in the spec')
        return _outcome(_gna._run_memory_table(folder, spec, os.fspath(out)))
    if not isinstance(model, _gna.Model):
        folder = os.fspath(model) if model is not None else spec_model
        if not folder:
            raise _gna.Error('no model: pass model= or give "model" in the spec')
        model = _gna.load(folder, device=device, dtype=spec.get("dtype", "f32"), tokenizer=spec_tokenizer or None)
    return _outcome(_gna._run_experiment(model, spec, os.fspath(out), shard, progress, verify_batches))


def merge_shards(shard_dirs: Sequence[PathLike], out: PathLike) -> ExperimentResult:
    """Merges every shard's result folder into the unsharded result (gna experiment merge)."""
    return _outcome(_gna._merge_shards([os.fspath(d) for d in shard_dirs], os.fspath(out)))


def read_result(path: PathLike, allow_shard: bool = False) -> ExperimentResult:
    """Reads a result.json (format and checksum checked); a shard's only with allow_shard=True."""
    return ExperimentResult(_gna._read_result(os.fspath(path), allow_shard))
