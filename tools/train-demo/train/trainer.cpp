// train_demo: the training loop. The recipe's defaults (train/recipe_defaults.h), the curriculum
// phases, packed batches of DemoData documents (train/batch.h), AdamW with warm-up + cosine schedule
// and gradient clipping, checkpoint/resume and the Hugging Face folder at the end (train/trainer_io.h).
#include <torch/nn/utils/clip_grad.h>
#include <torch/optim/adamw.h>
#include <torch/serialize.h>
#include <ATen/Parallel.h>

#include <chrono>
#include <cmath>
#include <fstream>
#include <sstream>
#include <thread>

#include "gna/cpu_runtime.h"
#include "gna/error.h"
#include "gna/model.h"
#include "gna/safetensors.h"
#include "gna/tokenizer.h"
#include "train/train_demo.h"
#include "tokenizer/spm_model_file.h"
#include "train/batch.h"
#include "train/bottleneck.h"
#include "train/demo_card.h"
#include "train/recipe_defaults.h"
#include "train/tiny_llama.h"
#include "train/trainer_io.h"

namespace gna {
namespace fs = std::filesystem;
namespace {

using namespace train;

double lr_at(int step, int steps, int warmup, double peak) {
    if (step < warmup) return peak * (step + 1) / warmup;
    const double t = steps > warmup ? static_cast<double>(step - warmup) / (steps - warmup) : 1.0;
    return peak * (0.1 + 0.9 * 0.5 * (1.0 + std::cos(M_PI * t)));
}

}  // namespace

TrainResult train_demo(const TrainOptions& o, const TrainProgressFn& progress, const std::atomic<bool>* cancel) {
    if (o.out.empty()) throw Error("train-demo: no output folder given");
    Recipe rc = recipe_for(o);
    if (o.threads > 0) set_cpu_threads(o.threads);
    auto say = [&](const std::string& m) {
        if (!progress) return;
        TrainProgress p;
        p.steps = rc.steps;
        p.message = m;
        progress(p);
    };
    fs::create_directories(o.out / "checkpoint");
    const fs::path ckpt = o.out / "checkpoint" / "state.pt";
    const bool resuming = o.resume && fs::exists(ckpt) && fs::exists(o.out / "tokenizer.model");
    const DemoWorld world = o.world.empty() ? rc.world : parse_demo_world(o.world);
    DemoData data(o.seed, world);
    const int kv_warmup = o.kv_warmup >= 0 ? o.kv_warmup : o.init_from.empty() ? rc.kv_warmup : 0;
    if (kv_warmup > 100000)
        throw Error("train-demo: kv_warmup " + std::to_string(kv_warmup) + " is more than 100000 steps");
    const double kv_until_accuracy = o.kv_until_accuracy >= 0 ? o.kv_until_accuracy : rc.kv_until_accuracy;
    const int mmlu_focus = o.mmlu_focus >= 0 ? o.mmlu_focus : rc.mmlu_focus;
    const double mmlu_until_accuracy = o.mmlu_until_accuracy >= 0 ? o.mmlu_until_accuracy : rc.mmlu_until_accuracy;
    if (kv_warmup + mmlu_focus > 100000) throw Error("train-demo: kv_warmup plus mmlu_focus is more than 100000 steps");
    if (o.mixed_letters > 1) throw Error("train-demo: mixed_letters must be a fraction from 0 to 1");
    data.set_mixed_letters(o.mixed_letters);
    const double bottleneck = o.summary_bottleneck >= 0 ? o.summary_bottleneck : rc.summary_bottleneck;
    if (bottleneck > 1) throw Error("train-demo: summary_bottleneck must be a fraction from 0 to 1");
    if (bottleneck > 0 && o.recipe != "transformer")
        throw Error("train-demo: summary_bottleneck is for the transformer recipe only");
    const double kv_bottleneck = o.summary_bottleneck_kv >= 0 ? o.summary_bottleneck_kv : bottleneck;
    if (kv_bottleneck > 1) throw Error("train-demo: summary_bottleneck_kv must be a fraction from 0 to 1");
    if (kv_bottleneck > 0 && o.recipe != "transformer")
        throw Error("train-demo: summary_bottleneck_kv is for the transformer recipe only");
    data.set_summary_bottleneck(bottleneck, kv_bottleneck);
    if (o.summary_readout_layer >= 0 && (bottleneck <= 0 && kv_bottleneck <= 0))
        throw Error("train-demo: summary_readout_layer needs summary_bottleneck (or summary_bottleneck_kv) above 0");
    if (o.summary_readout_layer < -1 || o.summary_readout_layer >= rc.shape.layers)
        throw Error("train-demo: summary_readout_layer " + std::to_string(o.summary_readout_layer) +
                    " is not a layer of the model (0 to " + std::to_string(rc.shape.layers - 1) + ")");
    data.set_summary_readout_layer(o.summary_readout_layer);
    const DemoData::AttentionGuide& guide = o.attention_guide;
    if (guide.weight > 0) {
        if (o.recipe != "transformer") throw Error("train-demo: attention_guide is for the transformer recipe only");
        std::vector<std::pair<int, int>> heads = guide.gather;
        heads.push_back(guide.aggregate);
        if (guide.gather.empty())
            throw Error("train-demo: attention_guide needs at least one Gather head before the Aggregate head");
        for (std::size_t k = 0; k < heads.size(); ++k) {
            const auto [l, h] = heads[k];
            if (l < 0 || l >= rc.shape.layers || h < 0 || h >= rc.shape.heads)
                throw Error("train-demo: attention_guide names L" + std::to_string(l) + ".H" + std::to_string(h) +
                            ", not a head of the model (layers 0 to " + std::to_string(rc.shape.layers - 1) +
                            ", heads 0 to " + std::to_string(rc.shape.heads - 1) + ")");
            if (std::find(heads.begin(), heads.begin() + k, heads[k]) != heads.begin() + k)
                throw Error("train-demo: attention_guide names L" + std::to_string(l) + ".H" + std::to_string(h) +
                            " twice; every guided head must be another");
        }
    }
    data.set_attention_guide(guide);
    if (o.summary_gather && bottleneck <= 0 && kv_bottleneck <= 0)
        throw Error("train-demo: summary_gather needs summary_bottleneck (or summary_bottleneck_kv) above 0");
    data.set_summary_gather(o.summary_gather);
    if (!o.reinit_layers.empty() && o.init_from.empty())
        throw Error(
            "train-demo: reinit_layers needs init_from (the layers it names keep their seeded initialisation "
            "while the others are loaded)");
    for (std::size_t k = 0; k < o.reinit_layers.size(); ++k) {
        const int l = o.reinit_layers[k];
        if (l < 0 || l >= rc.shape.layers)
            throw Error("train-demo: reinit_layers " + std::to_string(l) + " is not a layer of the model (0 to " +
                        std::to_string(rc.shape.layers - 1) + ")");
        if (std::find(o.reinit_layers.begin(), o.reinit_layers.begin() + k, l) != o.reinit_layers.begin() + k)
            throw Error("train-demo: reinit_layers names layer " + std::to_string(l) + " twice");
    }
    data.set_kv_repeat_keys(o.kv_repeat_keys);
    const double late_lookup = o.late_lookup >= 0 ? o.late_lookup : 0.0;
    if (late_lookup > 1) throw Error("train-demo: kv_late_lookup must be a fraction from 0 to 1");
    if (late_lookup > 0 && o.recipe != "transformer")
        throw Error("train-demo: kv_late_lookup is for the transformer recipe only");
    data.set_late_lookup(late_lookup);
    data.set_kv_warmup(kv_warmup);
    data.set_focus_until(kv_warmup + mmlu_focus);
    const fs::path tokenizer = !o.tokenizer.empty() ? o.tokenizer
        : !o.init_from.empty()                      ? o.init_from / "tokenizer.model"
                                                    : fs::path();
    if (!resuming && !tokenizer.empty()) {
        say("using the tokenizer " + tokenizer.string());
        copy_tokenizer(tokenizer, o.out);
    } else if (!resuming) {
        say("training the SentencePiece tokenizer (vocab " + std::to_string(rc.shape.vocab) + ")");
        train_tokenizer(data, o.out, static_cast<int>(rc.shape.vocab));
    }
    std::unique_ptr<Tokenizer> tok = load_tokenizer(o.out);
    rc.shape.vocab = tok->vocab_size();

    std::unique_ptr<train::TrainableLM> made;
    const uint64_t init_seed = o.seed * 7919 + 17;
    if (o.recipe == "ssm")
        made = std::make_unique<train::TinyMamba2>(rc.shape, init_seed);
    else if (o.recipe == "hybrid")
        made = std::make_unique<train::TinyZamba2>(rc.shape, init_seed);
    else
        made = std::make_unique<train::TinyLlama>(rc.shape, init_seed);
    train::TrainableLM& model = *made;
    if (!o.init_from.empty() && !resuming) {
        say("starting from the weights in " + o.init_from.string());
        load_weights(o.init_from, model, o.reinit_layers);
    }
    std::vector<at::Tensor> decay, no_decay;
    for (auto& [n, t] : model.parameters())
        (t.dim() == 2 && n.find("embed") == std::string::npos ? decay : no_decay).push_back(t);
    using torch::optim::AdamWOptions;
    std::vector<torch::optim::OptimizerParamGroup> groups;
    groups.emplace_back(decay,
                        std::make_unique<AdamWOptions>(AdamWOptions(rc.lr).betas({0.9, 0.95}).weight_decay(0.1)));
    groups.emplace_back(no_decay,
                        std::make_unique<AdamWOptions>(AdamWOptions(rc.lr).betas({0.9, 0.95}).weight_decay(0.0)));
    torch::optim::AdamW opt(std::move(groups), AdamWOptions(rc.lr));

    std::vector<at::Tensor> all = decay;
    all.insert(all.end(), no_decay.begin(), no_decay.end());
    TrainerState st;
    st.kv_until = kv_warmup;
    st.focus_until = kv_warmup + mmlu_focus;
    if (resuming) {
        load_checkpoint(ckpt, model, opt, st);
        say("resumed from " + ckpt.string() + " at step " + std::to_string(st.step));
        data.set_kv_warmup(st.kv_until);
        data.set_focus_until(st.focus_until);
    }
    // Each phase has its own linear warm-up (5% of it) and cosine decay: the KV-only curriculum over
    // (at most) kv_warmup steps, the MMLU-focused mix over (at most) mmlu_focus steps, and the whole
    // mix over the steps left. A phase that ends early (its skill learnt) ends its schedule there, so
    // the next phase's start is known only during the run. Without a curriculum: one schedule.
    auto phase_warmup = [&](int length) { return o.warmup >= 0 ? o.warmup : std::max(1, length / 20); };
    auto lr_for = [&](int step) {
        const int kv_end = std::min(st.kv_until, rc.steps);
        const int focus_end = std::min(std::max(st.focus_until, kv_end), rc.steps);
        int begin = 0, end = rc.steps;
        if (step < kv_end)
            end = kv_end;
        else if (step < focus_end)
            begin = kv_end, end = focus_end;
        else
            begin = focus_end;
        return lr_at(step - begin, end - begin, phase_warmup(end - begin), rc.lr);
    };
    const int warmup = phase_warmup(kv_warmup > 0        ? std::min(kv_warmup, rc.steps)
                                        : mmlu_focus > 0 ? std::min(mmlu_focus, rc.steps)
                                                         : rc.steps);
    const int log_every = std::max(1, o.log_every);
    double loss_sum = 0, acc_sum = 0, kv_hits = 0, kv_total = 0, mm_hits = 0, mm_total = 0;
    double bkv_hits = 0, bkv_total = 0, bmm_hits = 0, bmm_total = 0;  // bottlenecked documents
    double guide_gather_sum = 0, guide_aggregate_sum = 0;  // the attention guide's two terms
    double guide_kv_sum = 0, guide_mmlu_sum = 0;
    int guide_kv_n = 0, guide_mmlu_n = 0;
    if (guide.weight > 0) {
        std::vector<std::pair<int64_t, int64_t>> probes(guide.gather.begin(), guide.gather.end());
        probes.emplace_back(guide.aggregate);
        model.set_attention_probes(probes);
    }
    int window = 0;
    TrainResult result;
    auto t0 = std::chrono::steady_clock::now();
    const double seconds_before = st.seconds;
    const int first_step = st.step;
    for (; st.step < rc.steps;) {
        const double lr = lr_for(st.step);
        for (auto& g : opt.param_groups()) static_cast<AdamWOptions&>(g.options()).lr(lr);
        Batch b = make_batch(data, *tok, st.step, rc.batch, rc.shape.context, static_cast<float>(rc.kv_context_weight),
                             rc.shape.layers);
        // Head dropout starts after the KV-only curriculum: the retrieval circuit forms first.
        if (rc.shape.head_dropout > 0 && rc.shape.head_dropout_layers > 0)
            model.set_head_keep(st.step < st.kv_until ? at::Tensor()
                                                      : head_keep(rc.shape, o.seed, st.step, b.ids.size(0)));
        model.set_attention_block(b.blocked);
        at::Tensor logits = model.forward(b.ids, b.positions, b.doc);  // (B, T, V)
        at::Tensor flat = logits.view({-1, logits.size(-1)});
        at::Tensor ce = at::cross_entropy_loss(flat, b.targets.view(-1).clamp_min(0), {}, at::Reduction::None);
        at::Tensor w = b.weights.view(-1);
        at::Tensor loss = (ce * w).sum() / w.sum().clamp_min(1.0);
        if (guide.weight > 0) {
            // -log of each guided query's attention mass on its targets, averaged over the queries.
            const auto& probes = model.attention_probes();
            auto term = [](const at::Tensor& probs, const at::Tensor& target) {
                at::Tensor rows = target.any(-1);
                if (!rows.any().item<bool>()) return at::zeros({}, probs.options());
                at::Tensor mass = (probs * target.to(probs.scalar_type())).sum(-1);
                return -at::log(mass.masked_select(rows).clamp_min(1e-6)).mean();
            };
            at::Tensor g = at::zeros({}, logits.options());
            // Gather: the cross-entropy of the head's attention against the uniform distribution over the
            // line's tokens, so that every token of the line (the key and the value alike) is read, not one.
            auto spread = [](const at::Tensor& probs, const at::Tensor& target) {
                at::Tensor rows = target.any(-1);
                if (!rows.any().item<bool>()) return at::zeros({}, probs.options());
                const at::Tensor t = target.to(probs.scalar_type());
                at::Tensor ce = -(t * at::log(probs.clamp_min(1e-6))).sum(-1) / t.sum(-1).clamp_min(1.0);
                return ce.masked_select(rows).mean();
            };
            for (std::size_t k = 0; k + 1 < probes.size(); ++k) g = g + spread(probes[k], b.gather_target);
            g = g / static_cast<double>(probes.size() - 1);
            at::Tensor a = term(probes.back(), b.aggregate_target);
            {
                // Reported apart: the Aggregate term on the KV documents' answers and on the MMLU letters.
                at::NoGradGuard ng;
                const at::Tensor kv = b.kv_rows.unsqueeze(-1);
                const at::Tensor tk = b.aggregate_target.logical_and(kv),
                                 tm = b.aggregate_target.logical_and(kv.logical_not());
                if (tk.any().item<bool>()) guide_kv_sum += term(probes.back(), tk).item<double>(), ++guide_kv_n;
                if (tm.any().item<bool>()) guide_mmlu_sum += term(probes.back(), tm).item<double>(), ++guide_mmlu_n;
            }
            guide_gather_sum += g.item<double>(), guide_aggregate_sum += a.item<double>();
            loss = loss + guide.weight * (g + a);
        }
        opt.zero_grad();
        loss.backward();
        torch::nn::utils::clip_grad_norm_(all, o.clip);
        opt.step();
        {
            at::NoGradGuard ng;
            at::Tensor m = b.answer_mask.view(-1);
            at::Tensor hit = flat.argmax(-1).eq(b.targets.view(-1)).logical_and(m);
            const double n = m.sum().item<double>();
            acc_sum += n > 0 ? hit.sum().item<double>() / n : 0.0;
            at::Tensor right = flat.argmax(-1).eq(b.targets.view(-1));
            at::Tensor vm = b.value_mask.view(-1), mm = b.mmlu_mask.view(-1);
            const double kh = right.logical_and(vm).sum().item<double>(), kn = vm.sum().item<double>();
            const double mh = right.logical_and(mm).sum().item<double>(), mn = mm.sum().item<double>();
            kv_hits += kh, kv_total += kn, mm_hits += mh, mm_total += mn;
            if (b.in_bottleneck.defined()) {
                at::Tensor in = b.in_bottleneck.view(-1);
                at::Tensor bv = vm.logical_and(in), bm = mm.logical_and(in);
                bkv_hits += right.logical_and(bv).sum().item<double>(), bkv_total += bv.sum().item<double>();
                bmm_hits += right.logical_and(bm).sum().item<double>(), bmm_total += bm.sum().item<double>();
            }
            loss_sum += loss.item<double>();
            ++window;
            char msg[400];
            if (st.step < st.kv_until) {
                st.window.add(kh, kn);
                const double a = st.window.accuracy();
                if (kv_until_accuracy > 0 && a >= kv_until_accuracy) {
                    st.kv_until = st.step + 1;
                    st.focus_until = st.kv_until + mmlu_focus;
                    data.set_kv_warmup(st.kv_until);
                    data.set_focus_until(st.focus_until);
                    st.window.clear();
                    std::snprintf(msg, sizeof msg,
                                  "KV retrieval learned (%.1f%% of KV values over the last %zu steps): "
                                  "the %s from step %d on",
                                  100 * a, kWindow, mmlu_focus > 0 ? "MMLU-focused mix" : "whole data mix",
                                  st.kv_until + 1);
                    say(msg);
                } else if (kv_until_accuracy > 0 && st.step + 1 == st.kv_until) {
                    // The phase ran out before the KV values were right: the retrieval circuit has not formed
                    // and the model will not retrieve. When it forms depends on float rounding and the schedule
                    // (seed 1 formed it at step 1065 on an AMD EPYC and not within 2000 steps on an Intel Xeon,
                    // where a 6000-step phase, its learning rate high for longer, formed it at step 1681).
                    std::snprintf(
                        msg, sizeof msg,
                        "warning: KV retrieval not learned in the KV-only phase (%.1f%% of KV "
                        "values over the last %zu steps, wanted %.0f%%); the model will not retrieve: stop "
                        "(Ctrl-C) and run again with a longer phase (recipe key \"kv_warmup\": 6000) or another seed",
                        100 * a, kWindow, 100 * kv_until_accuracy);
                    say(msg);
                }
            } else if (st.step < st.focus_until) {
                if (st.step == st.kv_until) st.window.clear();
                st.window.add(mh, mn);
                const double a = st.window.accuracy();
                if (mmlu_until_accuracy > 0 && a >= mmlu_until_accuracy) {
                    st.focus_until = st.step + 1;
                    data.set_focus_until(st.focus_until);
                    st.window.clear();
                    std::snprintf(msg, sizeof msg,
                                  "MMLU format learned (%.1f%% of the answer letters over the last %zu "
                                  "steps): the whole data mix from step %d on",
                                  100 * a, kWindow, st.focus_until + 1);
                    say(msg);
                }
            }
        }
        ++st.step;
        st.seconds = seconds_before + std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        auto stopping = [&] { return cancel && cancel->load() && st.step < rc.steps; };
        if (st.step % log_every == 0 || st.step == rc.steps || stopping()) {
            TrainProgress p;
            p.step = st.step;
            p.steps = rc.steps;
            p.loss = loss_sum / window;
            p.accuracy = acc_sum / window;
            p.kv_accuracy = kv_total > 0 ? kv_hits / kv_total : 0.0;
            p.mmlu_accuracy = mm_total > 0 ? mm_hits / mm_total : 0.0;
            p.kv_bottleneck_accuracy = bkv_total > 0 ? bkv_hits / bkv_total : -1.0;
            p.mmlu_bottleneck_accuracy = bmm_total > 0 ? bmm_hits / bmm_total : -1.0;
            if (guide.weight > 0) {
                p.guide_gather_loss = guide_gather_sum / window;
                p.guide_aggregate_loss = guide_aggregate_sum / window;
                p.guide_aggregate_kv_loss = guide_kv_n > 0 ? guide_kv_sum / guide_kv_n : -1.0;
                p.guide_aggregate_mmlu_loss = guide_mmlu_n > 0 ? guide_mmlu_sum / guide_mmlu_n : -1.0;
            }
            p.lr = lr;
            p.elapsed_s = st.seconds;
            const double per = (st.seconds - seconds_before) / std::max(1, st.step - first_step);
            p.eta_s = per * (rc.steps - st.step);
            result.final_loss = p.loss;
            if (progress) progress(p);
            loss_sum = acc_sum = kv_hits = kv_total = mm_hits = mm_total = 0;
            bkv_hits = bkv_total = bmm_hits = bmm_total = 0;
            guide_gather_sum = guide_aggregate_sum = guide_kv_sum = guide_mmlu_sum = 0;
            guide_kv_n = guide_mmlu_n = 0;
            window = 0;
        }
        const bool stop = stopping();
        if (stop || (o.checkpoint_every > 0 && st.step % o.checkpoint_every == 0 && st.step < rc.steps))
            save_checkpoint(ckpt, model, opt, st);
        if (stop) throw Cancelled();
    }
    model.set_attention_block(at::Tensor());  // training only
    model.set_attention_probes({});
    write_hf_folder(o.out, model, *tok);
    say("checking the written checkpoint against the trained model");
    verify_export(o.out, model, *tok, data);
    fs::remove_all(o.out / "checkpoint");
    result.steps = st.step;
    result.seconds = st.seconds;
    if (o.evaluate) {
        say("evaluating through gna::Model");
        result.evaluation = evaluate_demo(o.out, o.seed, world, o.eval_samples, progress, cancel);
        result.evaluated = true;
        train::DemoCardInfo info;
        info.recipe = o.recipe;
        info.recipe_file = o.recipe_file;
        info.architecture = o.recipe == "ssm" ? "Mamba2ForCausalLM"
            : o.recipe == "hybrid"            ? "Zamba2ForCausalLM"
                                              : "LlamaForCausalLM";
        info.seed = o.seed;
        info.steps = st.step;
        info.batch = rc.batch;
        info.lr = rc.lr;
        info.warmup = warmup;
        info.kv_only_steps = std::min(st.kv_until, st.step);
        // Ended by its step limit rather than by reaching kv_until_accuracy: the circuit did not form.
        info.kv_phase_capped = kv_until_accuracy > 0 && info.kv_only_steps >= std::min(kv_warmup, st.step);
        info.mmlu_focus_steps = std::max(0, std::min(st.focus_until, st.step) - info.kv_only_steps);
        info.seconds = st.seconds;
        info.threads = at::get_num_threads();
        info.init_from = o.init_from.empty() ? std::string() : o.init_from.lexically_normal().string();
        // The command that trained the starting weights, from their own card (so that the chain can be rerun).
        if (!o.init_from.empty() && fs::exists(o.init_from / "model_card.json")) {
            try {
                info.init_from_command =
                    read_json_file(o.init_from / "model_card.json").value("command", std::string());
            } catch (const std::exception&) {
                info.init_from_command.clear();  // an unreadable card: the folder is still named
            }
        }
        info.reinit_layers = o.reinit_layers;
        info.data = data.describe();
        info.final_loss = result.final_loss;
        const auto& sh = rc.shape;
        info.shape = {{"layers", sh.layers}, {"hidden", sh.hidden}, {"vocab", sh.vocab}, {"context", sh.context}};
        if (o.recipe != "ssm") info.shape["attention_heads"] = sh.heads;
        if (o.recipe == "transformer") {
            info.shape["intermediate"] = sh.intermediate;
            info.shape["head_dim"] = sh.head_dim();
            info.shape["tied_embeddings"] = sh.tie_embeddings;
            if (sh.head_dropout > 0) {
                info.shape["head_dropout"] = sh.head_dropout;
                info.shape["head_dropout_layers"] = sh.head_dropout_layers;
            }
        }
        if (o.recipe != "transformer") {
            info.shape["ssm_heads"] = sh.ssm_heads();
            info.shape["ssm_head_dim"] = sh.ssm_head_dim;
            info.shape["state"] = sh.state;
        }
        if (o.recipe == "hybrid") {
            info.shape["hybrid_layers"] = sh.hybrid_layers;
            info.shape["intermediate"] = sh.intermediate;
            info.shape["mem_rope"] = sh.mem_rope;
        }
        for (auto& [n, t] : model.parameters()) info.parameters += t.numel();
        train::write_demo_card(o.out, info, result.evaluation);
        train::write_demo_questions(o.out);  // the studio's guided tour asks them
    }
    return result;
}

DemoEvaluation reevaluate_demo(const fs::path& dir, int samples, const TrainProgressFn& progress,
                               const std::atomic<bool>* cancel) {
    train::DemoCardInfo info = train::read_demo_card_info(dir);
    if (info.parameters == 0) info.parameters = Model::load(dir)->info().parameters;
    DemoEvaluation e = evaluate_demo(dir, info.seed, demo_world_of(info.data), samples, progress, cancel);
    train::write_demo_card(dir, info, e);
    return e;
}

}  // namespace gna
