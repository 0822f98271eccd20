// LibTorch front end of the CUDA scan kernels: checks devices and shapes, makes float32 contiguous
// copies where needed, launches on the current stream of the tensors' device.
#include "gna_kernels/ssm_scan.h"

#include <c10/cuda/CUDAGuard.h>
#include <c10/cuda/CUDAStream.h>

#include <sstream>
#include <string>
#include <vector>

#include "gna/error.h"
#include "scan_launch.h"

namespace gna::kernels {
namespace {

std::string shape_of(const at::Tensor& t) {
    std::ostringstream s;
    s << t.sizes();
    return s.str();
}

// Every defined tensor on the same CUDA device as the first one; its shape as given (-1 = any).
void expect(const char* fn, const char* name, const at::Tensor& t, const at::Device& dev,
            const std::vector<int64_t>& shape) {
    if (!t.device().is_cuda() || t.device() != dev)
        throw Error(std::string(fn) + ": '" + name + "' is on " + t.device().str() + ", expected " + dev.str());
    bool ok = t.dim() == static_cast<int64_t>(shape.size());
    for (std::size_t i = 0; ok && i < shape.size(); ++i)
        ok = shape[i] < 0 || t.size(static_cast<int64_t>(i)) == shape[i];
    if (!ok) {
        std::string want = "[";
        for (std::size_t i = 0; i < shape.size(); ++i)
            want += (i ? ", " : "") + (shape[i] < 0 ? std::string("*") : std::to_string(shape[i]));
        throw Error(std::string(fn) + ": '" + name + "' has shape " + shape_of(t) + ", expected " + want + "]");
    }
}

at::Tensor f32(const at::Tensor& t) { return t.to(at::kFloat).contiguous(); }

}  // namespace

ScanTensors ssd_scan_cuda(const at::Tensor& x, const at::Tensor& dt, const at::Tensor& A, const at::Tensor& Bg,
                          const at::Tensor& Cg, int64_t /*chunk*/, const at::Tensor& state0) {
    const char* fn = "ssd_scan (CUDA)";
    if (x.dim() != 4 || Bg.dim() != 4) throw Error(std::string(fn) + ": x and Bg must be 4-D");
    const int64_t B = x.size(0), T = x.size(1), H = x.size(2), P = x.size(3), G = Bg.size(2), N = Bg.size(3);
    const at::Device dev = x.device();
    expect(fn, "x", x, dev, {B, T, H, P});
    expect(fn, "dt", dt, dev, {B, T, H});
    expect(fn, "A", A, dev, {H});
    expect(fn, "Bg", Bg, dev, {B, T, G, N});
    expect(fn, "Cg", Cg, dev, {B, T, G, N});
    if (state0.defined()) expect(fn, "state0", state0, dev, {B, H, P, N});
    if (G <= 0 || H % G != 0)
        throw Error(std::string(fn) + ": " + std::to_string(H) + " heads cannot share " + std::to_string(G) +
                    " groups");

    const c10::cuda::CUDAGuard guard(dev);
    const at::Tensor xf = f32(x), dtf = f32(dt), Af = f32(A), Bf = f32(Bg), Cf = f32(Cg);
    const at::Tensor s0 = state0.defined() ? f32(state0) : at::Tensor();
    ScanTensors r;
    r.y = at::empty({B, T, H, P}, xf.options());  // (B, T, H, P)
    r.state = at::empty({B, H, P, N}, xf.options());  // (B, H, P, N)
    launch_ssd_scan(xf.data_ptr<float>(), dtf.data_ptr<float>(), Af.data_ptr<float>(), Bf.data_ptr<float>(),
                    Cf.data_ptr<float>(), s0.defined() ? s0.data_ptr<float>() : nullptr, r.y.data_ptr<float>(),
                    r.state.data_ptr<float>(), B, T, H, P, G, N, c10::cuda::getCurrentCUDAStream(dev.index()).stream());
    return r;
}

ScanTensors selective_scan_cuda(const at::Tensor& u, const at::Tensor& dt, const at::Tensor& A, const at::Tensor& Bm,
                                const at::Tensor& Cm, const at::Tensor& state0) {
    const char* fn = "selective_scan (CUDA)";
    if (u.dim() != 3 || A.dim() != 2) throw Error(std::string(fn) + ": u must be 3-D and A 2-D");
    const int64_t B = u.size(0), T = u.size(1), D = u.size(2), N = A.size(1);
    const at::Device dev = u.device();
    expect(fn, "u", u, dev, {B, T, D});
    expect(fn, "dt", dt, dev, {B, T, D});
    expect(fn, "A", A, dev, {D, N});
    expect(fn, "Bm", Bm, dev, {B, T, N});
    expect(fn, "Cm", Cm, dev, {B, T, N});
    if (state0.defined()) expect(fn, "state0", state0, dev, {B, D, N});

    const c10::cuda::CUDAGuard guard(dev);
    const at::Tensor uf = f32(u), dtf = f32(dt), Af = f32(A), Bf = f32(Bm), Cf = f32(Cm);
    const at::Tensor s0 = state0.defined() ? f32(state0) : at::Tensor();
    ScanTensors r;
    r.y = at::empty({B, T, D}, uf.options());  // (B, T, D)
    r.state = at::empty({B, D, N}, uf.options());  // (B, D, N)
    launch_selective_scan(uf.data_ptr<float>(), dtf.data_ptr<float>(), Af.data_ptr<float>(), Bf.data_ptr<float>(),
                          Cf.data_ptr<float>(), s0.defined() ? s0.data_ptr<float>() : nullptr, r.y.data_ptr<float>(),
                          r.state.data_ptr<float>(), B, T, D, N, c10::cuda::getCurrentCUDAStream(dev.index()).stream());
    return r;
}

}  // namespace gna::kernels
