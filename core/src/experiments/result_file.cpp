// result.json <-> ExperimentResult: the one place that knows the keys of a result file, its
// samples, aggregates and memory rows, checked on reading (missing, unknown or ill-typed keys).
#include "gna/experiment_result.h"

#include <limits>
#include <set>

#include "gna/config.h"
#include "gna/error.h"

namespace gna {

namespace {

// An object of the file at `where` (e.g. "sample kv_retrieval/10/0"): its keys read with their
// types checked; a key the program does not know is refused by done().
class Fields {
public:
    Fields(const Json& j, const std::string& origin, std::string where)
        : j_(j), origin_(origin), where_(std::move(where)) {
        if (!j_.is_object()) fail("", "is not an object (" + j_.dump().substr(0, 40) + ")");
    }

    [[noreturn]] void fail(const std::string& key, const std::string& what) const {
        throw Error(origin_ + " is corrupted: " + where_ + (key.empty() ? std::string() : ": \"" + key + "\"") + " " +
                    what + "; delete it to start over");
    }
    bool has(const std::string& key) {
        seen_.insert(key);
        return j_.contains(key);
    }
    const Json& need(const std::string& key) {
        if (!has(key)) fail(key, "is missing");
        return j_[key];
    }
    template <class T>
    T get(const std::string& key) {
        return as<T>(key, need(key));
    }
    template <class T>
    std::optional<T> optional(const std::string& key) {
        if (!has(key)) return std::nullopt;
        return as<T>(key, j_[key]);
    }
    void done() const {
        for (const auto& [key, v] : j_.items())
            if (!seen_.count(key)) fail(key, "is not a key this program knows (written by a newer version?)");
    }
    // The list `key` of objects: `read` gets each one's Fields (at "<where>.<key>[i]"), done() follows.
    template <class Read>
    void each(const std::string& key, Read&& read) {
        const Json& list = need(key);
        if (!list.is_array()) fail(key, "is not a list");
        for (std::size_t i = 0; i < list.size(); ++i) {
            Fields r(list[i], origin_, where_ + "." + key + "[" + std::to_string(i) + "]");
            read(r);
            r.done();
        }
    }

    template <class T>
    T as(const std::string& key, const Json& v) const {
        if constexpr (std::is_same_v<T, std::string>) {
            if (v.is_string()) return v.get<std::string>();
            wrong(key, v, "text");
        } else if constexpr (std::is_same_v<T, bool>) {
            if (v.is_boolean()) return v.get<bool>();
            wrong(key, v, "true or false");
        } else if constexpr (std::is_same_v<T, double>) {
            if (v.is_number()) return v.get<double>();
            if (v.is_null()) return std::numeric_limits<double>::quiet_NaN();  // how JSON stores NaN and infinities
            wrong(key, v, "a number");
        } else if constexpr (std::is_same_v<T, int>) {
            if (v.is_number_integer() && v.get<long long>() >= std::numeric_limits<int>::min() &&
                v.get<long long>() <= std::numeric_limits<int>::max())
                return v.get<int>();
            wrong(key, v, "an integer");
        } else if constexpr (std::is_same_v<T, std::size_t>) {
            if (v.is_number_unsigned()) return v.get<std::size_t>();
            wrong(key, v, "a non-negative integer");
        } else {
            if (!v.is_array()) wrong(key, v, "a list");
            T out{};
            if constexpr (requires { out.push_back(typename T::value_type{}); }) {
                for (const Json& x : v) out.push_back(as<typename T::value_type>(key, x));
            } else {  // std::array
                if (v.size() != out.size()) wrong(key, v, "a list of " + std::to_string(out.size()));
                for (std::size_t i = 0; i < out.size(); ++i) out[i] = as<typename T::value_type>(key, v[i]);
            }
            return out;
        }
    }

private:
    [[noreturn]] void wrong(const std::string& key, const Json& v, const std::string& expected) const {
        fail(key, "has the wrong type (" + v.dump().substr(0, 40) + "); expected " + expected);
    }

    const Json& j_;
    const std::string& origin_;
    std::string where_;
    std::set<std::string> seen_;
};

template <class T>
void put(Json& j, const char* key, const std::optional<T>& v) {
    if (v) j[key] = *v;
}

// The optional fields of a sample with their keys: the one list reading and writing go through.
template <class Sample, class Visit>
void optional_sample_fields(Sample& o, Visit&& visit) {
    visit("scores_norm", o.scores_norm), visit("condition_range", o.condition_range);
    // choice tasks
    visit("answer", o.answer), visit("predicted", o.predicted);
    // generation: KV-retrieval by exact match, NIAH
    visit("outputs", o.outputs), visit("answer_value", o.answer_value);
    visit("length", o.length), visit("depth", o.depth), visit("needle_span", o.needle_span),
        visit("prompt_tokens", o.prompt_tokens);
    // head_ranking by attribution
    visit("estimated", o.estimated), visit("attribution", o.attribution);
    visit("attribution_logit_difference", o.attribution_logit_difference);
}

SampleOutcome sample_from_json(const Json& j, const std::string& origin, std::size_t index) {
    const bool named = j.is_object() && j.contains("id") && j["id"].is_string();
    Fields f(j, origin, named ? "sample " + j["id"].get<std::string>() : "samples[" + std::to_string(index) + "]");
    SampleOutcome o;
    o.id = f.get<std::string>("id");
    o.task = f.get<std::string>("task");
    o.group = f.get<std::string>("group");
    o.scores = f.get<std::vector<double>>("scores");
    optional_sample_fields(o, [&f](const char* key, auto& field) {
        field = f.optional<typename std::decay_t<decltype(field)>::value_type>(key);
    });
    if (o.condition_range && (*o.condition_range)[1] < (*o.condition_range)[0])
        f.fail("condition_range", "ends before it begins");
    f.done();
    return o;
}

ResultAggregates aggregates_from_json(const Json& j, const std::string& origin) {
    Fields f(j, origin, "aggregates");
    ResultAggregates a;
    f.each("rows", [&a](Fields& r) {
        AggregateRow row;
        row.task = r.get<std::string>("task");
        row.group = r.get<std::string>("group");
        row.condition = r.get<std::string>("condition");
        row.mean = r.get<double>("mean");
        row.n = r.get<int>("n");
        row.mean_norm = r.optional<double>("mean_norm");
        row.sem = r.optional<double>("sem");
        a.rows.push_back(std::move(row));
    });
    if (f.has("ranking")) {
        a.ranking.emplace();
        f.each("ranking", [&a](Fields& r) {
            HeadRankingRow row;
            row.head = r.get<std::string>("head");
            row.importance = r.get<double>("importance");
            row.baseline = r.get<double>("baseline");
            row.ablated = r.get<double>("ablated");
            row.attribution = r.optional<double>("attribution");
            a.ranking->push_back(std::move(row));
        });
    }
    if (f.has("table")) {
        Fields t(f.need("table"), origin, "aggregates.table");
        ManipulationTable m;
        m.rows_prefill = t.get<std::vector<std::string>>("rows_prefill");
        m.columns_generation = t.get<std::vector<std::string>>("columns_generation");
        const Json& acc = t.need("accuracy");
        if (!acc.is_array() || acc.size() != m.rows_prefill.size())
            t.fail("accuracy", "is not a list of one row per prefill mode");
        for (const Json& row : acc) {
            if (!row.is_array() || row.size() != m.columns_generation.size())
                t.fail("accuracy", "has a row that is not a list of one value per generation mode");
            std::vector<std::optional<double>> cells;
            for (const Json& v : row)  // null: no such condition in the grid
                cells.push_back(v.is_null() ? std::nullopt : std::optional<double>(t.as<double>("accuracy", v)));
            m.accuracy.push_back(std::move(cells));
        }
        t.done();
        a.table = std::move(m);
    }
    if (f.has("attribution")) {
        Fields t(f.need("attribution"), origin, "aggregates.attribution");
        AttributionSummary s;
        s.metric = t.get<std::string>("metric");
        s.method = t.get<std::string>("method");
        t.each("ranking", [&s](Fields& r) {
            AttributionEstimate e;
            e.head = r.get<std::string>("head");
            e.attribution = r.get<double>("attribution");
            s.ranking.push_back(std::move(e));
        });
        Fields sec(t.need("seconds"), origin, "aggregates.attribution.seconds");
        s.seconds_attribution = sec.get<double>("attribution");
        s.seconds_verify = sec.optional<double>("verify");
        sec.done();
        s.verified = t.optional<std::size_t>("verified");
        s.spearman = t.optional<double>("spearman");
        t.done();
        a.attribution = std::move(s);
    }
    f.done();
    return a;
}

Json to_json(const ResultAggregates& a) {
    Json rows = Json::array();
    for (const AggregateRow& r : a.rows) {
        Json row = {{"task", r.task}, {"group", r.group}, {"condition", r.condition}, {"mean", r.mean}, {"n", r.n}};
        put(row, "mean_norm", r.mean_norm);
        put(row, "sem", r.sem);
        rows.push_back(std::move(row));
    }
    Json j = {{"rows", std::move(rows)}};
    if (a.ranking) {
        j["ranking"] = Json::array();
        for (const HeadRankingRow& r : *a.ranking) {
            Json row = {
                {"head", r.head}, {"importance", r.importance}, {"baseline", r.baseline}, {"ablated", r.ablated}};
            put(row, "attribution", r.attribution);
            j["ranking"].push_back(std::move(row));
        }
    }
    if (a.table) {
        Json acc = Json::array();
        for (const auto& row : a.table->accuracy) {
            Json cells = Json::array();
            for (const auto& v : row) cells.push_back(v ? Json(*v) : Json());
            acc.push_back(std::move(cells));
        }
        j["table"] = {{"rows_prefill", a.table->rows_prefill},
                      {"columns_generation", a.table->columns_generation},
                      {"accuracy", acc}};
    }
    if (a.attribution) {
        const AttributionSummary& s = *a.attribution;
        Json ranking = Json::array();
        for (const AttributionEstimate& e : s.ranking)
            ranking.push_back({{"head", e.head}, {"attribution", e.attribution}});
        Json t = {{"metric", s.metric},
                  {"method", s.method},
                  {"ranking", std::move(ranking)},
                  {"seconds", {{"attribution", s.seconds_attribution}}}};
        if (s.seconds_verify) t["seconds"]["verify"] = *s.seconds_verify;
        put(t, "verified", s.verified);
        put(t, "spearman", s.spearman);
        j["attribution"] = std::move(t);
    }
    return j;
}

std::vector<MemoryRow> memory_from_json(const Json& j, const std::string& origin) {
    if (!j.is_array()) throw Error(origin + " is corrupted: \"memory\" is not a list; delete it to start over");
    std::vector<MemoryRow> rows;
    for (std::size_t i = 0; i < j.size(); ++i) {
        Fields f(j[i], origin, "memory[" + std::to_string(i) + "]");
        MemoryRow r;
        r.length = f.get<int>("length");
        r.kv_bytes = f.get<double>("kv_bytes");
        r.state_bytes = f.get<double>("state_bytes");
        f.get<double>("total_bytes");  // kv_bytes + state_bytes, written for readers of the file
        f.get<double>("total_mb");
        f.done();
        rows.push_back(r);
    }
    return rows;
}

Json to_json(const std::vector<MemoryRow>& rows) {
    Json j = Json::array();
    for (const MemoryRow& r : rows)
        j.push_back({{"length", r.length},
                     {"kv_bytes", r.kv_bytes},
                     {"state_bytes", r.state_bytes},
                     {"total_bytes", r.total()},
                     {"total_mb", r.total() / 1e6}});
    return j;
}

struct Reader {
    const Json& j;
    std::string origin;

    [[noreturn]] void bad(const std::string& key, const std::string& what) const {
        throw Error(origin + " is corrupted: \"" + key + "\" " + what + "; delete it to start over");
    }
    const Json& need(const Json& obj, const std::string& key, const std::string& where) const {
        if (!obj.is_object() || !obj.contains(key)) bad(where + key, "is missing");
        return obj[key];
    }
    template <class T>
    T get(const Json& obj, const std::string& key, const std::string& where,
          std::optional<T> fallback = std::nullopt) const {
        if ((!obj.is_object() || !obj.contains(key)) && fallback) return *fallback;
        const Json& v = need(obj, key, where);
        try {
            return v.get<T>();
        } catch (const std::exception&) {
            bad(where + key, "has the wrong type (" + v.dump().substr(0, 40) + ")");
        }
    }
};

}  // namespace

Json to_json(const SampleOutcome& o) {
    Json j = {{"id", o.id}, {"task", o.task}, {"group", o.group}, {"scores", o.scores}};
    optional_sample_fields(o, [&j](const char* key, const auto& field) { put(j, key, field); });
    return j;
}

Json to_json(const std::vector<SampleOutcome>& samples) {
    Json j = Json::array();
    for (const SampleOutcome& o : samples) j.push_back(to_json(o));
    return j;
}

std::string ExperimentResult::kind() const {
    if (typed) return typed->experiment;
    return spec.is_object() && spec.contains("experiment") && spec["experiment"].is_string()
        ? spec["experiment"].get<std::string>()
        : std::string();
}

std::string samples_checksum(const std::vector<SampleOutcome>& samples) { return sha256_hex(to_json(samples).dump()); }

std::string samples_checksum(const Json& result_file) {
    return sha256_hex(result_file.is_object() && result_file.contains("samples") ? result_file["samples"].dump()
                                                                                 : std::string());
}

ExperimentResult experiment_result_from_json(const Json& j, const std::string& origin) {
    if (!j.is_object() || j.value("format", std::string()) != kExperimentResultFormatName)
        throw Error(origin + " is not a G&A Studio experiment result (no \"format\": \"" + kExperimentResultFormatName +
                    "\"); use another --out folder");
    const Reader r{j, origin};
    ExperimentResult out;
    const Json program = j.value("program", Json::object());
    if (program.is_object()) {
        out.program.name = program.value("name", out.program.name);
        out.program.version = program.value("version", std::string());
        out.program.git = program.value("git", std::string());
    }
    const Json v = j.value("format_version", Json(1));
    if (!v.is_number_integer() || v.get<long long>() < 1) r.bad("format_version", "is not a positive integer");
    if (v.get<long long>() > kExperimentResultVersion)
        throw Error(origin + " was written by " + out.program.name + " " +
                    (out.program.version.empty() ? std::string("(unknown version)") : out.program.version) +
                    " in result format version " + v.dump() + "; this program reads format version " +
                    std::to_string(kExperimentResultVersion) + " and older: open it with that version or a newer one");
    out.format_version = v.get<int>();
    out.spec = r.need(j, "spec", "");
    try {
        out.typed = parse_experiment_spec(out.spec, origin + ": \"spec\"");
    } catch (const Error&) {
        // a spec an earlier program accepted: the result still loads
    }
    const Json& m = r.need(j, "model", "");
    out.model.path = r.get<std::string>(m, "path", "model.", std::string());
    out.model.config_hash = r.get<std::string>(m, "config_hash", "model.", std::string());
    out.model.architecture = r.get<std::string>(m, "architecture", "model.", std::string());
    out.model.layers = r.get<int>(m, "layers", "model.", 0);
    out.model.heads = r.get<int>(m, "heads", "model.", 0);
    out.model.compute_dtype = r.get<std::string>(m, "compute_dtype", "model.", std::string());
    out.model.device = r.get<std::string>(m, "device", "model.", std::string());
    out.conditions = r.get<std::vector<std::string>>(j, "conditions", "");
    const Json& samples = r.need(j, "samples", "");
    if (!samples.is_array()) r.bad("samples", "is not a list");
    for (std::size_t i = 0; i < samples.size(); ++i) out.samples.push_back(sample_from_json(samples[i], origin, i));
    out.checksum = r.get<std::string>(j, "checksum", "");
    out.complete = r.get<bool>(j, "complete", "", false);
    out.method = r.get<std::string>(j, "method", "", std::string());
    out.seeds = j.value("seeds", Json::object());
    out.meta = j.value("meta", Json::object());
    if (j.contains("aggregates")) out.aggregates = aggregates_from_json(j["aggregates"], origin);
    if (j.contains("memory")) out.memory = memory_from_json(j["memory"], origin);
    if (j.contains("shard") && j["shard"].is_object()) {
        const Json& s = j["shard"];
        ResultShard sh;
        sh.index = r.get<int>(s, "index", "shard.");
        sh.count = r.get<int>(s, "count", "shard.");
        sh.sample_ids = r.get<std::vector<std::string>>(s, "sample_ids", "shard.", std::vector<std::string>{});
        sh.sample_count = r.get<std::size_t>(s, "sample_count", "shard.", std::size_t(0));
        sh.cost_tokens = r.get<std::uint64_t>(s, "cost_tokens", "shard.", std::uint64_t(0));
        sh.total_cost_tokens = r.get<std::uint64_t>(s, "total_cost_tokens", "shard.", std::uint64_t(0));
        out.shard = sh;
    }
    return out;
}

Json to_json(const ExperimentResult& r) {
    Json j = {{"format", kExperimentResultFormatName},
              {"format_version", r.format_version},
              {"spec", r.spec},
              {"model",
               {{"path", r.model.path},
                {"config_hash", r.model.config_hash},
                {"architecture", r.model.architecture},
                {"layers", r.model.layers},
                {"heads", r.model.heads}}},
              {"program", {{"name", r.program.name}, {"version", r.program.version}, {"git", r.program.git}}},
              {"conditions", r.conditions},
              {"seeds", r.seeds},
              {"meta", r.meta},
              {"samples", to_json(r.samples)},
              {"aggregates", to_json(r.aggregates)},
              {"complete", r.complete},
              {"checksum", r.checksum}};
    if (!r.model.compute_dtype.empty()) j["model"]["compute_dtype"] = r.model.compute_dtype;
    if (!r.model.device.empty()) j["model"]["device"] = r.model.device;
    if (!r.method.empty()) j["method"] = r.method;
    if (r.memory) j["memory"] = to_json(*r.memory);
    if (r.shard)
        j["shard"] = {{"index", r.shard->index},
                      {"count", r.shard->count},
                      {"sample_ids", r.shard->sample_ids},
                      {"sample_count", r.shard->sample_count},
                      {"cost_tokens", r.shard->cost_tokens},
                      {"total_cost_tokens", r.shard->total_cost_tokens}};
    return j;
}

}  // namespace gna
