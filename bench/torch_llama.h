#pragma once
// The Llama forward as transformers' LlamaForCausalLM runs it, written plainly with LibTorch: the
// baseline the benchmarks run beside gna in the same process. It shares no code with core's model
// (the weights come through the torch-free safetensors reader).
//   eager: linears and attention matmuls in the compute dtype, f32 norms and softmax, repeat_kv;
//   sdpa:  the same with at::scaled_dot_product_attention (is_causal, GQA) where LibTorch >= 2.1 has
//          it (transformers' default attn_implementation); eager elsewhere (sdpa() says which ran).
// forward() ablates a head as a pre-hook on o_proj that zeroes the head's slice of its input would.
#include <ATen/ATen.h>
#include <torch/version.h>

#include <cmath>
#include <filesystem>
#include <limits>
#include <map>
#include <string>
#include <utility>

#include "gna/config.h"
#include "gna/rope.h"
#include "gna/safetensors.h"

namespace gna::bench {

#if TORCH_VERSION_MAJOR > 2 || (TORCH_VERSION_MAJOR == 2 && TORCH_VERSION_MINOR >= 1)
#define GNA_BENCH_HAVE_SDPA 1
#endif

struct TorchLlama {
    gna::Checkpoint ck;
    int64_t L = 0, C = 0, H = 0, KVH = 0, D = 0, V = 0;
    double eps = 1e-5;
    at::ScalarType dtype;
    at::Device device;
    bool use_sdpa = false;
    at::Tensor inv_freq;
    std::map<std::string, at::Tensor> w;

    // Weights in `dtype` on `device` (used in place when the file already holds them on the CPU).
    TorchLlama(const std::filesystem::path& dir, at::ScalarType dtype_, at::Device device_, bool sdpa_)
        : ck(gna::Checkpoint::open(dir)), dtype(dtype_), device(device_) {
        const gna::ModelConfig cfg = gna::ModelConfig::load(dir);
        L = cfg.require_int("num_hidden_layers"), C = cfg.require_int("hidden_size");
        H = cfg.require_int("num_attention_heads"), KVH = cfg.require_int("num_key_value_heads");
        D = C / H, V = cfg.require_int("vocab_size"), eps = cfg.get_double("rms_norm_eps", 1e-5);
#ifdef GNA_BENCH_HAVE_SDPA
        use_sdpa = sdpa_;
#else
        (void)sdpa_;
#endif
        for (const auto& n : ck.names()) {
            const gna::TensorView t = ck.tensor(n);
            const at::ScalarType file = t.dtype == gna::DType::BF16 ? at::kBFloat16
                : t.dtype == gna::DType::F16                        ? at::kHalf
                                                                    : at::kFloat;
            at::Tensor x = at::from_blob(const_cast<std::byte*>(t.data), t.shape, file);
            w[n] = (file == dtype && device.is_cpu()) ? x : x.to(device, dtype);
        }
        if (!w.count("lm_head.weight")) w["lm_head.weight"] = w["model.embed_tokens.weight"];
        const auto f = gna::rope_inverse_frequencies(cfg.rope(), D);
        inv_freq = at::tensor(std::vector<float>(f.begin(), f.end()), at::kFloat).to(device);
    }
    bool sdpa() const { return use_sdpa; }

    at::Tensor rms(const at::Tensor& x, const at::Tensor& g) const {
        at::Tensor xf = x.to(at::kFloat);
        return g * (xf * at::rsqrt(xf.pow(2).mean(-1, true) + eps)).to(dtype);
    }
    static at::Tensor rotate_half(const at::Tensor& x) {
        const int64_t h = x.size(-1) / 2;
        return at::cat({-x.narrow(-1, h, h), x.narrow(-1, 0, h)}, -1);
    }
    // q (1, H, T, D), k/v (1, KVH, T, D) -> (1, T, H*D)
    at::Tensor attention(const at::Tensor& q, at::Tensor k, at::Tensor v, const at::Tensor& mask) const {
        const int64_t T = q.size(2);
#ifdef GNA_BENCH_HAVE_SDPA
        if (use_sdpa) {
#if TORCH_VERSION_MAJOR > 2 || (TORCH_VERSION_MAJOR == 2 && TORCH_VERSION_MINOR >= 5)
            return at::scaled_dot_product_attention(q, k, v, {}, 0.0, true, std::nullopt, H != KVH)
                .transpose(1, 2)
                .reshape({1, T, H * D});
#else
            k = k.repeat_interleave(H / KVH, 1), v = v.repeat_interleave(H / KVH, 1);
            return at::scaled_dot_product_attention(q, k, v, {}, 0.0, true).transpose(1, 2).reshape({1, T, H * D});
#endif
        }
#endif
        k = k.repeat_interleave(H / KVH, 1), v = v.repeat_interleave(H / KVH, 1);  // repeat_kv
        at::Tensor s = at::matmul(q, k.transpose(2, 3)) * (1.0 / std::sqrt(static_cast<double>(D))) + mask;
        at::Tensor pr = at::softmax(s, -1, at::kFloat).to(dtype);
        return at::matmul(pr, v).transpose(1, 2).reshape({1, T, H * D});
    }
    // Last position's logits (f32); `ablate` = (layer, head) whose o_proj input slice is zeroed.
    at::Tensor forward(const at::Tensor& ids, std::pair<int, int> ablate = {-1, -1}) const {
        const int64_t T = ids.size(1);
        at::Tensor h = at::embedding(w.at("model.embed_tokens.weight"), ids.to(device));  // (1, T, C)
        at::Tensor ang =
            at::arange(T, at::TensorOptions().dtype(at::kFloat).device(device)).unsqueeze(1) * inv_freq.unsqueeze(0);
        at::Tensor emb = at::cat({ang, ang}, -1);
        const at::Tensor cos = emb.cos().to(dtype), sin = emb.sin().to(dtype);  // (T, D)
        at::Tensor mask;
        if (!use_sdpa)
            mask = at::full({T, T}, -std::numeric_limits<float>::infinity(), at::TensorOptions().device(device))
                       .triu(1)
                       .to(dtype);
        for (int64_t l = 0; l < L; ++l) {
            const std::string p = "model.layers." + std::to_string(l);
            at::Tensor x = rms(h, w.at(p + ".input_layernorm.weight"));
            at::Tensor q = at::linear(x, w.at(p + ".self_attn.q_proj.weight")).view({1, T, H, D}).transpose(1, 2);
            at::Tensor k = at::linear(x, w.at(p + ".self_attn.k_proj.weight")).view({1, T, KVH, D}).transpose(1, 2);
            at::Tensor v = at::linear(x, w.at(p + ".self_attn.v_proj.weight")).view({1, T, KVH, D}).transpose(1, 2);
            q = q * cos + rotate_half(q) * sin;
            k = k * cos + rotate_half(k) * sin;
            at::Tensor o = attention(q, k, v, mask);
            if (ablate.first == l) o.narrow(-1, ablate.second * D, D).zero_();
            h = h + at::linear(o, w.at(p + ".self_attn.o_proj.weight"));
            x = rms(h, w.at(p + ".post_attention_layernorm.weight"));
            at::Tensor g = at::silu(at::linear(x, w.at(p + ".mlp.gate_proj.weight"))) *
                at::linear(x, w.at(p + ".mlp.up_proj.weight"));
            h = h + at::linear(g, w.at(p + ".mlp.down_proj.weight"));
        }
        return at::linear(rms(h.narrow(1, T - 1, 1), w.at("model.norm.weight")), w.at("lm_head.weight")).to(at::kFloat);
    }
};

}  // namespace gna::bench
