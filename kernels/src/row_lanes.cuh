#pragma once
// Lane layout shared by the scan kernels: a "row" is one recurrence (one channel of one batch row)
// whose N state values are spread over `lanes` consecutive threads of a warp (lanes a power of two
// <= 32), K = ceil(N / lanes) values per thread, kept in registers. Lane l holds n = l + j * lanes.
// y_t = sum_n s[n] C_t[n] is a butterfly reduction inside the row's lanes.
#include <cuda_runtime.h>

#include <cstdint>

#include "cuda_check.h"
#include "gna/error.h"
#include "scan_launch.h"

namespace gna::kernels::detail {

constexpr int kThreadsPerBlock = 128;  // a multiple of 32, so rows never straddle a warp

struct RowLayout {
    int lanes = 1;  // threads per row
    int per_lane = 1;  // K, rounded up to 1, 2, 4 or 8 (the template instances)
};

inline RowLayout row_layout(int64_t N, const char* what) {
    if (N <= 0 || N > kMaxScanState)
        throw Error(std::string(what) + ": state size " + std::to_string(N) +
                    " is not supported by the CUDA kernel (1.." + std::to_string(kMaxScanState) + ")");
    RowLayout r;
    while (r.lanes < 32 && r.lanes < N) r.lanes *= 2;
    const int64_t k = (N + r.lanes - 1) / r.lanes;
    while (r.per_lane < k) r.per_lane *= 2;
    return r;
}

// Sum of v over the `lanes` threads of this row (every thread of the warp must call it).
__device__ __forceinline__ float row_sum(float v, int lanes) {
    for (int off = lanes / 2; off > 0; off /= 2) v += __shfl_xor_sync(0xffffffffu, v, off, lanes);
    return v;
}

inline unsigned int blocks_for(int64_t rows, int lanes) {
    const int64_t threads = rows * lanes;
    const int64_t blocks = (threads + kThreadsPerBlock - 1) / kThreadsPerBlock;
    if (blocks > 0x7fffffff) throw Error("scan kernel: too many rows for one launch");
    return static_cast<unsigned int>(blocks);
}

}  // namespace gna::kernels::detail
