#include "tokenizer/bpe_model.h"

#include <cstdio>
#include <queue>

#include "gna/error.h"
#include "tokenizer/utf8.h"

namespace gna::tok {

namespace {

std::uint64_t mix(std::uint64_t x) {  // splitmix64 finaliser
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

std::uint64_t hash_piece(std::string_view s) { return mix(std::hash<std::string_view>{}(s)); }

std::uint64_t table_size(std::size_t n) {
    std::uint64_t size = 16;
    while (size < 2 * n) size <<= 1;
    return size;
}

}  // namespace

BpeModel::BpeModel(VocabList vocab, const std::vector<std::pair<std::string, std::string>>& merges, BpeOptions options,
                   const std::string& origin)
    : options_(std::move(options)) {
    int max_id = -1;
    for (const auto& [piece, id] : vocab) {
        if (id < 0) {
            throw Error(origin + ": model.vocab gives \"" + piece + "\" the negative id " + std::to_string(id) +
                        ". Ids must be 0 or more.");
        }
        max_id = std::max(max_id, id);
    }
    pieces_.assign(static_cast<std::size_t>(max_id + 1), std::string());
    const std::uint64_t size = table_size(vocab.size());
    index_.assign(size, 0);
    index_mask_ = size - 1;
    for (auto& [piece, id] : vocab) {
        const std::uint64_t h = hash_piece(piece);
        std::uint64_t slot = h & index_mask_;
        bool replaced = false;
        while (index_[slot] != 0) {
            const int other = static_cast<int>((index_[slot] & 0xFFFFFFFFu) - 1);
            if ((index_[slot] >> 32) == (h >> 32) && pieces_[other] == piece) {  // listed twice: last id wins
                index_[slot] = (h & ~0xFFFFFFFFULL) | static_cast<std::uint64_t>(id + 1);
                replaced = true;
                break;
            }
            slot = (slot + 1) & index_mask_;
        }
        if (!pieces_[id].empty() && pieces_[id] != piece) {
            throw Error(origin + ": model.vocab gives id " + std::to_string(id) + " to both \"" + pieces_[id] +
                        "\" and \"" + piece + "\". Each id must appear once.");
        }
        if (!replaced) index_[slot] = (h & ~0xFFFFFFFFULL) | static_cast<std::uint64_t>(id + 1);
        pieces_[id] = std::move(piece);
    }
    const std::uint64_t msize = table_size(merges.size());
    merges_.assign(msize, MergeSlot{});
    merges_mask_ = msize - 1;
    merge_count_ = merges.size();
    std::string merged;
    for (std::size_t rank = 0; rank < merges.size(); ++rank) {
        const auto& [a, b] = merges[rank];
        merged.assign(a).append(b);
        const auto ia = id_of(a), ib = id_of(b), ir = id_of(merged);
        const std::string* missing = !ia ? &a : !ib ? &b : !ir ? &merged : nullptr;
        if (missing) {
            throw Error(origin + ": model.merges[" + std::to_string(rank) + "] (\"" + a + " " + b +
                        "\") names the token \"" + *missing +
                        "\" that is not in model.vocab. The file is inconsistent; download it again.");
        }
        // The first (lowest-rank) occurrence of a pair wins, as in Hugging Face tokenizers.
        const std::uint64_t key = pair_key(*ia, *ib);
        std::uint64_t slot = mix(key) & merges_mask_;
        while (merges_[slot].rank >= 0 && merges_[slot].key != key) slot = (slot + 1) & merges_mask_;
        if (merges_[slot].rank < 0) merges_[slot] = MergeSlot{key, static_cast<int>(rank), *ir};
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
    if (index_.empty()) return std::nullopt;
    const std::uint64_t h = hash_piece(piece);
    for (std::uint64_t slot = h & index_mask_; index_[slot] != 0; slot = (slot + 1) & index_mask_) {
        if ((index_[slot] >> 32) != (h >> 32)) continue;
        const int id = static_cast<int>((index_[slot] & 0xFFFFFFFFu) - 1);
        if (pieces_[id] == piece) return id;
    }
    return std::nullopt;
}

const BpeModel::MergeSlot* BpeModel::find_merge(int a, int b) const {
    if (merges_.empty()) return nullptr;
    const std::uint64_t key = pair_key(a, b);
    for (std::uint64_t slot = mix(key) & merges_mask_; merges_[slot].rank >= 0; slot = (slot + 1) & merges_mask_) {
        if (merges_[slot].key == key) return &merges_[slot];
    }
    return nullptr;
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
    if (n <= 1 || merge_count_ == 0) {
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
        if (const MergeSlot* m = find_merge(ids[left], ids[right])) queue.push({m->rank, left, ids[left], ids[right]});
    };
    for (int i = 0; i + 1 < n; ++i) consider(i);
    while (!queue.empty()) {
        const Candidate c = queue.top();
        queue.pop();
        const int right = next[c.left];
        if (ids[c.left] != c.a || right < 0 || ids[right] != c.b) continue;  // stale
        ids[c.left] = find_merge(c.a, c.b)->result;
        ids[right] = -1;
        next[c.left] = next[right];
        if (next[right] >= 0) prev[next[right]] = c.left;
        consider(prev[c.left]);
        consider(c.left);
    }
    for (int i = 0; i >= 0; i = next[i]) out.push_back(ids[i]);
}

}  // namespace gna::tok
