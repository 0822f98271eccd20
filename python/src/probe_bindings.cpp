// Model.probe(): what the studio shows for one prompt under one plan (gna/probe.h), as arrays.
#include "arrays.h"
#include "model.h"

namespace gna::python {
namespace {

struct PyProbeResult {
    py::array_t<int> tokens;
    py::list token_texts;
    py::array_t<float> last_logits;
    // next tokens: top-k by probability, then the candidates not among them (one entry each)
    py::list next_texts;
    py::array_t<int> next_ids;  // -1 for a candidate of several tokens
    py::array_t<int> next_candidate;  // index in candidates, -1 for a top token only
    py::array_t<double> next_probability;
    py::array_t<double> next_unablated;  // compare mode
    py::array_t<double> candidate_probability;  // per candidate, in request order
    py::array_t<double> candidate_unablated;
    py::list score_heads;
    py::array_t<double> scores;
    py::array_t<double> scores_unablated;
    py::dict maps, unablated_maps, map_rows;
    py::array_t<int> line_ends;
    bool compared = false;
    int forward_passes = 0, first_layer = 0;
};

PyProbeResult probe(PyModel& self, const PromptArg& prompt, const HeadsArg& ablate, float alpha,
                    const std::vector<int>& skip_layers, const HeadsArg& shown,
                    const std::vector<std::string>& candidates, int top_k, const std::string& score,
                    const std::optional<HeadsArg>& scored, int selected_token, bool compare, bool add_special) {
    ProbeRequest req;
    req.tokens = self.tokens(prompt, add_special);
    CoreCall call;
    req.plan = self.plan(ablate, alpha, skip_layers, {}, call.failure());
    req.shown = parse_heads(shown);
    req.candidates = candidates;
    req.top_k = top_k;
    req.score = parse_head_score_kind(score);
    req.scored = scored ? parse_heads(*scored)
                        : (req.score == HeadScoreKind::None ? std::vector<HeadRef>{} : every_head(self.model().info()));
    req.selected_token = selected_token;
    req.compare = compare;
    req.cancel = call.cancel();
    ProbeResult r = call([&] {
        auto lock = self.lock();
        return self.probe().run(req);
    });

    PyProbeResult out;
    for (const std::string& t : r.token_texts) out.token_texts.append(t);
    std::vector<int> ids, cand;
    std::vector<double> p, pu, cp(candidates.size(), 0.0), cpu(candidates.size(), 0.0);
    for (const NextToken& n : r.next) {
        out.next_texts.append(n.text);
        ids.push_back(n.id);
        cand.push_back(n.candidate);
        p.push_back(n.probability);
        pu.push_back(n.unablated);
        if (n.candidate >= 0 && static_cast<std::size_t>(n.candidate) < candidates.size()) {
            cp[n.candidate] = n.probability;
            cpu[n.candidate] = n.unablated;
        }
    }
    out.next_ids = adopt(std::move(ids));
    out.next_candidate = adopt(std::move(cand));
    out.next_probability = adopt(std::move(p));
    out.next_unablated = adopt(std::move(pu));
    out.candidate_probability = adopt(std::move(cp));
    out.candidate_unablated = adopt(std::move(cpu));
    std::vector<double> sv, su;
    for (const HeadScore& h : r.scores) {
        out.score_heads.append(h.head.name());
        sv.push_back(h.value);
        su.push_back(h.unablated);
    }
    out.scores = adopt(std::move(sv));
    out.scores_unablated = adopt(std::move(su));
    out.maps = maps_dict(r.maps, &out.map_rows);
    out.unablated_maps = maps_dict(r.unablated_maps, nullptr);
    out.line_ends = adopt(std::move(r.line_ends));
    out.compared = r.compared;
    out.forward_passes = r.forward_passes;
    out.first_layer = r.first_layer;
    out.last_logits = adopt(std::move(r.last_logits));
    out.tokens = adopt(std::move(r.tokens));
    return out;
}

}  // namespace

void bind_probe(py::module_& m) {
    py::class_<PyProbeResult>(m, "ProbeResult",
                              "What Model.probe returns: the studio's numbers for one prompt and plan, as arrays.")
        .def_readonly("tokens", &PyProbeResult::tokens)
        .def_readonly("token_texts", &PyProbeResult::token_texts)
        .def_readonly("last_logits", &PyProbeResult::last_logits)
        .def_readonly("next_texts", &PyProbeResult::next_texts,
                      "Top-k tokens by probability, then candidates not among them.")
        .def_readonly("next_ids", &PyProbeResult::next_ids,
                      "Token id per next entry (-1: a candidate of several tokens).")
        .def_readonly("next_candidate", &PyProbeResult::next_candidate,
                      "Index in candidates per next entry (-1: none).")
        .def_readonly("next_probability", &PyProbeResult::next_probability)
        .def_readonly("next_unablated", &PyProbeResult::next_unablated, "Without interventions (compare=True only).")
        .def_readonly("candidate_probability", &PyProbeResult::candidate_probability,
                      "Per candidate (request order): probability of ' ' + text as the continuation.")
        .def_readonly("candidate_unablated", &PyProbeResult::candidate_unablated,
                      "The same without interventions (compare=True).")
        .def_readonly("score_heads", &PyProbeResult::score_heads, "Names of the scored heads (those the model has).")
        .def_readonly("scores", &PyProbeResult::scores, "One score per scored head, under the plan.")
        .def_readonly("scores_unablated", &PyProbeResult::scores_unablated,
                      "The same without interventions (compare=True).")
        .def_readonly("maps", &PyProbeResult::maps, "Shown head name -> map, float32 [query rows, keys].")
        .def_readonly("unablated_maps", &PyProbeResult::unablated_maps,
                      "compare=True: the same heads without interventions.")
        .def_readonly("map_rows", &PyProbeResult::map_rows)
        .def_readonly("line_ends", &PyProbeResult::line_ends,
                      "Positions of the prompt's line ends (Gather/Aggregate scores).")
        .def_readonly("compared", &PyProbeResult::compared)
        .def_readonly("forward_passes", &PyProbeResult::forward_passes,
                      "Model runs this result took (cache hits are free).")
        .def_readonly("first_layer", &PyProbeResult::first_layer, "Lowest layer the plan's runs recomputed.")
        .def("__repr__", [](const PyProbeResult& r) {
            return "<ProbeResult tokens=" + std::to_string(r.tokens.size()) +
                " next=" + std::to_string(r.next_texts.size()) + " scores=" + std::to_string(r.score_heads.size()) +
                ">";
        });
    py::reinterpret_borrow<py::class_<PyModel>>(m.attr("Model"))
        .def("probe", &probe, py::arg("prompt"), py::kw_only(), py::arg("ablate") = std::vector<std::string>{},
             py::arg("alpha") = 0.0f, py::arg("skip_layers") = std::vector<int>{},
             py::arg("shown") = std::vector<std::string>{}, py::arg("candidates") = std::vector<std::string>{},
             py::arg("top_k") = 10, py::arg("score") = "none", py::arg("scored") = py::none(),
             py::arg("selected_token") = -1, py::arg("compare") = false, py::arg("add_special") = true,
             "The studio's probe: next-token and candidate probabilities, the shown heads' maps, one score per\n"
             "scored head (score: 'entropy', 'max', 'token', 'gather', 'aggregate'; scored: default every head\n"
             "when a score is asked), and with compare=True the same without interventions (cached per prompt).");
}

}  // namespace gna::python
