#include "tokenizer/bpe_model.h"

#include <cstdio>
#include <queue>

#include "gna/error.h"
#include "tokenizer/utf8.h"

namespace gna::tok {

BpeModel::BpeModel(PieceMap vocab, const std::vector<std::pair<std::string, std::string>>& merges,
                   BpeOptions options, const std::string& origin)
    : vocab_(std::move(vocab)), options_(std::move(options)) {
    int max_id = -1;
    for (const auto& [piece, id] : vocab_) {
        if (id < 0) {
            throw Error(origin + ": model.vocab gives \"" + piece + "\" the negative id " + std::to_string(id) +
                        ". Ids must be 0 or more.");
        }
        max_id = std::max(max_id, id);
    }
    pieces_.assign(static_cast<std::size_t>(max_id + 1), std::string());
    for (const auto& [piece, id] : vocab_) {
        if (!pieces_[id].empty()) {
            throw Error(origin + ": model.vocab gives id " + std::to_string(id) + " to both \"" + pieces_[id] +
                        "\" and \"" + piece + "\". Each id must appear once.");
        }
        pieces_[id] = piece;
    }
    merges_.reserve(merges.size());
    for (std::size_t rank = 0; rank < merges.size(); ++rank) {
        const auto& [a, b] = merges[rank];
        const auto ia = id_of(a), ib = id_of(b), ir = id_of(a + b);
        const std::string* missing = !ia ? &a : !ib ? &b : nullptr;
        std::string merged;
        if (!missing && !ir) {
            merged = a + b;
            missing = &merged;
        }
        if (missing) {
            throw Error(origin + ": model.merges[" + std::to_string(rank) + "] (\"" + a + " " + b +
                        "\") names the token \"" + *missing +
                        "\" that is not in model.vocab. The file is inconsistent; download it again.");
        }
        // The first (lowest-rank) occurrence of a pair wins, as in Hugging Face tokenizers.
        merges_.try_emplace(pair_key(*ia, *ib), Merge{static_cast<int>(rank), *ir});
    }
    byte_ids_.fill(-1);
    for (int b = 0; b < 256; ++b) {
        char name[8];
        std::snprintf(name, sizeof name, "<0x%02X>", b);
        if (auto id = id_of(name)) byte_ids_[b] = *id;
    }
    if (options_.unk_token) {
        unk_id_ = id_of(*options_.unk_token);
        if (!unk_id_) {
            throw Error(origin + ": model.unk_token \"" + *options_.unk_token +
                        "\" is not in model.vocab. The file is inconsistent; download it again.");
        }
    }
}

std::optional<int> BpeModel::id_of(std::string_view piece) const {
    auto it = vocab_.find(piece);
    if (it == vocab_.end()) return std::nullopt;
    return it->second;
}

const std::string& BpeModel::piece(int id) const {
    static const std::string empty;
    if (id < 0 || id >= size()) return empty;
    return pieces_[id];
}

void BpeModel::initial_symbols(std::string_view word, std::vector<int>& ids) const {
    bool last_was_unk = false;
    std::size_t pos = 0;
    while (pos < word.size()) {
        const std::size_t len = std::min(utf8_len(static_cast<unsigned char>(word[pos])), word.size() - pos);
        const std::string_view ch = word.substr(pos, len);
        pos += len;
        if (auto id = id_of(ch)) {
            ids.push_back(*id);
            last_was_unk = false;
            continue;
        }
        if (options_.byte_fallback) {
            bool all = true;
            for (char c : ch) all = all && byte_ids_[static_cast<unsigned char>(c)] >= 0;
            if (all) {
                for (char c : ch) ids.push_back(byte_ids_[static_cast<unsigned char>(c)]);
                last_was_unk = false;
                continue;
            }
        }
        if (unk_id_) {
            if (!(options_.fuse_unk && last_was_unk)) ids.push_back(*unk_id_);
            last_was_unk = true;
        }
        // Without an unk token the character is dropped, as Hugging Face tokenizers do.
    }
}

void BpeModel::tokenize(std::string_view word, std::vector<int>& out) const {
    if (word.empty()) return;
    if (options_.ignore_merges) {
        if (auto id = id_of(word)) {
            out.push_back(*id);
            return;
        }
    }
    std::vector<int> ids;
    ids.reserve(word.size());
    initial_symbols(word, ids);
    const int n = static_cast<int>(ids.size());
    if (n <= 1 || merges_.empty()) {
        out.insert(out.end(), ids.begin(), ids.end());
        return;
    }
    // Doubly linked list of symbols; a merge writes the result into the left symbol and unlinks
    // the right one. Candidates are (rank, left position); stale ones are skipped when popped.
    std::vector<int> prev(n), next(n);
    for (int i = 0; i < n; ++i) {
        prev[i] = i - 1;
        next[i] = i + 1 < n ? i + 1 : -1;
    }
    struct Candidate {
        int rank, left, a, b;
        bool operator>(const Candidate& o) const { return rank != o.rank ? rank > o.rank : left > o.left; }
    };
    std::priority_queue<Candidate, std::vector<Candidate>, std::greater<>> queue;
    auto consider = [&](int left) {
        if (left < 0 || next[left] < 0) return;
        const int right = next[left];
        auto it = merges_.find(pair_key(ids[left], ids[right]));
        if (it != merges_.end()) queue.push({it->second.rank, left, ids[left], ids[right]});
    };
    for (int i = 0; i + 1 < n; ++i) consider(i);
    while (!queue.empty()) {
        const Candidate c = queue.top();
        queue.pop();
        const int right = next[c.left];
        if (ids[c.left] != c.a || right < 0 || ids[right] != c.b) continue;  // stale
        ids[c.left] = merges_.at(pair_key(c.a, c.b)).result;
        ids[right] = -1;
        next[c.left] = next[right];
        if (next[right] >= 0) prev[next[right]] = c.left;
        consider(prev[c.left]);
        consider(c.left);
    }
    for (int i = 0; i >= 0; i = next[i]) out.push_back(ids[i]);
}

}  // namespace gna::tok
