#include <array>
#include <cctype>

#include "gna/error.h"
#include "gna/hooks.h"

namespace gna {

namespace {
constexpr std::array<std::pair<HookSite, const char*>, 5> kSites{{
    {HookSite::AttnProbs, "attn.probs"},
    {HookSite::AttnOut, "attn.out"},
    {HookSite::SsmOut, "ssm.out"},
    {HookSite::MlpOut, "mlp.out"},
    {HookSite::ResidPost, "resid_post"},
}};
}  // namespace

std::string HookPoint::name() const {
    for (const auto& [s, n] : kSites)
        if (s == site) return "L" + std::to_string(layer) + "." + n;
    return "L" + std::to_string(layer) + ".?";
}

HookPoint parse_hook_point(std::string_view text) {
    auto bad = [&]() -> Error {
        return Error("hook point '" + std::string(text) +
                     "': expected L<layer>.<point> with <point> one of attn.probs, attn.out, ssm.out, mlp.out, "
                     "resid_post, e.g. L3.attn.out; layers count from 0 (docs/hooks.md)");
    };
    std::size_t i = 0;
    if (i < text.size() && (text[i] == 'L' || text[i] == 'l')) ++i;
    const std::size_t start = i;
    long layer = 0;
    while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])) && layer <= 1000000)
        layer = layer * 10 + (text[i++] - '0');
    if (i == start || i >= text.size() || text[i] != '.' || layer > 1000000) throw bad();
    const std::string_view rest = text.substr(i + 1);
    for (const auto& [s, n] : kSites)
        if (rest == n) return HookPoint{static_cast<int>(layer), s};
    throw bad();
}

}  // namespace gna
