// gna/cpu_runtime.h: OpenMP wait policy (set through a re-execution) and thread counts of
// LibTorch and OpenBLAS set together.
#include "gna/cpu_runtime.h"

#include <dlfcn.h>
#include <malloc.h>
#include <unistd.h>

#include <ATen/Parallel.h>

#include <cstdlib>
#include <cstring>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

namespace gna {

namespace {

// OpenBLAS is reached through LibTorch's BLAS dependency; looked up at run time so that another
// BLAS (or none) works too.
using SetThreads = void (*)(int);
using GetThreads = int (*)();
SetThreads blas_set_threads() { return reinterpret_cast<SetThreads>(dlsym(RTLD_DEFAULT, "openblas_set_num_threads")); }
GetThreads blas_get_threads() { return reinterpret_cast<GetThreads>(dlsym(RTLD_DEFAULT, "openblas_get_num_threads")); }

bool env_is(const char* name, const char* value) {
    const char* v = std::getenv(name);
    return v != nullptr && std::strcmp(v, value) == 0;
}

// A forward allocates its activations afresh in every layer (tens of MB each at 2048 tokens) and
// frees them at the layer's end. With glibc's defaults the freed top of the heap is returned to
// the kernel once it exceeds the trim threshold (twice the adaptive mmap threshold, at most 64 MB),
// and blocks above the mmap threshold are unmapped on free, so the next layer page-faults the same
// memory in again and the kernel zeroes it: 4-5% of a Mamba-2 forward's time. Fixing the mmap
// threshold at glibc's maximum (32 MB) and keeping up to kKeptHeap of freed heap makes the layers
// reuse the same pages; blocks over 32 MB (weights, large outputs) are still mapped and returned.
void keep_freed_memory() {
    constexpr int kMmapThreshold = 32 << 20;
    constexpr int kKeptHeap = 512 << 20;
    mallopt(M_MMAP_THRESHOLD, kMmapThreshold);
    mallopt(M_TRIM_THRESHOLD, kKeptHeap);
}

}  // namespace

void prepare_cpu_runtime(int argc, char** argv) {
    if (env_is("GNA_CPU_DEFAULTS", "1")) return;
    if (std::getenv("OMP_WAIT_POLICY") == nullptr && argc > 0 && argv != nullptr) {
        // OpenMP has already read its environment (its library constructor ran before main), so
        // the variable only takes effect in a fresh process image: the same program, same
        // arguments, same environment plus this variable. Once set, it is not set again.
        setenv("OMP_WAIT_POLICY", "PASSIVE", 0);
        execv("/proc/self/exe", argv);
        // execv returned: it failed (no /proc, say). Go on with the policy OpenMP started with.
        unsetenv("OMP_WAIT_POLICY");
    }
    keep_freed_memory();
    set_cpu_threads(0);
}

void set_cpu_threads(int threads) {
    if (threads > 0) at::set_num_threads(threads);
    if (env_is("GNA_CPU_DEFAULTS", "1")) return;  // OpenBLAS keeps its own count
    if (auto set = blas_set_threads()) set(threads > 0 ? threads : at::get_num_threads());
}

CpuRuntimeInfo cpu_runtime_info() {
    CpuRuntimeInfo r;
    r.torch_threads = at::get_num_threads();
    if (auto get = blas_get_threads()) r.blas_threads = get();
    if (const char* v = std::getenv("OMP_WAIT_POLICY")) r.omp_wait_policy = v;
    return r;
}

std::string cpu_bf16_features() {
    std::string found;
#if defined(__x86_64__) || defined(__i386__)
    unsigned a = 0, b = 0, c = 0, d = 0;
    if (__get_cpuid_max(0, nullptr) < 7) return found;
    // The OS must save the AVX-512 state (XCR0 bits 5-7) and, for AMX, the tile state (bits 17-18).
    __cpuid(1, a, b, c, d);
    if (!(c & (1u << 27))) return found;  // OSXSAVE
    unsigned lo = 0, hi = 0;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    const bool avx512_os = (lo & 0xE6u) == 0xE6u, amx_os = (lo & (3u << 17)) == (3u << 17);
    __cpuid_count(7, 0, a, b, c, d);
    const bool avx512f = b & (1u << 16), amx_bf16 = d & (1u << 22), amx_tile = d & (1u << 24);
    __cpuid_count(7, 1, a, b, c, d);
    const bool avx512_bf16 = a & (1u << 5);
    if (avx512_os && avx512f && avx512_bf16) found = "avx512_bf16";
    if (amx_os && amx_tile && amx_bf16) found += found.empty() ? "amx_bf16" : " amx_bf16";
#endif
    return found;
}

bool cpu_has_native_bf16() {
    if (env_is("GNA_ASSUME_NO_BF16", "1")) return false;
    return !cpu_bf16_features().empty();
}

}  // namespace gna
