// MMLU from local files, prompted as lm-evaluation-harness does; letter or "classic" scoring;
// the option segments of a prompt for per-sample G&A masks.
#include <algorithm>
#include <cctype>
#include <map>

#include "gna/error.h"
#include "gna/json.h"
#include "gna/tasks.h"
#include "gna/tokenizer.h"

namespace gna {

namespace {

std::string trim(const std::string& s) {
    std::size_t b = 0, e = s.size();
    while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
    while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
    return s.substr(b, e - b);
}

// RFC 4180 rows: quoted fields may hold commas, "" and newlines. Each row keeps its first line.
std::vector<std::pair<int, std::vector<std::string>>> parse_csv(const std::string& text) {
    std::vector<std::pair<int, std::vector<std::string>>> rows;
    std::vector<std::string> row;
    std::string field;
    bool quoted = false, any = false;
    int line = 1, row_line = 1;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (quoted) {
            if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
                field += '"';
                ++i;
            } else if (c == '"')
                quoted = false;
            else {
                if (c == '\n') ++line;
                field += c;
            }
            continue;
        }
        if (c == '"') {
            quoted = true;
            any = true;
        } else if (c == ',') {
            row.push_back(field);
            field.clear();
            any = true;
        } else if (c == '\r') {
        } else if (c == '\n') {
            if (any || !field.empty()) {
                row.push_back(field);
                rows.emplace_back(row_line, row);
            }
            row.clear();
            field.clear();
            any = false;
            row_line = ++line;
        } else {
            field += c;
            any = true;
        }
    }
    if (any || !field.empty()) {
        row.push_back(field);
        rows.emplace_back(row_line, row);
    }
    return rows;
}

int answer_index(const Json& a, const std::string& where) {
    if (a.is_number_integer()) {
        const int i = a.get<int>();
        if (i >= 0 && i < 4) return i;
    } else if (a.is_string()) {
        const std::string s = trim(a.get<std::string>());
        if (s.size() == 1 && s[0] >= 'A' && s[0] <= 'D') return s[0] - 'A';
    }
    throw Error(where + ": the answer " + a.dump() + " is not one of A, B, C, D (or 0-3)");
}

std::vector<MmluQuestion> load_jsonl(const std::filesystem::path& file, const std::string& split,
                                     const std::string& subject) {
    std::vector<MmluQuestion> out;
    const std::string text = read_text_file(file);
    std::size_t pos = 0;
    int line = 0;
    while (pos < text.size()) {
        std::size_t nl = text.find('\n', pos);
        if (nl == std::string::npos) nl = text.size();
        const std::string l = trim(text.substr(pos, nl - pos));
        pos = nl + 1;
        ++line;
        if (l.empty()) continue;
        const std::string where = file.string() + ":" + std::to_string(line);
        const Json j = parse_json_relaxed(l, where);
        if (j.contains("split") && j["split"].is_string() && j["split"].get<std::string>() != split) continue;
        if (!j.contains("question") || !j["question"].is_string())
            throw Error(where + ": missing \"question\" (a string)");
        if (!j.contains("choices") || !j["choices"].is_array() || j["choices"].size() != 4)
            throw Error(where + ": \"choices\" must be a list of 4 strings");
        if (!j.contains("answer")) throw Error(where + ": missing \"answer\" (A-D or 0-3)");
        MmluQuestion q;
        q.subject = j.contains("subject") && j["subject"].is_string() ? j["subject"].get<std::string>() : subject;
        q.question = j["question"].get<std::string>();
        for (const auto& c : j["choices"]) {
            if (!c.is_string()) throw Error(where + ": every choice must be a string");
            q.options.push_back(c.get<std::string>());
        }
        q.answer = answer_index(j["answer"], where);
        q.source = where;
        out.push_back(std::move(q));
    }
    return out;
}

std::vector<MmluQuestion> load_csv(const std::filesystem::path& file, const std::string& subject) {
    std::vector<MmluQuestion> out;
    for (const auto& [line, row] : parse_csv(read_text_file(file))) {
        const std::string where = file.string() + ":" + std::to_string(line);
        if (row.size() != 6)
            throw Error(where + ": expected 6 columns (question,A,B,C,D,answer), found " + std::to_string(row.size()));
        MmluQuestion q;
        q.subject = subject;
        q.question = row[0];
        q.options.assign(row.begin() + 1, row.begin() + 5);
        q.answer = answer_index(Json(row[5]), where);
        q.source = where;
        out.push_back(std::move(q));
    }
    return out;
}

}  // namespace

std::vector<MmluQuestion> load_mmlu(const std::filesystem::path& data, const std::string& split) {
    namespace fs = std::filesystem;
    if (!fs::exists(data)) throw Error("MMLU data " + data.string() + " does not exist");
    if (fs::is_regular_file(data)) return load_jsonl(data, split, data.stem().string());
    std::vector<MmluQuestion> out;
    if (fs::is_regular_file(data / (split + ".jsonl"))) return load_jsonl(data / (split + ".jsonl"), split, split);
    const fs::path dir = data / split;
    if (!fs::is_directory(dir))
        throw Error("MMLU data " + data.string() + " has no folder '" + split + "/' (with <subject>_" + split +
                    ".csv files) and no " + split + ".jsonl");
    std::vector<fs::path> files;
    for (const auto& e : fs::directory_iterator(dir))
        if (e.path().extension() == ".csv" || e.path().extension() == ".jsonl") files.push_back(e.path());
    std::sort(files.begin(), files.end());
    if (files.empty()) throw Error("MMLU folder " + dir.string() + " holds no .csv or .jsonl files");
    const std::string suffix = "_" + split;
    for (const auto& f : files) {
        std::string subject = f.stem().string();
        if (subject.size() > suffix.size() &&
            subject.compare(subject.size() - suffix.size(), suffix.size(), suffix) == 0)
            subject.resize(subject.size() - suffix.size());
        auto qs = f.extension() == ".csv" ? load_csv(f, subject) : load_jsonl(f, split, subject);
        out.insert(out.end(), qs.begin(), qs.end());
    }
    return out;
}

std::string mmlu_subject_title(const std::string& subject) {
    std::string s = subject;
    std::replace(s.begin(), s.end(), '_', ' ');
    return s;
}

std::string mmlu_format_question(const MmluQuestion& q, bool with_answer) {
    std::string s = trim(q.question);
    // lm-eval: "{{question.strip()}}\nA. {{choices[0]}}...": the choices are not stripped.
    for (int i = 0; i < 4; ++i) s += "\n" + std::string(1, static_cast<char>('A' + i)) + ". " + q.options[i];
    s += "\nAnswer:";
    if (with_answer) s += " " + std::string(1, static_cast<char>('A' + q.answer));
    return s;
}

std::string mmlu_prompt(const MmluQuestion& q, const std::vector<MmluQuestion>& shots) {
    std::string p =
        "The following are multiple choice questions (with answers) about " + mmlu_subject_title(q.subject) + ".\n\n";
    for (const auto& s : shots) p += mmlu_format_question(s, true) + "\n\n";
    return p + mmlu_format_question(q, false);
}

std::vector<ChoiceItem> mmlu_items(const Tokenizer& tok, const MmluOptions& opt) {
    std::vector<MmluQuestion> qs = load_mmlu(opt.data, opt.split);
    std::map<std::string, std::vector<MmluQuestion>> dev;
    if (opt.shots > 0)
        for (auto& q : load_mmlu(opt.data, "dev")) dev[q.subject].push_back(q);
    std::map<std::string, int> taken;
    std::vector<ChoiceItem> out;
    for (const auto& q : qs) {
        if (!opt.subjects.empty() &&
            std::find(opt.subjects.begin(), opt.subjects.end(), q.subject) == opt.subjects.end())
            continue;
        if (opt.limit_per_subject > 0 && taken[q.subject] >= opt.limit_per_subject) continue;
        const int index = taken[q.subject]++;
        std::vector<MmluQuestion> shots;
        if (opt.shots > 0) {
            const auto& d = dev[q.subject];
            if (static_cast<int>(d.size()) < opt.shots)
                throw Error("MMLU " + std::to_string(opt.shots) + "-shot: the dev split has " +
                            std::to_string(d.size()) + " questions for subject '" + q.subject + "'");
            shots.assign(d.begin(), d.begin() + opt.shots);
        }
        const std::string prompt = mmlu_prompt(q, shots);
        ChoiceItem item;
        item.id = q.subject + "-" + std::to_string(index);
        item.group = q.subject;
        item.prompt_text = prompt;
        item.prompt = tok.encode(prompt, true);
        item.answer = q.answer;
        for (int i = 0; i < 4; ++i) {
            // Target delimiter " " + the choice: the letter, or (classic) the answer text unstripped.
            const std::string choice = opt.classic ? q.options[i] : std::string(1, static_cast<char>('A' + i));
            item.choices.push_back(continuation_tokens(tok, prompt, " " + choice));
            item.choice_bytes.push_back(static_cast<double>(choice.size()));
            item.choice_chars.push_back(text_length_chars(choice));
        }
        if (!opt.classic) {
            // Score the tokens the model produces after "Answer:": a shared leading " " token moves
            // into the prompt, so letters that are single tokens (Llama " A", SentencePiece "▁A")
            // are scored from one forward pass.
            move_common_prefix_to_prompt(item);
        }
        out.push_back(std::move(item));
    }
    if (out.empty())
        throw Error("MMLU: no questions selected from " + opt.data.string() + " (split '" + opt.split + "')");
    return out;
}

int mmlu_letter(const std::string& text) {
    std::size_t b = 0;
    while (b < text.size() && std::isspace(static_cast<unsigned char>(text[b]))) ++b;
    if (b >= text.size()) return -1;
    const char c = text[b];
    if (c < 'A' || c > 'D') return -1;
    if (b + 1 < text.size() && std::isalnum(static_cast<unsigned char>(text[b + 1]))) return -1;
    return c - 'A';
}

MmluLayout mmlu_layout(const Tokenizer& tok, const std::string& text, const std::vector<int>& tokens) {
    const std::size_t qstart = text.rfind("\n\n");
    const std::size_t from = qstart == std::string::npos ? 0 : qstart + 2;
    const std::vector<int> c2t = char_to_token(tok, tokens, text.size());
    MmluLayout lay;
    std::size_t pos = from;
    for (int i = 0; i < 4; ++i) {
        const std::string mark = std::string("\n") + static_cast<char>('A' + i) + ". ";
        const std::size_t at = text.find(mark, pos);
        if (at == std::string::npos)
            throw Error("MMLU layout: option " + mark.substr(1, 2) + " not found in the prompt's last question");
        const std::size_t nl = text.find('\n', at + 1);
        if (nl == std::string::npos) throw Error("MMLU layout: option line without a newline");
        OptionSegment seg;
        seg.begin = c2t[at + 1];
        seg.end = c2t[nl] + 1;
        seg.summary = seg.end - 1;
        lay.options.push_back(seg);
        pos = nl;
    }
    lay.final_position = static_cast<int>(tokens.size()) - 1;
    return lay;
}

}  // namespace gna
