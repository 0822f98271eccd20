#pragma once
// The C interface of the SentencePiece plugin (core/src/spm_plugin/spm_plugin.cpp).
// libsentencepiece carries its own copy of protobuf, which must not meet libtorch's: the plugin
// links it and is dlopen()ed with RTLD_LOCAL | RTLD_DEEPBIND, and only these C functions cross.
// Buffers returned through out-parameters are malloc()ed by the plugin; release them with
// gna_spm_free_buffer. Functions returning int give 0 on success and -1 on failure, with the
// reason in gna_spm_last_error() (per thread).
#include <stddef.h>

#define GNA_SPM_ABI_VERSION 1

extern "C" {

typedef struct gna_spm gna_spm;

enum gna_spm_piece_kind {
    GNA_SPM_NORMAL = 0,
    GNA_SPM_UNKNOWN = 1,
    GNA_SPM_CONTROL = 2,
    GNA_SPM_BYTE = 3,
    GNA_SPM_UNUSED = 4
};

int gna_spm_abi_version(void);
const char* gna_spm_last_error(void);
void gna_spm_free_buffer(void* p);
void gna_spm_set_log_level(int level);  // 0 info, 1 warning, 2 error

gna_spm* gna_spm_load(const char* path);  // null on failure
void gna_spm_free(gna_spm* h);

int gna_spm_encode(const gna_spm* h, const char* text, size_t len, int** ids, size_t* n);
int gna_spm_decode(const gna_spm* h, const int* ids, size_t n, char** text, size_t* len);
int gna_spm_vocab_size(const gna_spm* h);
// The stored piece of `id` (not NUL-terminated, owned by the model); -1 when out of range.
int gna_spm_piece(const gna_spm* h, int id, const char** piece, size_t* len);
int gna_spm_piece_to_id(const gna_spm* h, const char* piece, size_t len);  // -1 when not a piece
int gna_spm_piece_kind(const gna_spm* h, int id);  // gna_spm_piece_kind
int gna_spm_bos_id(const gna_spm* h);  // -1 when the model has none
int gna_spm_eos_id(const gna_spm* h);
int gna_spm_unk_id(const gna_spm* h);

// sentencepiece::SentencePieceTrainer::Train with its command-line style arguments.
int gna_spm_train(const char* args);

}  // extern "C"
