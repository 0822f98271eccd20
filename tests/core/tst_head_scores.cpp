// The token-pattern head scores (duplicate-token, induction; docs/head-scores.md) on hand-built
// attention patterns with values worked out by hand, and on the bundled demo models: the probe's
// scores against a count by hand from separately captured full maps, and the demo transformer's
// Gather and Aggregate heads where its model card puts them.
#include <QTest>
#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>

#include "gna/head_scores.h"
#include "gna/json.h"
#include "gna/model.h"
#include "gna/probe.h"
#include "test_models.h"

using namespace gna;

namespace {

// A lower-triangular map of the given rows (row q has q+1 weights, the rest 0).
AttentionMap triangular(const std::vector<std::vector<float>>& rows) {
    AttentionMap m;
    m.head = {0, 0, HeadKind::Attention};
    m.cols = static_cast<int>(rows.size());
    for (std::size_t q = 0; q < rows.size(); ++q) {
        m.rows.push_back(static_cast<int>(q));
        for (int c = 0; c < m.cols; ++c)
            m.weights.push_back(c < static_cast<int>(rows[q].size()) ? rows[q][static_cast<std::size_t>(c)] : 0.0f);
    }
    return m;
}

bool near(double a, double b, double tol = 1e-6) { return std::abs(a - b) <= tol; }

// The duplicate and induction shares of a full map counted by hand: for every row q and key k <= q
// (BOS / diagonal dropped as asked), the weight |a| / sum_row |a|, on the pattern when an earlier
// position holds the same token (duplicate) or the token before k equals token q (induction).
struct Naive {
    double duplicate = 0, induction = 0;
};
Naive naive_pattern(const AttentionMap& m, const std::vector<int>& tokens, bool noBos, bool noCurrent) {
    double dup = 0, ind = 0, total = 0;
    for (std::size_t r = 0; r < m.rows.size(); ++r) {
        const int q = m.rows[r];
        double rowAbs = 0;
        for (int k = 0; k < m.cols; ++k) rowAbs += std::abs(double(m.at(r, static_cast<std::size_t>(k))));
        if (rowAbs == 0) continue;
        for (int k = 0; k <= q; ++k) {
            if ((noBos && k == 0) || (noCurrent && k == q)) continue;
            const double w = std::abs(double(m.at(r, static_cast<std::size_t>(k)))) / rowAbs;
            total += w;
            if (k < q && tokens[static_cast<std::size_t>(k)] == tokens[static_cast<std::size_t>(q)]) dup += w;
            if (k >= 1 && tokens[static_cast<std::size_t>(k - 1)] == tokens[static_cast<std::size_t>(q)]) ind += w;
        }
    }
    return {total > 0 ? dup / total : 0, total > 0 ? ind / total : 0};
}

}  // namespace

class TestHeadScores : public QObject {
    Q_OBJECT

private Q_SLOTS:
    // Tokens 9 1 2 1 2: position 3 repeats position 1, position 4 repeats position 2. Duplicate
    // pattern: (3,1), (4,2). Induction pattern (the key after an earlier copy): (3,2), (4,3).
    void handBuiltPatterns() {
        const std::vector<int> tokens = {9, 1, 2, 1, 2};
        const AttentionMap m = triangular(
            {{1.0f}, {0.5f, 0.5f}, {0.2f, 0.3f, 0.5f}, {0.1f, 0.6f, 0.2f, 0.1f}, {0.1f, 0.1f, 0.2f, 0.4f, 0.2f}});
        // Nothing excluded: 5 rows of mass 1 each. Duplicate: 0.6 + 0.2; induction: 0.2 + 0.4.
        QVERIFY(near(token_pattern_score(m, tokens, TokenPattern::DuplicateToken), 0.8 / 5));
        QVERIFY(near(token_pattern_score(m, tokens, TokenPattern::Induction), 0.6 / 5));
        // BOS out: the first column's mass 1 + 0.5 + 0.2 + 0.1 + 0.1 = 1.9 leaves 3.1.
        TokenPatternOptions bos;
        bos.exclude_bos = true;
        QVERIFY(near(token_pattern_score(m, tokens, TokenPattern::DuplicateToken, bos), 0.8 / 3.1));
        QVERIFY(near(token_pattern_score(m, tokens, TokenPattern::Induction, bos), 0.6 / 3.1));
        // Current token out: the diagonal 1 + 0.5 + 0.5 + 0.1 + 0.2 = 2.3 leaves 2.7.
        TokenPatternOptions cur;
        cur.exclude_current_token = true;
        QVERIFY(near(token_pattern_score(m, tokens, TokenPattern::DuplicateToken, cur), 0.8 / 2.7));
        QVERIFY(near(token_pattern_score(m, tokens, TokenPattern::Induction, cur), 0.6 / 2.7));
        // Both: 1 + 1 + 0.7 + 0.2 + 0.3 = 3.2 out (position 0 counted once), 1.8 left.
        TokenPatternOptions both{true, true};
        QVERIFY(near(token_pattern_score(m, tokens, TokenPattern::DuplicateToken, both), 0.8 / 1.8));
        QVERIFY(near(token_pattern_score(m, tokens, TokenPattern::Induction, both), 0.6 / 1.8));
        QVERIFY(has_repeated_token(tokens));
        QVERIFY(!has_repeated_token({4, 5, 6}));
        QCOMPARE(token_pattern_score(m, {9, 1, 2, 3, 4}, TokenPattern::Induction), 0.0);
    }

    // A token that follows its own copy: the induction key of position 2 is position 2 itself (the
    // token after the copy at 1), so excluding the current token removes it.
    void inductionOnTheDiagonal() {
        const std::vector<int> tokens = {0, 3, 3};
        const AttentionMap m = triangular({{1.0f}, {0.4f, 0.6f}, {0.2f, 0.3f, 0.5f}});
        QVERIFY(near(token_pattern_score(m, tokens, TokenPattern::Induction), 0.5 / 3));
        QVERIFY(near(token_pattern_score(m, tokens, TokenPattern::DuplicateToken), 0.3 / 3));
        TokenPatternOptions cur;
        cur.exclude_current_token = true;
        // Diagonal 1 + 0.6 + 0.5 out: 0.9 left, of which 0 on the induction pattern, 0.3 on the duplicate.
        QVERIFY(near(token_pattern_score(m, tokens, TokenPattern::Induction, cur), 0.0));
        QVERIFY(near(token_pattern_score(m, tokens, TokenPattern::DuplicateToken, cur), 0.3 / 0.9));
        QVERIFY(in_token_pattern(TokenPattern::Induction, tokens, 2, 2));
        QVERIFY(!in_token_pattern(TokenPattern::DuplicateToken, tokens, 2, 2));
    }

    // An SSM head's hidden attention (signed, not summing to 1) is read as |a| / sum |a| per row; a
    // map of some rows only sums over those rows.
    void hiddenAttentionRows() {
        AttentionMap m;
        m.head = {1, 0, HeadKind::SSM};
        m.rows = {3};
        m.cols = 4;
        m.weights = {0.5f, -1.0f, 0.25f, 0.25f};  // |a| sums to 2: p = 0.25 0.5 0.125 0.125
        const std::vector<int> tokens = {9, 1, 2, 1};
        QVERIFY(near(token_pattern_score(m, tokens, TokenPattern::DuplicateToken), 0.5));
        QVERIFY(near(token_pattern_score(m, tokens, TokenPattern::Induction), 0.125));
        TokenPatternOptions bos;
        bos.exclude_bos = true;
        QVERIFY(near(token_pattern_score(m, tokens, TokenPattern::DuplicateToken, bos), 0.5 / 0.75));
    }

    void badMapsAreRefused() {
        AttentionMap m = triangular({{1.0f}, {0.5f, 0.5f}, {0.2f, 0.3f, 0.5f}});
        QVERIFY_THROWS_EXCEPTION(Error,
                                 token_pattern_score(m, {1, 1}, TokenPattern::Induction));  // 3 columns, 2 tokens
        m.rows[2] = 7;
        QVERIFY_THROWS_EXCEPTION(Error, token_pattern_score(m, {1, 1, 1}, TokenPattern::Induction));
        m.rows[2] = 2;
        m.weights.pop_back();
        QVERIFY_THROWS_EXCEPTION(Error, token_pattern_score(m, {1, 1, 1}, TokenPattern::Induction));
    }

    void repeatedRandomTokens() {
        std::unique_ptr<Model> model = Model::load(test::demo_model("transformer"));
        const Tokenizer& tok = model->tokenizer();
        const std::vector<int> a = repeated_random_tokens(tok, 20, 2, 7);
        const int bos = tok.bos_id() ? 1 : 0;
        QCOMPARE(static_cast<int>(a.size()), bos + 40);
        if (bos) QCOMPARE(a[0], *tok.bos_id());
        for (int i = 0; i < 20; ++i) {
            QCOMPARE(a[static_cast<std::size_t>(bos + i)], a[static_cast<std::size_t>(bos + 20 + i)]);
            QVERIFY(!tok.is_special(a[static_cast<std::size_t>(bos + i)]));
        }
        QVERIFY(a == repeated_random_tokens(tok, 20, 2, 7));
        QVERIFY(a != repeated_random_tokens(tok, 20, 2, 8));
        QVERIFY_THROWS_EXCEPTION(Error, repeated_random_tokens(tok, 0, 2, 1));
    }

    // Prompt 5 7 8 9 3, needle [1, 3) = "7 8", continuation 7 8 (positions 5, 6): rows 4 and 5 are the
    // decoding steps. Head A's top keys are 1 then 2 (both copies from the needle): 1/2 + 1/2. Head B
    // looks at 1 twice (the second time the generated token is 8, not 7): 1/2. Head C's top keys lie
    // outside the needle (4, then the generated 7 at 5): 0. A tie goes to the first key.
    void retrievalStepScores() {
        const std::vector<int> seq = {5, 7, 8, 9, 3, 7, 8};
        auto map = [](std::vector<float> row4, std::vector<float> row5) {
            AttentionMap m;
            m.rows = {4, 5};
            m.cols = 6;
            m.weights = row4;
            m.weights.insert(m.weights.end(), row5.begin(), row5.end());
            return m;
        };
        QVERIFY(near(retrieval_step_score(map({0.1f, 0.6f, 0.1f, 0.1f, 0.1f, 0}, {0.1f, 0.1f, 0.5f, 0.1f, 0.1f, 0.1f}),
                                          seq, 1, 3),
                     1.0));
        QVERIFY(near(retrieval_step_score(map({0.1f, 0.6f, 0.1f, 0.1f, 0.1f, 0}, {0.1f, 0.5f, 0.1f, 0.1f, 0.1f, 0.1f}),
                                          seq, 1, 3),
                     0.5));
        QVERIFY(near(retrieval_step_score(map({0.1f, 0.1f, 0.1f, 0.1f, 0.6f, 0}, {0.1f, 0.1f, 0.1f, 0.1f, 0.1f, 0.5f}),
                                          seq, 1, 3),
                     0.0));
        QVERIFY(near(
            retrieval_step_score(map({0.4f, 0.4f, 0.1f, 0.1f, 0, 0}, {0.1f, 0.1f, 0.4f, 0.4f, 0, 0}), seq, 1, 3), 0.5));
        // SSM rows (not distributions): the largest |a|, 0.2 at key 1 (a copy of 7), then -0.9 at key 2
        // (a copy of 8), where the largest signed weight (0.3 at key 3) copies nothing: 1/2 + 1/2.
        QVERIFY(near(retrieval_step_score(map({0.1f, 0.2f, 0.1f, 0.1f, 0.1f, 0}, {0.1f, 0.1f, -0.9f, 0.3f, 0.1f, 0.1f}),
                                          seq, 1, 3),
                     1.0));
        QVERIFY_THROWS_EXCEPTION(Error, retrieval_step_score(map({1, 0, 0, 0, 0, 0}, {1, 0, 0, 0, 0, 0}), seq, 3, 3));
        AttentionMap last = map({1, 0, 0, 0, 0, 0}, {1, 0, 0, 0, 0, 0});
        last.rows = {5, 6};  // row 6 has no token after it
        QVERIFY_THROWS_EXCEPTION(Error, retrieval_step_score(last, seq, 1, 3));
    }

    void rougeAndNeedleSpans() {
        QVERIFY(near(rouge1_recall("eat a sandwich and sit", "I eat a Sandwich!"), 3.0 / 5));
        QVERIFY(near(rouge1_recall("a a b", "a"), 1.0 / 3));
        QVERIFY(near(rouge1_recall("Dolores Park, 88", "dolores park 88 ok"), 1.0));
        QCOMPARE(rouge1_recall("", "x"), 0.0);
        const TokenSpan exact = find_needle_span({1, 2, 3, 4, 5, 6}, {3, 4, 5});
        QCOMPARE(exact.begin, 2);
        QCOMPARE(exact.end, 5);
        // Windows of 11: the one at 0 (50 60 1 ... 9) holds 9 of the needle's 11 distinct tokens (82%),
        // the one at 1 (60 1 ... 10) holds 10 (91% > 90%): the first such window.
        const TokenSpan loose =
            find_needle_span({50, 60, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 99}, {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11});
        QCOMPARE(loose.begin, 1);
        QCOMPARE(loose.end, 12);
        // 9 of 10: exactly 90%, not more.
        QCOMPARE(find_needle_span({0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 99, 50}, {1, 2, 3, 4, 5, 6, 7, 8, 9, 10}).begin, -1);
    }

    // One query row q over 11 keys: 0.1 on keys 0-8 and 10, 0 on key 9; the null query's row is
    // uniform (1/11). c = 0.1 - 1/11 on keys 0-8, -1/11 on key 9. Document [0, 10): mean -1/1100, sd
    // (n-1) sqrt(0.009/9) = 0.0316: key 9 lies below mean - 2 sd and is dropped, 9 (0.1 - 1/11) is left.
    // Document [10, 11), one token: kept, 0.1 - 1/11.
    void qrDocumentScores() {
        AttentionMap q, n;
        q.rows = {11};
        q.cols = 12;  // the query's own key (11) is not shared with the null map
        q.weights = {0.1f, 0.1f, 0.1f, 0.1f, 0.1f, 0.1f, 0.1f, 0.1f, 0.1f, 0.0f, 0.1f, 0.0f};
        n.rows = {11};
        n.cols = 11;
        n.weights.assign(11, 1.0f / 11);
        const double c = 0.1 - 1.0 / 11;
        std::vector<double> d = qr_document_scores(q, n, {{0, 10}, {10, 11}});
        QCOMPARE(d.size(), std::size_t(2));
        QVERIFY2(near(d[0], 9 * c, 1e-6), qPrintable(QString::number(d[0])));
        QVERIFY(near(d[1], c, 1e-6));
        // Two query rows are averaged: a second row all on key 10 makes key 10's mean 0.55.
        q.rows = {10, 11};
        std::vector<float> second(12, 0.0f);
        second[10] = 1.0f;
        q.weights.insert(q.weights.end(), second.begin(), second.end());
        d = qr_document_scores(q, n, {{10, 11}});
        QVERIFY(near(d[0], 0.55 - 1.0 / 11, 1e-6));
        QVERIFY_THROWS_EXCEPTION(Error, qr_document_scores(q, n, {{11, 12}}));  // past the shared keys
        n.rows.clear();
        n.weights.clear();
        QVERIFY_THROWS_EXCEPTION(Error, qr_document_scores(q, n, {{0, 10}}));
    }

    // The demo transformer on KV prompts: QR scores with the queried line as the gold document, and
    // retrieval scores with that line as the needle, against the same quantities counted in this test
    // from separately captured maps. Prints the top heads (the figures of docs/head-scores.md).
    void demoRetrievalAndQr() {
        std::shared_ptr<Model> model = Model::load(test::demo_model("transformer"));
        const Tokenizer& tok = model->tokenizer();
        const std::vector<HeadRef> heads = every_head(model->info(), HeadKind::Attention);
        const std::vector<std::pair<std::string, std::string>> dict = {
            {"apple", "42"}, {"river", "17"}, {"candle", "88"}, {"stone", "5"}, {"cloud", "63"}, {"lamp", "21"}};
        std::vector<QrSample> qr;
        std::vector<RetrievalSample> ret;
        for (std::size_t k = 0; k < dict.size(); ++k) {
            std::string prompt = "Memorize the following dictionary:\n";
            for (const auto& [key, value] : dict) prompt += key + ":" + value + "\n";
            prompt += "\nThe value of the key '" + dict[k].first + "' is";
            const std::vector<int> tokens = tok.encode(prompt, true);
            qr.push_back(qr_sample_from_lines(tok, tokens, static_cast<int>(k) + 1));  // line 0 is the instruction
            RetrievalSample r;
            r.prompt = tokens;
            r.needle = find_needle_span(tokens, tok.encode(dict[k].first + ":" + dict[k].second, false));
            QVERIFY(r.needle.begin > 0);
            r.reference = dict[k].second;
            ret.push_back(r);
        }
        const QrScores q = qr_head_scores(*model, qr, heads, {});
        const RetrievalScores rs = retrieval_head_scores(*model, ret, heads, {}, 4);
        QCOMPARE(q.score.size(), heads.size());
        QCOMPARE(rs.score.size(), heads.size());

        // By hand: QR from maps captured at every row (columns cut to the shared prefix by hand).
        std::vector<double> qrHand(heads.size(), 0.0), retHand(heads.size(), 0.0);
        int recalled = 0;
        for (std::size_t s = 0; s < qr.size(); ++s) {
            RunRequest a, b;
            a.tokens = qr[s].prompt;
            b.tokens = qr[s].null_prompt;
            a.capture = b.capture = heads;
            const RunResult ra = model->run(a), rb = model->run(b);
            const int shared = qr[s].query.begin;
            const TokenSpan gold = qr[s].documents[static_cast<std::size_t>(qr[s].gold[0])];
            for (std::size_t h = 0; h < heads.size(); ++h) {
                std::vector<double> c;
                for (int t = gold.begin; t < gold.end && t < shared; ++t) {
                    double mq = 0, mn = 0;
                    for (int r = qr[s].query.begin; r < qr[s].query.end; ++r)
                        mq += ra.attention[h].at(static_cast<std::size_t>(r), static_cast<std::size_t>(t));
                    for (int r = qr[s].null_query.begin; r < qr[s].null_query.end; ++r)
                        mn += rb.attention[h].at(static_cast<std::size_t>(r), static_cast<std::size_t>(t));
                    c.push_back(mq / (qr[s].query.end - qr[s].query.begin) -
                                mn / (qr[s].null_query.end - qr[s].null_query.begin));
                }
                double mean = 0, var = 0;
                for (double v : c) mean += v / static_cast<double>(c.size());
                for (double v : c) var += (v - mean) * (v - mean);
                const double sd = c.size() > 1 ? std::sqrt(var / static_cast<double>(c.size() - 1)) : 0;
                for (double v : c)
                    if (c.size() == 1 || v > mean - 2 * sd) qrHand[h] += v / static_cast<double>(qr.size());
            }
            // Retrieval: greedy tokens one at a time from full forward passes (no KV cache), the step's
            // top key read from the same pass.
            std::vector<int> seq = ret[s].prompt;
            std::vector<double> stepScore(heads.size(), 0.0);
            std::string response;
            for (int step = 0; step < 4; ++step) {
                RunRequest r;
                r.tokens = seq;
                r.capture = heads;
                r.capture_rows = {static_cast<int>(seq.size()) - 1};
                const RunResult out = model->run(r);
                const int next = static_cast<int>(std::max_element(out.last_logits.begin(), out.last_logits.end()) -
                                                  out.last_logits.begin());
                for (std::size_t h = 0; h < heads.size(); ++h) {
                    const AttentionMap& m = out.attention[h];
                    int top = 0;
                    for (int c = 1; c < m.cols; ++c)
                        if (m.at(0, static_cast<std::size_t>(c)) > m.at(0, static_cast<std::size_t>(top))) top = c;
                    if (top >= ret[s].needle.begin && top < ret[s].needle.end &&
                        seq[static_cast<std::size_t>(top)] == next)
                        stepScore[h] += 1.0 / (ret[s].needle.end - ret[s].needle.begin);
                }
                seq.push_back(next);
                const std::vector<int> eos = tok.eos_ids();
                if (std::find(eos.begin(), eos.end(), next) != eos.end()) break;
                const std::string text = tok.decode({next});
                response += text;
                if (text.find('\n') != std::string::npos) break;
            }
            if (response.find(dict[s].second) == std::string::npos)
                continue;  // recall of a one-word answer: found or not
            ++recalled;
            for (std::size_t h = 0; h < heads.size(); ++h) retHand[h] += stepScore[h];
        }
        QCOMPARE(rs.recalled, recalled);
        for (std::size_t h = 0; h < heads.size(); ++h) {
            QVERIFY2(near(q.score[h], qrHand[h], 1e-5),
                     qPrintable(QStringLiteral("QR %1: %2, by hand %3")
                                    .arg(QString::fromStdString(heads[h].name()))
                                    .arg(q.score[h])
                                    .arg(qrHand[h])));
            const double want = recalled ? retHand[h] / recalled : 0.0;
            QVERIFY2(near(rs.score[h], want, 1e-6),
                     qPrintable(QStringLiteral("retrieval %1: %2, by hand %3")
                                    .arg(QString::fromStdString(heads[h].name()))
                                    .arg(rs.score[h])
                                    .arg(want)));
        }
        auto top = [&](const std::vector<double>& v) {
            std::vector<std::size_t> order(v.size());
            std::iota(order.begin(), order.end(), 0);
            std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return v[a] > v[b]; });
            QString line;
            for (std::size_t i = 0; i < 4 && i < order.size(); ++i)
                line += QStringLiteral(" %1=%2")
                            .arg(QString::fromStdString(heads[order[i]].name()))
                            .arg(v[order[i]], 0, 'f', 3);
            return line;
        };
        qInfo("QR top heads:%s", qPrintable(top(q.score)));
        qInfo("retrieval top heads (%d of %d recalled):%s", recalled, static_cast<int>(ret.size()),
              qPrintable(top(rs.score)));
    }

    // Every head of the demo models through the probe against the count by hand on full maps
    // captured by a separate run; SSM heads (the hybrid and the SSM demo) through their hidden attention.
    void probeMatchesHandCount_data() {
        QTest::addColumn<QString>("kind");
        QTest::newRow("transformer") << QStringLiteral("transformer");
        QTest::newRow("hybrid") << QStringLiteral("hybrid");
    }
    void probeMatchesHandCount() {
        QFETCH(QString, kind);
        std::shared_ptr<Model> model = Model::load(test::demo_model(kind.toStdString()));
        const std::vector<int> tokens = repeated_random_tokens(model->tokenizer(), 24, 2, 3);
        const std::vector<HeadRef> heads = every_head(model->info());
        RunRequest run;
        run.tokens = tokens;
        run.capture = heads;
        const RunResult full = model->run(run);
        QCOMPARE(full.attention.size(), heads.size());
        Probe probe(model);
        for (const TokenPatternOptions opt : {TokenPatternOptions{}, TokenPatternOptions{true, true}}) {
            for (HeadScoreKind k : {HeadScoreKind::DuplicateToken, HeadScoreKind::Induction}) {
                ProbeRequest r;
                r.tokens = tokens;
                r.score = k;
                r.pattern = opt;
                r.scored = heads;
                const ProbeResult res = probe.run(r);
                QCOMPARE(res.scores.size(), heads.size());
                for (std::size_t h = 0; h < heads.size(); ++h) {
                    const Naive n =
                        naive_pattern(full.attention[h], tokens, opt.exclude_bos, opt.exclude_current_token);
                    const double want = k == HeadScoreKind::Induction ? n.induction : n.duplicate;
                    QVERIFY2(res.scores[h].head == heads[h] && near(res.scores[h].value, want, 1e-5),
                             qPrintable(QStringLiteral("%1 %2: probe %3, by hand %4")
                                            .arg(QString::fromStdString(heads[h].name()), to_string(k))
                                            .arg(res.scores[h].value)
                                            .arg(want)));
                }
            }
        }
    }

    // The demo transformer's card: L1.H3 is the most Gather-like head and L2.H2 the most
    // Aggregate-like one on its MMLU-format prompts (the four option lines). The probe's line scores,
    // averaged over the card's prompts, must rank them so.
    void demoGatherAggregateRanks() {
        const auto dir = test::demo_model("transformer");
        std::shared_ptr<Model> model = Model::load(dir);
        const Json questions = read_json_file(dir / "mmlu_format_questions.json");
        const std::vector<HeadRef> heads = every_head(model->info(), HeadKind::Attention);
        std::map<std::string, double> gather, aggregate;
        Probe probe(model);
        int n = 0;
        for (const Json& q : questions) {
            if (n == 20) break;
            for (HeadScoreKind k : {HeadScoreKind::Gather, HeadScoreKind::Aggregate}) {
                ProbeRequest r;
                r.prompt = q.at("prompt").get<std::string>();
                r.score = k;
                r.scored = heads;
                for (const HeadScore& s : probe.run(r).scores)
                    (k == HeadScoreKind::Gather ? gather : aggregate)[s.head.name()] += s.value;
            }
            ++n;
        }
        QVERIFY(n > 0);
        auto best = [](const std::map<std::string, double>& m) {
            return std::max_element(m.begin(), m.end(),
                                    [](const auto& a, const auto& b) { return a.second < b.second; })
                ->first;
        };
        QCOMPARE(QString::fromStdString(best(aggregate)), QStringLiteral("L2.H2"));
        QCOMPARE(QString::fromStdString(best(gather)), QStringLiteral("L1.H3"));
    }
};

QTEST_GUILESS_MAIN(TestHeadScores)
#include "tst_head_scores.moc"
