"""Type stubs of gna._gna, the native part of the gna package (python/src)."""
import enum
import os
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple, Union

import numpy as np
import numpy.typing as npt

PathLike = Union[str, os.PathLike[str]]
Prompt = Union[str, Sequence[int], npt.NDArray[np.integer]]
Heads = Union[str, Sequence[str]]

class Error(Exception):
    """The core's errors: the message names the file, key or head, what is wrong and what to do."""

class Cancelled(Error): ...

class Stage(enum.Enum):
    PREFILL: Stage
    GENERATION: Stage

class LayerInfo:
    index: int
    kind: str
    attention_heads: int
    kv_heads: int
    ssm_heads: int
    mlp: bool

class ModelInfo:
    architecture: str
    model_type: str
    dir: str
    num_layers: int
    hidden_size: int
    vocab_size: int
    num_heads: int
    num_kv_heads: int
    head_dim: int
    max_positions: int
    parameters: int
    weights_dtype: str
    compute_dtype: str
    device: str
    tokenizer_kind: str
    config_hash: str
    layers: List[LayerInfo]
    sliding_window: int

class RunResult:
    tokens: npt.NDArray[np.int32]
    token_texts: List[str]
    last_logits: npt.NDArray[np.float32]
    logits: Optional[npt.NDArray[np.float32]]
    maps: Dict[str, npt.NDArray[np.float32]]
    map_rows: Dict[str, List[int]]
    generated: List[int]
    generated_text: str
    stopped: bool

class ProbeResult:
    tokens: npt.NDArray[np.int32]
    token_texts: List[str]
    last_logits: npt.NDArray[np.float32]
    next_texts: List[str]
    next_ids: npt.NDArray[np.int32]
    next_candidate: npt.NDArray[np.int32]
    next_probability: npt.NDArray[np.float64]
    next_unablated: npt.NDArray[np.float64]
    candidate_probability: npt.NDArray[np.float64]
    candidate_unablated: npt.NDArray[np.float64]
    score_heads: List[str]
    scores: npt.NDArray[np.float64]
    scores_unablated: npt.NDArray[np.float64]
    maps: Dict[str, npt.NDArray[np.float32]]
    unablated_maps: Dict[str, npt.NDArray[np.float32]]
    map_rows: Dict[str, List[int]]
    line_ends: npt.NDArray[np.int32]
    compared: bool
    forward_passes: int
    first_layer: int

class HookCall:
    point: str
    layer: int
    stage: Stage
    batch_row: int
    first_position: int
    shape: Tuple[int, ...]

HookFn = Callable[[npt.NDArray[np.float32], HookCall], None]

class Hook:
    id: int
    point: str
    write: bool
    def remove(self) -> bool: ...
    def __enter__(self) -> Hook: ...
    def __exit__(self, *args: Any) -> None: ...

class ExperimentProgress:
    done: int
    total: int
    resumed: int
    elapsed_s: float
    eta_s: float
    current: str

class Model:
    @property
    def info(self) -> ModelInfo: ...
    def tokenize(self, text: str, add_special: bool = True) -> npt.NDArray[np.int32]: ...
    def decode(self, ids: Sequence[int], skip_special: bool = False) -> str: ...
    def token_texts(self, ids: Sequence[int]) -> List[str]: ...
    def heads(self, kind: Optional[str] = None) -> List[str]: ...
    def run(self, prompt: Prompt, *, ablate: Heads = ..., alpha: float = 0.0, skip_layers: Sequence[int] = ...,
            capture: Heads = ..., capture_rows: Optional[Sequence[int]] = None, generate: int = 0,
            all_logits: bool = False, add_special: bool = True,
            hooks: Sequence[Tuple[str, HookFn]] = ...) -> RunResult: ...
    def probe(self, prompt: Prompt, *, ablate: Heads = ..., alpha: float = 0.0, skip_layers: Sequence[int] = ...,
              shown: Heads = ..., candidates: Sequence[str] = ..., top_k: int = 10, score: str = "none",
              scored: Optional[Heads] = None, selected_token: int = -1, compare: bool = False,
              add_special: bool = True) -> ProbeResult: ...
    def hook(self, point: str, fn: HookFn, mode: str = "write") -> Hook: ...
    def clear_hooks(self) -> None: ...
    @property
    def hooks(self) -> List[str]: ...
    def _time_core_run(self, tokens: Sequence[int], repeats: int) -> float: ...

def load(path: PathLike, device: str = "cpu", dtype: str = "f32", tokenizer: Optional[PathLike] = None,
         threads: int = 0, *, progress: Optional[Callable[[float], None]] = None, check_memory: bool = True,
         context: int = 2048) -> Model: ...
def cuda_available() -> bool: ...
def _load_spec(file: PathLike) -> Dict[str, Any]: ...
def _spec_model(spec: Dict[str, Any]) -> Tuple[str, str, str]: ...
def _run_experiment(model: Model, spec: Dict[str, Any], out: PathLike, shard: Optional[str],
                    progress: Optional[Callable[[ExperimentProgress], None]], verify_batches: int) -> Dict[str, Any]: ...
def _run_memory_table(model_dir: PathLike, spec: Dict[str, Any], out: PathLike) -> Dict[str, Any]: ...
def _merge_shards(shard_dirs: Sequence[PathLike], out: PathLike) -> Dict[str, Any]: ...
def _read_result(file: PathLike, allow_shard: bool = False) -> Dict[str, Any]: ...
