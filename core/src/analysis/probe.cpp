#include "gna/probe.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "gna/error.h"
#include "gna/head_scores.h"
#include "gna/memory_estimate.h"
#include "gna/residual_stream.h"
#include "gna/tasks.h"
#ifdef GNA_HAVE_KERNELS
#include "gna_kernels/device_memory.h"
#endif

namespace gna {

bool model_has_head(const ModelInfo& info, const HeadRef& h) {
    if (h.layer < 0 || h.layer >= info.num_layers || h.head < 0) return false;
    if (!info.layers.empty()) {
        const LayerInfo& l = info.layers[static_cast<std::size_t>(h.layer)];
        return h.head < (h.kind == HeadKind::SSM ? l.ssm_heads : l.attention_heads);
    }
    return h.kind == HeadKind::Attention && h.head < info.num_heads;
}

std::vector<HeadRef> every_head(const ModelInfo& info, HeadKind kind) {
    std::vector<HeadRef> heads;
    if (info.layers.empty()) {
        if (kind == HeadKind::Attention)
            for (int l = 0; l < info.num_layers; ++l)
                for (int h = 0; h < info.num_heads; ++h) heads.push_back({l, h, kind});
        return heads;
    }
    for (const LayerInfo& l : info.layers)
        for (int h = 0; h < (kind == HeadKind::SSM ? l.ssm_heads : l.attention_heads); ++h)
            heads.push_back({l.index, h, kind});
    return heads;
}

std::vector<HeadRef> every_head(const ModelInfo& info) {
    std::vector<HeadRef> heads;
    for (const LayerInfo& li : info.layers) {
        for (int k = 0; k < li.attention_heads; ++k) heads.push_back({li.index, k, HeadKind::Attention});
        for (int k = 0; k < li.ssm_heads; ++k) heads.push_back({li.index, k, HeadKind::SSM});
    }
    return heads;
}

namespace {

std::vector<double> softmax(const std::vector<float>& logits) {
    std::vector<double> p(logits.size());
    if (logits.empty()) return p;
    const double m = *std::max_element(logits.begin(), logits.end());
    double sum = 0.0;
    for (std::size_t i = 0; i < logits.size(); ++i) sum += p[i] = std::exp(double(logits[i]) - m);
    for (double& v : p) v /= sum;
    return p;
}

const AttentionMap* find_map(const std::vector<AttentionMap>& maps, const HeadRef& h) {
    for (const AttentionMap& m : maps)
        if (m.head == h) return &m;
    return nullptr;
}

// The heads the model has, in request order; `unique` drops repeats (a head shown twice, as both the
// Gather and the Aggregate head, is drawn twice but captured once).
std::vector<HeadRef> valid_heads(const ModelInfo& info, const std::vector<HeadRef>& heads, bool unique = true) {
    std::vector<HeadRef> out;
    for (const HeadRef& h : heads)
        if (model_has_head(info, h) && (!unique || std::find(out.begin(), out.end(), h) == out.end())) out.push_back(h);
    return out;
}

}  // namespace

// What one plan gives: everything in ProbeResult that depends on the plan.
struct Probe::Pass {
    std::vector<float> logits;
    std::vector<double> continuation_probability;  // per candidate of several tokens (else unused)
    std::vector<AttentionMap> maps;  // shown heads
    std::vector<HeadScore> scores;  // value only
    int first_layer = 0;  // lowest layer its runs started at
};

// The unablated pass of the last prompt, with what it was computed for (everything but the plan):
// compare mode's baseline, and the maps and scores of the layers below a plan's first changed
// layer (equal to the unablated ones there).
struct Probe::Cache {
    std::vector<int> tokens;
    std::vector<HeadRef> shown, scored;
    std::vector<std::vector<int>> candidates;
    HeadScoreKind score = HeadScoreKind::None;
    int selected = -1;
    TokenPatternOptions pattern;
    Pass pass;
    bool valid = false;
    // The unablated residual stream of `residual_tokens` (null: none kept, e.g. over the budget).
    std::vector<int> residual_tokens;
    std::shared_ptr<const ResidualStream> residuals;
    std::size_t residual_bytes = 0;
};

RunResult Probe::run_model(const RunRequest& run, const ProbeRequest& request, int* first_layer) {
    Cache& c = *cache_;
    const bool kept = c.residuals && c.residual_tokens == run.tokens;
    if (kept) return run_from_residuals(*model_, run, *c.residuals, first_layer);
    *first_layer = 0;
    if (!run.plan.empty() || request.residual_budget == 0) return model_->run(run);
    const std::size_t budget =
        request.residual_budget == kProbeResidualAuto ? probe_residual_budget(*model_) : request.residual_budget;
    KeptRun k = run_keeping_residuals(*model_, run, budget);
    c.residual_tokens = run.tokens;
    c.residuals = std::move(k.residuals);
    c.residual_bytes = c.residuals ? k.bytes : 0;
    return std::move(k.result);
}

std::size_t probe_residual_budget(const Model& model) {
    constexpr std::size_t floor = std::size_t(256) << 20, unknown = std::size_t(1) << 30;
    std::size_t free = 0;
    if (model.info().device == "cuda") {
#ifdef GNA_HAVE_KERNELS
        free = kernels::cuda_free_bytes();
#endif
    } else if (const auto a = available_memory()) {
        free = static_cast<std::size_t>(a->bytes);
    }
    return free == 0 ? unknown : std::max(floor, free / 4);
}

Probe::Probe(std::shared_ptr<Model> model) : model_(std::move(model)), cache_(std::make_unique<Cache>()) {
    if (!model_) throw Error("probe: no model");
}

Probe::~Probe() = default;

namespace {

int selected_position(const ProbeRequest& request, int last) {
    return std::clamp(request.selected_token < 0 ? 0 : request.selected_token, 0, last);
}

bool is_token_pattern(HeadScoreKind kind) {
    return kind == HeadScoreKind::DuplicateToken || kind == HeadScoreKind::Induction;
}

double score_of(const AttentionMap& m, HeadScoreKind kind, int selected, const std::vector<int>& ends,
                const std::vector<int>& tokens, const TokenPatternOptions& pattern) {
    const float* row = m.weights.data() + (m.rows.size() - 1) * static_cast<std::size_t>(m.cols);  // the last position
    switch (kind) {
        case HeadScoreKind::Entropy:
            return row_entropy_bits(row, m.cols);
        case HeadScoreKind::MaxWeight:
            return row_max_weight(row, m.cols);
        case HeadScoreKind::AttentionToToken:
            return selected < m.cols ? row[selected] : 0.0;
        case HeadScoreKind::Gather:
            return line_pattern(m, ends).gather;
        case HeadScoreKind::Aggregate:
            return line_pattern(m, ends).aggregate;
        case HeadScoreKind::DuplicateToken:
            return token_pattern_score(m, tokens, TokenPattern::DuplicateToken, pattern);
        case HeadScoreKind::Induction:
            return token_pattern_score(m, tokens, TokenPattern::Induction, pattern);
        case HeadScoreKind::None:
            break;
    }
    return 0.0;
}

}  // namespace

Probe::Pass Probe::evaluate(const ProbeRequest& request, const std::vector<int>& tokens, const InterventionPlan& plan,
                            const std::vector<int>& ends, int* passes) {
    const ModelInfo& info = model_->info();
    const std::vector<HeadRef> shown = valid_heads(info, request.shown, /*unique=*/false);
    const std::vector<HeadRef> scored =
        request.score == HeadScoreKind::None ? std::vector<HeadRef>{} : valid_heads(info, request.scored);
    const int last = static_cast<int>(tokens.size()) - 1;
    const int sel = selected_position(request, last);
    const bool lineMode = request.score == HeadScoreKind::Gather || request.score == HeadScoreKind::Aggregate;
    std::vector<int> rows = lineMode ? ends : std::vector<int>{};
    rows.erase(std::remove(rows.begin(), rows.end(), last), rows.end());
    rows.push_back(last);
    if (is_token_pattern(request.score)) {  // every row: the patterns' denominator is the whole map
        rows.resize(static_cast<std::size_t>(last + 1));
        std::iota(rows.begin(), rows.end(), 0);
        const std::size_t bytes = scored.size() * rows.size() * rows.size() * sizeof(float);
        if (bytes > kProbePatternMapBudget)
            throw Error("The " + std::string(to_string(request.score)) +
                        " score reads every row of every scored head: " + std::to_string(scored.size()) + " heads x " +
                        std::to_string(rows.size()) + "^2 weights = " + std::to_string(bytes >> 20) +
                        " MiB, over the probe's " + std::to_string(kProbePatternMapBudget >> 20) +
                        " MiB. Score a shorter prompt (a repeated random sequence of 50-200 tokens is the usual one).");
    }

    // Below the first layer the plan changes, maps and scores are those of the unablated pass: taken
    // from the cache when it holds them, so that the run starts at the changed layer.
    const Cache& c = *cache_;
    const int unchanged =
        plan.empty() || request.separate_score_pass ? 0 : first_intervened_layer(plan, info.num_layers);
    const bool cachedMaps = unchanged > 0 && c.valid && c.tokens == tokens;
    const bool cachedScores =
        cachedMaps && c.score == request.score && c.selected == sel && c.pattern == request.pattern;
    auto cachedMap = [&](const HeadRef& h) {
        return cachedMaps && h.layer < unchanged ? find_map(c.pass.maps, h) : nullptr;
    };
    auto cachedScore = [&](const HeadRef& h) -> const HeadScore* {
        if (!cachedScores || h.layer >= unchanged) return nullptr;
        for (const HeadScore& s : c.pass.scores)
            if (s.head == h) return &s;
        return nullptr;
    };
    auto has = [](const std::vector<HeadRef>& v, const HeadRef& h) {
        return std::find(v.begin(), v.end(), h) != v.end();
    };

    // One pass: the shown heads' full maps and, of every other scored head, the rows its score reads.
    RunRequest run;
    run.tokens = tokens;
    run.plan = plan;
    run.cancel = request.cancel;
    for (const HeadRef& h : valid_heads(info, request.shown))
        if (!cachedMap(h)) run.capture_full.push_back(h);
    std::vector<HeadRef> rowHeads;
    for (const HeadRef& h : scored)
        if (!cachedScore(h) && !cachedMap(h) && !has(run.capture_full, h)) rowHeads.push_back(h);
    if (!request.separate_score_pass) {
        run.capture = rowHeads;
        if (!rowHeads.empty()) run.capture_rows = rows;
    }
    Pass p;
    int first = 0;
    RunResult res = run_model(run, request, &first);
    p.first_layer = first;
    ++*passes;
    if (request.separate_score_pass && !rowHeads.empty()) {
        RunRequest r = run;
        r.capture_full.clear();
        r.capture = rowHeads;
        r.capture_rows = rows;
        RunResult rowsRun = run_model(r, request, &first);
        p.first_layer = std::min(p.first_layer, first);
        ++*passes;
        for (AttentionMap& m : rowsRun.attention) res.attention.push_back(std::move(m));
    }

    p.logits = std::move(res.last_logits);
    for (const HeadRef& h : shown) {
        const AttentionMap* m = cachedMap(h);
        if (!m) m = find_map(res.attention, h);
        if (m) p.maps.push_back(*m);
    }
    for (const HeadRef& h : scored) {
        if (const HeadScore* s = cachedScore(h)) {
            p.scores.push_back({h, s->value, 0.0});
            continue;
        }
        const AttentionMap* m = cachedMap(h);
        if (!m) m = find_map(res.attention, h);
        if (m && !m->rows.empty())
            p.scores.push_back({h, score_of(*m, request.score, sel, ends, tokens, request.pattern), 0.0});
    }
    return p;
}

ProbeResult Probe::run(const ProbeRequest& request) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (auto* host = dynamic_cast<ProbeHost*>(model_.get())) return host->run_probe(request);
    const Tokenizer& tok = model_->tokenizer();
    ProbeResult out;
    out.tokens = request.tokens.empty() ? tok.encode(request.prompt, true) : request.tokens;
    if (out.tokens.empty()) throw Error("The prompt is empty: type a prompt first.");
    for (int id : out.tokens) out.token_texts.push_back(tok.display(id));
    out.line_ends = line_ends(tok, out.tokens);
    const int last = static_cast<int>(out.tokens.size()) - 1;

    std::vector<std::vector<int>> candidates;
    // A candidate continues the prompt as shown: " 88" after "... is", "88" after "... is " (gna::answer_tokens).
    for (const std::string& c : request.candidates)
        candidates.push_back(request.tokens.empty() ? answer_tokens(tok, request.prompt, out.tokens, c)
                                                    : tok.encode(" " + c, false));

    // A candidate of several tokens (SentencePiece may split " 88" into "▁" + "88") is scored as a
    // whole continuation: one extra pass per plan.
    auto continuationProbabilities = [&](const InterventionPlan& plan, Pass& pass, int* passes) {
        std::vector<std::vector<int>> seqs;
        std::vector<std::size_t> which;
        for (std::size_t i = 0; i < candidates.size(); ++i)
            if (candidates[i].size() > 1) seqs.push_back(candidates[i]), which.push_back(i);
        pass.continuation_probability.assign(candidates.size(), 0.0);
        if (seqs.empty()) return;
        const std::vector<double> lp = model_->score_continuations(out.tokens, seqs, plan);
        ++*passes;
        for (std::size_t k = 0; k < which.size() && k < lp.size(); ++k)
            pass.continuation_probability[which[k]] = std::exp(lp[k]);
    };

    // The unablated pass of this prompt, kept for compare mode and for the plans that follow.
    const ModelInfo& info = model_->info();
    Cache& c = *cache_;
    const std::vector<HeadRef> shown = valid_heads(info, request.shown, /*unique=*/false);
    const std::vector<HeadRef> scored = valid_heads(info, request.scored);
    const int sel = selected_position(request, last);
    auto keep = [&](Pass pass) {
        c.pass = std::move(pass);
        c.tokens = out.tokens;
        c.shown = shown;
        c.scored = scored;
        c.candidates = candidates;
        c.score = request.score;
        c.selected = sel;
        c.pattern = request.pattern;
        c.valid = true;
    };
    // Compare mode: the unablated pass first (cached across plans); it also keeps the residual
    // stream that the plan's runs below start from.
    if (request.compare && !request.plan.empty() &&
        !(c.valid && c.tokens == out.tokens && c.shown == shown && c.scored == scored && c.candidates == candidates &&
          c.score == request.score && c.selected == sel && c.pattern == request.pattern)) {
        c.valid = false;
        Pass base = evaluate(request, out.tokens, InterventionPlan{}, out.line_ends, &out.forward_passes);
        continuationProbabilities(InterventionPlan{}, base, &out.forward_passes);
        keep(std::move(base));
    }
    Pass cur = evaluate(request, out.tokens, request.plan, out.line_ends, &out.forward_passes);
    continuationProbabilities(request.plan, cur, &out.forward_passes);
    if (request.plan.empty()) keep(cur);
    out.first_layer = cur.first_layer;
    out.residual_bytes = cache_->residual_tokens == out.tokens ? cache_->residual_bytes : 0;

    const Pass* base = nullptr;
    if (request.compare) {
        base = request.plan.empty() ? &cur : &cache_->pass;
        out.compared = true;
    }

    // Top tokens, then the candidates that are not among them.
    const std::vector<double> p = softmax(cur.logits);
    const std::vector<double> pb = base ? softmax(base->logits) : std::vector<double>{};
    std::vector<int> order(p.size());
    std::iota(order.begin(), order.end(), 0);
    const int k = std::clamp(request.top_k, 0, static_cast<int>(order.size()));
    std::partial_sort(order.begin(), order.begin() + k, order.end(), [&](int a, int b) { return p[a] > p[b]; });
    auto candidateOf = [&](int id) {
        for (std::size_t c = 0; c < candidates.size(); ++c)
            if (candidates[c].size() == 1 && candidates[c][0] == id) return static_cast<int>(c);
        return -1;
    };
    for (int i = 0; i < k; ++i) {
        const int id = order[static_cast<std::size_t>(i)];
        NextToken t{tok.display(id), id, candidateOf(id), p[static_cast<std::size_t>(id)], 0.0};
        if (base) t.unablated = pb[static_cast<std::size_t>(id)];
        out.next.push_back(std::move(t));
    }
    for (std::size_t c = 0; c < candidates.size(); ++c) {
        const std::vector<int>& ids = candidates[c];
        if (ids.empty()) continue;
        if (ids.size() == 1) {
            const int id = ids[0];
            if (id < 0 || static_cast<std::size_t>(id) >= p.size()) continue;
            if (std::find(order.begin(), order.begin() + k, id) != order.begin() + k) continue;
            NextToken t{request.candidates[c], id, static_cast<int>(c), p[static_cast<std::size_t>(id)], 0.0};
            if (base) t.unablated = pb[static_cast<std::size_t>(id)];
            out.next.push_back(std::move(t));
        } else {
            NextToken t{request.candidates[c], -1, static_cast<int>(c), cur.continuation_probability[c], 0.0};
            if (base) t.unablated = base->continuation_probability[c];
            out.next.push_back(std::move(t));
        }
    }

    out.maps = cur.maps;
    out.scores = cur.scores;
    if (base) {
        out.unablated_maps = base->maps;
        for (HeadScore& s : out.scores)
            for (const HeadScore& b : base->scores)
                if (b.head == s.head) s.unablated = b.value;
    }
    out.last_logits = std::move(cur.logits);
    return out;
}

}  // namespace gna
