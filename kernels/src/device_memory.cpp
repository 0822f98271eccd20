#include "gna_kernels/device_memory.h"

#include "cuda_check.h"

namespace gna::kernels {

std::size_t cuda_free_bytes() {
    std::size_t free = 0, total = 0;
    GNA_CUDA_CHECK(cudaMemGetInfo(&free, &total));
    return free;
}

}  // namespace gna::kernels
