// Mamba-2 SSD scan on the GPU, sequential over time, parallel over (b, h, p) rows:
//   s_t[n] = exp(dt_t A_h) s_{t-1}[n] + (dt_t x_t[p]) B_t[g, n];   y_t[p] = sum_n s_t[n] C_t[g, n]
// with g = h / (H / G). The same arithmetic as ssd_scan_sequential on the CPU (float32).
#include "row_lanes.cuh"
#include "scan_launch.h"

namespace gna::kernels {
namespace {

using detail::row_sum;

template <int K>
__global__ void ssd_scan_kernel(const float* __restrict__ x,  // (B, T, H, P)
                                const float* __restrict__ dt,  // (B, T, H)
                                const float* __restrict__ A,  // (H)
                                const float* __restrict__ Bg,  // (B, T, G, N)
                                const float* __restrict__ Cg,  // (B, T, G, N)
                                const float* __restrict__ s0,  // (B, H, P, N) or null
                                float* __restrict__ y,  // (B, T, H, P)
                                float* __restrict__ s_out,  // (B, H, P, N)
                                int64_t B, int64_t T, int64_t H, int64_t P, int64_t G, int64_t N, int lanes) {
    const int64_t tid = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
    const int64_t row = tid / lanes;  // flattened (b, h, p)
    const int lane = static_cast<int>(tid % lanes);
    const bool active = row < B * H * P;
    const int64_t p = active ? row % P : 0;
    const int64_t h = active ? (row / P) % H : 0;
    const int64_t b = active ? row / (P * H) : 0;
    const int64_t g = h / (H / G);

    float s[K];  // this lane's state values n = lane + j * lanes
#pragma unroll
    for (int j = 0; j < K; ++j) {
        const int64_t n = lane + static_cast<int64_t>(j) * lanes;
        s[j] = (active && s0 != nullptr && n < N) ? s0[row * N + n] : 0.0f;
    }
    const float a = active ? A[h] : 0.0f;

    for (int64_t t = 0; t < T; ++t) {
        float acc = 0.0f;
        if (active) {
            const int64_t bt = b * T + t;
            const float d = dt[bt * H + h];
            const float decay = expf(d * a);
            const float dx = x[(bt * H + h) * P + p] * d;
            const float* Bt = Bg + (bt * G + g) * N;  // Bt, Ct: (N)
            const float* Ct = Cg + (bt * G + g) * N;
#pragma unroll
            for (int j = 0; j < K; ++j) {
                const int64_t n = lane + static_cast<int64_t>(j) * lanes;
                if (n < N) {
                    s[j] = decay * s[j] + dx * Bt[n];
                    acc += s[j] * Ct[n];
                }
            }
        }
        acc = row_sum(acc, lanes);  // every thread of the warp takes part
        if (active && lane == 0) y[((b * T + t) * H + h) * P + p] = acc;
    }
#pragma unroll
    for (int j = 0; j < K; ++j) {
        const int64_t n = lane + static_cast<int64_t>(j) * lanes;
        if (active && n < N) s_out[row * N + n] = s[j];
    }
}

}  // namespace

void launch_ssd_scan(const float* x, const float* dt, const float* A, const float* Bg, const float* Cg,
                     const float* state0, float* y, float* state, int64_t B, int64_t T, int64_t H, int64_t P, int64_t G,
                     int64_t N, cudaStream_t stream) {
    if (B == 0) return;  // nothing to scan
    if (B < 0 || H <= 0 || P <= 0 || G <= 0 || H % G != 0 || T < 0)
        throw Error("ssd_scan (CUDA): bad sizes B=" + std::to_string(B) + " T=" + std::to_string(T) +
                    " H=" + std::to_string(H) + " P=" + std::to_string(P) + " G=" + std::to_string(G));
    const detail::RowLayout lay = detail::row_layout(N, "ssd_scan (CUDA)");
    const unsigned int blocks = detail::blocks_for(B * H * P, lay.lanes);
    const dim3 grid(blocks), block(detail::kThreadsPerBlock);
    switch (lay.per_lane) {
        case 1:
            ssd_scan_kernel<1>
                <<<grid, block, 0, stream>>>(x, dt, A, Bg, Cg, state0, y, state, B, T, H, P, G, N, lay.lanes);
            break;
        case 2:
            ssd_scan_kernel<2>
                <<<grid, block, 0, stream>>>(x, dt, A, Bg, Cg, state0, y, state, B, T, H, P, G, N, lay.lanes);
            break;
        case 4:
            ssd_scan_kernel<4>
                <<<grid, block, 0, stream>>>(x, dt, A, Bg, Cg, state0, y, state, B, T, H, P, G, N, lay.lanes);
            break;
        default:
            ssd_scan_kernel<8>
                <<<grid, block, 0, stream>>>(x, dt, A, Bg, Cg, state0, y, state, B, T, H, P, G, N, lay.lanes);
            break;
    }
    GNA_CUDA_CHECK(cudaGetLastError());
}

}  // namespace gna::kernels
