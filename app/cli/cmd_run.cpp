#include <algorithm>
#include <cctype>
#include <cmath>
#include <iomanip>
#include <iostream>
#include <sstream>

#include "gna/probe.h"
#include "args.h"
#include "load_options.h"
#include "open_model.h"
#include "gna/error.h"
#include "gna/head_scores.h"
#include "gna/json.h"
#include "gna/mean_ablation.h"
#include "gna/model.h"
#include "gna/npy.h"

namespace gna::cli {
namespace {

std::vector<int> parse_ids(const std::string& s) {
    std::vector<int> ids;
    std::stringstream ss(s);
    std::string item;
    while (std::getline(ss, item, ',')) {
        if (item.empty()) continue;
        char* end = nullptr;
        long v = std::strtol(item.c_str(), &end, 10);
        if (*end) throw UsageError{"--input-ids: '" + item + "' is not an integer"};
        ids.push_back(static_cast<int>(v));
    }
    return ids;
}

std::vector<std::pair<int, float>> top_k(const std::vector<float>& logits, int k) {
    float mx = *std::max_element(logits.begin(), logits.end());
    double z = 0;
    for (float l : logits) z += std::exp(static_cast<double>(l - mx));
    std::vector<int> idx(logits.size());
    for (std::size_t i = 0; i < idx.size(); ++i) idx[i] = static_cast<int>(i);
    k = std::min<int>(k, static_cast<int>(idx.size()));
    std::partial_sort(idx.begin(), idx.begin() + k, idx.end(), [&](int a, int b) { return logits[a] > logits[b]; });
    std::vector<std::pair<int, float>> out;
    for (int i = 0; i < k; ++i) out.push_back({idx[i], static_cast<float>(std::exp(logits[idx[i]] - mx) / z)});
    return out;
}

// Every attention and SSM head's score on the prompt (the studio's head board), through the probe.
std::vector<HeadScore> head_scores(const std::shared_ptr<Model>& model, const std::vector<int>& tokens,
                                   const InterventionPlan& plan, HeadScoreKind kind,
                                   const TokenPatternOptions& pattern) {
    Probe probe(model);
    ProbeRequest r;
    r.tokens = tokens;
    r.plan = plan;
    r.score = kind;
    r.pattern = pattern;
    r.scored = every_head(model->info(), HeadKind::Attention);
    for (const HeadRef& h : every_head(model->info(), HeadKind::SSM)) r.scored.push_back(h);
    r.compare = !plan.empty();
    return probe.run(r).scores;
}

void print_head_scores(std::ostream& out, const std::vector<HeadScore>& scores, const std::string& kind, bool compare) {
    out << "head scores (" << kind << "):\n  head        value" << (compare ? "   unablated      change" : "") << "\n";
    for (const HeadScore& h : scores) {
        out << "  " << std::left << std::setw(8) << h.head.name() << std::right << std::fixed << std::setprecision(4)
            << std::setw(10) << h.value;
        if (compare)
            out << std::setw(12) << h.unablated << std::showpos << std::setw(12) << h.value - h.unablated
                << std::noshowpos;
        out << "\n";
    }
}

}  // namespace

int cmd_run(const std::vector<std::string>& argv) {
    static const Options table =
        Options{
            {"prompt", "TEXT", "the prompt"},
            {"prompt-file", "F", "the prompt, from a file"},
            {"input-ids", "1,2,3", "the prompt as token ids; works without any tokenizer (tokens shown as #id)"},
            {"random-repeat", "N",
             "prompt: BOS + N random ordinary tokens, twice: the usual prompt of the duplicate and "
             "induction scores"},
            {"seed", "S", "the random tokens' seed for --random-repeat (default 0)"},
            {"no-special", "", "no special tokens (BOS) added to --prompt"},
            {"ablate", "L17.H24,L16.H22", "switch heads off (zero their o_proj input); L3.S5 for SSM heads"},
            {"alpha", "X", "scale ablated heads by X instead of 0"},
            {"mean-ablate", "L2.H1,...", "replace heads' outputs by their mean over the --reference prompts"},
            {"reference", "FILE", "reference prompts for --mean-ablate, one per line (docs/hooks.md)"},
            {"skip-layers", "3,4", "skip whole blocks (the residual passes through)"},
            {"capture", "L17.H24", "capture post-softmax attention of these heads"},
            {"capture-rows", "10,11", "only these query rows (default: all)"},
            {"generate", "N", "greedy tokens to generate (KV cache), stops at EOS"},
            {"top", "K", "next tokens to print (default 10)"},
            {"logits-out", "FILE.npy", "logits of every prompt position, float32 [tokens, vocab]"},
            {"attention-out", "FILE.npy", "captured maps, float32 [heads, rows, tokens]"},
            {"scores", "KIND",
             "per-head scores of the prompt: entropy, max, gather, aggregate, duplicate, induction "
             "(docs/head-scores.md); each head's own and, with --ablate, the unablated run's; "
             "retrieval and qr take the options below"},
            {"needle", "TEXT",
             "--scores retrieval: Wu et al.'s retrieval score: greedy decoding (--generate N tokens, "
             "default 40); a step scores when a head's most-attended token lies in the needle and is "
             "the token generated"},
            {"answer", "TEXT",
             "--scores retrieval: counted only when the response recalls TEXT (default: the needle) "
             "with ROUGE-1 recall > 0.5"},
            {"gold-line", "K",
             "--scores qr: QRHead's QR score: the query (after the prompt's last line break) "
             "attending to line K (from 0; the lines are the documents), minus the same with the "
             "query replaced by \" N/A\", low outliers dropped"},
            {"exclude-bos", "",
             "duplicate/induction: leave the attention on position 0 out of both sums (default: "
             "kept, as TransformerLens's head detector)"},
            {"exclude-current", "", "duplicate/induction: leave the attention on the current token out of both sums"},
            {"json", "", "print JSON"},
        } +
        load_option_rows(/*model=*/false, /*compute=*/true) + server_option_rows();
    Args a(argv, table);
    const int sources = !!a.get("prompt") + !!a.get("prompt-file") + !!a.get("input-ids") + !!a.get("random-repeat");
    if (a.help() || a.positionals().size() != 1 || sources != 1) {
        std::cout
            << "usage: gna run MODEL_DIR (--prompt TEXT | --prompt-file F | --input-ids 1,2,3 | --random-repeat N)\n"
               "               [options]\n";
        print_options(std::cout, table);
        std::cout << "Heads are named as in the papers, L<layer>.H<head> (L17H24 and 17.24 accepted), layers from 0.\n";
        return a.help() ? kOk : kUsage;
    }
    ModelLoadSpec load;
    load.path = a.positionals()[0];
    load = with_overrides(load, load_overrides(a));
    std::shared_ptr<Model> model = open_model(a, load);
    const Tokenizer& tok = model->tokenizer();

    RunRequest req;
    if (a.get("input-ids"))
        req.tokens = parse_ids(*a.get("input-ids"));
    else if (a.get("random-repeat")) {
        const int seed = a.get_int("seed", 0);
        if (seed < 0) throw UsageError{"--seed must be a non-negative integer"};
        req.tokens = repeated_random_tokens(tok, a.get_int("random-repeat", 0), 2, static_cast<unsigned>(seed));
    } else {
        const std::string text = a.get("prompt") ? *a.get("prompt") : read_text_file(*a.get("prompt-file"));
        if (text.empty()) throw Error("the prompt is empty: give some text with --prompt or --prompt-file");
        req.tokens = tok.encode(text, !a.flag("no-special"));
    }
    const float alpha = static_cast<float>(a.get_double("alpha", 0.0));
    if (a.get("ablate"))
        for (const auto& h : parse_head_list(*a.get("ablate"))) req.plan.ablate(h, alpha);
    std::vector<HeadRef> mean_ablated;
    if (a.get("mean-ablate")) {
        if (!a.get("reference"))
            throw UsageError{"--mean-ablate needs --reference FILE (one reference prompt per line)"};
        std::vector<std::vector<int>> refs;
        std::istringstream lines(read_text_file(*a.get("reference")));
        for (std::string line; std::getline(lines, line);)
            if (!line.empty()) refs.push_back(tok.encode(line, !a.flag("no-special")));
        mean_ablated = parse_head_list(*a.get("mean-ablate"));
        mean_ablate(req.plan, mean_head_outputs(*model, refs, mean_ablated));
    }
    if (a.get("skip-layers"))
        for (int l : parse_ids(*a.get("skip-layers"))) req.plan.skip_layers.push_back(l);
    if (a.get("capture")) req.capture = parse_head_list(*a.get("capture"));
    if (a.get("capture-rows")) req.capture_rows = parse_ids(*a.get("capture-rows"));
    req.generate = a.get_int("generate", 0);
    req.all_logits = a.get("logits-out").has_value();
    const int k = a.get_int("top", 10);

    RunResult r = model->run(req);
    const int T = static_cast<int>(r.tokens.size());
    if (auto f = a.get("logits-out")) write_npy_f32(*f, r.all_logits, {T, r.vocab});
    if (auto f = a.get("attention-out")) {
        std::vector<float> all;
        int rows = 0;
        for (const auto& m : r.attention) {
            all.insert(all.end(), m.weights.begin(), m.weights.end());
            rows = static_cast<int>(m.rows.size());
        }
        write_npy_f32(*f, all, {static_cast<int64_t>(r.attention.size()), rows, T});
    }
    const auto top = top_k(r.last_logits, k);
    std::vector<HeadScore> scores;
    HeadScoreKind kind = HeadScoreKind::None;
    TokenPatternOptions pattern;
    pattern.exclude_bos = a.flag("exclude-bos");
    pattern.exclude_current_token = a.flag("exclude-current");
    const bool retrieval = a.get_or("scores", "") == "retrieval";
    const bool qr = a.get_or("scores", "") == "qr";
    RetrievalScores retrievalScores;
    if (qr) {
        if (!a.get("gold-line"))
            throw UsageError{"--scores qr needs --gold-line K (the line, from 0, that answers the query)"};
        const QrScores q =
            qr_head_scores(*model, {qr_sample_from_lines(tok, req.tokens, a.get_int("gold-line", -1))}, {}, req.plan);
        for (std::size_t i = 0; i < q.heads.size(); ++i) scores.push_back({q.heads[i], q.score[i], 0.0});
    } else if (retrieval) {
        if (!a.get("needle"))
            throw UsageError{"--scores retrieval needs --needle TEXT (the needle as it is in the prompt)"};
        RetrievalSample sample;
        sample.prompt = req.tokens;
        sample.needle = find_needle_span(req.tokens, tok.encode(*a.get("needle"), false));
        if (sample.needle.begin < 0)
            throw Error(
                "--needle: the needle's tokens are not in the prompt; give the needle exactly as the prompt has it");
        sample.reference = a.get_or("answer", *a.get("needle"));
        retrievalScores = retrieval_head_scores(*model, {sample}, {}, req.plan, req.generate > 0 ? req.generate : 40);
        for (std::size_t i = 0; i < retrievalScores.heads.size(); ++i)
            scores.push_back({retrievalScores.heads[i], retrievalScores.score[i], 0.0});
    } else if (auto s = a.get("scores")) {
        kind = parse_head_score_kind(*s);
        if (kind == HeadScoreKind::None || kind == HeadScoreKind::AttentionToToken)
            throw UsageError{"--scores must be entropy, max, gather, aggregate, duplicate, induction, retrieval or qr"};
        scores = head_scores(model, req.tokens, req.plan, kind, pattern);
    }
    const bool tokenPattern = kind == HeadScoreKind::DuplicateToken || kind == HeadScoreKind::Induction;
    if (tokenPattern && !has_repeated_token(req.tokens))
        std::cerr << "note: no token of the prompt repeats, so every " << to_string(kind)
                  << " score is 0; try --random-repeat 50\n";
    const std::string generated = tok.decode(r.generated, true);
    if (a.flag("json")) {
        Json j;
        Json toks = Json::array();
        for (int id : r.tokens) toks.push_back(tok.display(id));
        j["tokens"] = r.tokens;
        j["token_strings"] = toks;
        j["ablated"] = Json::array();
        for (const auto& ab : req.plan.ablations) j["ablated"].push_back(ab.head.name());
        j["mean_ablated"] = Json::array();
        for (const auto& h : mean_ablated) j["mean_ablated"].push_back(h.name());
        j["top"] = Json::array();
        for (auto& [id, p] : top) j["top"].push_back({{"id", id}, {"token", tok.display(id)}, {"prob", p}});
        j["generated_ids"] = r.generated;
        j["generated_text"] = generated;
        j["attention"] = Json::array();
        for (const auto& m : r.attention) {
            Json w = Json::array();
            for (std::size_t i = 0; i < m.rows.size(); ++i)
                w.push_back(std::vector<float>(m.weights.begin() + i * m.cols, m.weights.begin() + (i + 1) * m.cols));
            j["attention"].push_back({{"head", m.head.name()}, {"rows", m.rows}, {"weights", w}});
        }
        if (qr) {
            j["scores"] = {{"kind", "qr"}, {"gold_line", a.get_int("gold-line", -1)}, {"heads", Json::array()}};
            for (const auto& h : scores) j["scores"]["heads"].push_back({{"head", h.head.name()}, {"value", h.value}});
        }
        if (retrieval) {
            j["scores"] = {{"kind", "retrieval"},
                           {"response", retrievalScores.responses.at(0)},
                           {"rouge1_recall", retrievalScores.recall.at(0)},
                           {"recalled", retrievalScores.recalled > 0},
                           {"heads", Json::array()}};
            for (const auto& h : scores) j["scores"]["heads"].push_back({{"head", h.head.name()}, {"value", h.value}});
        }
        if (kind != HeadScoreKind::None) {
            j["scores"] = {{"kind", to_string(kind)}, {"heads", Json::array()}};
            if (tokenPattern) {
                j["scores"]["exclude_bos"] = pattern.exclude_bos;
                j["scores"]["exclude_current_token"] = pattern.exclude_current_token;
            }
            for (const auto& h : scores) {
                Json e = {{"head", h.head.name()}, {"value", h.value}};
                if (!req.plan.empty()) e["unablated"] = h.unablated;
                j["scores"]["heads"].push_back(e);
            }
        }
        std::cout << j.dump() << "\n";
        return kOk;
    }
    std::cout << "prompt: " << T << " tokens";
    if (!req.plan.ablations.empty()) {
        std::cout << "; ablated:";
        for (const auto& ab : req.plan.ablations) std::cout << " " << ab.head.name();
    }
    if (!mean_ablated.empty()) {
        std::cout << "; mean-ablated:";
        for (const auto& h : mean_ablated) std::cout << " " << h.name();
    }
    std::cout << "\nnext token:\n";
    for (auto& [id, p] : top)
        std::cout << "  " << std::fixed << std::setprecision(4) << p << "  " << tok.display(id) << "  (" << id << ")\n";
    if (req.generate > 0) std::cout << "generated: " << generated << "\n";
    for (const auto& m : r.attention) {
        const std::size_t last = m.rows.size() - 1;
        std::cout << "attention " << m.head.name() << ", row " << m.rows[last] << " ("
                  << tok.display(r.tokens[m.rows[last]]) << "), top keys:";
        std::vector<int> idx(m.cols);
        for (int i = 0; i < m.cols; ++i) idx[i] = i;
        const int n = std::min(5, m.cols);
        std::partial_sort(idx.begin(), idx.begin() + n, idx.end(),
                          [&](int x, int y) { return m.at(last, x) > m.at(last, y); });
        for (int i = 0; i < n; ++i)
            std::cout << " " << tok.display(r.tokens[idx[i]]) << "@" << idx[i] << "=" << std::setprecision(3)
                      << m.at(last, idx[i]);
        std::cout << "\n";
    }
    if (tokenPattern)
        std::cout << "(" << to_string(kind) << " score: BOS " << (pattern.exclude_bos ? "excluded" : "included")
                  << ", current token " << (pattern.exclude_current_token ? "excluded" : "included") << ")\n";
    if (kind != HeadScoreKind::None) print_head_scores(std::cout, scores, to_string(kind), !req.plan.empty());
    if (qr) print_head_scores(std::cout, scores, "qr, gold line " + std::to_string(a.get_int("gold-line", -1)), false);
    if (retrieval) {
        std::string response = retrievalScores.responses.at(0);
        while (!response.empty() && std::isspace(static_cast<unsigned char>(response.back()))) response.pop_back();
        std::cout << "retrieval scores: response \"" << response << "\", ROUGE-1 recall " << std::setprecision(3)
                  << retrievalScores.recall.at(0)
                  << (retrievalScores.recalled > 0 ? " (recalled: scored)\n" : " (not recalled: every score is 0)\n");
        print_head_scores(std::cout, scores, "retrieval", false);
    }
    return kOk;
}

}  // namespace gna::cli
