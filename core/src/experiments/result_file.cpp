// result.json <-> ExperimentResult: the top-level keys of a result file, checked on reading.
#include "gna/experiment_result.h"

#include "gna/error.h"

namespace gna {

namespace {

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
    T get(const Json& obj, const std::string& key, const std::string& where, std::optional<T> fallback = std::nullopt) const {
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
                    (out.program.version.empty() ? std::string("(unknown version)") : out.program.version) + " in result format version " +
                    v.dump() + "; this program reads format version " + std::to_string(kExperimentResultVersion) +
                    " and older: open it with that version or a newer one");
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
    out.samples = r.need(j, "samples", "");
    if (!out.samples.is_array()) r.bad("samples", "is not a list");
    out.checksum = r.get<std::string>(j, "checksum", "");
    out.complete = r.get<bool>(j, "complete", "", false);
    out.seeds = j.value("seeds", Json::object());
    out.meta = j.value("meta", Json::object());
    out.aggregates = j.value("aggregates", Json::object());
    if (!out.aggregates.is_object()) r.bad("aggregates", "is not an object");
    if (j.contains("memory")) out.memory = j["memory"];
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
              {"model", {{"path", r.model.path}, {"config_hash", r.model.config_hash}, {"architecture", r.model.architecture},
                         {"layers", r.model.layers}, {"heads", r.model.heads}}},
              {"program", {{"name", r.program.name}, {"version", r.program.version}, {"git", r.program.git}}},
              {"conditions", r.conditions},
              {"seeds", r.seeds},
              {"meta", r.meta},
              {"samples", r.samples},
              {"aggregates", r.aggregates},
              {"complete", r.complete},
              {"checksum", r.checksum}};
    if (!r.model.compute_dtype.empty()) j["model"]["compute_dtype"] = r.model.compute_dtype;
    if (!r.model.device.empty()) j["model"]["device"] = r.model.device;
    if (!r.memory.is_null()) j["memory"] = r.memory;
    if (r.shard)
        j["shard"] = {{"index", r.shard->index}, {"count", r.shard->count}, {"sample_ids", r.shard->sample_ids},
                      {"sample_count", r.shard->sample_count}, {"cost_tokens", r.shard->cost_tokens},
                      {"total_cost_tokens", r.shard->total_cost_tokens}};
    return j;
}

}  // namespace gna
