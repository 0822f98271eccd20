#include "experiment_results.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace gna::studio {

namespace {

QString qs(const std::string& s) { return QString::fromStdString(s); }

int conditionIndex(const gna::ExperimentResult& r, const QString& condition) {
    const QStringList c = resultConditions(r);
    return condition.isEmpty() ? (c.isEmpty() ? -1 : 0) : static_cast<int>(c.indexOf(condition));
}

double score(const gna::SampleOutcome& sample, int c) {
    const std::vector<double>& s = sample.scores;
    return c >= 0 && c < static_cast<int>(s.size()) ? s[static_cast<std::size_t>(c)] : std::nan("");
}

// A NIAH sample: it has a cell on the retrieval map.
bool hasCell(const gna::SampleOutcome& s) { return s.length && s.depth; }

bool allNiah(const gna::ExperimentResult& r) {
    const QStringList t = resultTasks(r);
    return !t.isEmpty() && std::all_of(t.begin(), t.end(), [](const QString& s) { return s == QLatin1String("niah"); });
}

}  // namespace

QString experimentKind(const gna::ExperimentResult& r) { return qs(r.kind()); }

QStringList resultConditions(const gna::ExperimentResult& r) {
    QStringList out;
    for (const std::string& c : r.conditions) out << qs(c);
    return out;
}

QStringList resultTasks(const gna::ExperimentResult& r) {
    QStringList out;
    for (const gna::SampleOutcome& s : r.samples) {
        const QString t = qs(s.task);
        if (!out.contains(t)) out << t;
    }
    return out;
}

QString taskTitle(const QString& task) {
    if (task == QLatin1String("kv_retrieval"))
        return QCoreApplication::translate("gna::studio::ExperimentResults", "KV-retrieval");
    if (task == QLatin1String("mmlu")) return QCoreApplication::translate("gna::studio::ExperimentResults", "MMLU");
    if (task == QLatin1String("knowledge"))
        return QCoreApplication::translate("gna::studio::ExperimentResults", "Knowledge");
    if (task == QLatin1String("niah"))
        return QCoreApplication::translate("gna::studio::ExperimentResults", "Needle in a haystack");
    if (task == QLatin1String("*")) return QCoreApplication::translate("gna::studio::ExperimentResults", "All tasks");
    return task;
}

ConditionStat conditionStat(const gna::ExperimentResult& r, const QString& task, const QString& condition) {
    const int c = conditionIndex(r, condition);
    if (c < 0) return {};
    return gna::condition_stat(r, task.toStdString(), static_cast<std::size_t>(c));
}

bool hasCurves(const gna::ExperimentResult& r) {
    const QString k = experimentKind(r);
    return k == QLatin1String("cumulative_removal") || k == QLatin1String("layer_pruning") ||
        k == QLatin1String("sparsification");
}

QList<views::CurveSeries> resultCurves(const gna::ExperimentResult& r, QString* xLabel, QString* yLabel) {
    QList<views::CurveSeries> out;
    const QString kind = experimentKind(r);
    const QStringList conds = resultConditions(r);
    *yLabel = allNiah(r) ? QCoreApplication::translate("gna::studio::ExperimentResults", "Granular score (0–5)")
                         : QCoreApplication::translate("gna::studio::ExperimentResults", "Accuracy");
    // Series keyed by a name; points (x, condition).
    struct Def {
        QString name;
        bool control;
        QRegularExpression re;  // captures x
        QString fixedCondition;  // a condition at x = 0 (baseline)
    };
    QList<Def> defs;
    if (kind == QLatin1String("cumulative_removal")) {
        *xLabel = QCoreApplication::translate("gna::studio::ExperimentResults", "Heads removed (most important first)");
        defs << Def{QString(), false, QRegularExpression(QStringLiteral("^top-(\\d+)$")), {}}
             << Def{QCoreApplication::translate("gna::studio::ExperimentResults", "random heads (control)"),
                    true,
                    QRegularExpression(QStringLiteral("^random-(\\d+)$")),
                    {}};
    } else if (kind == QLatin1String("layer_pruning")) {
        // One axis, n, for both series: each series' name says what n means for it.
        *xLabel = QCoreApplication::translate("gna::studio::ExperimentResults", "n");
        defs << Def{QCoreApplication::translate("gna::studio::ExperimentResults", "gradual: last n layers removed"),
                    false, QRegularExpression(QStringLiteral("^remove-last-(\\d+)$")), QStringLiteral("baseline")}
             << Def{QCoreApplication::translate("gna::studio::ExperimentResults", "individual: only layer n skipped"),
                    false,
                    QRegularExpression(QStringLiteral("^skip-L(\\d+)$")),
                    {}};
    } else if (kind == QLatin1String("sparsification")) {
        *xLabel =
            QCoreApplication::translate("gna::studio::ExperimentResults", "k (heads kept per layer and position)");
        defs << Def{QCoreApplication::translate("gna::studio::ExperimentResults", "generation only"),
                    false,
                    QRegularExpression(QStringLiteral("^k=(\\d+) generation$")),
                    {}}
             << Def{QCoreApplication::translate("gna::studio::ExperimentResults", "prefill and generation"),
                    false,
                    QRegularExpression(QStringLiteral("^k=(\\d+) prefill\\+generation$")),
                    {}};
    } else {
        return out;
    }
    const QStringList tasks = resultTasks(r);
    for (const QString& task : tasks)
        for (const Def& d : defs) {
            views::CurveSeries s;
            s.control = d.control;
            s.name = tasks.size() > 1 || d.name.isEmpty() ? taskTitle(task) : QString();
            if (!d.name.isEmpty()) s.name = s.name.isEmpty() ? d.name : s.name + QStringLiteral(", ") + d.name;
            std::vector<std::pair<double, ConditionStat>> pts;
            if (!d.fixedCondition.isEmpty() && conds.contains(d.fixedCondition))
                pts.emplace_back(0.0, conditionStat(r, task, d.fixedCondition));
            for (const QString& c : conds)
                if (const auto m = d.re.match(c); m.hasMatch())
                    pts.emplace_back(m.captured(1).toDouble(), conditionStat(r, task, c));
            if (pts.empty()) continue;
            std::stable_sort(pts.begin(), pts.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
            for (const auto& [x, st] : pts) {
                s.x.push_back(x);
                s.y.push_back(st.mean);
                s.error.push_back(st.sem);
            }
            out << s;
        }
    return out;
}

std::pair<double, double> resultValueBounds(const gna::ExperimentResult& r) { return {0.0, allNiah(r) ? 5.0 : 1.0}; }

views::RetrievalGrid retrievalGrid(const gna::ExperimentResult& r, const QString& condition) {
    views::RetrievalGrid g;
    const int c = conditionIndex(r, condition);
    std::set<int> lengths;
    std::set<double> depths;
    for (const gna::SampleOutcome& s : r.samples)
        if (hasCell(s)) {
            lengths.insert(*s.length);
            depths.insert(*s.depth);
        }
    if (lengths.empty() || c < 0) return g;
    g.contextLengths.assign(lengths.begin(), lengths.end());
    g.depths.assign(depths.begin(), depths.end());
    std::vector<double> sum(g.contextLengths.size() * g.depths.size(), 0.0), n(sum.size(), 0.0);
    for (const gna::SampleOutcome& s : r.samples) {
        if (!hasCell(s)) continue;
        const auto li =
            std::find(g.contextLengths.begin(), g.contextLengths.end(), *s.length) - g.contextLengths.begin();
        const auto di = std::find(g.depths.begin(), g.depths.end(), *s.depth) - g.depths.begin();
        const double x = score(s, c);
        if (std::isnan(x)) continue;
        const std::size_t k = static_cast<std::size_t>(di) * g.contextLengths.size() + static_cast<std::size_t>(li);
        sum[k] += x;
        n[k] += 1;
    }
    g.scores.resize(sum.size());
    for (std::size_t k = 0; k < sum.size(); ++k) g.scores[k] = n[k] > 0 ? sum[k] / n[k] : std::nan("");
    const QStringList conds = resultConditions(r);
    g.title = conds.value(c);
    // a spec an earlier program accepted (no typed spec): the map is drawn with 0% at the beginning
    g.depthFromEnd = r.typed && !r.typed->tasks.empty() && r.typed->tasks.front().niah.depth_from_end;
    g.maxScore = 5.0;
    return g;
}

std::optional<gna::SampleOutcome> niahSample(const gna::ExperimentResult& r, int depthIndex, int lengthIndex) {
    const views::RetrievalGrid g = retrievalGrid(r);
    if (!g.isValid() || depthIndex < 0 || lengthIndex < 0 || depthIndex >= static_cast<int>(g.depths.size()) ||
        lengthIndex >= static_cast<int>(g.contextLengths.size()))
        return {};
    for (const gna::SampleOutcome& s : r.samples)
        if (hasCell(s) && *s.length == g.contextLengths[lengthIndex] && *s.depth == g.depths[depthIndex]) return s;
    return {};
}

ResultTableData resultTable(const gna::ExperimentResult& r) {
    ResultTableData t;
    const QString kind = experimentKind(r);
    const QStringList conds = resultConditions(r);
    if (r.memory) {
        t.headers = {QCoreApplication::translate("gna::studio::ExperimentResults", "Length"),
                     QCoreApplication::translate("gna::studio::ExperimentResults", "KV cache (MB)"),
                     QCoreApplication::translate("gna::studio::ExperimentResults", "State (MB)"),
                     QCoreApplication::translate("gna::studio::ExperimentResults", "Total (MB)")};
        for (const gna::MemoryRow& m : *r.memory)
            t.rows << QVariantList{m.length, m.kv_bytes / 1e6, m.state_bytes / 1e6, m.total() / 1e6};
        return t;
    }
    if (r.aggregates.ranking) {
        t.headers = {QCoreApplication::translate("gna::studio::ExperimentResults", "Rank"),
                     QCoreApplication::translate("gna::studio::ExperimentResults", "Head"),
                     QCoreApplication::translate("gna::studio::ExperimentResults", "Importance"),
                     QCoreApplication::translate("gna::studio::ExperimentResults", "Baseline"),
                     QCoreApplication::translate("gna::studio::ExperimentResults", "Ablated")};
        // attribution+verify: the verified heads by exact importance, each with its estimate; then the
        // other heads by estimate alone, marked as such (their importance was not measured)
        const std::vector<gna::HeadRankingRow>& ranking = *r.aggregates.ranking;
        const bool estimates = !ranking.empty() && ranking[0].attribution;
        if (estimates)
            t.headers << QCoreApplication::translate("gna::studio::ExperimentResults", "Attribution estimate")
                      << QCoreApplication::translate("gna::studio::ExperimentResults", "Measured");
        int rank = 0;
        for (const gna::HeadRankingRow& h : ranking) {
            t.rows << QVariantList{++rank, qs(h.head), h.importance, h.baseline, h.ablated};
            if (estimates)
                t.rows.last() << h.attribution.value_or(std::nan(""))
                              << QCoreApplication::translate("gna::studio::ExperimentResults", "exact (ablation)");
        }
        if (estimates && r.aggregates.attribution) {
            std::set<std::string> verified;
            for (const gna::HeadRankingRow& h : ranking) verified.insert(h.head);
            for (const gna::AttributionEstimate& e : r.aggregates.attribution->ranking)  // largest estimate first
                if (!verified.count(e.head))
                    t.rows << QVariantList{
                        ++rank,
                        qs(e.head),
                        QVariant(),
                        QVariant(),
                        QVariant(),
                        e.attribution,
                        QCoreApplication::translate("gna::studio::ExperimentResults", "estimate only (not verified)")};
        }
        return t;
    }
    if (kind == QLatin1String("manipulation_grid")) {
        // Thesis Table 6.1: rows = prefill mode, columns = generation mode; condition = "Gen-Prefill".
        QStringList pre, gen;
        for (const QString& c : conds) {
            const QStringList p = c.split(QLatin1Char('-'));
            if (p.size() != 2) continue;
            if (!gen.contains(p[0])) gen << p[0];
            if (!pre.contains(p[1])) pre << p[1];
        }
        t.headers << QCoreApplication::translate("gna::studio::ExperimentResults", "Prefill \\ Generation");
        t.headers << gen;
        for (const QString& p : pre) {
            QVariantList row{p};
            for (const QString& g : gen) {
                const ConditionStat st = conditionStat(r, QString(), g + QLatin1Char('-') + p);
                row << (st.n > 0 ? QVariant(st.mean) : QVariant());
            }
            t.rows << row;
        }
        return t;
    }
    const QStringList tasks = resultTasks(r);
    if (hasCurves(r)) {
        // One row per condition, one column per task (mean and standard error).
        t.headers << QCoreApplication::translate("gna::studio::ExperimentResults", "Condition");
        for (const QString& task : tasks)
            t.headers << taskTitle(task) << QCoreApplication::translate("gna::studio::ExperimentResults", "± s.e.");
        for (const QString& c : conds) {
            QVariantList row{c};
            for (const QString& task : tasks) {
                const ConditionStat st = conditionStat(r, task, c);
                row << st.mean << st.sem;
            }
            t.rows << row;
        }
        return t;
    }
    // Slides layout: one row per task and group (then the task's total), one column per condition.
    t.headers << QCoreApplication::translate("gna::studio::ExperimentResults", "Task")
              << QCoreApplication::translate("gna::studio::ExperimentResults", "Group")
              << QCoreApplication::translate("gna::studio::ExperimentResults", "n");
    t.headers << conds;
    std::map<std::pair<QString, QString>, QVariantList> rows;
    QList<std::pair<QString, QString>> order;
    for (const gna::AggregateRow& a : r.aggregates.rows) {
        const std::pair<QString, QString> key{qs(a.task), qs(a.group)};
        if (key.first == QLatin1String("*") && tasks.size() < 2) continue;
        if (!rows.count(key)) {
            rows[key] = QVariantList{taskTitle(key.first),
                                     key.second == QLatin1String("*")
                                         ? QCoreApplication::translate("gna::studio::ExperimentResults", "all")
                                         : key.second,
                                     a.n};
            for (qsizetype i = 0; i < conds.size(); ++i) rows[key] << QVariant();
            order << key;
        }
        const qsizetype c = conds.indexOf(qs(a.condition));
        if (c >= 0) rows[key][3 + c] = a.mean;
    }
    // Groups first, the task's "all" row after them, "All tasks" last.
    std::stable_sort(order.begin(), order.end(), [](const auto& a, const auto& b) {
        const bool sa = a.first == QLatin1String("*"), sb = b.first == QLatin1String("*");
        if (sa != sb) return sb;
        if (a.first != b.first) return a.first < b.first;
        return (a.second == QLatin1String("*")) < (b.second == QLatin1String("*"));
    });
    for (const auto& k : order) t.rows << rows[k];
    return t;
}

}  // namespace gna::studio
