// gna::Model: loading (config + weights + tokenizer) and runs under intervention plans,
// on top of the architecture interface CausalLM.
#include "gna/model.h"

#include <ATen/Parallel.h>

#include <algorithm>
#include <cstdlib>
#include <map>
#include <optional>
#include <set>

#include "gna/attribution.h"
#include "gna/config.h"
#include "gna/cpu_runtime.h"
#include "gna/error.h"
#include "gna/load_spec.h"
#include "gna/memory_estimate.h"
#include "gna/residual_stream.h"
#include "model/causal_lm.h"
#include "model/layers.h"
#include "model/plan.h"
#include "model/tree_sweep.h"
#include "analysis/attribution_pass.h"

namespace gna {

// The unablated prompt pass at every layer boundary: h[l] is the input of layer l, h[L] the output.
class ResidualStream {
public:
    const Model* model = nullptr;
    std::vector<int> tokens;
    std::vector<at::Tensor> h;  // L + 1 tensors (1, T, C)
    std::size_t bytes = 0;
};

bool cuda_available() { return at::hasCUDA(); }

namespace {

// The CPU computes in f32, or in bf16 where the CPU has bf16 instructions (oneDNN's kernels);
// f16 has no fast CPU kernels in LibTorch.
void check_cpu_dtype(ComputeDType dtype) {
    if (dtype == ComputeDType::F16)
        throw Error(
            "--dtype f16 is offered on CUDA only: on the CPU use --dtype bf16 (half the memory, as fast as "
            "the CPU's bf16 instructions allow) or --dtype f32");
    if (dtype == ComputeDType::BF16 && !cpu_has_native_bf16())
        throw Error(std::string("--dtype bf16: this CPU has no bf16 instructions (AVX512-BF16 or AMX-BF16") +
                    (std::getenv("GNA_ASSUME_NO_BF16") ? ", or GNA_ASSUME_NO_BF16=1 says so" : "") +
                    "), so bf16 matrix products would be emulated and run several times slower than f32. "
                    "Use --dtype f32 on this machine (or a GPU with --device cuda)");
}

class ModelImpl final : public Model {
public:
    ModelImpl(const std::filesystem::path& dir, const LoadOptions& opt) : ckpt_(Checkpoint::open(dir)) {
        if (opt.device == Device::CUDA && !cuda_available())
            throw Error(
                "CUDA was requested, but this LibTorch build has no CUDA support or no GPU is visible. "
                "Use the CPU, or build G&A Studio against a CUDA LibTorch.");
        if (opt.device == Device::CPU) check_cpu_dtype(opt.dtype);
        if (opt.threads > 0) set_cpu_threads(opt.threads);
        if (opt.device == Device::CPU && opt.check_memory)
            if (auto available = available_memory())
                check_memory_fits(dir, estimate_memory(dir, opt.dtype, opt.context), *available);
        ModelConfig cfg = ModelConfig::load(dir);
        lm_ = make_causal_lm(cfg, ckpt_, opt);
        std::vector<int> eos;
        for (int64_t id : cfg.get_int_list("eos_token_id")) eos.push_back(static_cast<int>(id));
        std::optional<int> bos;
        if (const auto b = cfg.get_int_list("bos_token_id"); !b.empty()) bos = static_cast<int>(b.front());
        tokenizer_ = load_checkpoint_tokenizer(dir, opt.tokenizer, static_cast<int>(cfg.get_int("vocab_size", 0)),
                                               std::move(eos), bos);
        info_ = lm_->info();
        info_.dir = dir;
        info_.config_hash = cfg.hash();
        info_.weights_dtype = ckpt_.weights_dtype();
        info_.compute_dtype = dtype_name(opt.dtype);
        info_.device = device_name(opt.device);
        info_.tokenizer_kind = tokenizer_->kind();
        if (!opt.tokenizer.empty() && info_.vocab_size > 0 && tokenizer_->vocab_size() > info_.vocab_size)
            throw Error(
                "--tokenizer %1 has %2 token ids, but %3 embeds only %4: it is not the tokenizer of this model "
                "family. Pass the tokenizer the checkpoint was trained with.",
                {opt.tokenizer.string(), std::to_string(tokenizer_->vocab_size()), dir.string(),
                 std::to_string(info_.vocab_size)});
        if (info_.architecture.empty()) info_.architecture = cfg.model_type();
    }

    const ModelInfo& info() const override { return info_; }
    const Tokenizer& tokenizer() const override { return *tokenizer_; }

    RunResult run(const RunRequest& r) override { return run_batch({r}).front(); }

    std::vector<RunResult> run_batch(const std::vector<RunRequest>& requests) override {
        std::vector<RunResult> out(requests.size());
        // Requests with the same prompt length, capture, generation length and stop tokens
        // share one batch; others run in their own.
        std::map<std::tuple<std::size_t, std::vector<HeadRef>, std::vector<int>, std::vector<HeadRef>, bool, int,
                            std::vector<int>>,
                 std::vector<std::size_t>>
            groups;
        for (std::size_t i = 0; i < requests.size(); ++i) {
            const auto& r = requests[i];
            validate(r);
            groups[{r.tokens.size(), r.capture, r.capture_rows, r.capture_full, r.all_logits, r.generate,
                    r.stop_tokens}]
                .push_back(i);
        }
        for (auto& [key, idx] : groups) run_group(requests, idx, out);
        return out;
    }

    std::vector<double> score_continuations(const std::vector<int>& prompt,
                                            const std::vector<std::vector<int>>& continuations,
                                            const InterventionPlan& plan,
                                            const std::vector<int>& context_tokens = {}) override {
        SweepRequest req;
        req.prompt = prompt;
        req.continuations = continuations;
        req.context_tokens = context_tokens;
        req.plans = {plan};
        if (prompt.empty() && !context_tokens.empty()) {  // each after its own context (SweepRequest)
            check_continuations(req, "score_continuations");
            std::vector<double> scores;
            for (std::size_t c = 0; c < continuations.size(); ++c) {
                const SweepRequest one = own_context(req, c);
                scores.push_back(score_continuations(one.prompt, one.continuations, plan).front());
            }
            return scores;
        }
        RunRequest probe;
        probe.tokens = prompt;
        probe.plan = plan;
        validate(probe);
        check_continuations(req, "score_continuations");
        bool multi_token = false;
        for (const auto& cont : continuations) multi_token |= cont.size() > 1;
        // Attention models score the prompt and every continuation in one pass (the sweep's tree
        // pass with this one plan) instead of one cached pass per multi-token continuation.
        if (multi_token && lm_->has_tree_pass() && plan.hooks.empty() && plan.named_hooks.empty()) {
            std::vector<std::vector<double>> out(1, std::vector<double>(continuations.size(), 0.0));
            BatchInvariantScope invariant;
            tree_sweep(*lm_, req, {0}, out);
            return out[0];
        }
        at::NoGradGuard ng;
        ForwardContext ctx = make_context(info_, {&plan}, lm_->device(), Stage::Prefill);
        auto state = lm_->new_state(1);
        at::Tensor h = lm_->forward(ids_tensor({&prompt}), *state, ctx);
        at::Tensor last = at::log_softmax(lm_->logits(h.narrow(1, h.size(1) - 1, 1)), -1).view({-1});
        std::vector<double> scores;
        for (std::size_t c = 0; c < continuations.size(); ++c) {
            const auto& cont = continuations[c];
            const std::size_t from = req.scored_from(c);
            double s = from == 0 ? last[cont[0]].item<double>() : 0.0;
            if (cont.size() > 1) {
                auto st = state->clone();
                std::vector<int> feed(cont.begin(), cont.end() - 1);
                ForwardContext c2 = make_context(info_, {&plan}, lm_->device(), Stage::Prefill);
                at::Tensor hc = lm_->forward(ids_tensor({&feed}), *st, c2);
                at::Tensor lp = at::log_softmax(lm_->logits(hc), -1)[0];  // (n-1, V)
                for (std::size_t i = std::max<std::size_t>(1, from); i < cont.size(); ++i)
                    s += lp[i - 1][cont[i]].item<double>();
            }
            scores.push_back(s);
        }
        return scores;
    }

    std::vector<std::vector<double>> sweep_continuations(const SweepRequest& req) override {
        if (req.prompt.empty() && !req.context_tokens.empty()) {  // each after its own context (SweepRequest)
            check_continuations(req, "sweep");
            std::vector<std::vector<double>> out(req.plans.size(), std::vector<double>(req.continuations.size(), 0.0));
            for (std::size_t c = 0; c < req.continuations.size(); ++c) {
                const auto one = sweep_continuations(own_context(req, c));
                for (std::size_t p = 0; p < one.size(); ++p) out[p][c] = one[p][0];
            }
            return out;
        }
        RunRequest probe;
        probe.tokens = req.prompt;
        validate(probe);
        if (req.continuations.empty()) throw Error("sweep: no continuations to score");
        check_continuations(req, "sweep");
        for (const auto& p : req.plans) validate_plan(info_, p);
        std::vector<std::vector<double>> out(req.plans.size(), std::vector<double>(req.continuations.size(), 0.0));
        // Attention models take the tree pass (model/tree_sweep.h); plans with hooks (which see
        // probabilities by position) and other architectures take the cached, row-batched path.
        // exact: every batch row is computed with the same shapes as a batch of one, so the batch
        // size and the prefix reuse change no bit of the scores (layers.h, BatchInvariantScope).
        std::optional<BatchInvariantScope> invariant;
        if (req.exact) invariant.emplace();
        std::vector<int64_t> tree, cached;
        for (std::size_t i = 0; i < req.plans.size(); ++i)
            (lm_->has_tree_pass() && req.plans[i].hooks.empty() && req.plans[i].named_hooks.empty() ? tree : cached)
                .push_back(static_cast<int64_t>(i));
        if (!tree.empty()) tree_sweep(*lm_, req, tree, out);
        if (!cached.empty()) cached_sweep(req, cached, out);
        return out;
    }

    std::vector<AttributionResult> attribute_heads(const std::vector<AttributionRequest>& requests) override {
        for (const AttributionRequest& r : requests) {
            RunRequest probe;
            probe.tokens = r.prompt;
            validate(probe);
            if (r.continuation.empty()) throw Error("attribution: the correct continuation is empty; give its tokens");
            for (int t : r.continuation) check_id(t);
            if (static_cast<int64_t>(r.prompt.size() + r.continuation.size()) > info_.max_positions)
                throw Error("attribution: prompt + continuation is longer than the model's context (" +
                            std::to_string(info_.max_positions) + " tokens)");
            for (const HeadRef& h : r.heads) validate_head(info_, h, "attribute");
        }
        // batches of consecutive prompts within the token budget that share freeze_norms and cancel
        std::vector<AttributionResult> out;
        std::size_t from = 0;
        for (std::size_t end : attribution_batch_ends(requests, info_))
            while (from < end) {
                std::size_t to = from + 1;
                while (to < end && requests[to].freeze_norms == requests[from].freeze_norms &&
                       requests[to].cancel == requests[from].cancel)
                    ++to;
                const std::vector<AttributionRequest> batch(requests.begin() + static_cast<std::ptrdiff_t>(from),
                                                            requests.begin() + static_cast<std::ptrdiff_t>(to));
                for (AttributionResult& r : attribute_prompts(*lm_, batch)) out.push_back(std::move(r));
                from = to;
            }
        return out;
    }

private:
    // Scores req.plans[i], i in `subset`, with a KV cache / recurrent state: batches of plans that
    // change the same first layer start from the shared prompt state at that layer.
    void cached_sweep(const SweepRequest& req, const std::vector<int64_t>& subset,
                      std::vector<std::vector<double>>& out) {
        at::NoGradGuard ng;
        const int L = info_.num_layers;
        const int64_t P = static_cast<int64_t>(subset.size()), T = static_cast<int64_t>(req.prompt.size());
        // Exact sweeps run the state-space (and hooked) rows one at a time from the shared prefix:
        // their scans and gates are elementwise loops over the whole batch.
        const int64_t max_rows = req.exact ? 1 : std::max(1, req.max_batch_rows);
        // Plans sorted by the first layer they change: a batch starts at its smallest such layer.
        std::vector<int> first(req.plans.size(), 0);
        for (int64_t i : subset) first[i] = req.reuse_prefix ? first_intervened_layer(req.plans[i], L) : 0;
        std::vector<int64_t> order = subset;
        std::stable_sort(order.begin(), order.end(), [&](int64_t a, int64_t b) { return first[a] < first[b]; });

        // The shared prefix: one row, no intervention, advanced layer by layer as batches need it.
        InterventionPlan none;
        ForwardContext base = make_context(info_, {&none}, lm_->device(), Stage::Prefill);
        base.cancel = req.cancel;
        auto shared = lm_->new_state(1);
        at::Tensor h = lm_->embed(ids_tensor({&req.prompt}), *shared);  // h: (1, T, C)
        int at_layer = 0;
        // Batches never mix first layers: plans that change layer l start from the shared hidden
        // state at layer l, so nothing below l is computed twice.
        for (int64_t s0 = 0; s0 < P;) {
            const int l = first[order[s0]];
            int64_t n = 0;
            while (s0 + n < P && n < max_rows && first[order[s0 + n]] == l) ++n;
            if (l > at_layer) {
                h = lm_->run_layers(h, at_layer, l, *shared, base);
                at_layer = l;
            }
            std::vector<const InterventionPlan*> plans;
            for (int64_t i = 0; i < n; ++i) plans.push_back(&req.plans[order[s0 + i]]);
            ForwardContext ctx = make_context(info_, plans, lm_->device(), Stage::Prefill);
            ctx.cancel = req.cancel;
            auto state = shared->clone();
            state->repeat_rows(n);
            at::Tensor hb = h.expand({n, h.size(1), h.size(2)}).contiguous();  // hb: (n, T, C)
            hb = lm_->run_layers(hb, l, L, *state, ctx);
            lm_->advance_state(*state, T);
            at::Tensor lp =
                at::log_softmax(lm_->logits(hb.narrow(1, T - 1, 1)), -1).select(1, 0).to(at::kCPU);  // (n, V)
            auto acc = lp.accessor<float, 2>();
            for (int64_t i = 0; i < n; ++i)
                for (std::size_t c = 0; c < req.continuations.size(); ++c)
                    out[order[s0 + i]][c] = req.scored_from(c) == 0 ? acc[i][req.continuations[c][0]] : 0.0;
            score_tails(req, *state, plans, order, s0, max_rows, out);
            s0 += n;
        }
    }

    // Tokens 2.. of multi-token continuations. Continuations that share their leading tokens
    // (" 42" and " 47" after "4") share one fed row: the distinct feeds cont[0..n-2] are run on
    // copies of the prompt state (row b*m + j = plan b, feed j), as few copies as memory allows.
    void score_tails(const SweepRequest& req, const DecodeState& state,
                     const std::vector<const InterventionPlan*>& plans, const std::vector<int64_t>& order, int64_t s0,
                     int64_t max_rows, std::vector<std::vector<double>>& out) {
        std::map<std::vector<int>, std::size_t> feed_index;
        std::map<std::size_t, std::vector<std::vector<int>>> feeds_by_len;  // length -> distinct feeds
        for (const auto& cont : req.continuations)
            if (cont.size() > 1) {
                std::vector<int> feed(cont.begin(), cont.end() - 1);
                if (feed_index.emplace(feed, 0).second) feeds_by_len[feed.size()].push_back(feed);
            }
        const int64_t n = static_cast<int64_t>(plans.size());
        // Repeating the prompt state for several feeds copies the whole cache once more per feed;
        // feeding one distinct prefix at a time on a shallow clone copies it only in the cache
        // append. Several feeds share a pass only while the batch is small (overhead-bound).
        const int64_t per = n * static_cast<int64_t>(req.prompt.size()) <= 256 ? std::max<int64_t>(1, max_rows / n) : 1;
        for (const auto& [len, feeds] : feeds_by_len) {
            for (std::size_t f0 = 0; f0 < feeds.size(); f0 += static_cast<std::size_t>(per)) {
                const int64_t m = std::min<int64_t>(per, static_cast<int64_t>(feeds.size() - f0));
                auto st = state.clone();
                if (m > 1) st->repeat_rows(m);
                std::vector<const InterventionPlan*> rows_plans;
                std::vector<const std::vector<int>*> fp;
                for (int64_t b = 0; b < n; ++b)
                    for (int64_t j = 0; j < m; ++j) {
                        rows_plans.push_back(plans[b]);
                        fp.push_back(&feeds[f0 + j]);
                    }
                ForwardContext ctx = make_context(info_, rows_plans, lm_->device(), Stage::Prefill);
                ctx.cancel = req.cancel;
                at::Tensor hc = lm_->forward(ids_tensor(fp), *st, ctx);
                at::Tensor lp = at::log_softmax(lm_->logits(hc), -1).to(at::kCPU);  // (n*m, len, V)
                auto acc = lp.accessor<float, 3>();
                for (std::size_t c = 0; c < req.continuations.size(); ++c) {
                    const auto& cont = req.continuations[c];
                    if (cont.size() != len + 1) continue;
                    for (int64_t j = 0; j < m; ++j) {
                        if (!std::equal(feeds[f0 + j].begin(), feeds[f0 + j].end(), cont.begin())) continue;
                        for (int64_t b = 0; b < n; ++b) {
                            double s = 0;
                            for (std::size_t i = std::max<std::size_t>(1, req.scored_from(c)); i < cont.size(); ++i)
                                s += acc[b * m + j][i - 1][cont[i]];
                            out[order[s0 + b]][c] += s;
                        }
                    }
                }
            }
        }
    }

    // Continuations non-empty, in the vocabulary and the context, and their own context tokens
    // (SweepRequest::context_tokens) leaving at least one token to score.
    void check_continuations(const SweepRequest& req, const std::string& what) const {
        if (!req.context_tokens.empty() && req.context_tokens.size() != req.continuations.size())
            throw Error(what + ": one context_tokens count per continuation expected");
        for (std::size_t c = 0; c < req.continuations.size(); ++c) {
            const auto& cont = req.continuations[c];
            if (cont.empty()) throw Error(what + ": an empty continuation cannot be scored");
            for (int t : cont) check_id(t);
            if (static_cast<int64_t>(req.prompt.size() + cont.size()) > info_.max_positions)
                throw Error(what + ": prompt + continuation is longer than the model's context (" +
                            std::to_string(info_.max_positions) + " tokens)");
            const int k = req.context_tokens.empty() ? 0 : req.context_tokens[c];
            if (k < 0 || k >= static_cast<int>(cont.size()) || (req.prompt.empty() && k == 0))
                throw Error(
                    what + ": continuation " + std::to_string(c) + " has " + std::to_string(cont.size()) +
                    " tokens of which " + std::to_string(k) +
                    " are its own context; at least one must be scored and, with an empty prompt, one be context");
        }
    }

    // Continuation c alone, its own context as the prompt.
    static SweepRequest own_context(const SweepRequest& req, std::size_t c) {
        SweepRequest one = req;
        const auto& cont = req.continuations[c];
        const auto split = cont.begin() + static_cast<std::ptrdiff_t>(req.scored_from(c));
        one.prompt.assign(cont.begin(), split);
        one.continuations = {std::vector<int>(split, cont.end())};
        one.context_tokens.clear();
        return one;
    }

    void check_id(int t) const {
        if (t < 0 || t >= info_.vocab_size)
            throw Error("token id " + std::to_string(t) + " is outside the vocabulary (0.." +
                        std::to_string(info_.vocab_size - 1) + ")");
    }

    void validate(const RunRequest& r) const {
        if (r.tokens.empty())
            throw Error("the prompt is empty: type some text (or give token ids) before running the model");
        for (int t : r.tokens) check_id(t);
        const int64_t total = static_cast<int64_t>(r.tokens.size()) + std::max(0, r.generate);
        if (info_.max_positions > 0 && total > info_.max_positions)
            throw Error("the prompt (" + std::to_string(r.tokens.size()) + " tokens" +
                        (r.generate > 0 ? " + " + std::to_string(r.generate) + " to generate" : std::string()) +
                        ") is longer than the model's context of " + std::to_string(info_.max_positions) +
                        " tokens (max_position_embeddings); shorten the prompt");
        validate_plan(info_, r.plan);
        for (const auto& h : r.capture) validate_head(info_, h, "capture");
        for (const auto& h : r.capture_full) validate_head(info_, h, "capture");
        for (int row : r.capture_rows)
            if (row < 0 || row >= static_cast<int>(r.tokens.size()))
                throw Error("capture row " + std::to_string(row) + " is outside the prompt (0.." +
                            std::to_string(r.tokens.size() - 1) + ")");
    }

    at::Tensor ids_tensor(const std::vector<const std::vector<int>*>& rows) const {
        const int64_t B = static_cast<int64_t>(rows.size()), T = static_cast<int64_t>(rows[0]->size());
        at::Tensor ids = at::empty({B, T}, at::kLong);
        auto acc = ids.accessor<int64_t, 2>();
        for (int64_t b = 0; b < B; ++b)
            for (int64_t t = 0; t < T; ++t) acc[b][t] = (*rows[b])[t];
        return ids.to(lm_->device());
    }

public:
    // run_keeping_residuals / run_from_residuals (gna/residual_stream.h): one request, no generation.
    RunResult run_single(const RunRequest& r, const ResidualStream* from, ResidualStream* keep, int* first_layer) {
        validate(r);
        if (r.generate > 0)
            throw Error("residual stream reuse: runs that generate tokens recompute every layer; use run()");
        if (keep && !r.plan.empty()) throw Error("residual stream: only the unablated run (empty plan) is kept");
        if (from && (from->model != this || from->tokens != r.tokens))
            throw Error("residual stream: it was kept for another model or prompt; keep it again for this prompt");
        std::vector<RunResult> out(1);
        run_group({r}, {0}, out, from, keep, first_layer);
        return std::move(out[0]);
    }

private:
    void run_group(const std::vector<RunRequest>& requests, const std::vector<std::size_t>& idx,
                   std::vector<RunResult>& out, const ResidualStream* from = nullptr, ResidualStream* keep = nullptr,
                   int* first_layer = nullptr) {
        at::NoGradGuard ng;
        const RunRequest& first = requests[idx[0]];
        std::vector<const InterventionPlan*> plans;
        std::vector<const std::vector<int>*> prompts;
        const std::atomic<bool>* cancel = nullptr;
        for (auto i : idx) {
            plans.push_back(&requests[i].plan);
            prompts.push_back(&requests[i].tokens);
            if (requests[i].cancel) cancel = requests[i].cancel;
        }
        const int64_t B = static_cast<int64_t>(idx.size());
        ForwardContext ctx = make_context(info_, plans, lm_->device(), Stage::Prefill);
        ctx.cancel = cancel;
        // capture's heads at capture_rows, then capture_full's at every row
        std::vector<HeadRef> captured = first.capture;
        captured.insert(captured.end(), first.capture_full.begin(), first.capture_full.end());
        for (std::size_t c = 0; c < captured.size(); ++c)
            ctx.captures.push_back(
                {captured[c].layer, captured[c].head, captured[c].kind, c, c >= first.capture.size()});
        ctx.captured.resize(captured.size());
        for (int row : first.capture_rows) ctx.capture_rows.push_back(row);

        auto state = lm_->new_state(B);
        const at::Tensor ids = ids_tensor(prompts);
        const int L = info_.num_layers;
        int start = 0;
        if (from) {
            start = first_intervened_layer(first.plan, L);
            for (const HeadRef& c : captured) start = std::min(start, c.layer);
        }
        at::Tensor h;
        if (from && start > 0) {
            // layers below `start` are those of the kept unablated pass; embed() only sets up the
            // state (Zamba2 keeps the embedding output there)
            lm_->embed(ids, *state);
            h = lm_->run_layers(from->h[start].clone(), start, L, *state, ctx);
            lm_->advance_state(*state, ids.size(1));
        } else if (keep) {
            h = lm_->embed(ids, *state);  // the same layers one call each: run_layers loops over layers
            keep->h.push_back(h.clone());
            for (int l = 0; l < L; ++l) {
                h = lm_->run_layers(h, l, l + 1, *state, ctx);
                keep->h.push_back(h.clone());
            }
            lm_->advance_state(*state, ids.size(1));
        } else {
            h = lm_->forward(ids, *state, ctx);  // (B, T, C)
        }
        if (first_layer) *first_layer = start;
        const int64_t T = h.size(1);
        at::Tensor logits = first.all_logits ? lm_->logits(h) : lm_->logits(h.narrow(1, T - 1, 1));
        logits = logits.to(at::kCPU).contiguous();
        const int64_t V = logits.size(2);

        for (int64_t b = 0; b < B; ++b) {
            RunResult& r = out[idx[b]];
            r.tokens = *prompts[b];
            r.vocab = static_cast<int>(V);
            at::Tensor lb = logits[b];
            at::Tensor last = lb[lb.size(0) - 1].contiguous();
            r.last_logits.assign(last.data_ptr<float>(), last.data_ptr<float>() + V);
            if (first.all_logits) r.all_logits.assign(lb.data_ptr<float>(), lb.data_ptr<float>() + lb.numel());
            for (std::size_t c = 0; c < captured.size(); ++c) {
                AttentionMap m;
                m.head = captured[c];
                if (first.capture_rows.empty() || ctx.captures[c].all_rows)
                    for (int64_t t = 0; t < T; ++t) m.rows.push_back(static_cast<int>(t));
                else
                    m.rows = first.capture_rows;
                at::Tensor cap = ctx.captured[c].defined() ? ctx.captured[c][b].contiguous()
                                                           : at::zeros({static_cast<int64_t>(m.rows.size()), T});
                m.cols = static_cast<int>(cap.size(1));
                m.weights.assign(cap.data_ptr<float>(), cap.data_ptr<float>() + cap.numel());
                r.attention.push_back(std::move(m));
            }
        }
        if (first.generate <= 0) return;

        // Greedy generation with the cache; each row stops at its first stop token.
        std::set<int> stops(first.stop_tokens.begin(), first.stop_tokens.end());
        if (stops.empty())
            for (int e : tokenizer_->eos_ids()) stops.insert(e);
        ForwardContext gen = make_context(info_, plans, lm_->device(), Stage::Generation);
        gen.cancel = cancel;
        at::Tensor next = logits.select(1, logits.size(1) - 1).argmax(-1);  // (B)
        std::vector<bool> done(B, false);
        for (int step = 0; step < first.generate; ++step) {
            auto acc = next.accessor<int64_t, 1>();
            bool all_done = true;
            for (int64_t b = 0; b < B; ++b) {
                if (done[b]) continue;
                int tok = static_cast<int>(acc[b]);
                out[idx[b]].generated.push_back(tok);
                if (stops.count(tok)) {
                    done[b] = true;
                    out[idx[b]].stopped = true;
                }
                if (!done[b]) all_done = false;
            }
            if (all_done || step + 1 == first.generate) break;
            at::Tensor hs = lm_->forward(next.view({B, 1}).to(lm_->device()), *state, gen);
            next = lm_->logits(hs).to(at::kCPU).select(1, 0).argmax(-1);
        }
    }

    Checkpoint ckpt_;
    std::unique_ptr<CausalLM> lm_;
    std::unique_ptr<Tokenizer> tokenizer_;
    ModelInfo info_;
};

}  // namespace

int first_intervened_layer(const InterventionPlan& plan, int num_layers) {
    int first = num_layers;
    for (const auto& a : plan.ablations) first = std::min(first, a.head.layer);
    for (int l : plan.skip_layers) first = std::min(first, l);
    for (const auto& h : plan.named_hooks) first = std::min(first, h.point.layer);  // read hooks too: they must run
    for (const auto& h : plan.hooks)
        for (int l = 0; l < first; ++l)
            if (h->applies_to(l, Stage::Prefill)) {
                first = l;
                break;
            }
    return std::max(0, first);
}

std::vector<std::vector<double>> Model::sweep_continuations(const SweepRequest& req) {
    std::vector<std::vector<double>> out;
    for (const auto& p : req.plans) {
        if (req.cancel && req.cancel->load()) throw Cancelled();
        out.push_back(score_continuations(req.prompt, req.continuations, p, req.context_tokens));
    }
    return out;
}

std::vector<AttributionResult> Model::attribute_heads(const std::vector<AttributionRequest>&) {
    throw Error(info().architecture + ": this model implementation computes no gradients; use the exact head ranking");
}

std::size_t residual_stream_bytes(const ModelInfo& info, std::size_t tokens) {
    return static_cast<std::size_t>(info.num_layers + 1) * tokens * static_cast<std::size_t>(info.hidden_size) *
        sizeof(float);
}

KeptRun run_keeping_residuals(Model& model, const RunRequest& request, std::size_t budget_bytes) {
    KeptRun k;
    k.bytes = residual_stream_bytes(model.info(), request.tokens.size());
    auto* impl = dynamic_cast<ModelImpl*>(&model);
    if (!impl || k.bytes > budget_bytes) {
        k.result = model.run(request);
        return k;
    }
    auto rs = std::make_shared<ResidualStream>();
    rs->model = &model;
    rs->tokens = request.tokens;
    rs->bytes = k.bytes;
    k.result = impl->run_single(request, nullptr, rs.get(), nullptr);
    k.residuals = std::move(rs);
    return k;
}

RunResult run_from_residuals(Model& model, const RunRequest& request, const ResidualStream& kept, int* first_layer) {
    auto* impl = dynamic_cast<ModelImpl*>(&model);
    if (!impl || kept.model != &model)
        throw Error("residual stream: it was kept for another model; keep it again for this one");
    return impl->run_single(request, &kept, nullptr, first_layer);
}

std::unique_ptr<Model> Model::load(const std::filesystem::path& dir, const LoadOptions& opt) {
    return std::make_unique<ModelImpl>(dir, opt);
}

}  // namespace gna
