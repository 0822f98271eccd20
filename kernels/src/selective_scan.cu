// Mamba-1 selective scan on the GPU, sequential over time, parallel over (b, d) rows:
//   h_t[n] = exp(dt_t[d] A[d, n]) h_{t-1}[n] + (dt_t[d] u_t[d]) B_t[n];   y_t[d] = sum_n h_t[n] C_t[n]
// The same arithmetic as selective_scan_sequential on the CPU (float32).
#include "row_lanes.cuh"
#include "scan_launch.h"

namespace gna::kernels {
namespace {

using detail::row_sum;

template <int K>
__global__ void selective_scan_kernel(const float* __restrict__ u,  // (B, T, D)
                                      const float* __restrict__ dt,  // (B, T, D)
                                      const float* __restrict__ A,  // (D, N)
                                      const float* __restrict__ Bm,  // (B, T, N)
                                      const float* __restrict__ Cm,  // (B, T, N)
                                      const float* __restrict__ s0,  // (B, D, N) or null
                                      float* __restrict__ y,  // (B, T, D)
                                      float* __restrict__ s_out,  // (B, D, N)
                                      int64_t B, int64_t T, int64_t D, int64_t N, int lanes) {
    const int64_t tid = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
    const int64_t row = tid / lanes;  // flattened (b, d)
    const int lane = static_cast<int>(tid % lanes);
    const bool active = row < B * D;
    const int64_t d = active ? row % D : 0;
    const int64_t b = active ? row / D : 0;

    float h[K], a[K];  // this lane's state and A[d, n] for n = lane + j * lanes
#pragma unroll
    for (int j = 0; j < K; ++j) {
        const int64_t n = lane + static_cast<int64_t>(j) * lanes;
        const bool mine = active && n < N;
        h[j] = (mine && s0 != nullptr) ? s0[row * N + n] : 0.0f;
        a[j] = mine ? A[d * N + n] : 0.0f;
    }

    for (int64_t t = 0; t < T; ++t) {
        float acc = 0.0f;
        if (active) {
            const int64_t bt = b * T + t;
            const float step = dt[bt * D + d];
            const float du = step * u[bt * D + d];
            const float* Bt = Bm + bt * N;  // Bt, Ct: (N)
            const float* Ct = Cm + bt * N;
#pragma unroll
            for (int j = 0; j < K; ++j) {
                const int64_t n = lane + static_cast<int64_t>(j) * lanes;
                if (n < N) {
                    h[j] = expf(step * a[j]) * h[j] + du * Bt[n];
                    acc += h[j] * Ct[n];
                }
            }
        }
        acc = row_sum(acc, lanes);  // every thread of the warp takes part
        if (active && lane == 0) y[(b * T + t) * D + d] = acc;
    }
#pragma unroll
    for (int j = 0; j < K; ++j) {
        const int64_t n = lane + static_cast<int64_t>(j) * lanes;
        if (active && n < N) s_out[row * N + n] = h[j];
    }
}

}  // namespace

void launch_selective_scan(const float* u, const float* dt, const float* A, const float* Bm, const float* Cm,
                           const float* state0, float* y, float* state, int64_t B, int64_t T, int64_t D, int64_t N,
                           cudaStream_t stream) {
    if (B == 0) return;  // nothing to scan
    if (B < 0 || D <= 0 || T < 0)
        throw Error("selective_scan (CUDA): bad sizes B=" + std::to_string(B) + " T=" + std::to_string(T) +
                    " D=" + std::to_string(D));
    const detail::RowLayout lay = detail::row_layout(N, "selective_scan (CUDA)");
    const unsigned int blocks = detail::blocks_for(B * D, lay.lanes);
    const dim3 grid(blocks), block(detail::kThreadsPerBlock);
    switch (lay.per_lane) {
        case 1:
            selective_scan_kernel<1>
                <<<grid, block, 0, stream>>>(u, dt, A, Bm, Cm, state0, y, state, B, T, D, N, lay.lanes);
            break;
        case 2:
            selective_scan_kernel<2>
                <<<grid, block, 0, stream>>>(u, dt, A, Bm, Cm, state0, y, state, B, T, D, N, lay.lanes);
            break;
        case 4:
            selective_scan_kernel<4>
                <<<grid, block, 0, stream>>>(u, dt, A, Bm, Cm, state0, y, state, B, T, D, N, lay.lanes);
            break;
        default:
            selective_scan_kernel<8>
                <<<grid, block, 0, stream>>>(u, dt, A, Bm, Cm, state0, y, state, B, T, D, N, lay.lanes);
            break;
    }
    GNA_CUDA_CHECK(cudaGetLastError());
}

}  // namespace gna::kernels
