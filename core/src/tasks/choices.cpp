// Multiple-choice scoring shared by the tasks, and token <-> character maps.
#include <algorithm>
#include <cctype>

#include "gna/error.h"
#include "gna/model.h"
#include "gna/tasks.h"
#include "gna/tokenizer.h"

namespace gna {

EncodedPair encode_pair(const Tokenizer& tok, const std::string& context, const std::string& continuation) {
    std::size_t keep = context.size();
    while (keep > 0 && std::isspace(static_cast<unsigned char>(context[keep - 1]))) --keep;
    EncodedPair p;
    p.context = tok.encode(context.substr(0, keep), true);
    const std::vector<int> whole = tok.encode(context + continuation, true);
    if (whole.size() > p.context.size()) {
        p.continuation.assign(whole.begin() + static_cast<std::ptrdiff_t>(p.context.size()), whole.end());
    } else {
        p.continuation = tok.encode(context.substr(keep) + continuation, false);
        if (p.continuation.empty()) throw Error("the continuation '" + continuation + "' tokenizes to nothing");
    }
    return p;
}

std::vector<int> continuation_tokens(const Tokenizer& tok, const std::string& prompt, const std::string& continuation) {
    return encode_pair(tok, prompt, continuation).continuation;
}

std::vector<int> answer_tokens(const Tokenizer& tok, const std::string& prompt, const std::vector<int>& prompt_tokens,
                               const std::string& answer) {
    if (prompt.empty() || prompt.back() != ' ') return tok.encode(" " + answer, false);
    const std::vector<int> whole = tok.encode(prompt + answer, true);
    if (whole.size() > prompt_tokens.size() && std::equal(prompt_tokens.begin(), prompt_tokens.end(), whole.begin()))
        return {whole.begin() + static_cast<std::ptrdiff_t>(prompt_tokens.size()), whole.end()};
    return tok.encode(answer, false);
}

double text_length_chars(const std::string& text) {
    double n = 0;
    for (char c : text) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80 ? 1 : 0;
    return n;
}

ChoiceOutcome judge_choices(const ChoiceItem& item, const std::vector<double>& logprobs) {
    if (logprobs.size() != item.choices.size()) throw Error("judge_choices: one log-probability per choice expected");
    ChoiceOutcome o;
    o.logprobs = logprobs;
    double best = -1e300, best_norm = -1e300;
    for (std::size_t c = 0; c < logprobs.size(); ++c) {
        if (logprobs[c] > best) {
            best = logprobs[c];
            o.predicted = static_cast<int>(c);
        }
        const auto& lengths = item.choice_chars.empty() ? item.choice_bytes : item.choice_chars;
        const double len = c < lengths.size() && lengths[c] > 0 ? lengths[c] : 1.0;
        if (logprobs[c] / len > best_norm) {
            best_norm = logprobs[c] / len;
            o.predicted_norm = static_cast<int>(c);
        }
    }
    o.correct = o.predicted == item.answer;
    o.correct_norm = o.predicted_norm == item.answer;
    return o;
}

ChoiceOutcome score_choices(Model& model, const ChoiceItem& item, const InterventionPlan& plan) {
    return judge_choices(item, model.score_continuations(item.prompt, item.choices, plan, item.context_tokens));
}

std::vector<int> char_to_token(const Tokenizer& tok, const std::vector<int>& tokens, std::size_t text_size) {
    std::vector<int> map(text_size, static_cast<int>(tokens.size()) - 1);
    std::size_t prev = 0;
    for (std::size_t i = 0; i < tokens.size() && prev < text_size; ++i) {
        const std::vector<int> head(tokens.begin(), tokens.begin() + static_cast<std::ptrdiff_t>(i + 1));
        const std::size_t len = std::min(tok.decode(head, /*skip_special=*/true).size(), text_size);
        for (std::size_t c = prev; c < len; ++c) map[c] = static_cast<int>(i);
        prev = std::max(prev, len);
    }
    return map;
}

}  // namespace gna

namespace gna {

void move_common_prefix_to_prompt(ChoiceItem& item) {
    if (item.choices.size() < 2) return;
    const bool partial = !item.context_tokens.empty();
    for (;;) {
        for (std::size_t c = 0; c < item.choices.size(); ++c)
            if (item.choices[c].size() < 2 || item.choices[c][0] != item.choices[0][0] ||
                (partial && item.context_tokens[c] == 0))
                return;
        item.prompt.push_back(item.choices[0][0]);
        for (auto& c : item.choices) c.erase(c.begin());
        for (int& k : item.context_tokens) --k;
    }
}

std::pair<std::vector<int>, std::vector<int>> choice_sequence(const ChoiceItem& item, std::size_t c) {
    const std::vector<int>& choice = item.choices.at(c);
    const auto split = choice.begin() + (item.context_tokens.empty() ? 0 : item.context_tokens.at(c));
    std::vector<int> prompt = item.prompt;
    prompt.insert(prompt.end(), choice.begin(), split);
    return {std::move(prompt), std::vector<int>(split, choice.end())};
}

}  // namespace gna
