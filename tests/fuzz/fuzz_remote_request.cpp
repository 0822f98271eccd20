// libFuzzer target for the remote engine's request decoding (remote/codec.h): the input's first
// byte picks a request message (run, run batch, sweep, attribution, probe, plan), the rest is parsed
// as that message's wire bytes, and each parsed message is decoded into the core's values as the
// server decodes it. A decode either succeeds within the limits or throws gna::Error; anything else
// (a crash, a sanitizer report, another exception) is a finding. A decoded run is encoded again and
// must decode to the same tokens and heads.
#include <cstdint>
#include <string>

#include "codec.h"
#include "gna/error.h"

namespace {

using namespace gna;
namespace pb = gna::remote::pb;

const remote::RequestLimits kLimits{};
// Hooks are decoded and checked, then not built (building them needs the model code).
const remote::HookCodec kHooks{{}, [](const AttentionHookData&) { return std::shared_ptr<const AttentionHook>(); }};

template <class Message, class F>
void fuzz(const uint8_t* data, std::size_t size, F&& decode_it) {
    Message m;
    if (!m.ParseFromArray(data, static_cast<int>(size))) return;
    try {
        decode_it(m);
    } catch (const Error&) {
        // refused with a message: fine
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const uint8_t kind = data[0] % 6;
    ++data;
    --size;
    switch (kind) {
        case 0:
            fuzz<pb::RunRequest>(data, size, [](const pb::RunRequest& m) {
                const RunRequest r = remote::decode(m, kLimits, kHooks);
                pb::RunRequest again;
                remote::encode(r, &again);
                const RunRequest back = remote::decode(again, kLimits, kHooks);
                if (back.tokens != r.tokens || back.capture != r.capture ||
                    back.plan.ablations.size() != r.plan.ablations.size())
                    __builtin_trap();
                remote::check_tokens(r.tokens, 1000, "tokens");
            });
            break;
        case 1:
            fuzz<pb::RunBatchRequest>(data, size, [](const pb::RunBatchRequest& m) {
                for (const pb::RunRequest& r : m.runs()) (void)remote::decode(r, kLimits, kHooks);
            });
            break;
        case 2:
            fuzz<pb::SweepRequest>(data, size,
                                   [](const pb::SweepRequest& m) { (void)remote::decode(m, kLimits, kHooks); });
            break;
        case 3:
            fuzz<pb::AttributeRequest>(data, size, [](const pb::AttributeRequest& m) {
                for (const pb::AttributionItem& i : m.items()) (void)remote::decode(i, kLimits);
            });
            break;
        case 4:
            fuzz<pb::ProbeRequest>(data, size,
                                   [](const pb::ProbeRequest& m) { (void)remote::decode(m, kLimits, kHooks); });
            break;
        default:
            fuzz<pb::Plan>(data, size, [](const pb::Plan& m) { (void)remote::decode(m, kLimits, kHooks); });
            break;
    }
    return 0;
}
