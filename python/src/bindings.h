#pragma once
// Shared pieces of the gna Python module (python/src): the binding functions of each file, and the
// conversions every file uses. Only the core's public, torch-free headers are included here.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <string>
#include <variant>
#include <vector>

#include "gna/heads.h"
#include "gna/json.h"

namespace gna::python {

namespace py = pybind11;

void bind_model(py::module_& m);
void bind_probe(py::module_& m);
void bind_hooks(py::module_& m);
void bind_experiments(py::module_& m);

// A prompt as text (tokenized with the model's tokenizer) or as token ids (a list or a NumPy array).
using PromptArg = std::variant<std::string, std::vector<int>>;
// Heads as one string ("L2.H2" or "L2.H2,L1.H3") or a sequence of strings.
using HeadsArg = std::variant<std::string, std::vector<std::string>>;
std::vector<HeadRef> parse_heads(const HeadsArg& heads);

// JSON <-> Python objects (dict, list, str, int, float, bool, None).
py::object to_python(const Json& j);
Json from_python(py::handle obj, const std::string& where);

}  // namespace gna::python
