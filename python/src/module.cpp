// The gna Python module's native part, gna._gna (the package gna/ re-exports it). The core's public,
// torch-free API: no LibTorch type crosses; arrays cross as NumPy.
#include "bindings.h"
#include "gna/error.h"
#include "interrupt.h"

PYBIND11_MODULE(_gna, m) {
    namespace py = pybind11;
    m.doc() = "G&A Studio's core: load a checkpoint, run it under interventions, probe, hook, run experiments.";
    auto error = py::register_exception<gna::Error>(m, "Error");
    error.doc() = "The core's errors: the message names the file, key or head, what is wrong and what to do.";
    py::register_exception<gna::Cancelled>(m, "Cancelled", error.ptr());
    gna::python::remember_main_thread();
    gna::python::bind_model(m);
    gna::python::bind_probe(m);
    gna::python::bind_hooks(m);
    gna::python::bind_experiments(m);
}
