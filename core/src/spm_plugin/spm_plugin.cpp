// The SentencePiece plugin: a MODULE library that links libsentencepiece and exposes the C ABI of
// core/src/tokenizer/spm_abi.h. It is loaded with dlopen(RTLD_LOCAL | RTLD_DEEPBIND) so that the
// protobuf symbols exported by libsentencepiece bind inside this library only and never meet
// libtorch's libprotobuf in the same process.
#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <string>
#include <vector>

#include <sentencepiece_processor.h>
#include <sentencepiece_trainer.h>

#include "../tokenizer/spm_abi.h"

namespace sentencepiece::logging {
// Exported by libsentencepiece but not declared in its public headers.
void SetMinLogLevel(int v);
}  // namespace sentencepiece::logging

struct gna_spm {
    sentencepiece::SentencePieceProcessor sp;
};

namespace {

thread_local std::string g_last_error;

int fail(std::string message) {
    g_last_error = std::move(message);
    return -1;
}

bool in_range(const gna_spm* h, int id) { return h && id >= 0 && id < h->sp.GetPieceSize(); }

}  // namespace

extern "C" {

__attribute__((visibility("default"))) int gna_spm_abi_version(void) { return GNA_SPM_ABI_VERSION; }

__attribute__((visibility("default"))) const char* gna_spm_last_error(void) { return g_last_error.c_str(); }

__attribute__((visibility("default"))) void gna_spm_free_buffer(void* p) { std::free(p); }

__attribute__((visibility("default"))) void gna_spm_set_log_level(int level) {
    sentencepiece::logging::SetMinLogLevel(level);
}

__attribute__((visibility("default"))) gna_spm* gna_spm_load(const char* path) {
    try {
        auto* h = new gna_spm;
        const auto status = h->sp.Load(path);
        if (!status.ok()) {
            delete h;
            fail(status.ToString());
            return nullptr;
        }
        return h;
    } catch (const std::exception& e) {
        fail(e.what());
        return nullptr;
    }
}

__attribute__((visibility("default"))) void gna_spm_free(gna_spm* h) { delete h; }

__attribute__((visibility("default"))) int gna_spm_encode(const gna_spm* h, const char* text, size_t len, int** ids,
                                                          size_t* n) {
    if (!h || !ids || !n) return fail("gna_spm_encode: null argument");
    try {
        std::vector<int> out;
        const auto status = h->sp.Encode(absl::string_view(text, len), &out);
        if (!status.ok()) return fail(status.ToString());
        *n = out.size();
        *ids = static_cast<int*>(std::malloc(std::max<size_t>(1, out.size()) * sizeof(int)));
        if (!*ids) return fail("gna_spm_encode: out of memory");
        if (!out.empty()) std::memcpy(*ids, out.data(), out.size() * sizeof(int));
        return 0;
    } catch (const std::exception& e) {
        return fail(e.what());
    }
}

__attribute__((visibility("default"))) int gna_spm_decode(const gna_spm* h, const int* ids, size_t n, char** text,
                                                          size_t* len) {
    if (!h || !text || !len || (n && !ids)) return fail("gna_spm_decode: null argument");
    try {
        std::vector<int> in;
        in.reserve(n);
        for (size_t i = 0; i < n; ++i) {
            if (in_range(h, ids[i])) in.push_back(ids[i]);
        }
        std::string out;
        const auto status = h->sp.Decode(in, &out);
        if (!status.ok()) return fail(status.ToString());
        *len = out.size();
        *text = static_cast<char*>(std::malloc(out.size() + 1));
        if (!*text) return fail("gna_spm_decode: out of memory");
        std::memcpy(*text, out.data(), out.size());
        (*text)[out.size()] = '\0';
        return 0;
    } catch (const std::exception& e) {
        return fail(e.what());
    }
}

__attribute__((visibility("default"))) int gna_spm_vocab_size(const gna_spm* h) { return h ? h->sp.GetPieceSize() : 0; }

__attribute__((visibility("default"))) int gna_spm_piece(const gna_spm* h, int id, const char** piece, size_t* len) {
    if (!in_range(h, id) || !piece || !len) return fail("gna_spm_piece: id out of range");
    const std::string& p = h->sp.IdToPiece(id);
    *piece = p.data();
    *len = p.size();
    return 0;
}

__attribute__((visibility("default"))) int gna_spm_piece_to_id(const gna_spm* h, const char* piece, size_t len) {
    if (!h) return -1;
    const absl::string_view s(piece, len);
    const int id = h->sp.PieceToId(s);
    // PieceToId answers unk_id for unknown pieces; only a true match counts.
    if (!in_range(h, id) || h->sp.IdToPiece(id) != std::string(s)) return -1;
    return id;
}

__attribute__((visibility("default"))) int gna_spm_piece_kind(const gna_spm* h, int id) {
    if (!in_range(h, id)) return GNA_SPM_UNUSED;
    if (h->sp.IsUnknown(id)) return GNA_SPM_UNKNOWN;
    if (h->sp.IsControl(id)) return GNA_SPM_CONTROL;
    if (h->sp.IsByte(id)) return GNA_SPM_BYTE;
    if (h->sp.IsUnused(id)) return GNA_SPM_UNUSED;
    return GNA_SPM_NORMAL;
}

__attribute__((visibility("default"))) int gna_spm_bos_id(const gna_spm* h) { return h ? h->sp.bos_id() : -1; }
__attribute__((visibility("default"))) int gna_spm_eos_id(const gna_spm* h) { return h ? h->sp.eos_id() : -1; }
__attribute__((visibility("default"))) int gna_spm_unk_id(const gna_spm* h) { return h ? h->sp.unk_id() : -1; }

__attribute__((visibility("default"))) int gna_spm_train(const char* args) {
    if (!args) return fail("gna_spm_train: null arguments");
    try {
        const auto status = sentencepiece::SentencePieceTrainer::Train(absl::string_view(args));
        if (!status.ok()) return fail(status.ToString());
        return 0;
    } catch (const std::exception& e) {
        return fail(e.what());
    }
}

}  // extern "C"
