#pragma once
// The summary-token bottleneck of a training document (DemoData::Document::bottleneck), torch-free.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "gna/tokenizer.h"
#include "train/train_demo.h"

namespace gna::train {

// For one document of `doc_tokens` tokens (BOS, the prefix's tokens `prefix`, then the answers), marks
// in `body` the segments' tokens other than their summary tokens (each segment line's newline) and in
// `reader` every token after the last summary token; with_summaries: `body` has the summary tokens
// too (the late KV lookup hides whole lines). Throws gna::Error if the prefix has fewer newline tokens
// than its segments need. segment (if given): each segment's tokens, its summary token included,
// numbered 1, 2, ... in order; 0 for every other token.
void mark_bottleneck(const Tokenizer& tok, const DemoData::Document& d, const std::vector<int>& prefix,
                     std::size_t doc_tokens, std::vector<uint8_t>& body, std::vector<uint8_t>& reader,
                     bool with_summaries = false, std::vector<int>* segment = nullptr);

}  // namespace gna::train
