// head_ranking with "method": "attribution" (every head's ablation effect to first order, one
// forward + one backward pass per batch of prompts) or "attribution+verify" (then the top K heads by exact
// ablation with the batched sweep). docs/attribution.md explains the estimate and its limits.
#include "experiments/attribution_ranking.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <tuple>

#include "experiments/experiment_result.h"
#include "experiments/time_left.h"
#include "gna/error.h"
#include "gna/experiment_spec.h"
#include "gna/model.h"
#include "gna/probe.h"

namespace gna {

RankingMethod parse_ranking_method(const std::string& text) {
    for (RankingMethod m : {RankingMethod::Exact, RankingMethod::Attribution, RankingMethod::AttributionVerify})
        if (text == to_string(m)) return m;
    throw Error("experiment spec: \"method\" is '" + text +
                "'; use \"exact\", \"attribution\" or \"attribution+verify\"");
}

const char* to_string(RankingMethod method) {
    switch (method) {
        case RankingMethod::Exact:
            return "exact";
        case RankingMethod::Attribution:
            return "attribution";
        case RankingMethod::AttributionVerify:
            return "attribution+verify";
    }
    return "exact";
}

namespace {

std::vector<double> average_ranks(const std::vector<double>& v) {
    std::vector<std::size_t> order(v.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return v[a] < v[b]; });
    std::vector<double> rank(v.size());
    for (std::size_t i = 0; i < order.size();) {
        std::size_t j = i;
        while (j + 1 < order.size() && v[order[j + 1]] == v[order[i]]) ++j;
        for (std::size_t k = i; k <= j; ++k) rank[order[k]] = 0.5 * static_cast<double>(i + j);
        i = j + 1;
    }
    return rank;
}

}  // namespace

std::size_t attribution_batch_tokens(const ModelInfo& info) {
    const std::size_t per_token = 16 * sizeof(float) * static_cast<std::size_t>(std::max(1, info.num_layers)) *
        static_cast<std::size_t>(std::max(1, info.hidden_size));
    return std::max<std::size_t>(1, kAttributionBatchBytes / per_token);
}

std::vector<std::size_t> batch_ends(const std::vector<std::size_t>& lengths, std::size_t budget) {
    std::vector<std::size_t> ends;
    std::size_t longest = 0, rows = 0;
    for (std::size_t i = 0; i < lengths.size(); ++i) {
        const std::size_t l = std::max(longest, lengths[i]);
        if (rows > 0 && (rows + 1) * l > budget) {
            ends.push_back(i);
            rows = 0;
            longest = 0;
        }
        longest = std::max(longest, lengths[i]);
        ++rows;
    }
    if (rows > 0) ends.push_back(lengths.size());
    return ends;
}

std::vector<std::size_t> attribution_batch_ends(const std::vector<AttributionRequest>& requests,
                                                const ModelInfo& info) {
    std::vector<std::size_t> lengths;
    for (const AttributionRequest& r : requests) lengths.push_back(r.prompt.size() + r.continuation.size() - 1);
    return batch_ends(lengths, attribution_batch_tokens(info));
}

double spearman_correlation(const std::vector<double>& a, const std::vector<double>& b) {
    if (a.size() != b.size()) throw Error("spearman_correlation: the lists differ in length");
    if (a.size() < 2) return 0.0;
    const std::vector<double> ra = average_ranks(a), rb = average_ranks(b);
    const double n = static_cast<double>(a.size());
    const double ma = std::accumulate(ra.begin(), ra.end(), 0.0) / n,
                 mb = std::accumulate(rb.begin(), rb.end(), 0.0) / n;
    double sab = 0, saa = 0, sbb = 0;
    for (std::size_t i = 0; i < ra.size(); ++i) {
        sab += (ra[i] - ma) * (rb[i] - mb);
        saa += (ra[i] - ma) * (ra[i] - ma);
        sbb += (rb[i] - mb) * (rb[i] - mb);
    }
    return saa > 0 && sbb > 0 ? sab / std::sqrt(saa * sbb) : 0.0;
}

RankingMethodSpec ranking_method_of(const Json& spec) {
    const ExperimentSpec typed = parse_experiment_spec(spec);
    RankingMethodSpec m;
    m.method = parse_ranking_method(typed.method);
    m.verify_k = typed.verify_k;
    m.top = typed.top;
    return m;
}

namespace {

// The heads to rank: the spec's list (the setup's conditions after the baseline), else every
// attention head and every SSM head.
std::vector<HeadRef> ranked_heads(const Json& spec, const ExperimentSetup& setup, const ModelInfo& info) {
    std::vector<HeadRef> heads;
    if (spec.contains("heads")) {
        for (std::size_t c = 1; c < setup.conditions.size(); ++c) heads.push_back(parse_head(setup.conditions[c].name));
        return heads;
    }
    return every_head(info);
}

void check_applicable(const ExperimentSetup& setup, const ExperimentOptions& opt, const RankingMethodSpec& m) {
    const std::string method = std::string("\"method\": \"") + to_string(m.method) + "\"";
    if (setup.kind != "head_ranking") throw Error("experiment spec: " + method + " applies to head_ranking only");
    if (opt.shard.active())
        throw Error("experiment: " + method +
                    " cannot be sharded (the attribution pass ranks every head at once); "
                    "run it without --shard, or shard the exact ranking");
    if (setup.metric == "exact_match")
        throw Error("experiment spec: " + method + " needs a choice metric (accuracy or logprob), not exact_match");
    for (const ExperimentSample& e : setup.samples)
        if (e.generative)
            throw Error("experiment spec: " + method +
                        " needs choice tasks (the correct answer's log-probability); "
                        "sample " +
                        e.id + " is a generation task");
}

}  // namespace

ExperimentOutcome run_attribution_ranking(Model& model, const Json& spec, const ExperimentSetup& setup,
                                          const ExperimentOptions& opt, ExperimentOutcome out) {
    const RankingMethodSpec m = ranking_method_of(spec);
    check_applicable(setup, opt, m);
    const std::vector<HeadRef> heads = ranked_heads(spec, setup, model.info());
    if (heads.empty()) throw Error("experiment spec: the model has no heads to rank");
    if (std::filesystem::exists(out.json_path)) {
        ExperimentResult old = read_experiment_result(out.json_path);
        if (old.complete && spec_identity(old.spec) == spec_identity(spec) &&
            old.model.config_hash == model.info().config_hash) {
            out.result = std::move(old);
            out.complete = true;
            return out;
        }
        throw Error(out.json_path.string() +
                    " holds another experiment or an unfinished attribution ranking (which is not "
                    "resumed: it is computed in one go); delete it or use another --out folder");
    }
    const std::size_t N = setup.samples.size(), H = heads.size();
    const bool verify = m.method == RankingMethod::AttributionVerify;
    const std::size_t K = verify ? m.verified(H) : 0;
    const std::size_t batches = verify ? std::min(K, static_cast<std::size_t>(std::max(1, opt.verify_batches))) : 0;
    ExperimentProgress pr;
    pr.total = N + batches * N;

    // Phase 1: one forward + backward pass per batch of prompts; mean estimate per head (logit difference).
    const std::function<double()> now = run_clock(opt.clock);
    const double t_attr = now();
    TimeLeft attr_left(0.0);
    std::vector<AttributionRequest> requests(N);
    for (std::size_t i = 0; i < N; ++i) {
        AttributionRequest& r = requests[i];
        std::tie(r.prompt, r.continuation) =
            choice_sequence(setup.samples[i].item, static_cast<std::size_t>(setup.samples[i].item.answer));
        r.heads = heads;
        r.cancel = opt.cancel;
    }
    std::vector<std::vector<double>> effect(N);
    std::vector<double> metric(N), mean(H, 0.0);
    std::size_t from = 0;
    for (std::size_t end : attribution_batch_ends(requests, model.info())) {
        if (opt.cancel && opt.cancel->load()) throw Cancelled();
        std::vector<AttributionResult> batch =
            model.attribute_heads({requests.begin() + static_cast<std::ptrdiff_t>(from),
                                   requests.begin() + static_cast<std::ptrdiff_t>(end)});
        for (std::size_t i = from; i < end; ++i) {
            AttributionResult& a = batch[i - from];
            metric[i] = a.metric;
            for (std::size_t h = 0; h < H; ++h) mean[h] += a.effect[h] / static_cast<double>(N);
            effect[i] = std::move(a.effect);
        }
        pr.done += end - from;
        pr.elapsed_s = now() - t_attr;
        attr_left.finished(static_cast<double>(end - from), pr.elapsed_s);
        pr.eta_s = attr_left.estimate(static_cast<double>(pr.total - pr.done));
        pr.current = setup.samples[end - 1].id;
        if (opt.progress) opt.progress(pr);
        from = end;
    }
    const double attr_s = now() - t_attr;
    std::vector<std::size_t> order(H);
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return mean[a] > mean[b]; });
    AttributionSummary attribution;
    attribution.method = to_string(m.method);
    attribution.seconds_attribution = attr_s;
    RankingProgress live;
    live.to_verify = K;
    for (std::size_t h : order) {
        attribution.ranking.push_back({heads[h].name(), mean[h]});
        live.estimates.push_back({heads[h], mean[h]});
    }
    if (opt.ranking) opt.ranking(live);

    std::vector<std::size_t> cond_heads;  // index into heads of each condition after the baseline
    if (verify)
        cond_heads.assign(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(K));
    else
        for (std::size_t h = 0; h < H; ++h) cond_heads.push_back(h);
    std::vector<std::string> names = {"baseline"};
    for (std::size_t h : cond_heads) names.push_back(heads[h].name());
    out.result.conditions = names;
    out.result.seeds = setup.seeds;
    out.result.meta = setup.meta;
    out.result.method = to_string(m.method);

    std::vector<SampleOutcome> samples;
    auto save = [&](bool complete, ResultAggregates agg) {
        out.result.aggregates = std::move(agg);
        set_samples(out, samples, complete);
        write_result_files(out);
    };
    auto finish = [&](ResultAggregates agg) {
        agg.attribution = attribution;
        save(true, std::move(agg));
        return out;
    };

    if (!verify) {
        // scores: the measured unablated logit difference, then each head's estimated ablated one
        for (std::size_t i = 0; i < N; ++i) {
            const ExperimentSample& e = setup.samples[i];
            SampleOutcome o;
            o.id = e.id;
            o.task = e.task;
            o.group = e.group;
            o.scores = {metric[i]};
            for (std::size_t h : cond_heads) o.scores.push_back(metric[i] - effect[i][h]);
            o.estimated = true;
            samples.push_back(std::move(o));
        }
        return finish(aggregate_samples(setup.kind, names, samples));
    }

    // Phase 2: exact ablation of the top K with the batched sweep, the spec's metric; batch b measures
    // conditions [c(b), c(b + 1)) of every prompt (the first batch also the baseline).
    ExperimentSetup vs = setup;
    vs.conditions.resize(1);
    for (std::size_t h : cond_heads) {
        InterventionPlan p;
        p.ablate(heads[h]);
        vs.conditions.push_back({heads[h].name(), [p](const ExperimentSample&) { return p; }});
    }
    auto bound = [&](std::size_t b) { return b == 0 ? 0 : 1 + b * K / batches; };
    std::vector<SampleOutcome> measured(N);  // per prompt: the conditions [0, bound(b)) measured so far
    // The result's samples and aggregates over the conditions [0, c).
    auto samplesUpTo = [&](std::size_t c) {
        samples.clear();
        for (std::size_t i = 0; i < N; ++i) {
            SampleOutcome o = measured[i];
            std::vector<double>& est = o.attribution.emplace();
            for (std::size_t k = 0; k + 1 < c; ++k) est.push_back(effect[i][cond_heads[k]]);
            o.attribution_logit_difference = metric[i];
            samples.push_back(std::move(o));
        }
        return aggregate_samples(
            setup.kind, std::vector<std::string>(names.begin(), names.begin() + static_cast<std::ptrdiff_t>(c)),
            samples);
    };
    const double t_verify = now();
    TimeLeft verify_left(0.0);
    ResultAggregates agg;  // the batches measured so far are saved after each one (a cancelled run keeps them)
    for (std::size_t b = 0; b < batches; ++b) {
        const std::size_t c0 = bound(b), c1 = bound(b + 1);
        for (std::size_t i = 0; i < N; ++i) {
            if (opt.cancel && opt.cancel->load()) throw Cancelled();
            const ExperimentSample& e = setup.samples[i];
            SampleOutcome o = evaluate_sample(model, vs, e, opt.cancel, c0, c1);
            if (c0 == 0)
                measured[i] = std::move(o);
            else if (const std::string key = append_condition_piece(measured[i], o); !key.empty())
                throw Error("attribution+verify: sample " + e.id + " changed its \"" + key + "\" between batches");
            ++pr.done;
            pr.elapsed_s = now() - t_attr;
            verify_left.finished(1, now() - t_verify);
            pr.eta_s = verify_left.estimate(static_cast<double>(pr.total - pr.done));
            pr.current = e.id;
            if (opt.progress) opt.progress(pr);
        }
        agg = samplesUpTo(c1);
        out.result.conditions =
            std::vector<std::string>(names.begin(), names.begin() + static_cast<std::ptrdiff_t>(c1));
        save(false, ResultAggregates{});
        if (opt.ranking && agg.ranking) {
            live.verified.clear();
            for (const HeadRankingRow& r : *agg.ranking) live.verified.push_back({parse_head(r.head), r.importance});
            opt.ranking(live);
        }
    }
    out.result.conditions = names;
    attribution.seconds_verify = now() - t_verify;
    attribution.verified = cond_heads.size();
    std::vector<double> exact, approx;
    if (agg.ranking)
        for (HeadRankingRow& r : *agg.ranking)
            for (std::size_t h : cond_heads)
                if (heads[h].name() == r.head) {
                    r.attribution = mean[h];
                    exact.push_back(r.importance);
                    approx.push_back(mean[h]);
                }
    attribution.spearman = spearman_correlation(exact, approx);
    return finish(std::move(agg));
}

}  // namespace gna
