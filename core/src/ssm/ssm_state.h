#pragma once
// Decode state of the state-space and hybrid architectures: per layer a conv state (the last
// K-1 conv inputs), an SSM state, and a KV cache for attention layers. Tensors are replaced, never
// written in place, so copies share storage safely.
#include <ATen/ATen.h>

#include <vector>

#include "model/causal_lm.h"
#include "model/layers.h"

namespace gna {

struct SsmState final : DecodeState {
    std::vector<at::Tensor> conv;  // (B, Cc, K-1) per layer, undefined before the first token
    std::vector<at::Tensor> ssm;   // (B, H, P, N) / (B, D, N) / (B, W) per layer
    std::vector<KVCache> kv;       // attention layers
    at::Tensor extra;              // Zamba2: the embedding output of the current pass (B, T, C)
    int64_t len = 0;

    explicit SsmState(std::size_t layers) : conv(layers), ssm(layers), kv(layers) {}
    int64_t length() const override { return len; }
    std::unique_ptr<DecodeState> clone() const override { return std::make_unique<SsmState>(*this); }
    void repeat_rows(int64_t n) override {
        for (auto& t : conv)
            if (t.defined()) t = t.repeat_interleave(n, 0);
        for (auto& t : ssm)
            if (t.defined()) t = t.repeat_interleave(n, 0);
        for (auto& c : kv) c.repeat_rows(n);
        if (extra.defined()) extra = extra.repeat_interleave(n, 0);
    }
};

}  // namespace gna
