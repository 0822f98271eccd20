#pragma once
// CUDA versions of the sequence scans in core/src/ssm/scan.h, on LibTorch tensors. Same arguments
// and results as the CPU functions (ssd_scan, selective_scan): inputs of any float dtype on one CUDA
// device, y and the final state float32 on that device. core dispatches to them when the tensors are
// on a CUDA device; they exist only in builds against a CUDA LibTorch (target gna_kernels).
#include <ATen/ATen.h>

namespace gna::kernels {

struct ScanTensors {
    at::Tensor y;  // (B, T, H, P) or (B, T, D), float32
    at::Tensor state;  // (B, H, P, N) or (B, D, N), float32
};

// Mamba-2 SSD: x (B, T, H, P); dt (B, T, H); A (H); Bg, Cg (B, T, G, N); state0 (B, H, P, N) or
// undefined. `chunk` is accepted for signature parity with the CPU scan; the kernel is sequential
// over time per (b, h, p), so the result does not depend on it.
ScanTensors ssd_scan_cuda(const at::Tensor& x, const at::Tensor& dt, const at::Tensor& A, const at::Tensor& Bg,
                          const at::Tensor& Cg, int64_t chunk, const at::Tensor& state0);

// Mamba-1 selective scan: u, dt (B, T, D); A (D, N); Bm, Cm (B, T, N); state0 (B, D, N) or undefined.
ScanTensors selective_scan_cuda(const at::Tensor& u, const at::Tensor& dt, const at::Tensor& A, const at::Tensor& Bm,
                                const at::Tensor& Cm, const at::Tensor& state0);

}  // namespace gna::kernels
