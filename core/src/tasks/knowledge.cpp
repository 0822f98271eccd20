// Knowledge multiple choice (ARC, PIQA, HellaSwag, OpenBookQA, Winogrande style) from JSONL, prompted and
// scored as lm-evaluation-harness does (see tasks/knowledge_formats.h).
#include <cctype>

#include "gna/error.h"
#include "gna/json.h"
#include "gna/tasks.h"
#include "gna/tokenizer.h"
#include "tasks/knowledge_formats.h"

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
        const KnowledgeRow row = knowledge_row(j, where);
        ChoiceItem item;
        item.id = j.contains("id") && j["id"].is_string() ? j["id"].get<std::string>()
                                                          : file.stem().string() + "-" + std::to_string(line);
        item.group = file.stem().string();
        item.prompt_text = row.context;
        for (const std::string& c : row.choices) {
            if (row.multiple_input) {  // c is a context; the continuation is shared
                const EncodedPair p = encode_pair(tok, c, " " + row.target);
                std::vector<int> seq = p.context;
                seq.insert(seq.end(), p.continuation.begin(), p.continuation.end());
                item.choices.push_back(std::move(seq));
                item.context_tokens.push_back(static_cast<int>(p.context.size()));
            } else {
                const EncodedPair p = encode_pair(tok, row.context, " " + c);
                if (item.choices.empty()) item.prompt = p.context;
                item.choices.push_back(p.continuation);
            }
            item.choice_bytes.push_back(static_cast<double>(c.size()));
            item.choice_chars.push_back(text_length_chars(c));
        }
        if (row.multiple_input) move_common_prefix_to_prompt(item);  // the tokens every context shares
        item.answer = row.answer;
        out.push_back(std::move(item));
    }
    if (out.empty()) throw Error(file.string() + ": no questions (expected JSON lines with context, choices, answer)");
    return out;
}

}  // namespace gna
