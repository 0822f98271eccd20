#include "tasks/knowledge_formats.h"

#include <cctype>

#include "gna/error.h"

namespace gna {
namespace {

std::string replace_all(const std::string& s, const std::string& from, const std::string& to) {
    std::string out;
    std::size_t pos = 0;
    for (std::size_t hit = s.find(from); hit != std::string::npos; hit = s.find(from, pos)) {
        out.append(s, pos, hit - pos).append(to);
        pos = hit + from.size();
    }
    return out.append(s, pos, std::string::npos);
}

std::string strip(const std::string& s) {
    std::size_t b = 0, e = s.size();
    while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
    while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
    return s.substr(b, e - b);
}

// Python's str.capitalize() on ASCII: first character upper case, the rest lower case.
std::string capitalize(std::string s) {
    for (std::size_t i = 0; i < s.size(); ++i) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c < 0x80) s[i] = static_cast<char>(i == 0 ? std::toupper(c) : std::tolower(c));
    }
    return s;
}

const std::string& str(const Json& j, const char* key, const std::string& where) {
    if (!j.contains(key) || !j[key].is_string()) throw Error(where + ": missing \"" + key + "\" (a string)");
    return j[key].get_ref<const std::string&>();
}

// {"text": [...], "label": [...]} + answerKey (ARC, OpenBookQA).
void labelled_choices(const Json& j, const std::string& key_field, bool lstrip_key, KnowledgeRow& row,
                      const std::string& where) {
    const Json& c = j["choices"];
    if (!c.contains("text") || !c["text"].is_array() || !c.contains("label") || !c["label"].is_array() ||
        c["text"].size() != c["label"].size() || c["text"].size() < 2)
        throw Error(where + ": \"choices\" must hold lists \"text\" and \"label\" of the same length (at least 2)");
    std::string key = str(j, key_field.c_str(), where);
    if (lstrip_key) key = key.substr(std::min(key.size(), key.find_first_not_of(" \t\n")));
    row.answer = -1;
    for (std::size_t i = 0; i < c["text"].size(); ++i) {
        if (!c["text"][i].is_string() || !c["label"][i].is_string())
            throw Error(where + ": every choice text and label must be a string");
        row.choices.push_back(c["text"][i].get<std::string>());
        if (c["label"][i].get<std::string>() == key) row.answer = static_cast<int>(i);
    }
    if (row.answer < 0) throw Error(where + ": \"" + key_field + "\" '" + key + "' is not one of choices.label");
}

int integer_label(const Json& j, const char* key, const std::string& where) {
    if (j.contains(key) && j[key].is_number_integer()) return j[key].get<int>();
    if (j.contains(key) && j[key].is_string()) {
        const std::string& s = j[key].get_ref<const std::string&>();
        if (!s.empty() && s.find_first_not_of("0123456789") == std::string::npos) return std::stoi(s);
    }
    throw Error(where + ": \"" + key + "\" must be the index of the correct choice");
}

}  // namespace

std::string hellaswag_preprocess(const std::string& text) {
    std::string t = replace_all(strip(text), " [title]", ". ");
    std::string out;
    for (std::size_t i = 0; i < t.size(); ++i) {
        if (t[i] == '[') {
            const std::size_t close = t.find(']', i + 1);
            // Python's "." in \[.*?\] does not cross a newline.
            if (close != std::string::npos && t.find('\n', i + 1) > close) {
                i = close;
                continue;
            }
        }
        out += t[i];
    }
    return replace_all(out, "  ", " ");
}

KnowledgeRow knowledge_row(const Json& j, const std::string& where) {
    KnowledgeRow row;
    if (j.contains("sentence") && j.contains("option1")) {  // Winogrande (lm-eval's preprocess_winogrande)
        const std::string& sentence = str(j, "sentence", where);
        const std::size_t blank = sentence.find('_');
        if (blank == std::string::npos) throw Error(where + ": \"sentence\" has no blank '_' for the options");
        row.multiple_input = true;
        row.context = sentence.substr(0, blank);
        for (const char* option : {"option1", "option2"}) row.choices.push_back(row.context + str(j, option, where));
        row.target = strip(sentence.substr(blank + 1));
        const Json& a = j.contains("answer") ? j["answer"] : Json();
        if (a.is_string() && (a == "1" || a == "2"))
            row.answer = a == "1" ? 0 : 1;
        else if (a.is_number_integer() && (a == 1 || a == 2))
            row.answer = a.get<int>() - 1;
        else
            throw Error(where +
                        ": \"answer\" must be \"1\" or \"2\" (the correct option); the test split has no answers");
    } else if (j.contains("ctx_a") && j.contains("endings")) {  // HellaSwag
        const std::string ctx = str(j, "ctx_a", where) + " " + capitalize(str(j, "ctx_b", where));
        row.context = hellaswag_preprocess(str(j, "activity_label", where) + ": " + ctx);
        if (!j["endings"].is_array()) throw Error(where + ": \"endings\" must be a list of strings");
        for (const auto& e : j["endings"]) {
            if (!e.is_string()) throw Error(where + ": every ending must be a string");
            row.choices.push_back(hellaswag_preprocess(e.get<std::string>()));
        }
        row.answer = integer_label(j, "label", where);
    } else if (j.contains("goal") && j.contains("sol1")) {  // PIQA
        row.context = "Question: " + str(j, "goal", where) + "\nAnswer:";
        row.choices = {str(j, "sol1", where), str(j, "sol2", where)};
        row.answer = integer_label(j, "label", where);
    } else if (j.contains("question_stem") && j.contains("choices") && j["choices"].is_object()) {  // OpenBookQA
        row.context = str(j, "question_stem", where);
        labelled_choices(j, "answerKey", true, row, where);
    } else if (j.contains("question") && j.contains("choices") && j["choices"].is_object()) {  // ARC
        row.context = "Question: " + str(j, "question", where) + "\nAnswer:";
        labelled_choices(j, "answerKey", false, row, where);
    } else {  // generic: the context as given
        if (j.contains("context") && j["context"].is_string())
            row.context = j["context"].get<std::string>();
        else if (j.contains("question") && j["question"].is_string())
            row.context = j["question"].get<std::string>();
        else
            throw Error(where + ": missing \"context\" (or \"question\"), a string");
        if (!j.contains("choices") || !j["choices"].is_array() || j["choices"].size() < 2)
            throw Error(where + ": \"choices\" must be a list of at least 2 strings");
        for (const auto& c : j["choices"]) {
            if (!c.is_string()) throw Error(where + ": every choice must be a string");
            row.choices.push_back(c.get<std::string>());
        }
        if (!j.contains("answer") || !j["answer"].is_number_integer())
            throw Error(where + ": \"answer\" must be the index of the correct choice");
        row.answer = j["answer"].get<int>();
    }
    if (row.answer < 0 || row.answer >= static_cast<int>(row.choices.size()))
        throw Error(where + ": \"answer\" " + std::to_string(row.answer) + " is not an index of \"choices\" (0.." +
                    std::to_string(row.choices.size() - 1) + ")");
    return row;
}

}  // namespace gna
