#include <iostream>

#include "args.h"
#include "load_options.h"
#include "gna/error.h"
#include "gna/json.h"
#include "gna/tokenizer.h"

namespace gna::cli {

int cmd_tokenize(const std::vector<std::string>& argv) {
    static const Options table =
        Options{
            {"text", "T", "the text to tokenize"},
            {"file", "F", "the text, from a file"},
            {"no-special", "", "no special tokens (BOS) added"},
            {"json", "", "print {\"ids\": [...], \"tokens\": [...]}"},
        } +
        load_option_rows(/*model=*/false, /*compute=*/false);
    Args a(argv, table);
    if (a.help() || a.positionals().size() != 1 || (!a.get("text") && !a.get("file")) ||
        (a.get("text") && a.get("file"))) {
        std::cout << "usage: gna tokenize MODEL_DIR (--text T | --file F) [--tokenizer DIR] [--no-special] [--json]\n"
                     "Prints token ids and token strings. Special tokens (BOS) are added exactly as the Hugging Face\n"
                     "tokenizer adds them, unless --no-special. Works on a folder that holds only tokenizer files.\n";
        print_options(std::cout, table);
        return a.help() ? kOk : kUsage;
    }
    auto tok = load_tokenizer(a.get_or("tokenizer", a.positionals()[0]));
    const std::string text = a.get("text") ? *a.get("text") : read_text_file(*a.get("file"));
    std::vector<int> ids = tok->encode(text, !a.flag("no-special"));
    if (a.flag("json")) {
        Json tokens = Json::array();
        for (int id : ids) tokens.push_back(tok->piece(id));
        std::cout << Json{{"ids", ids}, {"tokens", tokens}}.dump() << "\n";
        return kOk;
    }
    std::cout << ids.size() << " tokens\n";
    for (std::size_t i = 0; i < ids.size(); ++i)
        std::cout << i << "\t" << ids[i] << "\t" << tok->display(ids[i]) << "\n";
    return kOk;
}

}  // namespace gna::cli
