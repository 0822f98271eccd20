// Aggregates and the CSV views of a result: the same bytes whether the samples were run in one
// process or merged from shards, as long as they come in the spec's sample order.
#include "experiments/experiment_result.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

namespace gna {

namespace {

std::string csv_field(const std::string& s) {
    if (s.find_first_of(",\"\n") == std::string::npos) return s;
    std::string q = "\"";
    for (char c : s) q += c == '"' ? std::string("\"\"") : std::string(1, c);
    return q + "\"";
}

std::string num(double v) {
    char b[32];
    std::snprintf(b, sizeof b, "%.6g", v);
    return b;
}

}  // namespace

namespace {

template <class T>
void append(std::optional<std::vector<T>>& to, const std::optional<std::vector<T>>& from) {
    if (!from) return;
    if (!to) to.emplace();
    to->insert(to->end(), from->begin(), from->end());
}

}  // namespace

std::string append_condition_piece(SampleOutcome& sample, const SampleOutcome& piece) {
    sample.scores.insert(sample.scores.end(), piece.scores.begin(), piece.scores.end());
    append(sample.scores_norm, piece.scores_norm);
    append(sample.predicted, piece.predicted);
    append(sample.outputs, piece.outputs);
    // the fields that describe the sample itself, in the order result.json lists them
    const std::pair<const char*, bool> same[] = {
        {"answer", !piece.answer || piece.answer == sample.answer},
        {"answer_value", !piece.answer_value || piece.answer_value == sample.answer_value},
        {"attribution", !piece.attribution || piece.attribution == sample.attribution},
        {"attribution_logit_difference",
         !piece.attribution_logit_difference ||
             piece.attribution_logit_difference == sample.attribution_logit_difference},
        {"depth", !piece.depth || piece.depth == sample.depth},
        {"estimated", !piece.estimated || piece.estimated == sample.estimated},
        {"group", piece.group == sample.group},
        {"id", piece.id == sample.id},
        {"length", !piece.length || piece.length == sample.length},
        {"needle_span", !piece.needle_span || piece.needle_span == sample.needle_span},
        {"prompt_tokens", !piece.prompt_tokens || piece.prompt_tokens == sample.prompt_tokens},
        {"task", piece.task == sample.task},
    };
    for (const auto& [name, ok] : same)
        if (!ok) return name;
    return {};
}

void set_samples(ExperimentOutcome& out, std::vector<SampleOutcome> samples, bool complete) {
    out.result.samples = std::move(samples);
    out.result.checksum = samples_checksum(out.result.samples);
    out.result.complete = complete;
    out.complete = complete;
}

Json spec_identity(const Json& spec) {
    Json s = spec;
    s.erase("model");
    return s;
}

ConditionStat condition_stat(const std::vector<double>& scores) {
    ConditionStat st;
    st.n = static_cast<int>(scores.size());
    if (scores.empty()) return st;
    double sum = 0;
    for (double x : scores) sum += x;
    st.mean = sum / st.n;
    if (st.n > 1) {
        double ss = 0;
        for (double x : scores) ss += (x - st.mean) * (x - st.mean);
        st.sem = std::sqrt(ss / (st.n - 1)) / std::sqrt(static_cast<double>(st.n));
    }
    return st;
}

ConditionStat condition_stat(const ExperimentResult& r, const std::string& task, std::size_t condition) {
    std::vector<double> v;
    for (const SampleOutcome& s : r.samples) {
        if (!task.empty() && task != "*" && s.task != task) continue;
        const std::size_t first = s.first_condition();
        if (condition < first || condition - first >= s.scores.size()) continue;
        const double x = s.scores[condition - first];
        if (!std::isnan(x)) v.push_back(x);
    }
    return condition_stat(v);
}

ResultAggregates aggregate_samples(const std::string& kind, const std::vector<std::string>& conditions,
                                   const std::vector<SampleOutcome>& samples) {
    // (task, group) -> per condition sums and scores; group "*" = the whole task, task "*" = everything
    struct Acc {
        std::vector<double> sum, sum_norm;
        std::vector<std::vector<double>> scores;
        int n = 0;
        bool norm = false;
    };
    std::map<std::pair<std::string, std::string>, Acc> acc;
    const std::size_t C = conditions.size();
    for (const auto& o : samples) {
        for (const auto& key : {std::make_pair(o.task, o.group), std::make_pair(o.task, std::string("*")),
                                std::make_pair(std::string("*"), std::string("*"))}) {
            Acc& a = acc[key];
            a.sum.resize(C, 0.0);
            a.sum_norm.resize(C, 0.0);
            a.scores.resize(C);
            for (std::size_t c = 0; c < C; ++c) {
                a.sum[c] += o.scores.at(c);
                a.scores[c].push_back(o.scores.at(c));
            }
            if (o.scores_norm) {
                a.norm = true;
                for (std::size_t c = 0; c < C; ++c) a.sum_norm[c] += o.scores_norm->at(c);
            }
            a.n++;
        }
    }
    ResultAggregates out;
    for (const auto& [key, a] : acc)
        for (std::size_t c = 0; c < C; ++c)
            out.rows.push_back({key.first, key.second, conditions[c], a.sum[c] / a.n, a.n,
                                a.norm ? std::optional<double>(a.sum_norm[c] / a.n) : std::nullopt,
                                condition_stat(a.scores[c]).sem});
    auto all = acc.find({"*", "*"});
    if (kind == "head_ranking" && all != acc.end()) {
        const double base = all->second.sum[0] / all->second.n;
        std::vector<std::pair<double, std::size_t>> imp;
        for (std::size_t c = 1; c < C; ++c) imp.emplace_back(base - all->second.sum[c] / all->second.n, c);
        std::stable_sort(imp.begin(), imp.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
        out.ranking.emplace();
        for (const auto& [v, c] : imp)
            out.ranking->push_back({conditions[c], v, base, all->second.sum[c] / all->second.n, std::nullopt});
    }
    if (kind == "manipulation_grid" && all != acc.end()) {
        // thesis Table 6.1 layout: rows = prefill mode, columns = generation mode; names are
        // "Generation-Prefill"; values = mean score / 5 (the granular maximum), as the thesis reports
        ManipulationTable t;
        std::vector<std::string>&rows_m = t.rows_prefill, &cols_m = t.columns_generation;
        std::map<std::pair<std::string, std::string>, double> cell;
        for (std::size_t c = 0; c < C; ++c) {
            const std::string& n = conditions[c];
            const auto dash = n.find('-');
            const std::string gen = n.substr(0, dash), pre = n.substr(dash + 1);
            if (std::find(rows_m.begin(), rows_m.end(), pre) == rows_m.end()) rows_m.push_back(pre);
            if (std::find(cols_m.begin(), cols_m.end(), gen) == cols_m.end()) cols_m.push_back(gen);
            cell[{pre, gen}] = all->second.sum[c] / all->second.n / 5.0;
        }
        for (const auto& r : rows_m) {
            std::vector<std::optional<double>> row;
            for (const auto& c : cols_m)
                row.push_back(cell.count({r, c}) ? std::optional<double>(cell[{r, c}]) : std::nullopt);
            t.accuracy.push_back(std::move(row));
        }
        out.table = std::move(t);
    }
    return out;
}

void write_result_files(const ExperimentOutcome& out) {
    const ExperimentResult& r = out.result;
    write_json_file_atomic(out.json_path, to_json(r));
    std::string csv = "sample,task,group,condition,score\n";
    for (const SampleOutcome& o : r.samples) {
        const std::size_t c0 = o.first_condition();
        for (std::size_t k = 0; k < o.scores.size(); ++k)
            csv += csv_field(o.id) + "," + csv_field(o.task) + "," + csv_field(o.group) + "," +
                csv_field(r.conditions.at(c0 + k)) + "," + num(o.scores[k]) + "\n";
    }
    write_file_atomic(out.csv_path, csv);
    std::string sum = "task,group,condition,mean,mean_norm,n,sem\n";
    for (const AggregateRow& a : r.aggregates.rows)
        sum += csv_field(a.task) + "," + csv_field(a.group) + "," + csv_field(a.condition) + "," + num(a.mean) + "," +
            (a.mean_norm ? num(*a.mean_norm) : "") + "," + std::to_string(a.n) + "," + (a.sem ? num(*a.sem) : "") +
            "\n";
    write_file_atomic(out.summary_path, sum);
}

}  // namespace gna
