#pragma once
// A shipped experiment spec cut down to a few samples for the bundled demo models (context 256):
// the same kind, conditions and task kinds, fewer prompts. Used by the CLI and the GUI suites.
#include <algorithm>
#include <filesystem>

#include "gna/experiment_spec.h"

namespace gna::test {

inline ExperimentSpec few_samples(ExperimentSpec s, const std::filesystem::path& relative_to) {
    for (TaskSpec& t : s.tasks) {
        if (t.kv.sizes.size() > 1) t.kv.sizes.resize(1);
        t.kv.samples_per_size = std::min(t.kv.samples_per_size, 2);
        t.mmlu.limit_per_subject = 1;
        t.knowledge_limit = 2;
        t.niah.lengths = {230};  // + 8 generated tokens fit the demos' 256 positions
        t.niah.depths = {t.niah.depths.empty() ? 50.0 : t.niah.depths.front()};
        t.niah.generate = 8;
        t.niah.buffer = 100;  // template and question; the rest is haystack and needle
    }
    // a relative ranking file is relative to the folder the command runs in
    if (!s.ranking_file.empty() && s.ranking_file.is_relative()) s.ranking_file = relative_to / s.ranking_file;
    return s;
}

}  // namespace gna::test
