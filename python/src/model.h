#pragma once
// The Python face of a loaded model: the core's Model, its probe (created at first use, it caches
// the unablated run across calls) and the hooks registered with model.hook().
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "bindings.h"
#include "gna/hooks.h"
#include "gna/intervention.h"
#include "gna/model.h"
#include "gna/probe.h"
#include "interrupt.h"

namespace gna::python {

// A Python callable held by core-side std::function objects, which the core copies and destroys
// without the GIL: the shared pointer is copied freely, and the callable is released under the GIL.
using SharedCallable = std::shared_ptr<py::object>;
SharedCallable share_callable(py::object fn);

struct PyHook {
    int id = 0;
    HookPoint point;
    SharedCallable fn;
    bool write = true;
};

class PyModel {
public:
    explicit PyModel(std::shared_ptr<Model> model) : model_(std::move(model)) {}
    Model& model() { return *model_; }
    // Held (with the GIL released) by every core call on this model: calls from several Python
    // threads take turns; a hook may run the same model again (recursive).
    std::unique_lock<std::recursive_mutex> lock() { return std::unique_lock(mutex_); }
    const std::shared_ptr<Model>& shared() const { return model_; }
    Probe& probe();

    std::vector<int> tokens(const PromptArg& prompt, bool add_special) const;
    // The plan of one call: ablations, skipped layers, then the model's hooks and the call's own,
    // each calling Python through `failure`.
    InterventionPlan plan(const HeadsArg& ablate, float alpha, const std::vector<int>& skip_layers,
                          const std::vector<PyHook>& call_hooks, const std::shared_ptr<CallbackFailure>& failure) const;

    int add_hook(const std::string& point, py::object fn, bool write);
    bool remove_hook(int id);
    void clear_hooks() { hooks_.clear(); }
    const std::vector<PyHook>& hooks() const { return hooks_; }

private:
    std::shared_ptr<Model> model_;
    std::recursive_mutex mutex_;
    std::unique_ptr<Probe> probe_;
    std::vector<PyHook> hooks_;
    int next_hook_id_ = 1;
};

// What model.hook() returns: removes its hook with remove() or at the end of a `with` block.
struct HookHandle {
    py::object model;  // keeps the model alive
    int id = 0;
    std::string point;
    bool write = true;
    bool remove() { return model.cast<PyModel&>().remove_hook(id); }
};

// The hook as the core calls it: a NumPy view of the values (writable for a write hook) and the
// HookCall (point, stage, batch row, first position, shape).
NamedHook make_named_hook(const PyHook& hook, const std::shared_ptr<CallbackFailure>& failure);
// "L3.attn.out" + a callable, checked (a TypeError for something that cannot be called).
PyHook make_hook(const std::string& point, py::object fn, bool write);

std::vector<std::string> head_names(const std::vector<HeadRef>& heads);

// Captured maps as {head name: float32 [query rows, keys]}, each owning its map's buffer (moved
// out of `maps`); with `rows`, also {head name: the maps' query rows}.
py::dict maps_dict(std::vector<AttentionMap>& maps, py::dict* rows);

}  // namespace gna::python
