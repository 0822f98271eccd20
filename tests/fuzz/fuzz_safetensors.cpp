// libFuzzer target: the safetensors header parser must reject any byte string cleanly
// (gna::Error) and never read out of bounds, hang or crash.
#include <cstddef>
#include <cstdint>

#include "gna/error.h"
#include "gna/safetensors.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    try {
        auto h = gna::parse_safetensors_header(reinterpret_cast<const std::byte*>(data), size, size, "fuzz");
        // Every accepted entry must lie inside the data.
        for (const auto& [name, e] : h.tensors)
            if (h.data_start + e.end > size) __builtin_trap();
    } catch (const gna::Error&) {}
    return 0;
}
