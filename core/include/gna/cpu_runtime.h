#pragma once
// The CPU threading model. LibTorch's intra-op pool (OpenMP) and OpenBLAS's own thread pool run
// one after the other (elementwise ops, then a GEMM), so both get the same thread count, and
// OpenMP's idle workers sleep (OMP_WAIT_POLICY=PASSIVE) instead of spinning on the cores that
// OpenBLAS is using. Every program calls prepare_cpu_runtime() first thing in main().
#include <string>

namespace gna {

// Sets OMP_WAIT_POLICY=PASSIVE when the environment does not set it, and (because OpenMP reads
// the variable once, when its runtime library is loaded, before main() runs) re-executes the
// program once with it set; the user's own OMP_WAIT_POLICY is kept. Then has glibc's malloc keep
// freed activations (blocks up to 32 MB from the heap, up to 512 MB of freed heap not returned to
// the kernel) so that every layer does not page-fault its temporaries in afresh, and gives OpenBLAS
// as many threads as LibTorch (set_cpu_threads(0)). GNA_CPU_DEFAULTS=1 in the environment skips
// all of it and leaves OpenMP's, glibc's and OpenBLAS's own defaults. Call it before any other thread starts; when the
// re-execution is impossible the program goes on without it.
void prepare_cpu_runtime(int argc, char** argv);

// Sets LibTorch's intra-op threads and OpenBLAS's threads to `threads` together (0 = LibTorch's
// default, one per physical core, for both). This is what --threads does. Under
// GNA_CPU_DEFAULTS=1 it sets LibTorch's count only.
void set_cpu_threads(int threads);

struct CpuRuntimeInfo {
    int torch_threads = 0;  // LibTorch intra-op threads
    int blas_threads = 0;  // OpenBLAS threads; 0 when the BLAS is not OpenBLAS
    std::string omp_wait_policy;  // OMP_WAIT_POLICY as this process started with ("" = unset)
};
CpuRuntimeInfo cpu_runtime_info();

// Whether this CPU computes bf16 natively: AVX512-BF16 or AMX-BF16 instructions (CPUID), which
// LibTorch's oneDNN kernels use for bf16 matrix products. Without them a bf16 matmul is emulated
// and runs several times slower than f32, so --dtype bf16 on the CPU is refused there.
// GNA_ASSUME_NO_BF16=1 in the environment makes it answer false (to test that refusal).
bool cpu_has_native_bf16();
// The instructions found, for messages and `gna info`: "avx512_bf16 amx_bf16", or "" when none.
std::string cpu_bf16_features();

}  // namespace gna
