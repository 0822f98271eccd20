// Experiments from Python: the same spec in and result files out as `gna experiment`
// (gna/experiments.h, gna/sharding.h). The result crosses as result.json's own structure (a dict),
// which gna/experiment.py turns into typed objects and pandas tables.
#include <pybind11/stl/filesystem.h>

#include "gna/experiment_spec.h"
#include "gna/experiments.h"
#include "gna/sharding.h"
#include "model.h"

namespace gna::python {
namespace {

namespace fs = std::filesystem;

py::dict outcome_dict(const ExperimentOutcome& o) {
    py::dict d;
    d["result"] = to_python(to_json(o.result));
    d["complete"] = o.complete;
    d["json_path"] = o.json_path.string();
    d["csv_path"] = o.csv_path.string();
    d["summary_path"] = o.summary_path.string();
    return d;
}

Json checked_spec(py::handle spec) {
    Json j = from_python(spec, "spec");
    if (!j.is_object()) throw py::type_error("spec: expected a dict (or the path of a spec file)");
    validate_experiment_spec(j, "experiment spec");
    return j;
}

ExperimentOptions options(CoreCall& call, const fs::path& out, const std::optional<std::string>& shard,
                          py::object progress, int verify_batches) {
    ExperimentOptions eo;
    eo.out_dir = out;
    if (shard) eo.shard = parse_shard(*shard);
    eo.cancel = call.cancel();
    eo.verify_batches = verify_batches;
    if (!progress.is_none()) {
        if (!PyCallable_Check(progress.ptr())) throw py::type_error("progress: expected a callable fn(progress)");
        eo.progress = [fn = share_callable(progress), failure = call.failure()](const ExperimentProgress& p) {
            call_python(*failure, [&] { (*fn)(p); });
        };
    }
    return eo;
}

py::dict run(PyModel& model, py::handle spec, const fs::path& out, const std::optional<std::string>& shard,
             py::object progress, int verify_batches) {
    const Json j = checked_spec(spec);
    CoreCall call;
    const ExperimentOptions eo = options(call, out, shard, std::move(progress), verify_batches);
    const ExperimentOutcome o = call([&] {
        auto lock = model.lock();
        return run_experiment(model.model(), j, eo);
    });
    return outcome_dict(o);
}

py::dict run_memory_table(const fs::path& model_dir, py::handle spec, const fs::path& out) {
    const Json j = checked_spec(spec);
    CoreCall call;
    const ExperimentOptions eo = options(call, out, std::nullopt, py::none(), 0);
    const ExperimentOutcome o = call([&] { return run_memory_table_experiment(model_dir, j, eo); });
    return outcome_dict(o);
}

}  // namespace

void bind_experiments(py::module_& m) {
    py::class_<ExperimentProgress>(m, "ExperimentProgress", "What run_experiment's progress callable receives.")
        .def_readonly("done", &ExperimentProgress::done, "Samples finished (including resumed ones).")
        .def_readonly("total", &ExperimentProgress::total)
        .def_readonly("resumed", &ExperimentProgress::resumed)
        .def_readonly("elapsed_s", &ExperimentProgress::elapsed_s)
        .def_readonly("eta_s", &ExperimentProgress::eta_s, "Estimated seconds left; -1 while unknown.")
        .def_readonly("current", &ExperimentProgress::current, "Id of the sample just finished.")
        .def("__repr__", [](const ExperimentProgress& p) {
            return "<ExperimentProgress " + std::to_string(p.done) + "/" + std::to_string(p.total) + " " + p.current +
                ">";
        });
    m.def(
        "_load_spec", [](const fs::path& file) { return to_python(load_experiment_spec(file)); }, py::arg("file"));
    m.def(
        "_spec_model",
        [](py::handle spec) {
            const ExperimentSpec typed = parse_experiment_spec(checked_spec(spec), "experiment spec");
            return py::make_tuple(typed.experiment, typed.model, typed.tokenizer);
        },
        py::arg("spec"));
    m.def("_run_experiment", &run, py::arg("model"), py::arg("spec"), py::arg("out"), py::arg("shard"),
          py::arg("progress"), py::arg("verify_batches"));
    m.def("_run_memory_table", &run_memory_table, py::arg("model_dir"), py::arg("spec"), py::arg("out"));
    m.def(
        "_merge_shards",
        [](const std::vector<fs::path>& dirs, const fs::path& out) {
            return outcome_dict(merge_experiment_shards(dirs, out));
        },
        py::arg("shard_dirs"), py::arg("out"));
    m.def(
        "_read_result",
        [](const fs::path& file, bool allow_shard) {
            return to_python(to_json(read_experiment_result(file, allow_shard)));
        },
        py::arg("file"), py::arg("allow_shard") = false);
}

}  // namespace gna::python
