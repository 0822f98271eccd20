"""G&A Studio's core as a Python module: NumPy in and out.

    import gna
    model = gna.load("resources/demo-models/transformer")
    r = model.run("...", ablate=["L2.H2"], capture=["L1.H3"])
    r.last_logits, r.maps["L1.H3"]          # NumPy arrays over the core's buffers (no copy)

Runs release the GIL, Ctrl-C cancels them (KeyboardInterrupt; the model stays usable), and errors
raise gna.Error with the core's message. docs/python.md works through an example.
"""
import os as _os

# OpenMP reads OMP_WAIT_POLICY once, when LibTorch loads it (the `gna` program sets the same default,
# gna/cpu_runtime.h): idle workers sleep instead of spinning on the cores OpenBLAS is using.
_os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")

try:  # only in the build tree: the SentencePiece plugin and the task data lie there
    from . import _build_tree
except ImportError:
    pass
else:
    _os.environ.setdefault("GNA_SPM_PLUGIN", _build_tree.spm_plugin)
    _os.environ.setdefault("GNA_DATA_DIR", _build_tree.data_dir)

from ._gna import (  # noqa: E402
    Cancelled,
    Error,
    ExperimentProgress,
    Hook,
    HookCall,
    LayerInfo,
    Model,
    ModelInfo,
    ProbeResult,
    RunResult,
    Stage,
    cuda_available,
    load,
)
from .experiment import (  # noqa: E402
    AggregateRow,
    ExperimentResult,
    HeadRankingRow,
    SampleOutcome,
    merge_shards,
    read_result,
    run_experiment,
)

__all__ = [
    "AggregateRow", "Cancelled", "Error", "ExperimentProgress", "ExperimentResult", "HeadRankingRow", "Hook",
    "HookCall", "LayerInfo", "Model", "ModelInfo", "ProbeResult", "RunResult", "SampleOutcome", "Stage",
    "cuda_available", "load", "merge_shards", "read_result", "run_experiment",
]
