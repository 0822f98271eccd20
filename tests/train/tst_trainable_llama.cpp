// Head dropout in the demo trainer's Llama: a head multiplier of 0 is exactly "that head's o_proj
// input zeroed" (DESIGN.md's ablation), a multiplier of 2 exactly doubles that head's o_proj columns,
// row by row, and only in the layers the mask covers. Checked against the same model with its
// o_proj weight edited by hand. The summary-token bottleneck's attention block: a query that may see
// only the BOS and itself gets the logits of the two-token sequence (BOS, that token) at the same
// positions, and the other queries are untouched; per-layer blocks (the late KV lookup) act in their
// own layer only. Plain C++ (LibTorch without Qt).
#include <ATen/ATen.h>

#include <cstdio>
#include <string>

#include "train/tiny_llama.h"

namespace {

int failures = 0;

void check(bool ok, const std::string& what) {
    if (!ok) {
        ++failures;
        std::fprintf(stderr, "FAIL: %s\n", what.c_str());
    }
}

double max_diff(const at::Tensor& a, const at::Tensor& b) { return (a - b).abs().max().item<double>(); }

}  // namespace

int main() {
    using gna::train::LlamaShape;
    using gna::train::TinyLlama;
    LlamaShape s;
    s.vocab = 50, s.hidden = 16, s.layers = 2, s.heads = 2, s.intermediate = 32, s.context = 16;
    const int64_t B = 2, T = 7, D = s.head_dim();
    at::Tensor ids = at::randint(0, s.vocab, {B, T}, at::kLong);
    at::Tensor pos = at::arange(T, at::kLong).view({1, T}).expand({B, T});
    at::Tensor doc = at::zeros({B, T}, at::kLong);
    at::NoGradGuard ng;

    TinyLlama plain(s, 3);
    const at::Tensor base = plain.forward(ids, pos, doc);

    // Layer 0: row 0 loses head 1, row 1 has head 0 doubled. Layer 1 is not in the mask.
    TinyLlama masked(s, 3);
    at::Tensor keep = at::ones({1, B, s.heads});
    keep[0][0][1] = 0.0;
    keep[0][1][0] = 2.0;
    masked.set_head_keep(keep);
    const at::Tensor got = masked.forward(ids, pos, doc);

    auto edited = [&](int64_t head, double factor) {
        TinyLlama m(s, 3);
        for (auto& [n, t] : m.parameters())
            if (n == "model.layers.0.self_attn.o_proj.weight") t.narrow(1, head * D, D).mul_(factor);
        return m.forward(ids, pos, doc);
    };
    const at::Tensor off = edited(1, 0.0), twice = edited(0, 2.0);
    check(max_diff(got[0], off[0]) < 1e-5, "row 0: multiplier 0 = head 1's o_proj columns zeroed by hand");
    check(max_diff(got[1], twice[1]) < 1e-5, "row 1: multiplier 2 = head 0's o_proj columns doubled by hand");
    check(max_diff(got[0], base[0]) > 1e-3, "row 0: dropping a head changes the logits");

    // No mask again: the plain forward.
    masked.set_head_keep({});
    check(max_diff(masked.forward(ids, pos, doc), base) == 0.0, "an undefined mask is no head dropout");

    // Attention block: in row 0 the last query sees only key 0 (BOS) and itself, in every layer.
    at::Tensor blocked = at::zeros({B, T, T}, at::kBool);
    blocked[0][T - 1].narrow(0, 1, T - 2).fill_(true);
    masked.set_attention_block(blocked);
    const at::Tensor cut = masked.forward(ids, pos, doc);
    masked.set_attention_block({});
    at::Tensor two_ids = at::stack({ids[0][0], ids[0][T - 1]}).view({1, 2});
    at::Tensor two_pos = at::tensor(std::vector<int64_t>{0, T - 1}, at::kLong).view({1, 2});
    const at::Tensor two = masked.forward(two_ids, two_pos, at::zeros({1, 2}, at::kLong));
    check(max_diff(cut[0][T - 1], two[0][1]) < 1e-5, "blocked query = the same token after BOS alone");
    check(max_diff(cut[0][T - 1], base[0][T - 1]) > 1e-3, "blocking keys changes that query's logits");
    check(max_diff(cut[0].narrow(0, 0, T - 1), base[0].narrow(0, 0, T - 1)) == 0.0, "other queries untouched");
    check(max_diff(cut[1], base[1]) == 0.0, "other rows untouched");

    // Per-layer blocks (layers, B, T, T), the late KV lookup's form: the same mask in both layers is the
    // (B, T, T) block; none in both is the plain forward; a mask in one layer differs from both.
    const at::Tensor none = at::zeros_like(blocked);
    auto layered = [&](TinyLlama& m, const at::Tensor& l0, const at::Tensor& l1) {
        m.set_attention_block(at::stack({l0, l1}));
        at::Tensor out = m.forward(ids, pos, doc);
        m.set_attention_block({});
        return out;
    };
    const at::Tensor both = layered(masked, blocked, blocked), first = layered(masked, blocked, none),
                     second = layered(masked, none, blocked);
    check(max_diff(both, cut) == 0.0, "the same block in every layer = the (B, T, T) block");
    check(max_diff(layered(masked, none, none), base) == 0.0, "empty per-layer blocks = no block");
    check(max_diff(first[0][T - 1], cut[0][T - 1]) > 1e-4 && max_diff(first[0][T - 1], base[0][T - 1]) > 1e-4,
          "a block in layer 0 alone differs from none and from both layers");
    check(max_diff(first[0][T - 1], second[0][T - 1]) > 1e-4, "layer 0's block differs from layer 1's");
    check(max_diff(first[0].narrow(0, 0, T - 1), base[0].narrow(0, 0, T - 1)) == 0.0 &&
              max_diff(first[1], base[1]) == 0.0,
          "per-layer block: other queries and rows untouched");
    // With layer 1's attention output switched off by hand (o_proj zeroed), only layer 0's block can
    // matter: blocking layer 0 = blocking both layers, blocking layer 1 = no block at all.
    TinyLlama quiet(s, 3);
    for (auto& [n, t] : quiet.parameters())
        if (n == "model.layers.1.self_attn.o_proj.weight") t.zero_();
    const at::Tensor quiet_plain = quiet.forward(ids, pos, doc);
    check(max_diff(layered(quiet, blocked, none), layered(quiet, blocked, blocked)) == 0.0,
          "layer 1 silenced: a block in layer 0 = the block in both layers");
    check(max_diff(layered(quiet, none, blocked), quiet_plain) == 0.0, "layer 1 silenced: its block changes nothing");
    check(max_diff(layered(quiet, blocked, none)[0][T - 1], quiet_plain[0][T - 1]) > 1e-4,
          "layer 1 silenced: layer 0's block still changes the blocked query");
    if (failures == 0) std::printf("trainable llama: all checks passed\n");
    return failures == 0 ? 0 : 1;
}
