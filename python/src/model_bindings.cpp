// gna.load() and Model: info, tokenizer, heads, run() with NumPy results, hooks.
#include <pybind11/stl/filesystem.h>

#include <chrono>

#include "arrays.h"
#include "gna/error.h"
#include "model.h"

namespace gna::python {
namespace {

// What Model.run() returns. Arrays own the core's result buffers (moved, not copied); the display
// texts are made when asked for (they cost more than the rest of the conversion).
struct PyRunResult {
    std::shared_ptr<Model> model;
    py::array_t<int> tokens;
    py::array_t<float> last_logits;
    py::object logits = py::none();  // [tokens, vocab] with all_logits
    py::dict maps;  // head name -> [query rows, keys]
    py::dict map_rows;  // head name -> the maps' query rows (absolute positions)
    py::list generated;
    bool stopped = false;

    std::vector<std::string> token_texts() const {
        std::vector<std::string> out;
        const Tokenizer& tok = model->tokenizer();
        for (int id : tokens.cast<std::vector<int>>()) out.push_back(tok.display(id));
        return out;
    }
    std::string generated_text() const { return model->tokenizer().decode(generated.cast<std::vector<int>>(), true); }
};

Device parse_device(const std::string& s) {
    if (s == "cpu") return Device::CPU;
    if (s == "cuda") return Device::CUDA;
    throw Error("device=\"%1\": use \"cpu\" or \"cuda\"", {s});
}

ComputeDType parse_dtype(const std::string& s) {
    if (s == "f32") return ComputeDType::F32;
    if (s == "bf16") return ComputeDType::BF16;
    if (s == "f16") return ComputeDType::F16;
    throw Error("dtype=\"%1\": use \"f32\", \"bf16\" or \"f16\"", {s});
}

std::unique_ptr<PyModel> load(const std::filesystem::path& path, const std::string& device, const std::string& dtype,
                              const std::optional<std::filesystem::path>& tokenizer, int threads, py::object progress,
                              bool check_memory, int context) {
    LoadOptions opt;
    opt.device = parse_device(device);
    opt.dtype = parse_dtype(dtype);
    opt.threads = threads;
    opt.check_memory = check_memory;
    opt.context = context;
    if (tokenizer) opt.tokenizer = *tokenizer;
    CoreCall call;
    if (!progress.is_none()) {
        if (!PyCallable_Check(progress.ptr())) throw py::type_error("progress: expected a callable fn(fraction)");
        opt.progress = [fn = share_callable(progress), failure = call.failure()](double fraction) {
            call_python(*failure, [&] { (*fn)(fraction); });
        };
    }
    opt.cancel = call.cancel();
    std::shared_ptr<Model> model = call([&] { return std::shared_ptr<Model>(Model::load(path, opt)); });
    return std::make_unique<PyModel>(std::move(model));
}

PyRunResult to_python(RunResult&& r, std::shared_ptr<Model> model) {
    PyRunResult out;
    out.model = std::move(model);
    const auto T = static_cast<py::ssize_t>(r.tokens.size());
    for (int id : r.generated) out.generated.append(id);
    out.stopped = r.stopped;
    if (!r.all_logits.empty()) out.logits = adopt(std::move(r.all_logits), {T, r.vocab});
    out.last_logits = adopt(std::move(r.last_logits));
    out.maps = maps_dict(r.attention, &out.map_rows);
    out.tokens = adopt(std::move(r.tokens));
    return out;
}

std::vector<PyHook> call_hooks(const std::vector<std::pair<std::string, py::object>>& hooks) {
    std::vector<PyHook> out;
    for (const auto& [point, fn] : hooks) out.push_back(make_hook(point, fn, true));
    return out;
}

PyRunResult run(PyModel& self, const PromptArg& prompt, const HeadsArg& ablate, float alpha,
                const std::vector<int>& skip_layers, const HeadsArg& capture,
                const std::optional<std::vector<int>>& capture_rows, int generate, bool all_logits, bool add_special,
                const std::vector<std::pair<std::string, py::object>>& hooks) {
    if (generate < 0)
        throw Error("generate=%1: give the number of tokens to generate (0 or more)", {std::to_string(generate)});
    RunRequest req;
    req.tokens = self.tokens(prompt, add_special);
    CoreCall call;
    req.plan = self.plan(ablate, alpha, skip_layers, call_hooks(hooks), call.failure());
    req.capture = parse_heads(capture);
    if (capture_rows) req.capture_rows = *capture_rows;
    req.generate = generate;
    req.all_logits = all_logits;
    req.cancel = call.cancel();
    RunResult r = call([&] {
        auto lock = self.lock();
        return self.model().run(req);
    });
    return to_python(std::move(r), self.shared());
}

// Seconds per Model::run of `tokens` (no interventions), timed inside C++: the reference of
// bench/bench_python.py's per-call overhead.
double time_core_run(PyModel& self, const std::vector<int>& tokens, int repeats) {
    RunRequest req;
    req.tokens = tokens;
    py::gil_scoped_release release;
    auto lock = self.lock();
    const auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < repeats; ++i) {
        RunResult r = self.model().run(req);
        if (r.last_logits.empty()) throw Error("time_core_run: no logits");
    }
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() / std::max(1, repeats);
}

}  // namespace

std::vector<HeadRef> parse_heads(const HeadsArg& heads) {
    if (const auto* s = std::get_if<std::string>(&heads)) return parse_head_list(*s);
    std::vector<HeadRef> out;
    for (const std::string& s : std::get<std::vector<std::string>>(heads))
        for (const HeadRef& h : parse_head_list(s)) out.push_back(h);
    return out;
}

py::dict maps_dict(std::vector<AttentionMap>& maps, py::dict* rows) {
    py::dict out;
    for (AttentionMap& m : maps) {
        const std::string name = m.head.name();
        if (rows) (*rows)[py::str(name)] = py::cast(m.rows);
        out[py::str(name)] = adopt(std::move(m.weights), {static_cast<py::ssize_t>(m.rows.size()), m.cols});
    }
    return out;
}

std::vector<std::string> head_names(const std::vector<HeadRef>& heads) {
    std::vector<std::string> out;
    for (const HeadRef& h : heads) out.push_back(h.name());
    return out;
}

Probe& PyModel::probe() {
    if (!probe_) probe_ = std::make_unique<Probe>(model_);
    return *probe_;
}

std::vector<int> PyModel::tokens(const PromptArg& prompt, bool add_special) const {
    if (const auto* ids = std::get_if<std::vector<int>>(&prompt)) {
        if (ids->empty()) throw Error("the prompt is empty: give some text or at least one token id");
        return *ids;  // the core checks each id against the vocabulary
    }
    const std::string& text = std::get<std::string>(prompt);
    if (text.empty()) throw Error("the prompt is empty: give some text or at least one token id");
    return model_->tokenizer().encode(text, add_special);
}

InterventionPlan PyModel::plan(const HeadsArg& ablate, float alpha, const std::vector<int>& skip_layers,
                               const std::vector<PyHook>& call_hooks,
                               const std::shared_ptr<CallbackFailure>& failure) const {
    InterventionPlan plan;
    for (const HeadRef& h : parse_heads(ablate)) plan.ablate(h, alpha);
    plan.skip_layers = skip_layers;
    for (const PyHook& h : hooks_) plan.named_hooks.push_back(make_named_hook(h, failure));
    for (const PyHook& h : call_hooks) plan.named_hooks.push_back(make_named_hook(h, failure));
    return plan;
}

void bind_model(py::module_& m) {
    py::class_<LayerInfo>(m, "LayerInfo", "One layer of a loaded model.")
        .def_readonly("index", &LayerInfo::index)
        .def_readonly("kind", &LayerInfo::kind)
        .def_readonly("attention_heads", &LayerInfo::attention_heads)
        .def_readonly("kv_heads", &LayerInfo::kv_heads)
        .def_readonly("ssm_heads", &LayerInfo::ssm_heads)
        .def_readonly("mlp", &LayerInfo::mlp)
        .def("__repr__", [](const LayerInfo& l) {
            return "<LayerInfo " + std::to_string(l.index) + " " + l.kind +
                " attention_heads=" + std::to_string(l.attention_heads) + " ssm_heads=" + std::to_string(l.ssm_heads) +
                ">";
        });
    py::class_<ModelInfo>(m, "ModelInfo", "What Model.info holds: the checkpoint's identity and shape.")
        .def_readonly("architecture", &ModelInfo::architecture)
        .def_readonly("model_type", &ModelInfo::model_type)
        .def_property_readonly("dir", [](const ModelInfo& i) { return i.dir.string(); })
        .def_readonly("num_layers", &ModelInfo::num_layers)
        .def_readonly("hidden_size", &ModelInfo::hidden_size)
        .def_readonly("vocab_size", &ModelInfo::vocab_size)
        .def_readonly("num_heads", &ModelInfo::num_heads)
        .def_readonly("num_kv_heads", &ModelInfo::num_kv_heads)
        .def_readonly("head_dim", &ModelInfo::head_dim)
        .def_readonly("max_positions", &ModelInfo::max_positions)
        .def_readonly("parameters", &ModelInfo::parameters)
        .def_readonly("weights_dtype", &ModelInfo::weights_dtype)
        .def_readonly("compute_dtype", &ModelInfo::compute_dtype)
        .def_readonly("device", &ModelInfo::device)
        .def_readonly("tokenizer_kind", &ModelInfo::tokenizer_kind)
        .def_readonly("config_hash", &ModelInfo::config_hash)
        .def_readonly("layers", &ModelInfo::layers)
        .def_readonly("sliding_window", &ModelInfo::sliding_window)
        .def("__repr__", [](const ModelInfo& i) {
            return "<ModelInfo " + i.architecture + " layers=" + std::to_string(i.num_layers) +
                " heads=" + std::to_string(i.num_heads) + " " + i.compute_dtype + " on " + i.device + ">";
        });

    py::class_<PyRunResult>(m, "RunResult", "What Model.run returns; the arrays hold the core's buffers (no copy).")
        .def_readonly("tokens", &PyRunResult::tokens, "Prompt token ids, int32 [tokens].")
        .def_property_readonly("token_texts", &PyRunResult::token_texts, "Display text of each prompt token.")
        .def_readonly("last_logits", &PyRunResult::last_logits, "Logits after the last prompt token, float32 [vocab].")
        .def_readonly("logits", &PyRunResult::logits, "float32 [tokens, vocab] with all_logits=True, else None.")
        .def_readonly("maps", &PyRunResult::maps,
                      "Captured head name -> attention probabilities, float32 [query rows, keys].")
        .def_readonly("map_rows", &PyRunResult::map_rows, "Captured head name -> the maps' query rows (positions).")
        .def_readonly("generated", &PyRunResult::generated,
                      "Greedy continuation's token ids (stop token included if hit).")
        .def_property_readonly("generated_text", &PyRunResult::generated_text,
                               "The continuation as text (special tokens skipped).")
        .def_readonly("stopped", &PyRunResult::stopped, "A stop token ended the generation.")
        .def("__repr__", [](const PyRunResult& r) {
            return "<RunResult tokens=" + std::to_string(r.tokens.size()) + " maps=" + std::to_string(r.maps.size()) +
                " generated=" + std::to_string(r.generated.size()) + ">";
        });

    py::class_<PyModel>(m, "Model",
                        "A loaded checkpoint (gna.load). Runs release the GIL (calls from several threads take\n"
                        "turns on one model); Ctrl-C cancels them.")
        .def_property_readonly(
            "info", [](PyModel& s) { return s.model().info(); }, "The model's ModelInfo (a copy).")
        .def(
            "tokenize",
            [](PyModel& s, const std::string& text, bool add_special) {
                return adopt(s.model().tokenizer().encode(text, add_special));
            },
            py::arg("text"), py::arg("add_special") = true,
            "Text -> token ids (int32 array), BOS as the tokenizer adds it.")
        .def(
            "decode",
            [](PyModel& s, const std::vector<int>& ids, bool skip_special) {
                return s.model().tokenizer().decode(ids, skip_special);
            },
            py::arg("ids"), py::arg("skip_special") = false)
        .def(
            "token_texts",
            [](PyModel& s, const std::vector<int>& ids) {
                std::vector<std::string> out;
                for (int id : ids) out.push_back(s.model().tokenizer().display(id));
                return out;
            },
            py::arg("ids"), "Display text of each token (leading space as '␣', newline as '⏎').")
        .def(
            "heads",
            [](PyModel& s, const std::optional<std::string>& kind) {
                if (!kind) return head_names(every_head(s.model().info()));
                if (*kind == "attention") return head_names(every_head(s.model().info(), HeadKind::Attention));
                if (*kind == "ssm") return head_names(every_head(s.model().info(), HeadKind::SSM));
                throw Error("heads(kind=\"%1\"): use \"attention\", \"ssm\" or None (both)", {*kind});
            },
            py::arg("kind") = py::none(), "Head names ('L2.H2', 'L3.S5'), layer by layer.")
        .def("run", &run, py::arg("prompt"), py::kw_only(), py::arg("ablate") = std::vector<std::string>{},
             py::arg("alpha") = 0.0f, py::arg("skip_layers") = std::vector<int>{},
             py::arg("capture") = std::vector<std::string>{}, py::arg("capture_rows") = py::none(),
             py::arg("generate") = 0, py::arg("all_logits") = false, py::arg("add_special") = true,
             py::arg("hooks") = std::vector<std::pair<std::string, py::object>>{},
             "Runs the prompt (text or token ids) under a plan: ablated heads (scaled by alpha), skipped\n"
             "layers, write hooks [(point, fn)] for this call besides the model's own. capture: heads whose\n"
             "post-intervention attention to return (rows: capture_rows, default every prompt row).")
        .def(
            "hook",
            [](py::object self, const std::string& point, py::object fn, const std::string& mode) {
                if (mode != "write" && mode != "read")
                    throw Error("hook mode=\"%1\": use \"write\" or \"read\"", {mode});
                const bool write = mode == "write";
                const int id = self.cast<PyModel&>().add_hook(point, std::move(fn), write);
                return HookHandle{self, id, parse_hook_point(point).name(), write};
            },
            py::arg("point"), py::arg("fn"), py::arg("mode") = "write",
            "Calls fn(values, call) at a named point ('L3.attn.out', gna/hooks.h) in every later run and\n"
            "probe. values is a NumPy view of the core's buffer (no copy), valid during the call only;\n"
            "writable with mode='write' (what fn leaves there is what the model computes with).")
        .def(
            "clear_hooks", [](PyModel& s) { s.clear_hooks(); }, "Removes every hook of this model.")
        .def_property_readonly(
            "hooks",
            [](PyModel& s) {
                std::vector<std::string> out;
                for (const PyHook& h : s.hooks()) out.push_back(h.point.name());
                return out;
            },
            "The points of the registered hooks, in registration order.")
        .def("_time_core_run", &time_core_run, py::arg("tokens"), py::arg("repeats"),
             "Benchmark helper: seconds per C++ Model::run of the tokens (bench/bench_python.py).")
        .def("__repr__", [](PyModel& s) {
            const ModelInfo& i = s.model().info();
            return "<gna.Model " + i.architecture + " from " + i.dir.string() + ">";
        });

    m.def("load", &load, py::arg("path"), py::arg("device") = "cpu", py::arg("dtype") = "f32",
          py::arg("tokenizer") = py::none(), py::arg("threads") = 0, py::kw_only(), py::arg("progress") = py::none(),
          py::arg("check_memory") = true, py::arg("context") = 2048,
          "Loads a Hugging Face checkpoint folder. progress(fraction) is called as the weights are read;\n"
          "Ctrl-C cancels (KeyboardInterrupt). Raises gna.Error with the core's message.");
    m.def("cuda_available", &cuda_available);
}

}  // namespace gna::python
