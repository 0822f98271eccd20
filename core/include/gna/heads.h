#pragma once
// Naming heads as the papers do: L17.H24 is query head 24 of layer 17 (layers from 0);
// L3.S5 is SSM head 5 of layer 3 (Mamba-2 head, Mamba-1 channel, RG-LRU gate block).
#include <compare>
#include <string>
#include <string_view>
#include <vector>

namespace gna {

enum class HeadKind { Attention, SSM };

struct HeadRef {
    int layer = 0;
    int head = 0;
    HeadKind kind = HeadKind::Attention;
    std::string name() const;  // "L17.H24" / "L3.S5"
    auto operator<=>(const HeadRef&) const = default;
};

// Accepts "L17.H24", "L17H24", "l17.h24", "17.24" (attention), "L3.S5", "L3S5". Throws gna::Error.
HeadRef parse_head(std::string_view text);
// Comma-separated list of heads; also "L17" / "L17.*" meaning every attention head of layer 17
// is NOT supported here (needs the model); use parse_head for each item.
std::vector<HeadRef> parse_head_list(std::string_view text);

}  // namespace gna
