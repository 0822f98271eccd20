#include "tokenizer/spm_plugin_loader.h"

#include <dlfcn.h>

#include <cstdlib>
#include <memory>
#include <mutex>
#include <string>
#include <system_error>
#include <type_traits>
#include <vector>

#include "gna/error.h"
#include "gna/tokenizer.h"
#include "io/install_layout.h"

#ifndef GNA_SPM_PLUGIN_NAME
#define GNA_SPM_PLUGIN_NAME "libgna_spm_plugin.so"
#endif

#if defined(__SANITIZE_ADDRESS__)
#define GNA_UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define GNA_UNDER_ASAN 1
#endif
#endif

namespace gna::tok {
namespace {

namespace fs = std::filesystem;

// Installed: next to the executable or in <prefix>/lib/gna-studio/plugins. The build tree's copy only for
// programs that run from the build tree.
std::vector<fs::path> candidate_paths() {
    std::vector<fs::path> out;
    const fs::path name = GNA_SPM_PLUGIN_NAME;
    if (const fs::path exe = layout::executable(); !exe.empty()) out.push_back(exe.parent_path() / name);
    if (const fs::path dir = layout::installed_plugin_dir(); !dir.empty()) out.push_back(dir / name);
#ifdef GNA_SPM_PLUGIN_BUILD_DIR
    if (layout::running_from_build_tree()) out.push_back(fs::path(GNA_SPM_PLUGIN_BUILD_DIR) / name);
#endif
    return out;
}

fs::path find_plugin() {
    if (const char* env = std::getenv("GNA_SPM_PLUGIN"); env && *env) {
        if (!fs::exists(env)) {
            throw Error(std::string("SentencePiece plugin: GNA_SPM_PLUGIN is set to \"") + env +
                        "\", which does not exist. Point it at " GNA_SPM_PLUGIN_NAME " or unset it.");
        }
        return env;
    }
    std::string looked;
    for (const fs::path& p : candidate_paths()) {
        std::error_code ec;
        if (fs::is_regular_file(p, ec)) return p.lexically_normal();
        looked += "\n  " + p.lexically_normal().string();
    }
    throw Error("SentencePiece plugin " GNA_SPM_PLUGIN_NAME
                " not found; it is needed to read tokenizer.model. "
                "Looked in:" +
                looked + "\nSet GNA_SPM_PLUGIN to its full path, or reinstall G&A Studio.");
}

// Sanitizer builds (and GNA_SPM_NAMESPACE=1, to test the same path elsewhere) load the plugin into
// a namespace of its own; the others with RTLD_DEEPBIND.
bool plugin_in_own_namespace() {
#ifdef GNA_UNDER_ASAN
    return true;
#else
    const char* v = std::getenv("GNA_SPM_NAMESPACE");
    return v && std::string(v) == "1";
#endif
}

SpmApi open_plugin() {
    SpmApi api{};
    api.path = find_plugin();
    void* handle = nullptr;
    if (plugin_in_own_namespace()) {
        // A link-map namespace of its own: the plugin, libsentencepiece and its protobuf are loaded
        // apart from LibTorch's protobuf, as RTLD_DEEPBIND does, without RTLD_DEEPBIND (which
        // AddressSanitizer refuses). Only the plugin's C functions and plain buffers cross, and
        // buffers it allocates go back to it (free_buffer), so the two C libraries never mix.
        handle = dlmopen(LM_ID_NEWLM, api.path.c_str(), RTLD_NOW | RTLD_LOCAL);
    } else {
        // Symbols inside the plugin (and libsentencepiece's protobuf) bind to their own definitions.
        handle = dlopen(api.path.c_str(), RTLD_NOW | RTLD_LOCAL | RTLD_DEEPBIND);
    }
    if (!handle) {
        const char* why = dlerror();
        throw Error("SentencePiece plugin " + api.path.string() + " could not be loaded (" + (why ? why : "?") +
                    "). Check that libsentencepiece is installed.");
    }
    auto sym = [&](auto& fn, const char* name) {
        fn = reinterpret_cast<std::remove_reference_t<decltype(fn)>>(dlsym(handle, name));
        if (!fn) {
            throw Error("SentencePiece plugin " + api.path.string() + " lacks the function " + name +
                        "; it is from another version of G&A Studio. Reinstall it.");
        }
    };
    decltype(&gna_spm_abi_version) abi_version = nullptr;
    sym(abi_version, "gna_spm_abi_version");
    if (abi_version() != GNA_SPM_ABI_VERSION) {
        throw Error("SentencePiece plugin " + api.path.string() + " has ABI version " + std::to_string(abi_version()) +
                    ", expected " + std::to_string(GNA_SPM_ABI_VERSION) + ". Reinstall G&A Studio.");
    }
    sym(api.last_error, "gna_spm_last_error");
    sym(api.free_buffer, "gna_spm_free_buffer");
    sym(api.set_log_level, "gna_spm_set_log_level");
    sym(api.load, "gna_spm_load");
    sym(api.free, "gna_spm_free");
    sym(api.encode, "gna_spm_encode");
    sym(api.decode, "gna_spm_decode");
    sym(api.vocab_size, "gna_spm_vocab_size");
    sym(api.piece, "gna_spm_piece");
    sym(api.piece_to_id, "gna_spm_piece_to_id");
    sym(api.piece_kind, "gna_spm_piece_kind");
    sym(api.bos_id, "gna_spm_bos_id");
    sym(api.eos_id, "gna_spm_eos_id");
    sym(api.unk_id, "gna_spm_unk_id");
    sym(api.train, "gna_spm_train");
    // The handle stays open for the life of the process: models and threads may still use it.
    return api;
}

}  // namespace

const SpmApi& spm_api() {
    static std::mutex mutex;
    static std::unique_ptr<SpmApi> api;
    std::lock_guard lock(mutex);
    if (!api) api = std::make_unique<SpmApi>(open_plugin());
    return *api;
}

}  // namespace gna::tok

namespace gna {

std::filesystem::path sentencepiece_plugin_path() { return tok::spm_api().path; }

void train_sentencepiece(const std::string& trainer_args, bool quiet) {
    const auto& api = tok::spm_api();
    api.set_log_level(quiet ? 2 : 0);
    const int rc = api.train(trainer_args.c_str());
    api.set_log_level(0);
    if (rc != 0) {
        throw Error("SentencePiece training failed: " + std::string(api.last_error()) + " (arguments: " + trainer_args +
                    ")");
    }
}

}  // namespace gna
