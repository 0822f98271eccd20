#include "tour_steps.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>

#include "core_errors.h"
#include "gna/experiments.h"
#include "gna/heads.h"
#include "gna/probe.h"

namespace gna::studio::tour {

namespace {

views::HeadCell cellOf(const gna::HeadRef& h) { return {h.layer, h.head, h.kind != gna::HeadKind::Attention}; }

QString existingDir(const QString& path) { return QFileInfo(path).isDir() ? QDir(path).absolutePath() : QString(); }

}  // namespace

ModelKind modelKind(const gna::ModelInfo* info) {
    bool attention = false, ssm = false;
    if (info)
        for (const gna::LayerInfo& l : info->layers) {
            attention |= l.attention_heads > 0;
            ssm |= l.ssm_heads > 0;
        }
    return ssm ? (attention ? ModelKind::Hybrid : ModelKind::Ssm) : ModelKind::Attention;
}

QString demoModelDir(const QString& kind) {
    const QByteArray env = qgetenv("GNA_DEMO_MODELS_DIR");
    if (!env.isEmpty()) return existingDir(QDir(QString::fromLocal8Bit(env)).filePath(kind));
    QStringList roots;
    try {
        // resources/data -> resources/demo-models; <prefix>/share/gna-studio/data -> <prefix>/share/gna-studio/demo-models.
        roots << QDir(QString::fromStdString(gna::bundled_data_dir().string()))
                     .filePath(QStringLiteral("../demo-models"));
    } catch (const std::exception& e) {
        logSkipped(QStringLiteral("demo models: no bundled data folder, looking beside the program"), e);
    }
    const QString exe = QCoreApplication::applicationDirPath();
    if (!exe.isEmpty())
        roots << exe + QStringLiteral("/../share/gna-studio/demo-models") << exe + QStringLiteral("/demo-models");
    for (const QString& root : roots) {
        const QString dir = existingDir(QDir(root).filePath(kind));
        if (!dir.isEmpty() && QFileInfo::exists(dir + QStringLiteral("/config.json"))) return dir;
    }
    return {};
}

Ranking rankingFromResult(const gna::ExperimentResult& result) {
    Ranking out;
    if (!result.aggregates.ranking) return out;
    for (const gna::HeadRankingRow& r : *result.aggregates.ranking) {
        try {
            out << RankedHead{cellOf(gna::parse_head(r.head)), r.importance};
        } catch (const std::exception& e) {
            logSkipped(QStringLiteral("head ranking: a row that names no head skipped"), e);
        }
    }
    std::stable_sort(out.begin(), out.end(),
                     [](const RankedHead& a, const RankedHead& b) { return a.importance > b.importance; });
    return out;
}

gna::ExperimentResult rankingAsResult(const Ranking& ranking) {
    gna::ExperimentResult result;
    std::vector<gna::HeadRankingRow>& rows = result.aggregates.ranking.emplace();
    for (const RankedHead& r : ranking)
        rows.push_back({r.head.name().toStdString(), r.importance, 0.0, 0.0, std::nullopt});
    return result;
}

Ranking precomputedRanking(const QString& modelDir, QString* source) {
    const QDir dir(modelDir);
    for (const QString& name : {QStringLiteral("ranking.json"), QStringLiteral("model_card.json")}) {
        QFile f(dir.filePath(name));
        if (!f.open(QIODevice::ReadOnly)) continue;
        Ranking r;
        if (name == QLatin1String("ranking.json")) {  // a head_ranking result
            try {
                r = rankingFromResult(gna::read_experiment_result(f.fileName().toStdString()));
            } catch (const std::exception& e) {
                logSkipped(f.fileName() + QStringLiteral(": not a head_ranking result, the model card is read instead"),
                           e);
            }
        }
        const gna::Json j = gna::Json::parse(f.readAll().toStdString(), nullptr, false);
        if (j.is_discarded() || !j.is_object()) continue;
        if (r.isEmpty() && j.contains("evaluation") && j["evaluation"].contains("single_head_ablation")) {
            const gna::Json& ev = j["evaluation"];
            const double base = ev.contains("baseline") ? ev["baseline"].value("kv", 0.0) : 0.0;
            for (const auto& h : ev["single_head_ablation"]) {
                try {
                    r << RankedHead{cellOf(gna::parse_head(h.value("head", std::string()))),
                                    base - h.value("kv", base)};
                } catch (const std::exception& e) {
                    logSkipped(f.fileName() + QStringLiteral(": a single_head_ablation row that names no head skipped"),
                               e);
                }
            }
            std::stable_sort(r.begin(), r.end(),
                             [](const RankedHead& a, const RankedHead& b) { return a.importance > b.importance; });
        }
        if (!r.isEmpty()) {
            if (source) *source = f.fileName();
            return r;
        }
    }
    return {};
}

GatherAggregate chooseGatherAggregate(const Ranking& heads, const std::vector<PatternScore>& scores) {
    GatherAggregate g;
    const int n = std::min<int>(heads.size(), static_cast<int>(scores.size()));
    int bestG = -1, bestA = -1;
    // The pair with the largest gather + aggregate score, the Gather head in an earlier layer (as
    // L16.H22 before L17.H24 in the slides); when no such pair exists, any two different heads.
    for (int pass = 0; pass < 2 && bestA < 0; ++pass)
        for (int a = 0; a < n; ++a)
            for (int i = 0; i < n; ++i) {
                if (i == a || (pass == 0 && heads[i].head.layer >= heads[a].head.layer)) continue;
                const double v = scores[i].gather + scores[a].aggregate;
                if (bestA < 0 || v > scores[bestG].gather + scores[bestA].aggregate + 1e-12) bestG = i, bestA = a;
            }
    if (bestA < 0) return g;
    g.gather = heads[bestG].head;
    g.gatherScore = scores[bestG];
    g.aggregate = heads[bestA].head;
    g.aggregateScore = scores[bestA];
    g.valid = true;
    return g;
}

gna::KvSample kvSample(const gna::Tokenizer* tok) {
    std::vector<std::string> words = gna::load_word_list(gna::bundled_data_dir() / "kv_words.txt");
    if (tok) {
        // A key at the start of a line: its tokens between the newline and the colon.
        const std::size_t bare = tok->encode("\n:", false).size();
        std::vector<std::string> single;
        for (const auto& w : words)
            if (tok->encode("\n" + w + ":", false).size() == bare + 1) single.push_back(w);
        if (single.size() >= 8) words = single;
    }
    std::mt19937 rng(3);
    std::shuffle(words.begin(), words.end(), rng);
    std::vector<int> values(100);
    std::iota(values.begin(), values.end(), 0);
    std::shuffle(values.begin(), values.end(), rng);
    gna::KvSample s;
    s.id = "tour";
    s.size = 8;
    for (int i = 0; i < s.size; ++i) s.dictionary.emplace_back(words[std::size_t(i)], values[std::size_t(i)]);
    s.query = 5;
    s.prompt = gna::kv_prompt(s.dictionary, s.dictionary[std::size_t(s.query)].first);
    return s;
}

std::optional<views::HeadCell> letterHead(const QString& modelDir) {
    QFile card(QDir(modelDir).filePath(QStringLiteral("model_card.json")));
    if (modelDir.isEmpty() || !card.open(QIODevice::ReadOnly)) return std::nullopt;
    const gna::Json j = gna::Json::parse(card.readAll().toStdString(), nullptr, false);
    if (!j.is_object() || !j.contains("evaluation") || !j["evaluation"].is_object()) return std::nullopt;
    const gna::Json& e = j["evaluation"];
    if (!e.contains("retrieval_vs_knowledge") || !e["retrieval_vs_knowledge"].is_object()) return std::nullopt;
    try {
        const gna::HeadRef h = gna::parse_head(e["retrieval_vs_knowledge"].value("head", std::string()));
        if (h.kind != gna::HeadKind::Attention) return std::nullopt;
        return cellOf(h);
    } catch (const std::exception&) {
        return std::nullopt;
    }
}

std::optional<CardLetterHeads> cardLetterHeads(const QString& modelDir) {
    QFile card(QDir(modelDir).filePath(QStringLiteral("model_card.json")));
    if (!modelDir.isEmpty() && card.open(QIODevice::ReadOnly)) {
        const gna::Json j = gna::Json::parse(card.readAll().toStdString(), nullptr, false);
        try {
            const gna::Json& e = j.at("evaluation");
            const gna::Json& top = e.at("top2_by_kv_drop");
            const gna::Json& base = e.at("baseline");
            const double mmluDrop = base.at("mmlu").get<double>() - top.at("mmlu").get<double>();
            const double classicMove = std::abs(base.at("classic").get<double>() - top.at("classic").get<double>());
            if (top.at("heads").size() == 2 && mmluDrop >= 0.30 && classicMove < 0.10) {
                CardLetterHeads out;
                out.rankingTopTwo = true;
                for (const gna::Json& h : top.at("heads")) {
                    const gna::HeadRef r = gna::parse_head(h.get<std::string>());
                    if (r.kind != gna::HeadKind::Attention) throw gna::Error("not an attention head");
                    out.heads.push_back(cellOf(r));
                }
                return out;
            }
        } catch (const std::exception& e) {
            // an older or foreign card: fall back to the one-head dissociation
            logSkipped(QStringLiteral("%1: no top-two letter heads, the one-head dissociation is used").arg(modelDir),
                       e);
        }
    }
    if (const auto h = letterHead(modelDir)) return CardLetterHeads{{*h}, false};
    return std::nullopt;
}

std::optional<CardHeads> cardGatherAggregate(const QString& modelDir) {
    QFile card(QDir(modelDir).filePath(QStringLiteral("model_card.json")));
    if (modelDir.isEmpty() || !card.open(QIODevice::ReadOnly)) return std::nullopt;
    const gna::Json j = gna::Json::parse(card.readAll().toStdString(), nullptr, false);
    try {
        const gna::Json& e = j.at("evaluation");
        struct Measured {
            gna::HeadRef head;
            double gather, aggregate;
        };
        std::vector<Measured> all, top;
        for (const gna::Json& h : e.at("single_head_ablation")) {
            const gna::HeadRef r = gna::parse_head(h.at("head").get<std::string>());
            if (r.kind == gna::HeadKind::Attention && h.contains("gather_mass") && h.contains("aggregate_mass"))
                all.push_back({r, h.at("gather_mass").get<double>(), h.at("aggregate_mass").get<double>()});
        }
        if (e.contains("top2_by_kv_drop"))
            for (const gna::Json& name : e.at("top2_by_kv_drop").at("heads"))
                for (const Measured& m : all)
                    if (m.head.name() == name.get<std::string>()) top.push_back(m);
        const std::vector<Measured>& pool = top.size() == 2 ? top : all;
        const Measured* g = nullptr;
        for (const Measured& m : pool)
            if (!g || m.gather > g->gather) g = &m;
        const Measured* a = nullptr;
        for (const Measured& m : pool)
            if (&m != g && (!a || m.aggregate > a->aggregate)) a = &m;
        if (!g || !a || g->gather < 0.5 || a->aggregate < 0.5) return std::nullopt;
        return CardHeads{cellOf(g->head), cellOf(a->head)};
    } catch (const std::exception&) {
        return std::nullopt;  // an older or foreign card
    }
}

std::optional<CardHeads> defaultGatherAggregate(const gna::ModelInfo& info, const QString& modelDir, bool ssmHeads) {
    auto exists = [&](const views::HeadCell& c) {
        return (ssmHeads || !c.ssm) &&
            gna::model_has_head(info, {c.layer, c.head, c.ssm ? gna::HeadKind::SSM : gna::HeadKind::Attention});
    };
    if (const auto card = cardGatherAggregate(modelDir); card && exists(card->gather) && exists(card->aggregate))
        return card;
    // A card without measured masses (SSM heads): its two heads that matter most for retrieval, the earlier
    // layer's as Gather.
    views::HeadCells top = cardRetrievalHeads(modelDir);
    std::stable_sort(top.begin(), top.end(), [](const auto& a, const auto& b) { return a.layer < b.layer; });
    if (top.size() == 2 && exists(top[0]) && exists(top[1])) return CardHeads{top[0], top[1]};
    for (const bool ssm : {false, true}) {
        if (ssm && !ssmHeads) break;
        int first = -1, last = -1;
        for (const gna::LayerInfo& l : info.layers)
            if ((ssm ? l.ssm_heads : l.attention_heads) > 0) {
                if (first < 0) first = l.index;
                last = l.index;
            }
        if (first >= 0) return CardHeads{{first, 0, ssm}, {last, 0, ssm}};
    }
    return std::nullopt;
}

views::HeadCells cardRetrievalHeads(const QString& modelDir) {
    views::HeadCells out;
    QFile card(QDir(modelDir).filePath(QStringLiteral("model_card.json")));
    if (!modelDir.isEmpty() && card.open(QIODevice::ReadOnly)) {
        const gna::Json j = gna::Json::parse(card.readAll().toStdString(), nullptr, false);
        try {
            for (const gna::Json& h : j.at("evaluation").at("top2_by_kv_drop").at("heads"))
                out << cellOf(gna::parse_head(h.get<std::string>()));
        } catch (const std::exception&) {
            out.clear();  // an older or foreign card
        }
    }
    if (out.isEmpty())
        if (const auto ga = cardGatherAggregate(modelDir)) out = {ga->gather, ga->aggregate};
    return out;
}

RankingScores cardRanking(const QString& modelDir) {
    RankingScores out;
    QFile card(QDir(modelDir).filePath(QStringLiteral("model_card.json")));
    if (modelDir.isEmpty() || !card.open(QIODevice::ReadOnly)) return out;
    const gna::Json j = gna::Json::parse(card.readAll().toStdString(), nullptr, false);
    try {
        const gna::Json& e = j.at("evaluation");
        const double baseline = e.at("baseline").at("kv").get<double>();
        for (const gna::Json& h : e.at("single_head_ablation"))
            out.exact << HeadValue{cellOf(gna::parse_head(h.at("head").get<std::string>())),
                                   baseline - h.at("kv").get<double>()};
    } catch (const std::exception& e) {
        logSkipped(QStringLiteral("%1: no single-head ablations on its card").arg(modelDir), e);
        out.exact.clear();
    }
    return out;
}

std::vector<FormatQuestion> demoWorldQuestions(const QString& modelDir, int n) {
    std::vector<FormatQuestion> out;
    // A bundled demo's questions about its invented world, written next to it by the demo trainer.
    if (modelDir.isEmpty()) return out;
    QFile file(QDir(modelDir).filePath(QStringLiteral("mmlu_format_questions.json")));
    const gna::Json j =
        file.open(QIODevice::ReadOnly) ? gna::Json::parse(file.readAll().toStdString(), nullptr, false) : gna::Json();
    if (!j.is_array()) return out;
    try {
        for (const gna::Json& item : j) {
            if (static_cast<int>(out.size()) >= n) break;
            FormatQuestion q{item.at("prompt").get<std::string>(),
                             item.at("choices").get<std::vector<std::string>>(),
                             {},
                             item.at("answer").get<int>()};
            // Classic format: the same prompt, the option texts ("A. text" lines) as the answers.
            for (char letter : std::string("ABCD")) {
                const std::size_t at = q.prompt.rfind(std::string("\n") + letter + ". ");
                if (at == std::string::npos) break;
                const std::size_t begin = at + 4, end = q.prompt.find('\n', begin);
                q.texts.push_back(" " +
                                  q.prompt.substr(begin, end == std::string::npos ? std::string::npos : end - begin));
            }
            if (q.texts.size() == q.letters.size() && q.answer >= 0 && q.answer < static_cast<int>(q.letters.size()))
                out.push_back(q);
        }
    } catch (const std::exception&) {
        out.clear();  // a file this build cannot read: the bundled MMLU sample instead
    }
    return out;
}

QString demoMmluPrompt(const QString& modelDir) {
    const std::vector<FormatQuestion> q = demoWorldQuestions(modelDir, 1);
    return q.empty() ? QString() : QString::fromStdString(q.front().prompt);
}

std::vector<FormatQuestion> formatQuestions(const QString& modelDir, int n, QString* source) {
    std::vector<FormatQuestion> out = demoWorldQuestions(modelDir, n);
    if (!out.empty()) {
        if (source) *source = QCoreApplication::translate("gna::studio::GuidedTour", "the demo model's invented world");
        return out;
    }
    for (const auto& m : gna::load_mmlu(gna::bundled_data_dir() / "mmlu_sample", "test")) {
        if (static_cast<int>(out.size()) >= n) break;
        FormatQuestion q{gna::mmlu_prompt(m, {}), {" A", " B", " C", " D"}, {}, m.answer};
        for (const auto& o : m.options) q.texts.push_back(" " + QString::fromStdString(o).trimmed().toStdString());
        out.push_back(q);
    }
    if (source) *source = QCoreApplication::translate("gna::studio::GuidedTour", "the bundled MMLU sample");
    return out;
}

gna::ChoiceItem choiceItem(const gna::Tokenizer& tok, const std::string& prompt,
                           const std::vector<std::string>& choices, int answer) {
    gna::ChoiceItem item;
    item.prompt_text = prompt;
    item.prompt = tok.encode(prompt, true);
    for (const auto& c : choices) {
        item.choices.push_back(gna::continuation_tokens(tok, prompt, c));
        item.choice_bytes.push_back(static_cast<double>(c.size()));
    }
    item.answer = answer;
    return item;
}

double choiceProbability(const std::vector<double>& logprobs, int index) {
    if (index < 0 || index >= static_cast<int>(logprobs.size())) return 0.0;
    const double mx = *std::max_element(logprobs.begin(), logprobs.end());
    double sum = 0.0;
    for (double l : logprobs) sum += std::exp(l - mx);
    return std::exp(logprobs[index] - mx) / sum;
}

}  // namespace gna::studio::tour
