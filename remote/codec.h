#pragma once
// The core's torch-free values (gna/model.h, gna/probe.h) to and from the remote engine's protobuf
// messages (proto/gna_remote.proto). Encoding is exact (floats and doubles travel as they are, so a
// remote run equals a local one bit for bit). Decoding checks what a message alone can tell (head
// and layer indices in range, counts within RequestLimits, known names) and throws gna::Error naming
// the field; what needs the model (token ids against its vocabulary) the server checks.
#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "gna/hook_data.h"
#include "gna/model.h"
#include "gna/probe.h"
#include "gna_remote.pb.h"

namespace gna::remote {

namespace pb = ::gna::remote::v1;

// Bumped whenever a message changes in a way an older peer would misread; checked at Hello.
inline constexpr unsigned kProtocolVersion = 1;

// What one request may hold (beyond gRPC's own message-size limit).
struct RequestLimits {
    std::size_t max_tokens = std::size_t(1) << 20;  // tokens in one prompt or continuation
    std::size_t max_items = std::size_t(1) << 16;  // heads, plans, continuations, runs, rows
    int max_index = 1 << 16;  // layer and head indices
};

// How a plan's attention hooks cross (gna/hook_data.h): `read` gives a hook's data when encoding
// (gna::attention_hook_data), `make` builds the hook from its data when decoding (gna::attention_hook).
// Without `read` a plan with attention hooks is refused; without `make` a message with hooks is. A hook
// without data (the caller's own code) and named hooks (read/write callbacks, mean ablation) are
// always refused: no server runs code sent to it.
struct HookCodec {
    std::function<std::optional<AttentionHookData>(const AttentionHook&)> read;
    std::function<std::shared_ptr<const AttentionHook>(const AttentionHookData&)> make;
};

void encode(const HeadRef& head, pb::Head* out);
HeadRef decode(const pb::Head& head, const RequestLimits& limits = {});

// Throws gna::Error for a plan with hooks it cannot send (see HookCodec).
void encode(const InterventionPlan& plan, pb::Plan* out, const HookCodec& hooks = {});
InterventionPlan decode(const pb::Plan& plan, const RequestLimits& limits = {}, const HookCodec& hooks = {});

void encode(const RunRequest& request, pb::RunRequest* out, const HookCodec& hooks = {});
RunRequest decode(const pb::RunRequest& request, const RequestLimits& limits = {}, const HookCodec& hooks = {});
void encode(const RunResult& result, pb::RunReply* out);
RunResult decode(const pb::RunReply& reply);

void encode(const SweepRequest& request, pb::SweepRequest* out, const HookCodec& hooks = {});
SweepRequest decode(const pb::SweepRequest& request, const RequestLimits& limits = {}, const HookCodec& hooks = {});

void encode(const AttributionRequest& request, pb::AttributionItem* out);
AttributionRequest decode(const pb::AttributionItem& item, const RequestLimits& limits = {});
void encode(const AttributionResult& result, pb::AttributionOut* out);
AttributionResult decode(const pb::AttributionOut& out);

// ProbeRequest::cancel, residual_budget and separate_score_pass stay local (the server decides).
void encode(const ProbeRequest& request, pb::ProbeRequest* out, const HookCodec& hooks = {});
ProbeRequest decode(const pb::ProbeRequest& request, const RequestLimits& limits = {}, const HookCodec& hooks = {});
void encode(const ProbeResult& result, pb::ProbeReply* out);
ProbeResult decode(const pb::ProbeReply& reply);

void encode(const ModelInfo& info, pb::ModelInfo* out);
ModelInfo decode(const pb::ModelInfo& info);

// Token ids of a request against the model's vocabulary: gna::Error naming `field` otherwise.
void check_tokens(const std::vector<int>& ids, int vocab, const char* field);

}  // namespace gna::remote
