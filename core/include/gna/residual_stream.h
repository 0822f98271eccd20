#pragma once
// Toggles that recompute only what changed (the interactive probe): the unablated prompt pass keeps
// the residual stream at every layer boundary, and a run under a plan starts at the first layer the
// plan changes (or the lowest layer of a captured head, if lower) from the kept stream. The result
// equals Model::run bit for bit: the layers above run on the same input with the same shapes.
// Memory: (layers + 1) x tokens x hidden floats; above a budget nothing is kept (full recompute).
#include <cstddef>
#include <memory>

#include "gna/model.h"

namespace gna {

class ResidualStream;  // tensors; defined in core (model/model.cpp)

// Bytes a kept stream of `tokens` tokens takes: (num_layers + 1) x tokens x hidden_size x 4.
std::size_t residual_stream_bytes(const ModelInfo& info, std::size_t tokens);

struct KeptRun {
    RunResult result;
    std::shared_ptr<const ResidualStream> residuals;  // null when over the budget
    std::size_t bytes = 0;  // what it would take / takes
};

// Runs `request` (an empty plan, no generation: gna::Error otherwise) as Model::run does and keeps
// its residual stream when it fits `budget_bytes`.
KeptRun run_keeping_residuals(Model& model, const RunRequest& request, std::size_t budget_bytes);

// Runs `request` (no generation) from `kept`, which must come from the same model and tokens
// (gna::Error otherwise). *first_layer receives the layer the run started at.
RunResult run_from_residuals(Model& model, const RunRequest& request, const ResidualStream& kept,
                             int* first_layer = nullptr);

}  // namespace gna
