// gna/cpu_runtime.h: OpenMP wait policy (set through a re-execution) and thread counts of
// LibTorch and OpenBLAS set together.
#include "gna/cpu_runtime.h"

#include <dlfcn.h>
#include <unistd.h>

#include <ATen/Parallel.h>

#include <cstdlib>
#include <cstring>

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

}  // namespace gna
