#pragma once
// What the tokenizer.json and tokenizer.model tokenizers keep alike: the file they were read from
// (named in their errors), the vocabulary size and the BOS/EOS ids.
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "gna/tokenizer.h"

namespace gna::tok {

class FileTokenizer : public Tokenizer {
public:
    int vocab_size() const override { return vocab_size_; }
    std::optional<int> bos_id() const override { return bos_; }
    std::vector<int> eos_ids() const override { return eos_; }

protected:
    explicit FileTokenizer(std::string file) : file_(std::move(file)) {}

    std::string file_;
    int vocab_size_ = 0;
    std::optional<int> bos_;
    std::vector<int> eos_;
};

}  // namespace gna::tok
