#pragma once
// Free memory of the current CUDA device, for budgets that follow it (the probe's kept residual stream).
#include <cstddef>

namespace gna::kernels {

// cudaMemGetInfo's free bytes on the current device (memory LibTorch's caching allocator holds
// unused is not counted: a lower bound); throws gna::Error on a CUDA error.
std::size_t cuda_free_bytes();

}  // namespace gna::kernels
