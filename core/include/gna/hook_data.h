#pragma once
// The data an attention hook of gna/manipulation.h was made from (a manipulation, a top-k
// sparsification, a mask), and the hook again from its data: what lets a plan with such hooks travel
// to a server (remote/codec.h) and run there. Hooks of other kinds (code of the caller's) have no data.
// Torch-free.
#include <memory>
#include <optional>
#include <variant>

#include "gna/manipulation.h"

namespace gna {

using AttentionHookData = std::variant<Manipulation, Sparsification, AttentionMask>;

// nullopt for a hook not made by manipulation_hook, sparsification_hook or mask_hook.
std::optional<AttentionHookData> attention_hook_data(const AttentionHook& hook);
// The hook of that data (manipulation_hook, sparsification_hook or mask_hook); throws gna::Error as they do.
std::shared_ptr<const AttentionHook> attention_hook(const AttentionHookData& data);

}  // namespace gna
