#pragma once
// The BPE model of tokenizer.json: vocabulary, ranked merges, unknown handling, byte fallback.
// Splits one pre-token ("word") into ids by applying merges lowest rank first.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace gna::tok {

struct StringHash {
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const noexcept { return std::hash<std::string_view>{}(s); }
};
using PieceMap = std::unordered_map<std::string, int, StringHash, std::equal_to<>>;

struct BpeOptions {
    bool byte_fallback = false;  // characters outside the vocabulary become <0xNN> tokens
    bool fuse_unk = false;  // consecutive unknown characters become one unk token
    bool ignore_merges = false;  // a whole word found in the vocabulary is emitted as is
    std::optional<std::string> unk_token;
};

// The vocabulary as read from tokenizer.json: (piece, id) in file order; a piece listed twice
// keeps its last id, as a JSON object would.
using VocabList = std::vector<std::pair<std::string, int>>;

class BpeModel {
public:
    BpeModel() = default;
    // `origin` names the file for error messages ("…/tokenizer.json"). Throws gna::Error when a
    // merge names a token that is not in the vocabulary or when ids collide. Built on flat
    // open-addressing tables so that 500k-merge files load fast.
    BpeModel(VocabList vocab, const std::vector<std::pair<std::string, std::string>>& merges, BpeOptions options,
             const std::string& origin);

    // Appends the ids of one pre-token to `out`.
    void tokenize(std::string_view word, std::vector<int>& out) const;

    std::optional<int> id_of(std::string_view piece) const;
    const std::string& piece(int id) const;  // empty string for ids not in the vocabulary
    int size() const { return static_cast<int>(pieces_.size()); }
    std::optional<int> unk_id() const { return unk_id_; }

private:
    struct MergeSlot {
        std::uint64_t key = 0;
        int rank = -1;  // -1: empty slot
        int result = 0;
    };
    static std::uint64_t pair_key(int a, int b) {
        return (static_cast<std::uint64_t>(static_cast<std::uint32_t>(a)) << 32) | static_cast<std::uint32_t>(b);
    }
    const MergeSlot* find_merge(int a, int b) const;
    // Initial symbols of `word`: one per character, or byte fallback / unk.
    void initial_symbols(std::string_view word, std::vector<int>& ids) const;

    std::vector<std::string> pieces_;  // by id
    std::vector<std::uint64_t> index_;  // open addressing: (hash high bits << 32) | (id + 1); 0 empty
    std::uint64_t index_mask_ = 0;
    std::vector<MergeSlot> merges_;  // open addressing on pair_key
    std::uint64_t merges_mask_ = 0;
    std::size_t merge_count_ = 0;
    std::array<int, 256> byte_ids_{};  // id of <0xNN>, or -1
    BpeOptions options_;
    std::optional<int> unk_id_;
};

}  // namespace gna::tok
