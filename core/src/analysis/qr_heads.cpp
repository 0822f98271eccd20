// Query-focused retrieval heads (QRHead): the calibrated query-to-document attention of a head, and the
// driver that reads it for every head from two forward passes per sample.
#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>

#include "gna/error.h"
#include "gna/head_scores.h"
#include "gna/probe.h"

namespace gna {

namespace {

// mean over the map's rows of each column's p (row_distribution), for the first `cols` columns.
std::vector<double> mean_row(const AttentionMap& m, int cols) {
    std::vector<double> mean(static_cast<std::size_t>(cols), 0.0), p;
    for (std::size_t r = 0; r < m.rows.size(); ++r) {
        row_distribution(m.weights.data() + r * static_cast<std::size_t>(m.cols), m.cols, p);
        for (int t = 0; t < cols; ++t) mean[static_cast<std::size_t>(t)] += p[static_cast<std::size_t>(t)];
    }
    for (double& v : mean) v /= static_cast<double>(m.rows.size());
    return mean;
}

}  // namespace

std::vector<double> qr_document_scores(const AttentionMap& query_map, const AttentionMap& null_map,
                                       const std::vector<TokenSpan>& documents) {
    for (const AttentionMap* m : {&query_map, &null_map}) {
        if (m->rows.empty()) throw Error("QR score of " + m->head.name() + ": the map has no query rows");
        if (m->weights.size() != m->rows.size() * static_cast<std::size_t>(std::max(m->cols, 0)))
            throw Error("QR score of " + m->head.name() + ": the map's weights do not fill its rows x columns");
    }
    const int cols = std::min(query_map.cols, null_map.cols);
    const std::vector<double> q = mean_row(query_map, cols), n = mean_row(null_map, cols);
    std::vector<double> out;
    for (const TokenSpan& d : documents) {
        if (d.begin < 0 || d.end <= d.begin || d.begin >= cols)
            throw Error("QR score of " + query_map.head.name() + ": document [" + std::to_string(d.begin) + ", " +
                        std::to_string(d.end) + ") is empty or not before the queries (" + std::to_string(cols) +
                        " shared tokens)");
        const int end = std::min(d.end, cols);
        std::vector<double> c;
        for (int t = d.begin; t < end; ++t)
            c.push_back(q[static_cast<std::size_t>(t)] - n[static_cast<std::size_t>(t)]);
        const double mean = std::accumulate(c.begin(), c.end(), 0.0) / static_cast<double>(c.size());
        double var = 0.0;
        for (double v : c) var += (v - mean) * (v - mean);
        const double sd = c.size() > 1 ? std::sqrt(var / static_cast<double>(c.size() - 1)) : 0.0;
        const double threshold = mean - 2.0 * sd;
        double s = 0.0;
        for (double v : c)
            if (c.size() == 1 || v > threshold) s += v;
        out.push_back(s);
    }
    return out;
}

QrScores qr_head_scores(Model& model, const std::vector<QrSample>& samples, const std::vector<HeadRef>& heads,
                        const InterventionPlan& plan, const std::atomic<bool>* cancel) {
    QrScores out;
    out.heads = heads.empty() ? every_head(model.info()) : heads;
    for (const HeadRef& h : out.heads)
        if (!model_has_head(model.info(), h)) throw Error("QR scores: the model has no head " + h.name());
    out.score.assign(out.heads.size(), 0.0);
    auto span = [](const TokenSpan& s) {
        std::vector<int> rows(static_cast<std::size_t>(std::max(0, s.end - s.begin)));
        std::iota(rows.begin(), rows.end(), s.begin);
        return rows;
    };
    for (std::size_t i = 0; i < samples.size(); ++i) {
        const QrSample& s = samples[i];
        const std::string which = "QR scores: sample " + std::to_string(i) + ": ";
        if (s.query.begin != s.null_query.begin || s.query.begin < 1 ||
            s.query.end != static_cast<int>(s.prompt.size()) ||
            s.null_query.end != static_cast<int>(s.null_prompt.size()) || s.query.end <= s.query.begin ||
            s.null_query.end <= s.null_query.begin)
            throw Error(
                which +
                "the query and the null query must both run from the same position to the end of their prompts");
        if (!std::equal(s.prompt.begin(), s.prompt.begin() + s.query.begin,
                        s.null_prompt.begin()))  // null_prompt is longer
            throw Error(which + "the prompt and the null prompt differ before the query");
        for (int g : s.gold)
            if (g < 0 || g >= static_cast<int>(s.documents.size()))
                throw Error(which + "gold document " + std::to_string(g) + " is not one of its " +
                            std::to_string(s.documents.size()));
        // The query rows of both prompts, in groups of heads of at most kRetrievalCaptureBudget bytes.
        const std::size_t perHead = (s.query.end - s.query.begin + s.null_query.end - s.null_query.begin) *
            std::max(s.prompt.size(), s.null_prompt.size()) * sizeof(float);
        const std::size_t group = std::max<std::size_t>(1, kRetrievalCaptureBudget / std::max<std::size_t>(perHead, 1));
        for (std::size_t first = 0; first < out.heads.size(); first += group) {
            const std::size_t last = std::min(out.heads.size(), first + group);
            RunRequest run;
            run.plan = plan;
            run.capture.assign(out.heads.begin() + static_cast<std::ptrdiff_t>(first),
                               out.heads.begin() + static_cast<std::ptrdiff_t>(last));
            run.cancel = cancel;
            run.tokens = s.prompt;
            run.capture_rows = span(s.query);
            const RunResult real = model.run(run);
            run.tokens = s.null_prompt;
            run.capture_rows = span(s.null_query);
            const RunResult null = model.run(run);
            for (std::size_t h = 0; h < real.attention.size() && h < null.attention.size(); ++h) {
                const std::vector<double> d = qr_document_scores(real.attention[h], null.attention[h], s.documents);
                for (int g : s.gold) out.score[first + h] += d[static_cast<std::size_t>(g)];
            }
        }
    }
    if (!samples.empty())
        for (double& v : out.score) v /= static_cast<double>(samples.size());
    return out;
}

QrSample qr_sample_from_lines(const Tokenizer& tokenizer, const std::vector<int>& prompt, int gold_line) {
    const std::vector<int> ends = line_ends(tokenizer, prompt);
    if (ends.empty() || ends.back() + 1 >= static_cast<int>(prompt.size()))
        throw Error("QR score: the prompt needs lines (the documents) and, after its last line break, a query");
    if (gold_line < 0 || gold_line >= static_cast<int>(ends.size()))
        throw Error("QR score: gold line " + std::to_string(gold_line) + " is not one of the prompt's " +
                    std::to_string(ends.size()) + " lines (counted from 0)");
    QrSample s;
    s.prompt = prompt;
    int begin = 0;
    for (int e : ends) {
        s.documents.push_back({begin, e + 1});
        begin = e + 1;
    }
    s.gold = {gold_line};
    s.query = {begin, static_cast<int>(prompt.size())};
    s.null_prompt.assign(prompt.begin(), prompt.begin() + begin);
    const std::vector<int> null = tokenizer.encode(" N/A", false);
    s.null_prompt.insert(s.null_prompt.end(), null.begin(), null.end());
    s.null_query = {begin, static_cast<int>(s.null_prompt.size())};
    return s;
}

}  // namespace gna
