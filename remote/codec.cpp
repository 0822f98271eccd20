#include "codec.h"

#include <cmath>

#include "gna/error.h"

namespace gna::remote {
namespace {

template <class Repeated>
void check_count(const Repeated& r, std::size_t limit, const char* field) {
    if (static_cast<std::size_t>(r.size()) > limit)
        throw Error("remote request: " + std::string(field) + " holds " + std::to_string(r.size()) +
                    " entries, more than the server takes (" + std::to_string(limit) + ")");
}

template <class T, class Repeated>
std::vector<T> to_vector(const Repeated& r) {
    return std::vector<T>(r.begin(), r.end());
}

template <class Repeated, class T>
void assign(Repeated* out, const std::vector<T>& v) {
    out->Reserve(static_cast<int>(v.size()));
    for (const T& x : v) out->Add(x);
}

int checked_index(int value, const RequestLimits& limits, const char* field) {
    if (value < 0 || value >= limits.max_index)
        throw Error("remote request: " + std::string(field) + " " + std::to_string(value) + " is out of range (0.." +
                    std::to_string(limits.max_index - 1) + ")");
    return value;
}

std::vector<int> tokens(const google::protobuf::RepeatedField<int32_t>& r, const RequestLimits& limits,
                        const char* field) {
    check_count(r, limits.max_tokens, field);
    for (int id : r)
        if (id < 0)
            throw Error("remote request: " + std::string(field) + " holds the negative token id " + std::to_string(id));
    return to_vector<int>(r);
}

std::vector<HeadRef> heads(const google::protobuf::RepeatedPtrField<pb::Head>& r, const RequestLimits& limits,
                           const char* field) {
    check_count(r, limits.max_items, field);
    std::vector<HeadRef> out;
    out.reserve(r.size());
    for (const pb::Head& h : r) out.push_back(decode(h, limits));
    return out;
}

void encode_heads(const std::vector<HeadRef>& heads, google::protobuf::RepeatedPtrField<pb::Head>* out) {
    for (const HeadRef& h : heads) encode(h, out->Add());
}

void encode_map(const AttentionMap& m, pb::AttentionMap* out) {
    encode(m.head, out->mutable_head());
    assign(out->mutable_rows(), m.rows);
    out->set_cols(m.cols);
    assign(out->mutable_weights(), m.weights);
}

AttentionMap decode_map(const pb::AttentionMap& m) {
    AttentionMap out;
    out.head = decode(m.head());
    out.rows = to_vector<int>(m.rows());
    out.cols = m.cols();
    out.weights = to_vector<float>(m.weights());
    if (out.cols < 0 || out.weights.size() != out.rows.size() * static_cast<std::size_t>(out.cols))
        throw Error("remote reply: the map of " + out.head.name() + " has " + std::to_string(out.weights.size()) +
                    " weights for " + std::to_string(out.rows.size()) + " rows of " + std::to_string(out.cols));
    return out;
}

}  // namespace

void encode(const HeadRef& head, pb::Head* out) {
    out->set_layer(head.layer);
    out->set_head(head.head);
    out->set_ssm(head.kind == HeadKind::SSM);
}

HeadRef decode(const pb::Head& head, const RequestLimits& limits) {
    return {checked_index(head.layer(), limits, "layer"), checked_index(head.head(), limits, "head"),
            head.ssm() ? HeadKind::SSM : HeadKind::Attention};
}

void encode(const InterventionPlan& plan, pb::Plan* out, const HookCodec& hooks) {
    const char* refusal =
        "this plan has hooks that are code in this process (mean ablation, read or write hooks): a server "
        "runs only ablations, skipped layers, attention manipulations, sparsification and masks; run it "
        "on a model opened here";
    if (!plan.named_hooks.empty()) throw Error(refusal);
    for (const auto& h : plan.hooks) {
        const std::optional<AttentionHookData> data = h && hooks.read ? hooks.read(*h) : std::nullopt;
        if (!data) throw Error(refusal);
        pb::AttentionHook* o = out->add_hooks();
        if (const auto* m = std::get_if<Manipulation>(&*data)) {
            pb::Manipulation* p = o->mutable_manipulation();
            p->set_prefill(static_cast<int>(m->prefill));
            p->set_generation(static_cast<int>(m->generation));
            assign(p->mutable_tokens(), m->tokens);
            encode_heads(m->heads, p->mutable_heads());
        } else if (const auto* sp = std::get_if<Sparsification>(&*data)) {
            o->mutable_sparsification()->set_k(sp->k);
            o->mutable_sparsification()->set_prefill(sp->prefill);
        } else if (const auto* k = std::get_if<AttentionMask>(&*data)) {
            pb::AttentionMask* p = o->mutable_mask();
            for (const MaskRule& r : k->rules) {
                pb::MaskRule* pr = p->add_rules();
                encode(r.head, pr->mutable_head());
                assign(pr->mutable_rows(), r.rows);
                assign(pr->mutable_keys(), r.keys);
            }
            p->set_prefill(k->prefill);
            p->set_generation(k->generation);
        }
    }
    for (const HeadAblation& a : plan.ablations) {
        pb::Ablation* o = out->add_ablations();
        encode(a.head, o->mutable_head());
        o->set_alpha(a.alpha);
    }
    assign(out->mutable_skip_layers(), plan.skip_layers);
}

InterventionPlan decode(const pb::Plan& plan, const RequestLimits& limits, const HookCodec& hooks) {
    check_count(plan.ablations(), limits.max_items, "plan.ablations");
    check_count(plan.skip_layers(), limits.max_items, "plan.skip_layers");
    check_count(plan.hooks(), limits.max_items, "plan.hooks");
    InterventionPlan out;
    for (const pb::AttentionHook& h : plan.hooks()) {
        AttentionHookData data;
        if (h.has_manipulation()) {
            const pb::Manipulation& m = h.manipulation();
            auto mode = [](int v) {
                if (v < 0 || v > static_cast<int>(ManipulationMode::Binary))
                    throw Error("remote request: manipulation mode " + std::to_string(v) + " is not one of 0..4");
                return static_cast<ManipulationMode>(v);
            };
            Manipulation d;
            d.prefill = mode(m.prefill());
            d.generation = mode(m.generation());
            d.tokens = tokens(m.tokens(), limits, "manipulation tokens");
            d.heads = heads(m.heads(), limits, "manipulation heads");
            data = d;
        } else if (h.has_sparsification()) {
            if (h.sparsification().k() < 0 || h.sparsification().k() >= limits.max_index)
                throw Error("remote request: sparsification k " + std::to_string(h.sparsification().k()) +
                            " is out of range");
            data = Sparsification{h.sparsification().k(), h.sparsification().prefill()};
        } else if (h.has_mask()) {
            const pb::AttentionMask& m = h.mask();
            check_count(m.rules(), limits.max_items, "mask rules");
            AttentionMask d;
            for (const pb::MaskRule& r : m.rules())
                d.rules.push_back({decode(r.head(), limits), tokens(r.rows(), limits, "mask rows"),
                                   tokens(r.keys(), limits, "mask keys")});
            d.prefill = m.prefill();
            d.generation = m.generation();
            data = d;
        } else {
            throw Error("remote request: an attention hook of no known kind (a newer client?)");
        }
        if (!hooks.make) throw Error("remote request: attention hooks cannot be rebuilt here");
        if (auto hook = hooks.make(data)) out.hooks.push_back(std::move(hook));
    }
    for (const pb::Ablation& a : plan.ablations()) {
        if (!std::isfinite(a.alpha()))
            throw Error("remote request: the ablation of " + decode(a.head(), limits).name() +
                        " has a scale that is not a number");
        out.ablate(decode(a.head(), limits), a.alpha());
    }
    for (int l : plan.skip_layers()) out.skip_layers.push_back(checked_index(l, limits, "skipped layer"));
    return out;
}

void encode(const RunRequest& r, pb::RunRequest* out, const HookCodec& hooks) {
    assign(out->mutable_tokens(), r.tokens);
    encode(r.plan, out->mutable_plan(), hooks);
    encode_heads(r.capture, out->mutable_capture());
    assign(out->mutable_capture_rows(), r.capture_rows);
    encode_heads(r.capture_full, out->mutable_capture_full());
    out->set_all_logits(r.all_logits);
    out->set_generate(r.generate);
    assign(out->mutable_stop_tokens(), r.stop_tokens);
}

RunRequest decode(const pb::RunRequest& r, const RequestLimits& limits, const HookCodec& hooks) {
    RunRequest out;
    out.tokens = tokens(r.tokens(), limits, "tokens");
    out.plan = decode(r.plan(), limits, hooks);
    out.capture = heads(r.capture(), limits, "capture");
    check_count(r.capture_rows(), limits.max_tokens, "capture_rows");
    out.capture_rows = to_vector<int>(r.capture_rows());
    out.capture_full = heads(r.capture_full(), limits, "capture_full");
    out.all_logits = r.all_logits();
    if (r.generate() < 0 || static_cast<std::size_t>(r.generate()) > limits.max_tokens)
        throw Error("remote request: generate " + std::to_string(r.generate()) + " is out of range");
    out.generate = r.generate();
    out.stop_tokens = tokens(r.stop_tokens(), limits, "stop_tokens");
    return out;
}

void encode(const RunResult& r, pb::RunReply* out) {
    assign(out->mutable_tokens(), r.tokens);
    out->set_vocab(r.vocab);
    assign(out->mutable_last_logits(), r.last_logits);
    assign(out->mutable_all_logits(), r.all_logits);
    for (const AttentionMap& m : r.attention) encode_map(m, out->add_attention());
    assign(out->mutable_generated(), r.generated);
    out->set_stopped(r.stopped);
}

RunResult decode(const pb::RunReply& r) {
    RunResult out;
    out.tokens = to_vector<int>(r.tokens());
    out.vocab = r.vocab();
    out.last_logits = to_vector<float>(r.last_logits());
    out.all_logits = to_vector<float>(r.all_logits());
    for (const pb::AttentionMap& m : r.attention()) out.attention.push_back(decode_map(m));
    out.generated = to_vector<int>(r.generated());
    out.stopped = r.stopped();
    return out;
}

void encode(const SweepRequest& r, pb::SweepRequest* out, const HookCodec& hooks) {
    assign(out->mutable_prompt(), r.prompt);
    for (const auto& c : r.continuations) assign(out->add_continuations()->mutable_ids(), c);
    assign(out->mutable_context_tokens(), r.context_tokens);
    for (const InterventionPlan& p : r.plans) encode(p, out->add_plans(), hooks);
    out->set_max_batch_rows(r.max_batch_rows);
    out->set_reuse_prefix(r.reuse_prefix);
    out->set_exact(r.exact);
}

SweepRequest decode(const pb::SweepRequest& r, const RequestLimits& limits, const HookCodec& hooks) {
    SweepRequest out;
    out.prompt = tokens(r.prompt(), limits, "prompt");
    check_count(r.continuations(), limits.max_items, "continuations");
    for (const pb::Tokens& c : r.continuations()) out.continuations.push_back(tokens(c.ids(), limits, "continuation"));
    check_count(r.context_tokens(), limits.max_items, "context_tokens");
    for (int n : r.context_tokens())
        out.context_tokens.push_back(checked_index(n, {.max_index = int(limits.max_tokens)}, "context_tokens"));
    check_count(r.plans(), limits.max_items, "plans");
    for (const pb::Plan& p : r.plans()) out.plans.push_back(decode(p, limits, hooks));
    if (r.max_batch_rows() < 1 || static_cast<std::size_t>(r.max_batch_rows()) > limits.max_items)
        throw Error("remote request: max_batch_rows " + std::to_string(r.max_batch_rows()) + " is out of range");
    out.max_batch_rows = r.max_batch_rows();
    out.reuse_prefix = r.reuse_prefix();
    out.exact = r.exact();
    return out;
}

void encode(const AttributionRequest& r, pb::AttributionItem* out) {
    assign(out->mutable_prompt(), r.prompt);
    assign(out->mutable_continuation(), r.continuation);
    encode_heads(r.heads, out->mutable_heads());
    out->set_log_prob(r.metric == AttributionMetric::LogProb);
    out->set_exact_norms(!r.freeze_norms);
}

AttributionRequest decode(const pb::AttributionItem& r, const RequestLimits& limits) {
    AttributionRequest out;
    out.prompt = tokens(r.prompt(), limits, "prompt");
    out.continuation = tokens(r.continuation(), limits, "continuation");
    out.heads = heads(r.heads(), limits, "heads");
    out.metric = r.log_prob() ? AttributionMetric::LogProb : AttributionMetric::LogitDifference;
    out.freeze_norms = !r.exact_norms();
    return out;
}

void encode(const AttributionResult& r, pb::AttributionOut* out) {
    out->set_metric(r.metric);
    encode_heads(r.heads, out->mutable_heads());
    assign(out->mutable_effect(), r.effect);
}

AttributionResult decode(const pb::AttributionOut& r) {
    AttributionResult out;
    out.metric = r.metric();
    for (const pb::Head& h : r.heads()) out.heads.push_back(decode(h));
    out.effect = to_vector<double>(r.effect());
    return out;
}

void encode(const ProbeRequest& r, pb::ProbeRequest* out, const HookCodec& hooks) {
    out->set_prompt(r.prompt);
    assign(out->mutable_tokens(), r.tokens);
    encode(r.plan, out->mutable_plan(), hooks);
    encode_heads(r.shown, out->mutable_shown());
    for (const std::string& c : r.candidates) out->add_candidates(c);
    out->set_top_k(r.top_k);
    out->set_score(to_string(r.score));
    encode_heads(r.scored, out->mutable_scored());
    out->set_selected_token(r.selected_token);
    out->set_exclude_bos(r.pattern.exclude_bos);
    out->set_exclude_current_token(r.pattern.exclude_current_token);
    out->set_compare(r.compare);
}

ProbeRequest decode(const pb::ProbeRequest& r, const RequestLimits& limits, const HookCodec& hooks) {
    ProbeRequest out;
    if (r.prompt().size() > limits.max_tokens * 16)
        throw Error("remote request: the prompt has " + std::to_string(r.prompt().size()) +
                    " bytes, more than the server takes");
    out.prompt = r.prompt();
    out.tokens = tokens(r.tokens(), limits, "tokens");
    out.plan = decode(r.plan(), limits, hooks);
    out.shown = heads(r.shown(), limits, "shown");
    check_count(r.candidates(), limits.max_items, "candidates");
    out.candidates.assign(r.candidates().begin(), r.candidates().end());
    if (r.top_k() < 0 || static_cast<std::size_t>(r.top_k()) > limits.max_items)
        throw Error("remote request: top_k " + std::to_string(r.top_k()) + " is out of range");
    out.top_k = r.top_k();
    out.score = parse_head_score_kind(r.score());
    out.scored = heads(r.scored(), limits, "scored");
    out.selected_token = r.selected_token();
    out.pattern.exclude_bos = r.exclude_bos();
    out.pattern.exclude_current_token = r.exclude_current_token();
    out.compare = r.compare();
    return out;
}

void encode(const ProbeResult& r, pb::ProbeReply* out) {
    assign(out->mutable_tokens(), r.tokens);
    for (const std::string& t : r.token_texts) out->add_token_texts(t);
    assign(out->mutable_last_logits(), r.last_logits);
    for (const NextToken& n : r.next) {
        pb::NextToken* o = out->add_next();
        o->set_text(n.text);
        o->set_id(n.id);
        o->set_candidate(n.candidate);
        o->set_probability(n.probability);
        o->set_unablated(n.unablated);
    }
    for (const AttentionMap& m : r.maps) encode_map(m, out->add_maps());
    for (const AttentionMap& m : r.unablated_maps) encode_map(m, out->add_unablated_maps());
    for (const HeadScore& s : r.scores) {
        pb::HeadScore* o = out->add_scores();
        encode(s.head, o->mutable_head());
        o->set_value(s.value);
        o->set_unablated(s.unablated);
    }
    assign(out->mutable_line_ends(), r.line_ends);
    out->set_compared(r.compared);
    out->set_forward_passes(r.forward_passes);
    out->set_first_layer(r.first_layer);
    out->set_residual_bytes(r.residual_bytes);
}

ProbeResult decode(const pb::ProbeReply& r) {
    ProbeResult out;
    out.tokens = to_vector<int>(r.tokens());
    out.token_texts.assign(r.token_texts().begin(), r.token_texts().end());
    out.last_logits = to_vector<float>(r.last_logits());
    for (const pb::NextToken& n : r.next())
        out.next.push_back({n.text(), n.id(), n.candidate(), n.probability(), n.unablated()});
    for (const pb::AttentionMap& m : r.maps()) out.maps.push_back(decode_map(m));
    for (const pb::AttentionMap& m : r.unablated_maps()) out.unablated_maps.push_back(decode_map(m));
    for (const pb::HeadScore& s : r.scores()) out.scores.push_back({decode(s.head()), s.value(), s.unablated()});
    out.line_ends = to_vector<int>(r.line_ends());
    out.compared = r.compared();
    out.forward_passes = r.forward_passes();
    out.first_layer = r.first_layer();
    out.residual_bytes = r.residual_bytes();
    return out;
}

void encode(const ModelInfo& i, pb::ModelInfo* out) {
    out->set_architecture(i.architecture);
    out->set_model_type(i.model_type);
    out->set_dir(i.dir.string());
    out->set_num_layers(i.num_layers);
    out->set_hidden_size(i.hidden_size);
    out->set_vocab_size(i.vocab_size);
    out->set_num_heads(i.num_heads);
    out->set_num_kv_heads(i.num_kv_heads);
    out->set_head_dim(i.head_dim);
    out->set_max_positions(i.max_positions);
    out->set_parameters(i.parameters);
    out->set_weights_dtype(i.weights_dtype);
    out->set_compute_dtype(i.compute_dtype);
    out->set_device(i.device);
    out->set_tokenizer_kind(i.tokenizer_kind);
    out->set_config_hash(i.config_hash);
    for (const LayerInfo& l : i.layers) {
        pb::LayerInfo* o = out->add_layers();
        o->set_index(l.index);
        o->set_kind(l.kind);
        o->set_attention_heads(l.attention_heads);
        o->set_kv_heads(l.kv_heads);
        o->set_ssm_heads(l.ssm_heads);
        o->set_mlp(l.mlp);
    }
    out->set_sliding_window(i.sliding_window);
}

ModelInfo decode(const pb::ModelInfo& i) {
    ModelInfo out;
    out.architecture = i.architecture();
    out.model_type = i.model_type();
    out.dir = i.dir();
    out.num_layers = i.num_layers();
    out.hidden_size = i.hidden_size();
    out.vocab_size = i.vocab_size();
    out.num_heads = i.num_heads();
    out.num_kv_heads = i.num_kv_heads();
    out.head_dim = i.head_dim();
    out.max_positions = i.max_positions();
    out.parameters = i.parameters();
    out.weights_dtype = i.weights_dtype();
    out.compute_dtype = i.compute_dtype();
    out.device = i.device();
    out.tokenizer_kind = i.tokenizer_kind();
    out.config_hash = i.config_hash();
    for (const pb::LayerInfo& l : i.layers())
        out.layers.push_back({l.index(), l.kind(), l.attention_heads(), l.kv_heads(), l.ssm_heads(), l.mlp()});
    out.sliding_window = i.sliding_window();
    return out;
}

void check_tokens(const std::vector<int>& ids, int vocab, const char* field) {
    for (int id : ids)
        if (id < 0 || id >= vocab)
            throw Error("remote request: " + std::string(field) + " holds the token id " + std::to_string(id) +
                        ", outside the model's vocabulary (0.." + std::to_string(vocab - 1) + ")");
}

}  // namespace gna::remote
