#include "tokenizer/regex.h"

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include "gna/error.h"
#include "tokenizer/utf8.h"

namespace gna::tok {

struct Regex::Code {
    pcre2_code* code = nullptr;
    ~Code() { pcre2_code_free(code); }
};

Regex::Regex(const std::string& pattern, const std::string& origin) : code_(std::make_shared<Code>()) {
    int err = 0;
    PCRE2_SIZE offset = 0;
    code_->code = pcre2_compile(reinterpret_cast<PCRE2_SPTR>(pattern.data()), pattern.size(), PCRE2_UTF | PCRE2_UCP,
                                &err, &offset, nullptr);
    if (!code_->code) {
        PCRE2_UCHAR msg[256];
        pcre2_get_error_message(err, msg, sizeof msg);
        throw Error(origin + ": the regular expression does not compile at offset " + std::to_string(offset) + " (" +
                    reinterpret_cast<const char*>(msg) + "). Check the pattern in the file.");
    }
    // JIT is an optimisation only; the interpreter gives the same matches when it is unavailable.
    pcre2_jit_compile(code_->code, PCRE2_JIT_COMPLETE);
}

std::vector<std::pair<std::size_t, std::size_t>> Regex::find_all(std::string_view text) const {
    std::vector<std::pair<std::size_t, std::size_t>> out;
    pcre2_match_data* md = pcre2_match_data_create_from_pattern(code_->code, nullptr);
    if (!md) throw Error("tokenizer: out of memory creating PCRE2 match data");
    const auto* subject = reinterpret_cast<PCRE2_SPTR>(text.data());
    std::size_t start = 0;
    while (start < text.size()) {
        const int rc = pcre2_match(code_->code, subject, text.size(), start, PCRE2_NO_UTF_CHECK, md, nullptr);
        if (rc == PCRE2_ERROR_NOMATCH) break;
        if (rc < 0) {
            pcre2_match_data_free(md);
            PCRE2_UCHAR msg[256];
            pcre2_get_error_message(rc, msg, sizeof msg);
            throw Error(std::string("tokenizer: regular expression match failed (") +
                        reinterpret_cast<const char*>(msg) + ")");
        }
        const PCRE2_SIZE* ov = pcre2_get_ovector_pointer(md);
        const std::size_t b = ov[0], e = ov[1];
        if (e > b) {
            out.emplace_back(b, e);
            start = e;
        } else {
            // Empty match: skip one character.
            if (b >= text.size()) break;
            start = b + utf8_len(static_cast<unsigned char>(text[b]));
        }
    }
    pcre2_match_data_free(md);
    return out;
}

}  // namespace gna::tok
