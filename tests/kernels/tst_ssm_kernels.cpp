// The CUDA scan kernels against the CPU scans of core on random inputs (tolerance 1e-4), the
// dispatch of core's ssd_scan / selective_scan to them for CUDA tensors (differences are divided
// by max(1, max |reference|); the inputs are scaled so that the outputs are O(1)), and a tiny Mamba-1 and
// Mamba-2 model on the GPU against the same model on the CPU. Built only with a CUDA LibTorch
// (target gna_kernels); ctest label `gpu`. Exits with 77 (ctest: skipped) when no GPU is present.
// Plain C++ (no Qt): a GPU machine may have only LibTorch and the CLI's dependencies.
#include <ATen/ATen.h>
#include <ATen/Context.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "gna/error.h"
#include "gna/model.h"
#include "gna/tiny_model.h"
#include "gna_kernels/ssm_scan.h"
#include "plain_check.h"
#include "ssm/scan.h"

namespace {

using gna::test::check;

double max_diff(const at::Tensor& a, const at::Tensor& b) {
    return (a.to(at::kCPU).to(at::kDouble) - b.to(at::kCPU).to(at::kDouble)).abs().max().item<double>();
}

// max |a - ref| / max(1, max |ref|): absolute for the O(1) values the inputs are scaled to give.
double rel_diff(const at::Tensor& a, const at::Tensor& ref) {
    const double scale = std::max(1.0, ref.abs().max().item<double>());
    return max_diff(a, ref) / scale;
}

// Decays exp(dt A) in a realistic range: dt = softplus(N(-2, 1)), A = -exp(N(0, 1)).
at::Tensor positive_dt(at::IntArrayRef shape) { return at::softplus(at::randn(shape) - 2.0); }

void ssd_case(int64_t B, int64_t T, int64_t H, int64_t P, int64_t G, int64_t N, bool with_state) {
    const at::Tensor x = at::randn({B, T, H, P}), dt = positive_dt({B, T, H}), A = -at::exp(at::randn({H}));
    const double bc = 1.0 / std::sqrt(static_cast<double>(N));  // B . C = O(1)
    const at::Tensor Bg = at::randn({B, T, G, N}) * bc, Cg = at::randn({B, T, G, N}) * bc;
    const at::Tensor s0 = with_state ? at::randn({B, H, P, N}) : at::Tensor();
    const gna::ScanResult cpu = gna::ssd_scan_sequential(x, dt, A, Bg, Cg, s0);
    const at::Device dev(at::kCUDA, 0);
    const auto gpu = gna::kernels::ssd_scan_cuda(x.to(dev), dt.to(dev), A.to(dev), Bg.to(dev), Cg.to(dev), 64,
                                                 with_state ? s0.to(dev) : at::Tensor());
    const std::string name = "ssd B=" + std::to_string(B) + " T=" + std::to_string(T) + " H=" + std::to_string(H) +
        " P=" + std::to_string(P) + " G=" + std::to_string(G) + " N=" + std::to_string(N) +
        (with_state ? " state0" : "");
    const double dy = rel_diff(gpu.y, cpu.y), ds = rel_diff(gpu.state, cpu.state);
    check(gpu.y.device().is_cuda() && gpu.y.scalar_type() == at::kFloat, name + ": float32 result on the GPU");
    check(dy < 1e-4 && ds < 1e-4, name + ": |y| diff " + std::to_string(dy) + ", |state| diff " + std::to_string(ds));
    // core's ssd_scan dispatches CUDA tensors to the kernel (and the chunked CPU scan agrees too)
    const gna::ScanResult via = gna::ssd_scan(x.to(dev), dt.to(dev), A.to(dev), Bg.to(dev), Cg.to(dev), 16,
                                              with_state ? s0.to(dev) : at::Tensor());
    const gna::ScanResult chunked = gna::ssd_scan(x, dt, A, Bg, Cg, 16, s0);
    check(max_diff(via.y, gpu.y) == 0.0 && rel_diff(chunked.y.to(at::kCPU), gpu.y.to(at::kCPU)) < 1e-4,
          name + ": ssd_scan on CUDA tensors = kernel; chunked CPU scan within 1e-4");
}

void selective_case(int64_t B, int64_t T, int64_t D, int64_t N, bool with_state) {
    const at::Tensor u = at::randn({B, T, D}), dt = positive_dt({B, T, D});
    const at::Tensor A = -at::exp(at::randn({D, N}));
    const double bc = 1.0 / std::sqrt(static_cast<double>(N));  // B . C = O(1)
    const at::Tensor Bm = at::randn({B, T, N}) * bc, Cm = at::randn({B, T, N}) * bc;
    const at::Tensor s0 = with_state ? at::randn({B, D, N}) : at::Tensor();
    const gna::ScanResult cpu = gna::selective_scan_sequential(u, dt, A, Bm, Cm, s0);
    const at::Device dev(at::kCUDA, 0);
    const auto gpu = gna::kernels::selective_scan_cuda(u.to(dev), dt.to(dev), A.to(dev), Bm.to(dev), Cm.to(dev),
                                                       with_state ? s0.to(dev) : at::Tensor());
    const std::string name = "selective B=" + std::to_string(B) + " T=" + std::to_string(T) +
        " D=" + std::to_string(D) + " N=" + std::to_string(N) + (with_state ? " state0" : "");
    const double dy = rel_diff(gpu.y, cpu.y), ds = rel_diff(gpu.state, cpu.state);
    check(dy < 1e-4 && ds < 1e-4, name + ": |y| diff " + std::to_string(dy) + ", |state| diff " + std::to_string(ds));
    const gna::ScanResult via = gna::selective_scan(u.to(dev), dt.to(dev), A.to(dev), Bm.to(dev), Cm.to(dev),
                                                    with_state ? s0.to(dev) : at::Tensor());
    const gna::ScanResult blocked = gna::selective_scan(u, dt, A, Bm, Cm, s0);
    check(max_diff(via.y, gpu.y) == 0.0 && rel_diff(blocked.y.to(at::kCPU), gpu.y.to(at::kCPU)) < 1e-4,
          name + ": selective_scan on CUDA tensors = kernel; blocked CPU scan within 1e-4");
}

// A tiny checkpoint run on the GPU (kernels inside the mixers) against the CPU.
void model_case(const std::filesystem::path& root, const std::string& arch) {
    const gna::TinyModelSpec s{.arch = arch,
                               .layers = 2,
                               .hidden = 32,
                               .seed = 21,
                               .state_size = 16,
                               .ssm_head_dim = 16,
                               .n_groups = 2,
                               .chunk_size = 16};
    const auto dir = root / arch;
    gna::write_tiny_model(s, dir);
    gna::LoadOptions gpu_opt;
    gpu_opt.device = gna::Device::CUDA;
    auto cpu = gna::Model::load(dir), gpu = gna::Model::load(dir, gpu_opt);
    gna::RunRequest r;
    for (int t = 0; t < 70; ++t) r.tokens.push_back(1 + (t * 37) % (cpu->info().vocab_size - 1));
    r.all_logits = true;
    const auto a = cpu->run(r).all_logits, b = gpu->run(r).all_logits;
    double worst = a.size() == b.size() ? 0.0 : INFINITY;
    for (std::size_t i = 0; i < a.size() && i < b.size(); ++i) worst = std::max(worst, std::fabs(double(a[i]) - b[i]));
    check(worst < 1e-4, arch + " model: GPU vs CPU logits diff " + std::to_string(worst));
}

}  // namespace

int main() {
    gna::test::install_crash_stack();
    if (!at::hasCUDA()) {
        std::printf("SKIP: no CUDA device available; the scan kernels were built but cannot run here\n");
        return 77;  // ctest SKIP_RETURN_CODE
    }
    at::manual_seed(1234);
    gna::test::run_case("scan kernels", [] {
        for (bool st : {false, true}) {
            ssd_case(2, 1, 4, 16, 2, 8, st);  // one decode step
            ssd_case(2, 37, 4, 16, 2, 24, st);  // N not a multiple of the lanes
            ssd_case(1, 300, 8, 64, 1, 128, st);  // real-model shapes (Mamba-2 130m: P 64, N 128)
            ssd_case(3, 65, 6, 8, 3, 256, st);  // the largest supported N
            selective_case(2, 1, 48, 16, st);
            selective_case(2, 129, 48, 16, st);  // Mamba-1 N 16
            selective_case(1, 200, 96, 5, st);
            selective_case(2, 33, 40, 100, st);
        }
    });
    gna::test::run_case("state size 300", [] {
        // an unsupported state size is refused with a gna::Error, not a crash
        bool refused = false;
        try {
            const at::Device dev(at::kCUDA, 0);
            gna::kernels::ssd_scan_cuda(at::zeros({1, 2, 2, 4}, dev), at::zeros({1, 2, 2}, dev), at::zeros({2}, dev),
                                        at::zeros({1, 2, 1, 300}, dev), at::zeros({1, 2, 1, 300}, dev), 64, {});
        } catch (const gna::Error& e) {
            refused = std::string(e.what()).find("state size 300") != std::string::npos;
        }
        check(refused, "N = 300 is refused with a gna::Error naming the state size");
    });
    gna::test::run_case("models", [] {
        const auto root = std::filesystem::temp_directory_path() / "gna_tst_ssm_kernels";
        std::filesystem::remove_all(root);
        model_case(root, "mamba2");
        model_case(root, "mamba");
        std::filesystem::remove_all(root);
    });
    return gna::test::exit_code();
}
