#!/usr/bin/env bash
# The GPU checks, on a machine with an NVIDIA GPU, nvcc and a CUDA LibTorch (Qt not needed): builds
# the command-line preset (build/cli) against the LibTorch of python3's torch (or TORCH_PREFIX) and
# runs the `gpu` suites (core.gpu_parity, kernels.ssm_scan) and the command line on the demo with
# --device cuda. --bench also runs bench_attribution on the GPU (GNA_BENCH_DEVICE=cuda; default
# shape, or the numbers after --bench), bench_attention on the Llama-3.2-1B and Llama-3.1-8B shapes
# in bf16 (BENCH_ATTENTION_SHAPES, BENCH_ATTENTION_TOKENS; checkpoints written to GNA_BENCH_DIR once)
# and, where the build has the remote engine (gRPC found), bench_remote on the 8B shape.
#   packaging/test-gpu.sh [--bench [prompts layers hidden heads kv_size loop_heads verify_k exact]]
# GNA_EXTRA_PREFIX: more folders for CMAKE_PREFIX_PATH (';'-separated), e.g. one that holds
# include/ and lib/ of nlohmann-json, PCRE2 and SentencePiece where they are not installed.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" || exit 1
bench=0
if [ "${1:-}" = "--bench" ]; then bench=1; shift; fi
if ! command -v nvcc >/dev/null && [ -x /usr/local/cuda/bin/nvcc ]; then export PATH=/usr/local/cuda/bin:$PATH; fi
command -v nvcc >/dev/null || { echo "test-gpu.sh: nvcc not found (install the CUDA Toolkit or put it on PATH)" >&2; exit 1; }
torch_prefix=${TORCH_PREFIX:-$(python3 -c 'import torch; print(torch.utils.cmake_prefix_path)' 2>/dev/null)}
[ -n "$torch_prefix" ] || { echo "test-gpu.sh: no LibTorch: set TORCH_PREFIX to a CUDA LibTorch's share/cmake folder, or install torch for python3" >&2; exit 1; }
arch=${CUDA_ARCHITECTURES:-$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader 2>/dev/null | head -1 | tr -d '. ')}
arch=${arch:-90}
# LibTorch's CMake files set the CUDA architectures from TORCH_CUDA_ARCH_LIST (e.g. 9.0) and ignore CMAKE_CUDA_ARCHITECTURES.
export TORCH_CUDA_ARCH_LIST=${TORCH_CUDA_ARCH_LIST:-${arch:0:-1}.${arch: -1}}
echo "== LibTorch: $torch_prefix; nvcc: $(nvcc --version | tail -1); CUDA architectures: $arch ($TORCH_CUDA_ARCH_LIST); $(${CXX:-c++} --version | head -1)"
cmake --preset cli -DCMAKE_PREFIX_PATH="$torch_prefix;${GNA_EXTRA_PREFIX:-}" -DCMAKE_CUDA_ARCHITECTURES="$arch" || exit 1
targets=(tst_core_gpu_parity tst_core_attention_paths tst_kernels_ssm gna)
[ "$bench" = 1 ] && targets+=(bench_attribution bench_attention)
# the remote engine's benchmark where gRPC was found (GNA_EXTRA_PREFIX with Debian's libgrpc++-dev)
[ "$bench" = 1 ] && grep -q '^build bench_remote:' build/cli/build.ninja && targets+=(bench_remote)
cmake --build build/cli -j"$(nproc)" --target "${targets[@]}" -- -k 0 || exit 1
status=0
# PyTorch's wheels export the std::filesystem functions of their own libstdc++ (pytorch/pytorch#133437),
# and their remove_all jumps to a null address. The build puts libstdc++ first in each program's
# library search order; a toolchain that does not link libstdc++ as a shared library (no NEEDED entry)
# gets it preloaded instead.
if ! readelf -d build/cli/tests/tst_core_gpu_parity | grep -m1 NEEDED | grep -q 'libstdc++'; then
  lib=$(ldconfig -p | awk '/libstdc\+\+\.so\.6 .*x86-64/{print $NF; exit}')
  echo "== libstdc++ is not the first library of the test programs: preloading ${lib:-(none found)}"
  [ -n "$lib" ] && export LD_PRELOAD=$lib
fi
ctest --test-dir build/cli -L gpu --output-on-failure --timeout 300 || status=1
demo=resources/demo-models/transformer
echo "== the demo transformer on the GPU: gna run --device cuda, all heads on and L2.H2 off"
build/cli/app/gna run "$demo" --device cuda --prompt $'Memorize the following dictionary:\napple:12\nriver:7\ngarden:45\nThe value of the key \'garden\' is ' --top 3 || status=1
build/cli/app/gna run "$demo" --device cuda --prompt $'Memorize the following dictionary:\napple:12\nriver:7\ngarden:45\nThe value of the key \'garden\' is ' --top 3 --ablate L2.H2 || status=1
if [ "$bench" = 1 ]; then
  echo "== bench_attribution on the GPU"
  GNA_BENCH_DEVICE=cuda build/cli/bench/bench_attribution "$@" || status=1
  for shape in ${BENCH_ATTENTION_SHAPES:-llama-1b llama-8b}; do
    echo "== bench_attention $shape on the GPU (bf16)"
    ranking=0
    [ "$shape" = llama-1b ] && ranking=32
    GNA_BENCH_DEVICE=cuda GNA_BENCH_DTYPE=bf16 build/cli/bench/bench_attention "$shape" \
      "${BENCH_ATTENTION_TOKENS:-512,2048,8192,32768}" 3 "$ranking" || status=1
  done
  if [ -x build/cli/bench/bench_remote ]; then
    echo "== bench_remote llama8b on the GPU: the toggle through gna serve over loopback (goal <= 50 ms at 512 tokens)"
    GNA_BENCH_DEVICE=cuda build/cli/bench/bench_remote llama8b 20 512 || status=1
  fi
fi
exit $status
