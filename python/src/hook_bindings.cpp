// Named hook points from Python (gna/hooks.h): fn(values, call) with values a NumPy view of the
// core's own buffer, no copy. A write hook's view is writable and what it leaves there is what the
// model computes with; a read hook's view is read-only. Either is valid during the call only.
#include <pybind11/stl/filesystem.h>

#include "arrays.h"
#include "model.h"

namespace gna::python {

SharedCallable share_callable(py::object fn) {
    return SharedCallable(new py::object(std::move(fn)), [](py::object* f) {
        py::gil_scoped_acquire gil;
        delete f;
    });
}

PyHook make_hook(const std::string& point, py::object fn, bool write) {
    if (!PyCallable_Check(fn.ptr()))
        throw py::type_error("hook at " + point + ": expected a callable fn(values, call), got a " +
                             std::string(py::str(py::type::of(fn).attr("__name__"))));
    PyHook h;
    h.point = parse_hook_point(point);
    h.fn = share_callable(std::move(fn));
    h.write = write;
    return h;
}

NamedHook make_named_hook(const PyHook& hook, const std::shared_ptr<CallbackFailure>& failure) {
    NamedHook named;
    named.point = hook.point;
    if (hook.write) {
        named.write = [fn = hook.fn, failure](const HookCall& call, std::span<float> values) {
            call_python(*failure, [&] { (*fn)(view(values, call.shape, true), call); });
        };
    } else {
        named.read = [fn = hook.fn, failure](const HookCall& call, std::span<const float> values) {
            std::span<float> v(const_cast<float*>(values.data()), values.size());  // shown read-only
            call_python(*failure, [&] { (*fn)(view(v, call.shape, false), call); });
        };
    }
    return named;
}

int PyModel::add_hook(const std::string& point, py::object fn, bool write) {
    PyHook h = make_hook(point, std::move(fn), write);
    h.id = next_hook_id_++;
    hooks_.push_back(std::move(h));
    return hooks_.back().id;
}

bool PyModel::remove_hook(int id) {
    return std::erase_if(hooks_, [id](const PyHook& h) { return h.id == id; }) > 0;
}

void bind_hooks(py::module_& m) {
    py::enum_<Stage>(m, "Stage", "Which pass a hook call belongs to.")
        .value("PREFILL", Stage::Prefill)
        .value("GENERATION", Stage::Generation);
    py::class_<HookCall>(m, "HookCall", "What a hook is called with besides the values (gna/hooks.h).")
        .def_property_readonly(
            "point", [](const HookCall& c) { return c.point.name(); }, "The hook point, e.g. 'L3.attn.out'.")
        .def_property_readonly("layer", [](const HookCall& c) { return c.point.layer; })
        .def_readonly("stage", &HookCall::stage)
        .def_readonly("batch_row", &HookCall::batch_row)
        .def_readonly("first_position", &HookCall::first_position,
                      "Absolute position of the first token (attn.probs: of the first query row) in this call.")
        .def_property_readonly("shape", [](const HookCall& c) { return py::tuple(py::cast(c.shape)); })
        .def("__repr__", [](const HookCall& c) {
            return "<HookCall " + c.point.name() + (c.stage == Stage::Prefill ? " prefill" : " generation") + " row " +
                std::to_string(c.batch_row) + " from " + std::to_string(c.first_position) + ">";
        });
    py::class_<HookHandle>(m, "Hook", "A hook registered with Model.hook(); remove() or a with block ends it.")
        .def_readonly("id", &HookHandle::id)
        .def_readonly("point", &HookHandle::point)
        .def_readonly("write", &HookHandle::write)
        .def("remove", &HookHandle::remove, "Removes the hook; False when it was already removed.")
        .def("__enter__", [](py::object self) { return self; })
        .def("__exit__", [](HookHandle& h, py::args) { h.remove(); })
        .def("__repr__", [](const HookHandle& h) { return "<Hook " + std::to_string(h.id) + " at " + h.point + ">"; });
}

}  // namespace gna::python
