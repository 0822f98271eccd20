#pragma once
// The prompt conventions of lm-evaluation-harness's knowledge tasks (ARC, OpenBookQA, PIQA,
// HellaSwag task files), applied to the datasets' own JSONL rows.
#include <string>
#include <vector>

#include "gna/json.h"

namespace gna {

struct KnowledgeRow {
    std::string context;  // the prompt, without the target delimiter
    std::vector<std::string> choices;  // each scored as " " + choice
    int answer = 0;
    // lm-eval's multiple-input rows (Winogrande): each choice is a whole context (starting with
    // `context`, the text they share), each followed by the one continuation " " + target.
    bool multiple_input = false;
    std::string target;
};

// One JSONL row in any form load_knowledge_mc accepts. Throws gna::Error naming `where`.
KnowledgeRow knowledge_row(const Json& j, const std::string& where);

// lm-eval's HellaSwag preprocess: strip; " [title]" -> ". "; drop "[...]"; "  " -> " ".
std::string hellaswag_preprocess(const std::string& text);

}  // namespace gna
