// Aggregates and the CSV views of a result: the same bytes whether the samples were run in one
// process or merged from shards, as long as they come in the spec's sample order.
#include "experiments/experiment_result.h"

#include <algorithm>
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

std::string append_condition_piece(Json& sample, const Json& piece) {
    static const char* const per_condition[] = {"scores", "scores_norm", "predicted", "outputs"};
    for (const auto& [key, v] : piece.items()) {
        if (key == "condition_range") continue;
        if (std::find(std::begin(per_condition), std::end(per_condition), key) != std::end(per_condition)) {
            for (const auto& x : v) sample[key].push_back(x);
        } else if (sample[key] != v) {
            return key;
        }
    }
    return {};
}

Json spec_identity(const Json& spec) {
    Json s = spec;
    s.erase("model");
    return s;
}

Json aggregate_samples(const std::string& kind, const std::vector<std::string>& conditions, const Json& samples) {
    // (task, group) -> per condition sums; group "*" = the whole task, task "*" = everything
    struct Acc { std::vector<double> sum, sum_norm; int n = 0; bool norm = false; };
    std::map<std::pair<std::string, std::string>, Acc> acc;
    const std::size_t C = conditions.size();
    for (const auto& o : samples) {
        const std::string task = o["task"], group = o["group"];
        for (const auto& key : {std::make_pair(task, group), std::make_pair(task, std::string("*")),
                                std::make_pair(std::string("*"), std::string("*"))}) {
            Acc& a = acc[key];
            a.sum.resize(C, 0.0);
            a.sum_norm.resize(C, 0.0);
            for (std::size_t c = 0; c < C; ++c) a.sum[c] += o["scores"][c].get<double>();
            if (o.contains("scores_norm")) {
                a.norm = true;
                for (std::size_t c = 0; c < C; ++c) a.sum_norm[c] += o["scores_norm"][c].get<double>();
            }
            a.n++;
        }
    }
    Json rows = Json::array();
    for (const auto& [key, a] : acc)
        for (std::size_t c = 0; c < C; ++c) {
            Json r = {{"task", key.first}, {"group", key.second}, {"condition", conditions[c]},
                      {"mean", a.sum[c] / a.n}, {"n", a.n}};
            if (a.norm) r["mean_norm"] = a.sum_norm[c] / a.n;
            rows.push_back(r);
        }
    Json out = {{"rows", rows}};
    auto all = acc.find({"*", "*"});
    if (kind == "head_ranking" && all != acc.end()) {
        const double base = all->second.sum[0] / all->second.n;
        std::vector<std::pair<double, std::size_t>> imp;
        for (std::size_t c = 1; c < C; ++c) imp.emplace_back(base - all->second.sum[c] / all->second.n, c);
        std::stable_sort(imp.begin(), imp.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
        Json ranking = Json::array();
        for (const auto& [v, c] : imp)
            ranking.push_back({{"head", conditions[c]}, {"importance", v}, {"baseline", base},
                               {"ablated", all->second.sum[c] / all->second.n}});
        out["ranking"] = ranking;
    }
    if (kind == "manipulation_grid" && all != acc.end()) {
        // thesis Table 6.1 layout: rows = prefill mode, columns = generation mode; names are
        // "Generation-Prefill"; values = mean score / 5 (the granular maximum), as the thesis reports
        std::vector<std::string> rows_m, cols_m;
        std::map<std::pair<std::string, std::string>, double> cell;
        for (std::size_t c = 0; c < C; ++c) {
            const std::string& n = conditions[c];
            const auto dash = n.find('-');
            const std::string gen = n.substr(0, dash), pre = n.substr(dash + 1);
            if (std::find(rows_m.begin(), rows_m.end(), pre) == rows_m.end()) rows_m.push_back(pre);
            if (std::find(cols_m.begin(), cols_m.end(), gen) == cols_m.end()) cols_m.push_back(gen);
            cell[{pre, gen}] = all->second.sum[c] / all->second.n / 5.0;
        }
        Json values = Json::array();
        for (const auto& r : rows_m) {
            Json row = Json::array();
            for (const auto& c : cols_m) row.push_back(cell.count({r, c}) ? Json(cell[{r, c}]) : Json());
            values.push_back(row);
        }
        out["table"] = {{"rows_prefill", rows_m}, {"columns_generation", cols_m}, {"accuracy", values}};
    }
    return out;
}

void write_result_files(const ExperimentOutcome& out) {
    const Json& j = out.result;
    write_json_file_atomic(out.json_path, j);
    std::string csv = "sample,task,group,condition,score\n";
    const Json& conds = j["conditions"];
    for (const auto& o : j["samples"]) {
        const std::size_t c0 = o.contains("condition_range") ? o["condition_range"][0].get<std::size_t>() : 0;
        for (std::size_t k = 0; k < o["scores"].size(); ++k)
            csv += csv_field(o["id"]) + "," + csv_field(o["task"]) + "," + csv_field(o["group"]) + "," +
                   csv_field(conds[c0 + k]) + "," + num(o["scores"][k].get<double>()) + "\n";
    }
    write_file_atomic(out.csv_path, csv);
    std::string sum = "task,group,condition,mean,mean_norm,n\n";
    for (const auto& r : j["aggregates"]["rows"])
        sum += csv_field(r["task"]) + "," + csv_field(r["group"]) + "," + csv_field(r["condition"]) + "," +
               num(r["mean"].get<double>()) + "," + (r.contains("mean_norm") ? num(r["mean_norm"].get<double>()) : "") + "," +
               std::to_string(r["n"].get<int>()) + "\n";
    write_file_atomic(out.summary_path, sum);
}

}  // namespace gna
