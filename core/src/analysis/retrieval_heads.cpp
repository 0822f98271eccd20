// Retrieval heads (Wu et al. 2024): the per-step score of a decoding's attention, the answer's
// ROUGE-1 recall, and the driver that generates and reads every head's decoding attention.
#include <algorithm>
#include <cctype>
#include <map>
#include <numeric>
#include <set>
#include <string>

#include "gna/error.h"
#include "gna/head_scores.h"
#include "gna/probe.h"

namespace gna {

double retrieval_step_score(const AttentionMap& map, const std::vector<int>& sequence, int needle_begin,
                            int needle_end) {
    const int n = static_cast<int>(sequence.size());
    if (needle_begin < 0 || needle_end <= needle_begin || needle_end > n)
        throw Error("retrieval score of " + map.head.name() + ": the needle span [" + std::to_string(needle_begin) +
                    ", " + std::to_string(needle_end) + ") is empty or outside the " + std::to_string(n) + " tokens");
    if (map.weights.size() != map.rows.size() * static_cast<std::size_t>(std::max(map.cols, 0)))
        throw Error("retrieval score of " + map.head.name() + ": the map's weights do not fill its rows x columns");
    double score = 0.0;
    for (std::size_t r = 0; r < map.rows.size(); ++r) {
        const int q = map.rows[r];
        if (q < 0 || q + 1 >= n)
            throw Error("retrieval score of " + map.head.name() + ": row " + std::to_string(q) +
                        " has no generated token after it in the " + std::to_string(n) + " tokens");
        const int k = row_stats(map.weights.data() + r * static_cast<std::size_t>(map.cols), map.cols).argmax;
        if (k >= needle_begin && k < needle_end &&
            sequence[static_cast<std::size_t>(k)] == sequence[static_cast<std::size_t>(q + 1)])
            score += 1.0 / (needle_end - needle_begin);
    }
    return score;
}

namespace {

std::map<std::string, int> unigrams(const std::string& text) {
    std::map<std::string, int> out;
    std::string word;
    auto flush = [&] {
        if (!word.empty()) ++out[word];
        word.clear();
    };
    for (unsigned char c : text) {
        if (std::isalnum(c))
            word.push_back(static_cast<char>(std::tolower(c)));
        else
            flush();
    }
    flush();
    return out;
}

}  // namespace

double rouge1_recall(const std::string& reference, const std::string& response) {
    const std::map<std::string, int> ref = unigrams(reference), got = unigrams(response);
    int total = 0, hit = 0;
    for (const auto& [w, c] : ref) {
        total += c;
        const auto it = got.find(w);
        if (it != got.end()) hit += std::min(c, it->second);
    }
    return total == 0 ? 0.0 : double(hit) / total;
}

TokenSpan find_needle_span(const std::vector<int>& prompt, const std::vector<int>& needle) {
    if (needle.empty() || needle.size() > prompt.size()) return {};
    const auto it = std::search(prompt.begin(), prompt.end(), needle.begin(), needle.end());
    if (it != prompt.end()) {
        const int b = static_cast<int>(it - prompt.begin());
        return {b, b + static_cast<int>(needle.size())};
    }
    const std::set<int> want(needle.begin(), needle.end());
    for (std::size_t i = 0; i + needle.size() <= prompt.size(); ++i) {
        const std::set<int> window(prompt.begin() + static_cast<std::ptrdiff_t>(i),
                                   prompt.begin() + static_cast<std::ptrdiff_t>(i + needle.size()));
        std::size_t common = 0;
        for (int t : want) common += window.count(t);
        if (double(common) / double(want.size()) > 0.9)
            return {static_cast<int>(i), static_cast<int>(i + needle.size())};
    }
    return {};
}

RetrievalScores retrieval_head_scores(Model& model, const std::vector<RetrievalSample>& samples,
                                      const std::vector<HeadRef>& heads, const InterventionPlan& plan,
                                      int max_new_tokens, const std::atomic<bool>* cancel) {
    if (max_new_tokens < 1)
        throw Error("retrieval scores: generate at least one token (got " + std::to_string(max_new_tokens) + ")");
    RetrievalScores out;
    out.heads = heads.empty() ? every_head(model.info()) : heads;
    for (const HeadRef& h : out.heads)
        if (!model_has_head(model.info(), h)) throw Error("retrieval scores: the model has no head " + h.name());
    out.score.assign(out.heads.size(), 0.0);
    const Tokenizer& tok = model.tokenizer();
    for (std::size_t s = 0; s < samples.size(); ++s) {
        const RetrievalSample& sample = samples[s];
        const int T = static_cast<int>(sample.prompt.size());
        if (sample.needle.begin < 0 || sample.needle.end <= sample.needle.begin || sample.needle.end > T)
            throw Error("retrieval scores: sample " + std::to_string(s) + "'s needle [" +
                        std::to_string(sample.needle.begin) + ", " + std::to_string(sample.needle.end) +
                        ") is not a span of its " + std::to_string(T) + " prompt tokens; is the needle in the prompt?");
        RunRequest gen;
        gen.tokens = sample.prompt;
        gen.plan = plan;
        gen.generate = max_new_tokens;
        gen.cancel = cancel;
        std::vector<int> generated = model.run(gen).generated;
        // Wu et al.'s decoder stops after the first line break.
        for (std::size_t i = 0; i < generated.size(); ++i)
            if (tok.decode({generated[i]}).find('\n') != std::string::npos) {
                generated.resize(i + 1);
                break;
            }
        out.responses.push_back(tok.decode(generated, true));
        out.recall.push_back(rouge1_recall(sample.reference, out.responses.back()));
        if (out.recall.back() <= kRetrievalRecallThreshold || generated.empty()) continue;
        ++out.recalled;

        // prompt + continuation; row T-1+i is the step that produced generated[i].
        std::vector<int> sequence = sample.prompt;
        sequence.insert(sequence.end(), generated.begin(), generated.end());
        RunRequest read;
        read.tokens.assign(sequence.begin(), sequence.end() - 1);
        read.plan = plan;
        read.cancel = cancel;
        read.capture_rows.resize(generated.size());
        std::iota(read.capture_rows.begin(), read.capture_rows.end(), T - 1);
        const std::size_t perHead = generated.size() * read.tokens.size() * sizeof(float);
        const std::size_t group = std::max<std::size_t>(1, kRetrievalCaptureBudget / std::max<std::size_t>(perHead, 1));
        for (std::size_t first = 0; first < out.heads.size(); first += group) {
            read.capture.assign(
                out.heads.begin() + static_cast<std::ptrdiff_t>(first),
                out.heads.begin() + static_cast<std::ptrdiff_t>(std::min(out.heads.size(), first + group)));
            const RunResult res = model.run(read);
            for (const AttentionMap& m : res.attention) {
                const auto at = std::find(out.heads.begin(), out.heads.end(), m.head);
                if (at == out.heads.end()) continue;
                out.score[static_cast<std::size_t>(at - out.heads.begin())] +=
                    retrieval_step_score(m, sequence, sample.needle.begin, sample.needle.end);
            }
        }
    }
    if (out.recalled > 0)
        for (double& v : out.score) v /= out.recalled;
    return out;
}

}  // namespace gna
