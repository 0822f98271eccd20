// Knowledge multiple choice (ARC, PIQA, Winogrande, HellaSwag, OpenBookQA style) from JSONL.
#include <cctype>

#include "gna/error.h"
#include "gna/json.h"
#include "gna/tasks.h"
#include "gna/tokenizer.h"

namespace gna {

std::vector<ChoiceItem> load_knowledge_mc(const Tokenizer& tok, const std::filesystem::path& file, int limit) {
    const std::string text = read_text_file(file);
    std::vector<ChoiceItem> out;
    std::size_t pos = 0;
    int line = 0;
    while (pos < text.size() && (limit <= 0 || static_cast<int>(out.size()) < limit)) {
        std::size_t nl = text.find('\n', pos);
        if (nl == std::string::npos) nl = text.size();
        std::string l = text.substr(pos, nl - pos);
        pos = nl + 1;
        ++line;
        while (!l.empty() && std::isspace(static_cast<unsigned char>(l.back()))) l.pop_back();
        if (l.empty()) continue;
        const std::string where = file.string() + ":" + std::to_string(line);
        const Json j = parse_json_relaxed(l, where);
        std::string ctx;
        if (j.contains("context") && j["context"].is_string()) ctx = j["context"].get<std::string>();
        else if (j.contains("question") && j["question"].is_string()) ctx = j["question"].get<std::string>();
        else throw Error(where + ": missing \"context\" (or \"question\"), a string");
        if (!j.contains("choices") || !j["choices"].is_array() || j["choices"].size() < 2)
            throw Error(where + ": \"choices\" must be a list of at least 2 strings");
        if (!j.contains("answer") || !j["answer"].is_number_integer())
            throw Error(where + ": \"answer\" must be the index of the correct choice");
        ChoiceItem item;
        item.id = j.contains("id") && j["id"].is_string() ? j["id"].get<std::string>() : file.stem().string() + "-" + std::to_string(line);
        item.group = file.stem().string();
        item.prompt_text = ctx;
        item.prompt = tok.encode(ctx, true);
        for (const auto& c : j["choices"]) {
            if (!c.is_string()) throw Error(where + ": every choice must be a string");
            const std::string cont = " " + c.get<std::string>();
            item.choices.push_back(continuation_tokens(tok, ctx, cont));
            item.choice_bytes.push_back(static_cast<double>(cont.size()));
        }
        item.answer = j["answer"].get<int>();
        if (item.answer < 0 || item.answer >= static_cast<int>(item.choices.size()))
            throw Error(where + ": \"answer\" " + std::to_string(item.answer) + " is not an index of \"choices\" (0.." +
                        std::to_string(item.choices.size() - 1) + ")");
        out.push_back(std::move(item));
    }
    if (out.empty()) throw Error(file.string() + ": no questions (expected JSON lines with context, choices, answer)");
    return out;
}

}  // namespace gna
