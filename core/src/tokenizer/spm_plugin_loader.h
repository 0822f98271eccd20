#pragma once
// Finds and dlopen()s the SentencePiece plugin once per process and resolves its C functions.
#include <filesystem>

#include "tokenizer/spm_abi.h"

namespace gna::tok {

struct SpmApi {
    std::filesystem::path path;
    decltype(&gna_spm_last_error) last_error;
    decltype(&gna_spm_free_buffer) free_buffer;
    decltype(&gna_spm_set_log_level) set_log_level;
    decltype(&gna_spm_load) load;
    decltype(&gna_spm_free) free;
    decltype(&gna_spm_encode) encode;
    decltype(&gna_spm_decode) decode;
    decltype(&gna_spm_vocab_size) vocab_size;
    decltype(&gna_spm_piece) piece;
    decltype(&gna_spm_piece_to_id) piece_to_id;
    decltype(&gna_spm_piece_kind) piece_kind;
    decltype(&gna_spm_bos_id) bos_id;
    decltype(&gna_spm_eos_id) eos_id;
    decltype(&gna_spm_unk_id) unk_id;
    decltype(&gna_spm_train) train;
};

// The loaded plugin. Throws gna::Error naming the places searched when it cannot be found or
// loaded; a later call tries again.
const SpmApi& spm_api();

}  // namespace gna::tok
