// gna::Model: loading (config + weights + tokenizer) and runs under intervention plans,
// on top of the architecture interface CausalLM.
#include "gna/model.h"

#include <ATen/Parallel.h>

#include <map>
#include <set>

#include "gna/config.h"
#include "gna/error.h"
#include "model/causal_lm.h"
#include "model/plan.h"

namespace gna {

bool cuda_available() { return at::hasCUDA(); }

namespace {

class ModelImpl final : public Model {
public:
    ModelImpl(const std::filesystem::path& dir, const LoadOptions& opt) : ckpt_(Checkpoint::open(dir)) {
        if (opt.device == Device::CUDA && !cuda_available())
            throw Error("CUDA was requested, but this LibTorch build has no CUDA support or no GPU is visible. "
                        "Use the CPU, or build G&A Studio against a CUDA LibTorch.");
        if (opt.device == Device::CPU && opt.dtype != ComputeDType::F32)
            throw Error("bf16/f16 compute is offered on CUDA only; on the CPU G&A Studio computes in f32");
        if (opt.threads > 0) at::set_num_threads(opt.threads);
        ModelConfig cfg = ModelConfig::load(dir);
        lm_ = make_causal_lm(cfg, ckpt_, opt);
        tokenizer_ = load_tokenizer(dir);
        info_ = lm_->info();
        info_.dir = dir;
        info_.config_hash = cfg.hash();
        info_.weights_dtype = ckpt_.weights_dtype();
        info_.compute_dtype = opt.dtype == ComputeDType::F32 ? "f32" : opt.dtype == ComputeDType::BF16 ? "bf16" : "f16";
        info_.device = opt.device == Device::CUDA ? "cuda" : "cpu";
        info_.tokenizer_kind = tokenizer_->kind();
        if (info_.architecture.empty()) info_.architecture = cfg.model_type();
    }

    const ModelInfo& info() const override { return info_; }
    const Tokenizer& tokenizer() const override { return *tokenizer_; }

    RunResult run(const RunRequest& r) override { return run_batch({r}).front(); }

    std::vector<RunResult> run_batch(const std::vector<RunRequest>& requests) override {
        std::vector<RunResult> out(requests.size());
        // Requests with the same prompt length, capture, generation length and stop tokens
        // share one batch; others run in their own.
        std::map<std::tuple<std::size_t, std::vector<HeadRef>, std::vector<int>, bool, int, std::vector<int>>,
                 std::vector<std::size_t>>
            groups;
        for (std::size_t i = 0; i < requests.size(); ++i) {
            const auto& r = requests[i];
            validate(r);
            groups[{r.tokens.size(), r.capture, r.capture_rows, r.all_logits, r.generate, r.stop_tokens}].push_back(i);
        }
        for (auto& [key, idx] : groups) run_group(requests, idx, out);
        return out;
    }

    std::vector<double> score_continuations(const std::vector<int>& prompt,
                                            const std::vector<std::vector<int>>& continuations,
                                            const InterventionPlan& plan) override {
        RunRequest probe;
        probe.tokens = prompt;
        probe.plan = plan;
        validate(probe);
        at::NoGradGuard ng;
        ForwardContext ctx = make_context(info_, {&plan}, lm_->device(), Stage::Prefill);
        auto state = lm_->new_state(1);
        at::Tensor h = lm_->forward(ids_tensor({&prompt}), *state, ctx);
        at::Tensor last = at::log_softmax(lm_->logits(h.narrow(1, h.size(1) - 1, 1)), -1).view({-1});
        std::vector<double> scores;
        for (const auto& cont : continuations) {
            if (cont.empty()) throw Error("score_continuations: an empty continuation cannot be scored");
            for (int t : cont) check_id(t);
            if (static_cast<int64_t>(prompt.size() + cont.size()) > info_.max_positions)
                throw Error("prompt + continuation is longer than the model's context (" +
                            std::to_string(info_.max_positions) + " tokens)");
            double s = last[cont[0]].item<double>();
            if (cont.size() > 1) {
                auto st = state->clone();
                std::vector<int> feed(cont.begin(), cont.end() - 1);
                ForwardContext c2 = make_context(info_, {&plan}, lm_->device(), Stage::Prefill);
                at::Tensor hc = lm_->forward(ids_tensor({&feed}), *st, c2);
                at::Tensor lp = at::log_softmax(lm_->logits(hc), -1)[0];  // (n-1, V)
                for (std::size_t i = 1; i < cont.size(); ++i) s += lp[i - 1][cont[i]].item<double>();
            }
            scores.push_back(s);
        }
        return scores;
    }

private:
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

    void run_group(const std::vector<RunRequest>& requests, const std::vector<std::size_t>& idx,
                   std::vector<RunResult>& out) {
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
        for (std::size_t c = 0; c < first.capture.size(); ++c)
            ctx.captures.push_back({first.capture[c].layer, first.capture[c].head, first.capture[c].kind, c});
        ctx.captured.resize(first.capture.size());
        for (int row : first.capture_rows) ctx.capture_rows.push_back(row);

        auto state = lm_->new_state(B);
        at::Tensor h = lm_->forward(ids_tensor(prompts), *state, ctx);  // (B, T, C)
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
            for (std::size_t c = 0; c < first.capture.size(); ++c) {
                AttentionMap m;
                m.head = first.capture[c];
                if (first.capture_rows.empty())
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

std::unique_ptr<Model> Model::load(const std::filesystem::path& dir, const LoadOptions& opt) {
    return std::make_unique<ModelImpl>(dir, opt);
}

}  // namespace gna
